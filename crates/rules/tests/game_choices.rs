//! The game as a table chooses and checks it: previews that answer as the actions would, the rules from a
//! table's choices, who starts, Yam's crossing out, plays checked as values, Yacht and Forced Yatzy.

mod common;

use common::Plays as _;
use common::{game, play, script};
use fivedice_rules::{
    Category, Dice, DiceMode, Face, FirstPlayerRoll, Game, GameError, Joker, Play, Preview, Rules, RulesetId,
    TiedRollOff,
};

/// The questions the app asks before it acts get the same answers as the actions themselves.
#[test]
fn previews_and_checks_answer_as_the_actions_would() {
    let mut game = game(RulesetId::Yahtzee, &["Anna", "Ben"]);
    assert_eq!(game.check_roll(), Ok(()));
    assert_eq!(game.check_hold(0), Err(GameError::NotRolled));
    assert_eq!(game.preview(Category::Chance), Err(GameError::NotRolled));
    assert_eq!(game.turn().kept(), None);
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    assert_eq!(game.check_hold(4), Ok(()));
    assert_eq!(game.check_hold(5), Err(GameError::NoSuchDie(5)));
    game.toggle_hold(1).unwrap();
    assert_eq!(
        game.turn().kept(),
        Some(fivedice_rules::Move::keep([Face::new(5).unwrap()]))
    );
    assert_eq!(game.preview(Category::Yahtzee), Ok(Preview::Scores(50)));
    assert_eq!(game.preview(Category::Fives), Ok(Preview::Scores(25)));
    game.score(Category::Yahtzee).unwrap();
    assert_eq!(
        game.preview(Category::Yahtzee),
        Err(GameError::NotRolled),
        "Ben has not rolled"
    );
    play(&mut game, [1, 2, 3, 4, 6], Category::Chance);
    // Anna's second Yahtzee of fives: the forced Joker sends it to Fives, and says so before it is tried.
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    let forbidden = game.preview(Category::FullHouse).unwrap_err();
    assert_eq!(game.clone().score(Category::FullHouse).unwrap_err(), forbidden);
    assert!(
        matches!(forbidden, GameError::JokerForbids { ref allowed, .. } if allowed == &[Category::Fives])
    );
    assert_eq!(
        game.preview(Category::Yahtzee),
        Err(GameError::CellFilled(Category::Yahtzee))
    );
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    assert_eq!(game.check_roll(), Err(GameError::NoRollsLeft));
    assert_eq!(game.check_hold(0), Err(GameError::NoRollsLeft));
    game.score(Category::Fives).unwrap();
    let totals = game.totals(0).unwrap();
    assert_eq!((totals.five_of_a_kinds, totals.five_of_a_kind_bonus), (2, 100));
    assert_eq!(
        (game.round(), game.round_of_entry(0), game.round_of_entry(5)),
        (2, 1, 3)
    );

    let mut pad = Game::new(Rules::new(RulesetId::Yam), DiceMode::Pad, &["A"], 0).unwrap();
    assert_eq!(pad.preview(Category::Aces), Ok(Preview::Write));
    assert_eq!(pad.check_roll(), Err(GameError::WrongMode(DiceMode::Pad)));
    pad.enter_dice(Dice::from_values(&[1, 1, 2, 3, 4]).unwrap())
        .unwrap();
    assert_eq!(pad.preview(Category::Aces), Ok(Preview::Scores(2)));
    // The dice entered are the turn's last: a hint or the coach chooses a box, not dice to keep.
    assert_eq!(pad.rolls_left(), 0);
    assert_eq!(
        pad.preview(Category::Chance),
        Err(GameError::NotInRuleset(Category::Chance))
    );
}

