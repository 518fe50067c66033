//! The game state machine: turns, holds, scoring, the score pad, undo, the end, and saved games.

mod common;

use common::Plays as _;
use common::{game, play, script};
use fivedice_rules::{
    Category, Dice, DiceMode, Game, GameError, Joker, LoadError, Rules, RulesetId, SetupError, Turn,
};

#[test]
fn a_turn_rolls_holds_and_scores() {
    let mut game = game(RulesetId::Yahtzee, &["Anna", "Ben"]);
    assert_eq!(
        game.toggle_hold(0),
        Err(GameError::NotRolled),
        "no holding before the first roll"
    );
    assert_eq!(game.score(Category::Chance).unwrap_err(), GameError::NotRolled);
    assert_eq!(
        game.roll(&mut script(&[6, 6, 2, 3, 6])),
        Ok(Dice::from_values(&[6, 6, 2, 3, 6]).unwrap())
    );
    assert_eq!(game.toggle_hold(0), Ok(true));
    assert_eq!(game.toggle_hold(1), Ok(true));
    assert_eq!(game.toggle_hold(4), Ok(true));
    assert_eq!(game.toggle_hold(5), Err(GameError::NoSuchDie(5)));
    game.roll(&mut script(&[6, 1])).unwrap();
    assert_eq!(
        game.turn().dice,
        Some(Dice::from_values(&[6, 6, 6, 1, 6]).unwrap()),
        "held dice stay"
    );
    assert_eq!(game.toggle_hold(3), Ok(true));
    assert_eq!(game.toggle_hold(3), Ok(false), "a second tap releases");
    game.roll(&mut script(&[6, 6])).unwrap();
    assert_eq!(game.rolls_left(), 0);
    assert_eq!(game.roll(&mut script(&[1, 1])), Err(GameError::NoRollsLeft));
    assert_eq!(game.toggle_hold(0), Err(GameError::NoRollsLeft));
    assert_eq!(
        game.score(Category::Yam).unwrap_err(),
        GameError::NotInRuleset(Category::Yam)
    );
    assert_eq!(game.score(Category::Yahtzee).unwrap().points, 50);
    assert_eq!(game.current_seat(), 1);
    assert_eq!(*game.turn(), Turn::default(), "the next player starts afresh");
    play(&mut game, [1, 1, 1, 2, 2], Category::Aces);
    game.roll(&mut script(&[6, 6, 6, 6, 6])).unwrap();
    assert_eq!(
        game.score(Category::Yahtzee).unwrap_err(),
        GameError::CellFilled(Category::Yahtzee)
    );
}

#[test]
fn the_forced_joker_is_enforced_and_the_bonus_is_paid() {
    let mut game = game(RulesetId::Yahtzee, &["Solo"]);
    play(&mut game, [4, 4, 4, 4, 4], Category::Yahtzee);
    game.roll(&mut script(&[4, 4, 4, 4, 4])).unwrap();
    let before = game.clone();
    assert_eq!(
        game.score(Category::FullHouse).unwrap_err(),
        GameError::JokerForbids {
            category: Category::FullHouse,
            allowed: vec![Category::Fours]
        }
    );
    assert_eq!(game, before, "a refused action changes nothing");
    let entry = game.score(Category::Fours).unwrap();
    assert_eq!((entry.points, entry.bonus), (20, true));
    game.roll(&mut script(&[4, 4, 4, 4, 4])).unwrap();
    assert_eq!(
        game.score(Category::LargeStraight).unwrap().points,
        40,
        "the Joker fills a straight"
    );
    let totals = game.totals(0).unwrap();
    assert_eq!(totals.five_of_a_kind_bonus, 200);
    assert_eq!(totals.grand, 50 + 20 + 40 + 200);
}

