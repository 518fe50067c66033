//! Maxi Yatzy at the table: six dice, the rulebook's examples of its boxes, the 100-point bonus at 84, and the
//! rolls a turn does not use saved for that player's later turns (the app's dice; a score pad's players count
//! their own).

mod common;

use common::Plays as _;
use fivedice_rules::{
    Category, Dice, DiceMode, Face, Game, GameError, Play, Rules, RulesetId, Sheet, UpperBonus,
    notation::NotationError,
};

fn script(faces: &[u8]) -> impl FnMut() -> Face + '_ {
    let mut faces = faces.iter().copied();
    move || Face::new(faces.next().expect("the script has enough dice")).expect("script faces are 1 to 6")
}

fn table(mode: DiceMode) -> Game {
    Game::new(Rules::new(RulesetId::MaxiYatzy), mode, &["Astrid", "Bo"], 0).expect("a valid table")
}

fn scores(faces: &[u8]) -> Vec<(Category, u16)> {
    let dice = Dice::from_values(faces).unwrap();
    Rules::new(RulesetId::MaxiYatzy)
        .natural_scores(dice.counts(), false)
        .collect()
}

fn score_of(faces: &[u8], category: Category) -> u16 {
    scores(faces)
        .into_iter()
        .find(|(cell, _)| *cell == category)
        .unwrap()
        .1
}

#[test]
fn the_boxes_score_the_rulebooks_examples() {
    use Category::*;
    // Pairs of different faces, the highest first; three pairs are all six dice.
    assert_eq!(score_of(&[2, 2, 4, 4, 6, 6], OnePair), 12);
    assert_eq!(score_of(&[2, 2, 4, 4, 6, 6], TwoPairs), 20);
    assert_eq!(score_of(&[2, 2, 4, 4, 6, 6], ThreePairs), 24);
    assert_eq!(
        score_of(&[4, 4, 4, 4, 6, 6], ThreePairs),
        0,
        "four alike are not two pairs"
    );
    assert_eq!(score_of(&[4, 4, 4, 4, 6, 6], TwoPairs), 20);
    // Alike: the sum of those dice.
    assert_eq!(score_of(&[5, 5, 5, 5, 5, 1], FiveOfAKind), 25);
    assert_eq!(score_of(&[5, 5, 5, 5, 5, 1], FourOfAKind), 20);
    assert_eq!(
        score_of(&[3, 3, 3, 6, 6, 6], ThreeOfAKind),
        18,
        "the higher three"
    );
    // Straights: the sixth die anything.
    assert_eq!(score_of(&[1, 2, 3, 4, 5, 5], SmallStraight), 15);
    assert_eq!(score_of(&[2, 3, 4, 5, 6, 6], LargeStraight), 20);
    assert_eq!(score_of(&[1, 2, 3, 4, 5, 6], FullStraight), 21);
    assert_eq!(score_of(&[1, 2, 3, 4, 5, 6], SmallStraight), 15);
    assert_eq!(score_of(&[1, 2, 3, 4, 5, 5], FullStraight), 0);
    // Groups of different faces: the sum of the dice that make them.
    assert_eq!(score_of(&[3, 3, 3, 5, 5, 6], FullHouse), 19);
    assert_eq!(
        score_of(&[6, 6, 6, 6, 5, 5], FullHouse),
        28,
        "three of the four sixes"
    );
    assert_eq!(
        score_of(&[2, 2, 2, 5, 5, 5], FullHouse),
        19,
        "three fives and two twos"
    );
    assert_eq!(score_of(&[2, 2, 2, 5, 5, 5], Villa), 21);
    assert_eq!(score_of(&[6, 6, 6, 6, 5, 5], Villa), 0);
    assert_eq!(score_of(&[6, 6, 6, 6, 5, 5], Tower), 34);
    assert_eq!(score_of(&[6, 6, 6, 6, 6, 6], Tower), 0, "six alike are one face");
    assert_eq!(score_of(&[6, 6, 6, 6, 6, 6], MaxiYatzy), 100);
    assert_eq!(score_of(&[6, 6, 6, 6, 6, 5], MaxiYatzy), 0);
    assert_eq!(score_of(&[6, 6, 6, 6, 6, 5], Chance), 35);
}