#[test]
fn rules_from_a_tables_choices() {
    let yahtzee = Rules::from_choices(RulesetId::Yahtzee, Some(Joker::Free), None).unwrap();
    assert_eq!(
        (yahtzee.joker(), yahtzee.has_yahtzee_bonus()),
        (Joker::Free, true)
    );
    let plain = Rules::from_choices(RulesetId::Yahtzee, None, Some(false)).unwrap();
    assert_eq!((plain.joker(), plain.has_yahtzee_bonus()), (Joker::Forced, false));
    assert_eq!(
        Rules::from_choices(RulesetId::Yam, None, None),
        Ok(Rules::new(RulesetId::Yam))
    );
    assert!(Rules::from_choices(RulesetId::Yam, Some(Joker::Forced), None).is_err());
}

#[test]
fn the_table_chooses_who_starts_before_anybody_plays() {
    let rules = Rules::new(RulesetId::Yam);
    let mut game = Game::new(rules, DiceMode::Pad, &["Anna", "Ben", "Cleo"], 0).unwrap();
    assert_eq!(game.choose_first_seat(3), Err(GameError::NoSuchSeat(3)));
    game.choose_first_seat(2).unwrap();
    assert_eq!((game.first_seat(), game.current_seat()), (2, 2));
    game.write(Category::Aces, 3, false).unwrap();
    assert_eq!(game.current_seat(), 0, "play goes round from the chosen seat");
    assert_eq!(game.choose_first_seat(1), Err(GameError::FirstSeatFixed));
    let saved = serde_json::to_string(&game).unwrap();
    let reloaded: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(reloaded, game);

    // A typed roll-off: the highest starts; a tie for the highest rolls again, only those tied.
    let face = |value: u8| Face::ALL[usize::from(value) - 1];
    let first = vec![(0, face(5)), (1, face(5)), (2, face(2))];
    assert_eq!(
        FirstPlayerRoll::typed(vec![first.clone()]),
        Err(TiedRollOff(vec![0, 1]))
    );
    let decided = FirstPlayerRoll::typed(vec![first, vec![(0, face(3)), (1, face(6))]]).unwrap();
    assert_eq!(decided.first_seat, 1);
    assert_eq!(decided.rounds.len(), 2);
}

#[test]
fn the_yam_sheet_crosses_out_any_open_cell_on_purpose() {
    let mut yam = game(RulesetId::Yam, &["Anna"]);
    assert_eq!(yam.cross_out(Category::Yam), Err(GameError::NotRolled));
    yam.roll(&mut script(&[6, 6, 6, 6, 2])).unwrap();
    assert_eq!(yam.preview(Category::FourOfAKind), Ok(Preview::Scores(40)));
    let entry = yam.cross_out(Category::FourOfAKind).unwrap().clone();
    assert_eq!((entry.points, entry.bonus), (0, false));
    assert_eq!(
        yam.cross_out(Category::FourOfAKind),
        Err(GameError::CellFilled(Category::FourOfAKind))
    );
    // A crossed-out cell survives saving and loading: the replay knows it was on purpose.
    let saved = serde_json::to_string(&yam).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&saved).unwrap(), yam);
    // The sheet tells it from a box where the dice made nothing.
    assert!(yam.crossed_out(0, Category::FourOfAKind.into()));
    assert!(!yam.crossed_out(0, Category::Aces.into()), "an open box");
    yam.roll(&mut script(&[6, 6, 6, 6, 2])).unwrap();
    yam.score(Category::Aces).unwrap();
    assert!(
        !yam.crossed_out(0, Category::Aces.into()),
        "no ones: a 0 the dice made"
    );

    let mut yahtzee = game(RulesetId::Yahtzee, &["Anna"]);
    yahtzee.roll(&mut script(&[6, 6, 6, 6, 2])).unwrap();
    assert_eq!(yahtzee.cross_out(Category::Sixes), Err(GameError::NoCrossingOut));
    let pad = Game::new(Rules::new(RulesetId::Yam), DiceMode::Pad, &["Anna"], 0).unwrap();
    assert_eq!(
        pad.check_cross_out(Category::Aces),
        Err(GameError::WrongMode(DiceMode::Pad))
    );
}