#[test]
fn the_free_joker_and_no_joker() {
    let free = Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).unwrap();
    let mut game = Game::new(free, DiceMode::App, &["Solo"], 0).unwrap();
    play(&mut game, [3, 3, 3, 3, 3], Category::Yahtzee);
    assert_eq!(
        play(&mut game, [3, 3, 3, 3, 3], Category::FullHouse),
        0,
        "threes still open: no Joker"
    );
    assert_eq!(play(&mut game, [3, 3, 3, 3, 3], Category::Threes), 15);
    assert_eq!(play(&mut game, [3, 3, 3, 3, 3], Category::SmallStraight), 30);
    assert_eq!(game.totals(0).unwrap().five_of_a_kind_bonus, 300);

    let none = Rules::with_options(RulesetId::Yahtzee, Joker::None, false).unwrap();
    let mut game = Game::new(none, DiceMode::App, &["Solo"], 0).unwrap();
    play(&mut game, [5, 5, 5, 5, 5], Category::Yahtzee);
    assert_eq!(play(&mut game, [5, 5, 5, 5, 5], Category::LargeStraight), 0);
    assert_eq!(
        game.totals(0).unwrap().five_of_a_kind_bonus,
        0,
        "bonus switched off"
    );
}

#[test]
fn the_upper_bonus_counts_the_moment_the_upper_total_reaches_63() {
    let mut game = game(RulesetId::Yatzy, &["Solo"]);
    for (face, category) in [(6, Category::Sixes), (5, Category::Fives), (4, Category::Fours)] {
        play(&mut game, [face, face, face, face, 1], category);
    }
    play(&mut game, [3, 3, 3, 1, 2], Category::Threes);
    let totals = game.totals(0).unwrap();
    assert_eq!((totals.upper, totals.bonus, totals.upper_needed), (69, 50, 0));
    assert_eq!(
        totals.upper_vs_par,
        69 - (18 + 15 + 12 + 9),
        "three of each face is par"
    );
    assert_eq!(totals.grand, 119);
}

#[test]
fn undo_takes_back_the_last_box_until_the_next_player_rolls() {
    let mut game = game(RulesetId::Yam, &["Anna", "Ben"]);
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    game.roll(&mut script(&[2, 2, 2, 5, 6])).unwrap();
    game.toggle_hold(0).unwrap();
    game.roll(&mut script(&[2, 2, 2, 1])).unwrap();
    let turn = *game.turn();
    game.score(Category::Twos).unwrap();
    assert!(game.can_undo());
    let entry = game.undo().unwrap();
    assert_eq!((entry.category, entry.points), (Category::Twos, 8));
    assert_eq!(*game.turn(), turn, "dice, holds and rolls come back");
    assert_eq!(game.current_seat(), 0);
    assert_eq!(game.sheets()[0].get(Category::Twos), None);
    game.score(Category::ThreeOfAKind).unwrap();
    game.roll(&mut script(&[1, 1, 1, 1, 1])).unwrap();
    assert_eq!(game.undo(), Err(GameError::UndoTooLate));
}

#[test]
fn a_game_ends_when_every_sheet_is_full_and_ties_share_the_win() {
    let mut game = game(RulesetId::Yam, &["Anna", "Ben", "Cleo"]);
    let cells: Vec<Category> = game
        .rules()
        .ruleset()
        .cells
        .iter()
        .map(|cell| cell.category)
        .collect();
    for &category in &cells {
        for seat in 0..3 {
            assert_eq!(game.current_seat(), seat);
            // Anna and Cleo roll alike; Ben rolls nothing but ones.
            let dice = if seat == 1 {
                [1, 1, 1, 1, 2]
            } else {
                [6, 6, 6, 6, 5]
            };
            play(&mut game, dice, category);
        }
    }
    assert!(game.is_over());
    assert_eq!(game.log().len(), 12 * 3);
    assert_eq!(game.roll(&mut script(&[1, 1, 1, 1, 1])), Err(GameError::GameOver));
    assert_eq!(game.score(Category::Yam).unwrap_err(), GameError::GameOver);
    let standings = game.standings();
    let ranks: Vec<(usize, usize, bool)> = standings.iter().map(|s| (s.rank, s.seat, s.winner)).collect();
    assert_eq!(ranks, [(1, 0, true), (1, 2, true), (3, 1, false)]);
    // Anna: sixes 24, fives 5, three of a kind 29, four of a kind 40.
    assert_eq!(standings[0].total, 24 + 5 + 29 + 40);
    assert!(game.undo().is_ok(), "the last cell can still be taken back");
    assert!(!game.is_over());
}