#[test]
fn the_upper_bonus_is_100_at_84_and_the_sheet_has_twenty_boxes() {
    let rules = Rules::new(RulesetId::MaxiYatzy);
    let ruleset = rules.ruleset();
    assert_eq!((ruleset.cells.len(), ruleset.dice), (20, 6));
    let four_of_each = [
        (Category::Aces, 4),
        (Category::Twos, 8),
        (Category::Threes, 12),
        (Category::Fours, 16),
        (Category::Fives, 20),
        (Category::Sixes, 24),
    ];
    let sheet = rules.sheet(&four_of_each).unwrap();
    assert_eq!(
        (sheet.totals(ruleset).upper, sheet.totals(ruleset).bonus),
        (84, 100)
    );
    let short = rules.sheet(&four_of_each[1..]).unwrap();
    assert_eq!(short.totals(ruleset).bonus, 0);
    assert_eq!(Sheet::new().totals(ruleset).grand, 0);
}

#[test]
fn a_turn_rolls_six_dice_and_a_five_dice_roll_is_refused() {
    let mut game = table(DiceMode::App);
    let dice = game.roll(&mut script(&[1, 2, 3, 4, 5, 6])).unwrap();
    assert_eq!(dice.faces().len(), 6);
    assert_eq!(game.toggle_hold(5), Ok(true), "the sixth die holds");
    assert_eq!(game.toggle_hold(6), Err(GameError::NoSuchDie(6)));
    let five = Dice::from_values(&[6, 2, 3, 4, 5]).unwrap();
    assert_eq!(
        game.play(&Play::Roll(five)),
        Err(GameError::WrongDiceCount { expected: 6, got: 5 })
    );
    let rolled = game.roll(&mut script(&[6, 6, 6, 6, 6])).unwrap();
    assert_eq!(
        rolled.face(5),
        Some(Face::new(6).unwrap()),
        "the held die kept its face"
    );
    // Five-dice games refuse six.
    let mut yatzy = Game::new(Rules::new(RulesetId::Yatzy), DiceMode::App, &["Astrid"], 0).unwrap();
    let six = Dice::from_values(&[1, 2, 3, 4, 5, 6]).unwrap();
    assert_eq!(
        yatzy.play(&Play::Roll(six)),
        Err(GameError::WrongDiceCount { expected: 5, got: 6 })
    );
}

#[test]
fn rolls_a_turn_does_not_use_are_saved_for_that_players_later_turns() {
    let mut game = table(DiceMode::App);
    assert_eq!((game.rolls_allowed(), game.saved_rolls(0)), (3, 0));
    // Astrid writes after one roll: two saved.
    game.roll(&mut script(&[1, 1, 2, 3, 4, 6])).unwrap();
    game.score(Category::Aces).unwrap();
    assert_eq!((game.saved_rolls(0), game.saved_rolls(1)), (2, 0));
    // Bo uses all three: nothing saved.
    for _ in 0..3 {
        game.roll(&mut script(&[2, 2, 3, 3, 5, 6])).unwrap();
    }
    assert_eq!(game.roll(&mut script(&[1; 6])), Err(GameError::NoRollsLeft));
    game.score(Category::Twos).unwrap();
    assert_eq!(game.saved_rolls(1), 0);
    // Astrid's turn has five rolls; she uses four, so one of hers is left saved.
    assert_eq!((game.rolls_allowed(), game.rolls_left()), (5, 5));
    for _ in 0..4 {
        game.roll(&mut script(&[3, 3, 3, 1, 2, 4])).unwrap();
    }
    assert_eq!(game.rolls_left(), 1);
    game.score(Category::Threes).unwrap();
    assert_eq!(game.saved_rolls(0), 1);
    // Undo gives the turn back with its rolls, and the saved count follows the log.
    game.roll(&mut script(&[2, 2, 2, 2, 5, 6])).unwrap();
    game.score(Category::Twos).unwrap_err();
    game.score(Category::Fours).unwrap();
    assert_eq!(game.saved_rolls(1), 2);
    game.undo().unwrap();
    assert_eq!((game.saved_rolls(1), game.turn().rolls_used), (0, 1));
}

#[test]
fn every_turn_rolls_at_least_once() {
    let mut game = table(DiceMode::App);
    assert_eq!(game.score(Category::Chance), Err(GameError::NotRolled));
}

