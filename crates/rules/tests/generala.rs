//! Generala at the table: a box made on the turn's first roll ("servida") pays its bonus, the double generala
//! pays only after a generala, a generala on the first roll wins the game at once and ranks its maker first,
//! and the house rules change each of these as a table chooses.

mod common;

use common::Plays as _;
use fivedice_rules::{
    Category, DiceMode, Face, Game, GameError, HouseRules, Play, Rules, RulesetId, notation::NotationError,
};

fn script(faces: &[u8]) -> impl FnMut() -> Face + '_ {
    let mut faces = faces.iter().copied();
    move || Face::new(faces.next().expect("the script has enough dice")).expect("script faces are 1 to 6")
}

fn table(house: HouseRules, mode: DiceMode) -> Game {
    let rules = Rules::new(RulesetId::Generala)
        .with_house(house)
        .expect("Generala's house rules");
    Game::new(rules, mode, &["Ana", "Beto"], 0).expect("a valid table")
}

fn write(game: &mut Game, category: Category, value: u16, first_roll: bool) -> Result<(), GameError> {
    let place = category.into();
    game.play(&Play::Write {
        place,
        value,
        bonus: false,
        first_roll,
    })
}

#[test]
fn a_full_made_on_the_first_roll_earns_the_bonus_and_one_made_later_does_not() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::App);
    game.roll(&mut script(&[3, 3, 3, 5, 5])).unwrap();
    let entry = game.score(Category::FullHouse).unwrap();
    assert_eq!((entry.points, entry.first_roll), (35, true), "servida: 30 + 5");
    game.roll(&mut script(&[3, 3, 3, 5, 1])).unwrap();
    for die in 0..4 {
        game.toggle_hold(die).unwrap();
    }
    game.roll(&mut script(&[5])).unwrap();
    let entry = game.score(Category::FullHouse).unwrap();
    assert_eq!(
        (entry.points, entry.first_roll),
        (30, false),
        "made on the second roll"
    );
    let ten = HouseRules {
        first_roll_bonus: 10,
        ..HouseRules::DEFAULT
    };
    let mut game = table(ten, DiceMode::App);
    game.roll(&mut script(&[2, 3, 4, 5, 6])).unwrap();
    assert_eq!(
        game.score(Category::Straight).unwrap().points,
        30,
        "servida: 20 + 10"
    );
    game.roll(&mut script(&[1, 2, 3, 4, 6])).unwrap();
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    assert_eq!(
        game.score(Category::FourOfAKind).unwrap().points,
        40,
        "a poker made on the second roll pays 40"
    );
}

#[test]
fn three_four_five_six_one_is_a_straight_only_where_the_table_says_so() {
    let mut usual = table(HouseRules::DEFAULT, DiceMode::App);
    usual.roll(&mut script(&[3, 4, 5, 6, 1])).unwrap();
    assert_eq!(usual.scores().unwrap().get(Category::Straight), Some(0));
    let ace = HouseRules {
        ace_after_six: true,
        ..HouseRules::DEFAULT
    };
    let mut game = table(ace, DiceMode::App);
    game.roll(&mut script(&[3, 4, 5, 6, 1])).unwrap();
    assert_eq!(game.scores().unwrap().get(Category::Straight), Some(25));
}

#[test]
fn the_double_generala_pays_only_after_a_generala_and_not_at_all_without_it() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::Pad);
    assert_eq!(
        game.offers(Category::DoubleGenerala),
        Ok(vec![0]),
        "the pad offers only what may be written"
    );
    assert_eq!(
        write(&mut game, Category::DoubleGenerala, 100, false),
        Err(GameError::SecondFiveFirst {
            five_of_a_kind: Category::Generala
        })
    );
    write(&mut game, Category::Generala, 50, false).unwrap();
    write(&mut game, Category::Generala, 0, false).unwrap();
    assert_eq!(game.offers(Category::DoubleGenerala), Ok(vec![0, 100]));
    write(&mut game, Category::DoubleGenerala, 100, false).unwrap();
    assert_eq!(
        write(&mut game, Category::DoubleGenerala, 100, false),
        Err(GameError::SecondFiveFirst {
            five_of_a_kind: Category::Generala
        }),
        "Beto's generala was crossed out: his double pays nothing"
    );
    write(&mut game, Category::DoubleGenerala, 0, false).unwrap();
    assert_eq!(game.totals(0).unwrap().grand, 150);
    let single = HouseRules {
        double: false,
        ..HouseRules::DEFAULT
    };
    let game = table(single, DiceMode::Pad);
    assert_eq!(game.rounds(), 10);
    assert_eq!(
        game.preview(Category::DoubleGenerala).unwrap_err(),
        GameError::NotInRuleset(Category::DoubleGenerala)
    );
}

#[test]
fn a_generala_on_the_first_roll_ends_the_game_as_the_dice_land_and_ranks_its_maker_first() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::App);
    game.roll(&mut script(&[6, 6, 6, 6, 5])).unwrap();
    game.score(Category::FourOfAKind).unwrap();
    game.roll(&mut script(&[2, 2, 2, 2, 2])).unwrap();
    // The roll wins: nothing to write, no roll after it, nothing to take back.
    assert!(game.is_over());
    assert_eq!(game.won_on_first_roll(), Some(1));
    assert_eq!(game.current_seat(), 1, "the winner's dice stay on the table");
    assert_eq!(game.roll(&mut script(&[1, 1, 1, 1, 1])), Err(GameError::GameOver));
    assert_eq!(game.toggle_hold(0), Err(GameError::GameOver));
    assert_eq!(game.undo(), Err(GameError::UndoTooLate));
    let standings = game.standings();
    assert_eq!(
        (standings[0].seat, standings[0].rank, standings[0].winner),
        (1, 1, true)
    );
    assert_eq!(
        (standings[1].seat, standings[1].rank, standings[1].winner),
        (0, 2, false)
    );
    assert!(standings[1].total > standings[0].total, "whatever the totals");
    // The game saved and read back is the same game, won the same way.
    let saved = serde_json::to_string(&game).unwrap();
    let read: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(read, game);
    assert_eq!(read.won_on_first_roll(), Some(1));
    // Older versions had the winner write the dice: their saves read back, the game over all the same.
    assert_eq!(game.score(Category::Generala).unwrap().points, 50);
    assert_eq!(game.won_on_first_roll(), Some(1));
    assert_eq!(game.roll(&mut script(&[1, 1, 1, 1, 1])), Err(GameError::GameOver));
    let saved = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&saved).unwrap(), game);
}