#[test]
fn the_first_player_can_be_any_seat() {
    let mut game = Game::new(Rules::new(RulesetId::Yatzy), DiceMode::App, &["A", "B", "C"], 2).unwrap();
    assert_eq!(game.current_seat(), 2);
    play(&mut game, [1, 2, 3, 4, 5], Category::SmallStraight);
    assert_eq!(game.current_seat(), 0);
    assert_eq!(game.sheets()[2].get(Category::SmallStraight), Some(15));
}

#[test]
fn players_are_checked_at_setup() {
    let rules = Rules::new(RulesetId::Yam);
    let seven = ["A", "B", "C", "D", "E", "F", "G"];
    let too_many = Game::new(rules, DiceMode::App, &seven, 0).unwrap_err();
    assert_eq!(
        too_many,
        SetupError::PlayerCount {
            count: 7,
            min: 1,
            max: 6
        }
    );
    assert!(Game::new(Rules::new(RulesetId::Yatzy), DiceMode::App, &seven, 0).is_ok());
    let none: [&str; 0] = [];
    assert!(Game::new(rules, DiceMode::App, &none, 0).is_err());
    assert_eq!(
        Game::new(rules, DiceMode::App, &["Anna", "  "], 0).unwrap_err(),
        SetupError::EmptyName { seat: 1 }
    );
    assert_eq!(
        Game::new(rules, DiceMode::App, &["Anna", " anna "], 0).unwrap_err(),
        SetupError::DuplicateName("anna".into())
    );
    // Case is Unicode's in the alphabets players write their names in (`case`), not only ASCII's.
    assert_eq!(
        Game::new(rules, DiceMode::App, &["Élodie", "ÉLODIE"], 0).unwrap_err(),
        SetupError::DuplicateName("ÉLODIE".into())
    );
    assert_eq!(
        Game::new(rules, DiceMode::App, &["Игорь", "игорь"], 0).unwrap_err(),
        SetupError::DuplicateName("игорь".into())
    );
    assert!(Game::new(rules, DiceMode::App, &["Élodie", "Elodie"], 0).is_ok());
    let long = "x".repeat(33);
    assert!(Game::new(rules, DiceMode::App, &[long.as_str()], 0).is_err());
    let game = Game::new(rules, DiceMode::App, &["  Zoë  ", &"é".repeat(32)], 0).unwrap();
    assert_eq!(game.players()[0], "Zoë", "names are trimmed");
    assert!(
        Game::new(rules, DiceMode::App, &["A"], 1).is_err(),
        "no seat 1 to start"
    );
}