/// Every play is one value, checked and applied in one place: a roll carries its dice and keeps the held
/// ones, a hold and a release say which they mean, and who starts must fit its roll-off.
#[test]
fn plays_are_checked_as_values() {
    let mut game = game(RulesetId::Yahtzee, &["Anna", "Ben", "Cleo"]);
    let dice = |values: &[u8]| Dice::from_values(values).unwrap();
    let roll_off = |rounds: Vec<Vec<(usize, u8)>>, first_seat| FirstPlayerRoll {
        rounds: rounds
            .into_iter()
            .map(|round| {
                round
                    .into_iter()
                    .map(|(seat, face)| (seat, Face::new(face).unwrap()))
                    .collect()
            })
            .collect(),
        first_seat,
    };
    let tied_then_won = roll_off(vec![vec![(0, 6), (1, 6), (2, 2)], vec![(0, 3), (1, 5)]], 1);
    assert_eq!(game.check(&Play::FirstPlayer(tied_then_won.clone())), Ok(()));
    assert_eq!(
        game.check(&Play::FirstPlayer(roll_off(vec![vec![(0, 6), (1, 6)]], 0))),
        Err(GameError::RollOffMismatch),
        "a tie for the highest starts nobody"
    );
    assert_eq!(
        game.check(&Play::FirstPlayer(roll_off(vec![vec![(0, 2), (7, 6)]], 0))),
        Err(GameError::RollOffMismatch),
        "seats that are not at the table"
    );
    game.play(&Play::FirstPlayer(tied_then_won)).unwrap();
    assert_eq!(game.current_seat(), 1);
    assert_eq!(game.check(&Play::Hold(0)), Err(GameError::NotRolled));
    game.play(&Play::Roll(dice(&[6, 6, 2, 3, 6]))).unwrap();
    assert_eq!(game.check(&Play::Release(0)), Err(GameError::NotHeld(0)));
    game.play(&Play::Hold(0)).unwrap();
    assert_eq!(game.check(&Play::Hold(0)), Err(GameError::AlreadyHeld(0)));
    assert_eq!(
        game.check(&Play::Roll(dice(&[5, 6, 6, 6, 6]))),
        Err(GameError::HeldDieChanged(0)),
        "a held die keeps its face"
    );
    let roll = game.draw(&mut script(&[1, 1, 1, 1])).unwrap();
    assert_eq!(
        roll,
        Play::Roll(dice(&[6, 1, 1, 1, 1])),
        "only the free dice are drawn"
    );
    assert_eq!(game.turn().rolls_used, 1, "drawing changes nothing");
    game.play(&roll).unwrap();
    assert_eq!(
        game.check(&Play::FirstPlayer(roll_off(Vec::new(), 0))),
        Err(GameError::FirstSeatFixed)
    );
    let before = game.clone();
    assert_eq!(
        game.play(&Play::Write {
            place: Category::Aces.into(),
            value: 3,
            bonus: false,
            first_roll: false,
        }),
        Err(GameError::WrongMode(DiceMode::App))
    );
    assert_eq!(game, before);
}