#[test]
fn a_score_pad_takes_six_dice_and_counts_no_rolls() {
    let mut game = table(DiceMode::Pad);
    let five = Dice::from_values(&[1, 2, 3, 4, 5]).unwrap();
    assert_eq!(
        game.enter_dice(five),
        Err(GameError::WrongDiceCount { expected: 6, got: 5 })
    );
    game.enter_dice(Dice::from_values(&[6, 6, 6, 6, 5, 5]).unwrap())
        .unwrap();
    assert_eq!(game.score(Category::Tower).unwrap().points, 34);
    assert_eq!(game.write(Category::Villa, 21, false).unwrap().points, 21);
    assert_eq!(game.saved_rolls(0), 0, "the players count their own rolls");
    let offers = game.offers(Category::FullStraight).unwrap();
    assert_eq!(offers, [0, 21]);
}

#[test]
fn a_game_with_the_sixth_die_held_reads_back_from_its_save_and_its_notation() {
    let mut game = table(DiceMode::App);
    game.roll(&mut script(&[1, 2, 3, 4, 5, 6])).unwrap();
    game.score(Category::FullStraight).unwrap();
    game.roll(&mut script(&[6, 6, 1, 2, 3, 6])).unwrap();
    game.toggle_hold(5).unwrap();
    let saved = serde_json::to_string(&game).unwrap();
    assert!(saved.contains("[false,false,false,false,false,true]"), "{saved}");
    let read: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(read, game);
    let plays: Vec<String> = game.plays().iter().map(ToString::to_string).collect();
    assert!(plays.contains(&"roll 1,2,3,4,5,6".to_string()), "{plays:?}");
    let replayed: Vec<Play> = plays
        .iter()
        .map(|play| play.parse())
        .collect::<Result<_, NotationError>>()
        .unwrap();
    assert_eq!(replayed, game.plays());
}

#[test]
fn dice_written_by_a_person_are_five_or_six() {
    assert_eq!("666655".parse::<Dice>().unwrap().faces().len(), 6);
    let seven = "6666555".parse::<Dice>().unwrap_err();
    assert_eq!(seven.to_string(), "expected 5 or 6 dice, got 7");
}

#[test]
fn a_table_may_play_the_bonus_of_50_at_75_and_no_other() {
    let small: UpperBonus = "50at75".parse().unwrap();
    let rules = Rules::new(RulesetId::MaxiYatzy).with_upper_bonus(small).unwrap();
    assert_eq!(rules.ruleset().upper_bonus, Some(small));
    assert_eq!(rules.ruleset().cells.len(), 20, "the same sheet");
    let three_of_each = [
        (Category::Aces, 3),
        (Category::Twos, 6),
        (Category::Threes, 12),
        (Category::Fours, 16),
        (Category::Fives, 15),
        (Category::Sixes, 24),
    ];
    let sheet = rules.sheet(&three_of_each).unwrap();
    assert_eq!(sheet.totals(rules.ruleset()).bonus, 50, "76 reaches 75");
    // Its own bonus again is the sheet as printed; another ruleset, or another bonus, is refused.
    let own = rules.with_upper_bonus("100at84".parse().unwrap()).unwrap();
    assert_eq!(own, Rules::new(RulesetId::MaxiYatzy));
    let refused = Rules::new(RulesetId::Yatzy).with_upper_bonus(small).unwrap_err();
    assert_eq!(refused.to_string(), "yatzy plays no upper bonus of 50 at 75");
    assert!(
        Rules::new(RulesetId::MaxiYatzy)
            .with_upper_bonus("40at70".parse().unwrap())
            .is_err()
    );
    assert!("50 at 75".parse::<UpperBonus>().is_err());
    // Saved and written as the notation, the choice reads back.
    assert_eq!(rules.to_string(), "maxi-yatzy none no_bonus free upper:50at75");
    assert_eq!(
        "maxi-yatzy none no_bonus free upper:50at75".parse::<Rules>(),
        Ok(rules)
    );
    let saved = serde_json::to_string(&rules).unwrap();
    assert_eq!(serde_json::from_str::<Rules>(&saved).unwrap(), rules);
    assert!(
        !serde_json::to_string(&Rules::new(RulesetId::MaxiYatzy))
            .unwrap()
            .contains("upper_bonus")
    );
}