#[test]
fn five_alike_on_a_later_roll_only_score_and_their_turn_saves_and_reads_back() {
    let mut later = table(HouseRules::DEFAULT, DiceMode::App);
    later.roll(&mut script(&[2, 2, 2, 2, 1])).unwrap();
    assert!(!later.is_over());
    for die in 0..4 {
        later.toggle_hold(die).unwrap();
    }
    later.roll(&mut script(&[2])).unwrap();
    assert!(!later.is_over(), "made on the second roll");
    // Saved with the five alike in hand, and once written: each reads back as the same game.
    let saved = serde_json::to_string(&later).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&saved).unwrap(), later);
    assert_eq!(later.score(Category::Generala).unwrap().points, 50);
    let saved = serde_json::to_string(&later).unwrap();
    let read: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(read, later);
    assert!(!read.is_over());
}

#[test]
fn a_generala_written_on_a_pad_as_made_on_the_first_roll_wins_and_a_slip_is_undone_like_any_box() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::Pad);
    write(&mut game, Category::Fours, 12, false).unwrap();
    write(&mut game, Category::Generala, 50, true).unwrap();
    assert!(game.is_over());
    assert_eq!(game.won_on_first_roll(), Some(1));
    game.undo().unwrap();
    assert!(!game.is_over());
    write(&mut game, Category::Generala, 50, false).unwrap();
    assert!(!game.is_over(), "made on a later roll, it only scores");
}

#[test]
fn a_generala_made_later_or_where_the_table_does_not_play_it_only_scores() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::App);
    game.roll(&mut script(&[4, 4, 4, 4, 1])).unwrap();
    game.roll(&mut script(&[4, 4, 4, 4, 4])).unwrap();
    assert_eq!(game.score(Category::Generala).unwrap().points, 50);
    assert!(!game.is_over(), "made on the second roll");
    let scoring = HouseRules {
        first_roll_wins: false,
        ..HouseRules::DEFAULT
    };
    let mut game = table(scoring, DiceMode::App);
    game.roll(&mut script(&[4, 4, 4, 4, 4])).unwrap();
    let entry = game.score(Category::Generala).unwrap();
    assert_eq!((entry.points, entry.first_roll), (50, true));
    assert!(!game.is_over());
}

#[test]
fn a_score_pad_says_what_was_made_on_the_first_roll() {
    let mut game = table(HouseRules::DEFAULT, DiceMode::Pad);
    assert_eq!(
        write(&mut game, Category::FullHouse, 35, false),
        Err(GameError::ValueNotOffered {
            category: Category::FullHouse,
            value: 35
        }),
        "35 is a full made on the first roll"
    );
    assert_eq!(
        write(&mut game, Category::FullHouse, 30, true),
        Err(GameError::ValueNotOffered {
            category: Category::FullHouse,
            value: 30
        })
    );
    write(&mut game, Category::FullHouse, 35, true).unwrap();
    write(&mut game, Category::Generala, 50, true).unwrap();
    assert!(game.is_over());
    assert_eq!(game.won_on_first_roll(), Some(1));
    let mut yahtzee = Game::new(Rules::new(RulesetId::Yahtzee), DiceMode::Pad, &["Ana"], 0).unwrap();
    assert_eq!(
        write(&mut yahtzee, Category::FullHouse, 25, true),
        Err(GameError::NoFirstRollRule)
    );
}

#[test]
fn the_notation_writes_the_house_rules_and_the_first_roll() {
    let rules = Rules::new(RulesetId::Generala);
    assert_eq!(
        rules.to_string(),
        "generala none no_bonus free house:5,wins,double"
    );
    let odd = rules
        .with_house(HouseRules {
            first_roll_bonus: 10,
            first_roll_wins: false,
            double: false,
            ace_after_six: true,
        })
        .unwrap();
    assert_eq!(
        odd.to_string(),
        "generala none no_bonus free house:10,ace_after_six"
    );
    assert_eq!(odd.to_string().parse::<Rules>(), Ok(odd));
    assert_eq!("generala none no_bonus free".parse::<Rules>(), Ok(rules));
    for bad in [
        "generala none no_bonus free house:7,wins",
        "generala none no_bonus free house:5,wins,wins",
        "generala none no_bonus free house:5,jokers",
        "yahtzee forced bonus free house:5,wins",
    ] {
        assert_eq!(
            bad.parse::<Rules>(),
            Err(NotationError::new("rules", bad)),
            "{bad}"
        );
    }
    let play: Play = "write full_house 35 first_roll".parse().unwrap();
    assert_eq!(
        play,
        Play::Write {
            place: Category::FullHouse.into(),
            value: 35,
            bonus: false,
            first_roll: true
        }
    );
    assert_eq!(play.to_string(), "write full_house 35 first_roll");
}