#[test]
fn the_score_pad_writes_only_what_a_box_can_hold() {
    let rules = Rules::new(RulesetId::Yahtzee);
    let mut game = Game::new(rules, DiceMode::Pad, &["Anna", "Ben"], 0).unwrap();
    assert_eq!(
        game.roll(&mut script(&[1; 5])),
        Err(GameError::WrongMode(DiceMode::Pad))
    );
    assert_eq!(
        game.write(Category::Fours, 10, false).unwrap_err(),
        GameError::ValueNotOffered {
            category: Category::Fours,
            value: 10
        }
    );
    assert_eq!(
        game.write(Category::Fours, 12, true).unwrap_err(),
        GameError::NoBonus
    );
    game.write(Category::Yahtzee, 50, false).unwrap();
    game.write(Category::Yahtzee, 0, false).unwrap();
    assert!(game.bonus_available(), "Anna's Yahtzee cell holds 50");
    let entry = game.write(Category::Fours, 20, true).unwrap();
    assert!(entry.bonus);
    assert!(!game.bonus_available(), "Ben's Yahtzee cell holds 0");
    assert_eq!(
        game.write(Category::Chance, 0, false).unwrap_err().to_string(),
        "the cell \"chance\" cannot hold 0"
    );
    // Entered dice are scored by the rules, Joker included.
    game.enter_dice(Dice::from_values(&[2; 5]).unwrap()).unwrap();
    assert_eq!(
        game.write(Category::Twos, 10, false).unwrap_err(),
        GameError::DiceEntered
    );
    assert!(matches!(
        game.score(Category::Chance).unwrap_err(),
        GameError::JokerForbids { .. }
    ));
    assert_eq!(game.score(Category::Twos).unwrap().points, 10);
    assert_eq!(game.totals(1).unwrap().five_of_a_kind_bonus, 0);
    game.enter_dice(Dice::from_values(&[3; 5]).unwrap()).unwrap();
    let entry = game.score(Category::Threes).unwrap();
    assert_eq!(
        (entry.points, entry.bonus),
        (15, true),
        "entered dice earn the bonus by themselves"
    );
    assert_eq!(game.totals(0).unwrap().five_of_a_kind_bonus, 200);
}

#[test]
fn an_app_dice_game_never_takes_a_typed_value() {
    let mut game = game(RulesetId::Yahtzee, &["Anna"]);
    assert_eq!(
        game.write(Category::Aces, 3, false),
        Err(GameError::WrongMode(DiceMode::App))
    );
    assert_eq!(
        game.enter_dice(Dice::from_values(&[1; 5]).unwrap()),
        Err(GameError::WrongMode(DiceMode::App))
    );
}

#[test]
fn saved_games_round_trip_and_bad_saves_are_refused() {
    let mut game = game(RulesetId::Yahtzee, &["Anna", "Ben"]);
    play(&mut game, [6, 6, 6, 6, 6], Category::Yahtzee);
    play(&mut game, [1, 2, 3, 4, 6], Category::SmallStraight);
    game.roll(&mut script(&[6, 6, 6, 6, 6])).unwrap();
    game.toggle_hold(2).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.starts_with("{\"version\":1,"), "{json}");
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);

    let tampered = json.replace("\"points\":30", "\"points\":40");
    let error = serde_json::from_str::<Game>(&tampered).unwrap_err().to_string();
    assert!(error.contains("entry 1 is not legal"), "{error}");
    let future = json.replace("\"version\":1", "\"version\":99");
    assert!(
        serde_json::from_str::<Game>(&future)
            .unwrap_err()
            .to_string()
            .contains("format 99")
    );
    let fourth_roll = json.replace("\"rolls_used\":1}}", "\"rolls_used\":4}}");
    assert_ne!(fourth_roll, json);
    assert!(serde_json::from_str::<Game>(&fourth_roll).is_err());
    assert!(serde_json::from_str::<Game>("{\"version\":1}").is_err());
    assert!(serde_json::from_str::<Game>("not json").is_err());
}

#[test]
fn load_errors_say_what_is_wrong() {
    assert_eq!(
        LoadError::Version(7).to_string(),
        "saved game format 7 is not known (this version reads 1)"
    );
}

#[test]
fn the_highest_die_starts_and_ties_roll_again() {
    let roll = fivedice_rules::FirstPlayerRoll::roll(3, &mut script(&[5, 2, 5, 3, 6]));
    assert_eq!(roll.first_seat, 2);
    let faces: Vec<Vec<(usize, u8)>> = roll
        .rounds
        .iter()
        .map(|round| round.iter().map(|&(seat, face)| (seat, face.value())).collect())
        .collect();
    assert_eq!(faces, [vec![(0, 5), (1, 2), (2, 5)], vec![(0, 3), (2, 6)]]);
    let alone = fivedice_rules::FirstPlayerRoll::roll(1, &mut script(&[]));
    assert_eq!((alone.first_seat, alone.rounds.len()), (0, 0));
}