#[test]
fn yacht_as_its_rulebook_scores_it() {
    let mut game = game(RulesetId::Yacht, &["Anna"]);
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    let scores = game.scores().unwrap();
    assert_eq!(
        scores.get(Category::FullHouse),
        Some(0),
        "a yacht is not a full house"
    );
    assert_eq!(scores.get(Category::FourOfAKind), Some(20), "four times its face");
    assert_eq!(scores.get(Category::Yacht), Some(50));
    assert_eq!(scores.bonus, 0, "no bonus for a yacht");
    assert_eq!(game.score(Category::Yacht).unwrap().points, 50);
    assert_eq!(
        play(&mut game, [3, 3, 3, 6, 6], Category::FullHouse),
        21,
        "the sum of the dice"
    );
    assert_eq!(play(&mut game, [1, 2, 3, 4, 5], Category::LittleStraight), 30);
    assert_eq!(play(&mut game, [6, 2, 3, 4, 5], Category::BigStraight), 30);
    assert_eq!(play(&mut game, [1, 3, 4, 5, 6], Category::Choice), 19);
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    assert_eq!(
        game.scores().unwrap().get(Category::FourOfAKind),
        Some(20),
        "a second yacht earns no bonus and no Joker: it scores what it makes"
    );
    assert_eq!(game.score(Category::FourOfAKind).unwrap().points, 20);
    for (dice, category) in [
        ([1, 1, 2, 3, 4], Category::Aces),
        ([2, 2, 2, 3, 4], Category::Twos),
        ([3, 3, 3, 3, 3], Category::Threes),
        ([4, 4, 4, 1, 2], Category::Fours),
        ([5, 5, 1, 1, 2], Category::Fives),
        ([6, 6, 6, 6, 1], Category::Sixes),
    ] {
        play(&mut game, dice, category);
    }
    assert!(game.is_over(), "twelve boxes, twelve turns");
    let totals = game.sheets()[0].totals(RulesetId::Yacht.ruleset());
    assert_eq!(
        (totals.bonus, totals.upper_needed),
        (0, 0),
        "no upper bonus, nothing to reach"
    );
    assert_eq!(totals.upper, 2 + 6 + 15 + 12 + 10 + 24);
    assert_eq!(totals.grand, 50 + 21 + 30 + 30 + 19 + 20 + 69);
}

#[test]
fn forced_yatzy_fills_the_sheet_top_to_bottom() {
    let mut game = game(RulesetId::ForcedYatzy, &["Anna", "Ben"]);
    assert_eq!(
        game.next_in_order(),
        Some(Category::Aces),
        "named before the roll"
    );
    game.roll(&mut script(&[6, 6, 6, 6, 6])).unwrap();
    let scores = game.scores().unwrap();
    assert_eq!(
        scores.cells,
        [(Category::Aces, 0)],
        "only the next box is offered"
    );
    assert_eq!(
        game.score(Category::Yatzy).unwrap_err(),
        GameError::OutOfOrder {
            column: fivedice_rules::Column::Free,
            next: Category::Aces
        }
    );
    assert_eq!(
        GameError::OutOfOrder {
            column: fivedice_rules::Column::Free,
            next: Category::Aces
        }
        .to_string(),
        "this sheet is filled in order, top to bottom: next is \"aces\""
    );
    assert_eq!(
        game.score(Category::Aces).unwrap().points,
        0,
        "a yatzy of sixes is 0 in ones"
    );
    // Ben's sheet starts at its own top too.
    assert_eq!(play(&mut game, [1, 1, 2, 3, 4], Category::Aces), 2);
    assert_eq!(play(&mut game, [2, 2, 2, 3, 4], Category::Twos), 6);
    assert_eq!(
        game.next_in_order(),
        Some(Category::Twos),
        "Ben's sheet: his second box"
    );
    assert_eq!(
        Game::new(Rules::new(RulesetId::Yatzy), DiceMode::App, &["Dan"], 0)
            .unwrap()
            .next_in_order(),
        None
    );
    let pad = Game::new(Rules::new(RulesetId::ForcedYatzy), DiceMode::Pad, &["Cleo"], 0).unwrap();
    assert!(matches!(
        pad.check(&Play::Write {
            place: Category::Twos.into(),
            value: 4,
            bonus: false,
            first_roll: false,
        }),
        Err(GameError::OutOfOrder { .. })
    ));
    assert!(
        pad.check(&Play::Write {
            place: Category::Aces.into(),
            value: 3,
            bonus: false,
            first_roll: false,
        })
        .is_ok()
    );
}
