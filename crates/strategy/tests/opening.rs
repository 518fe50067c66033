//! A game's opening: the few states the chances need while nobody has written a box give the very chances the
//! whole table and spread give, and no more.

use fivedice_rules::{Column, Dice, DiceMode, Game, Place, Play, Rules, RulesetId};
use fivedice_strategy::{Odds, Opening, Spread};

/// Before the first roll, after it, after a reroll with two dice held, and on the last roll, for two, three and
/// eight players: the chances from the opening alone equal the whole engine's, bit for bit.
#[test]
fn the_opening_states_the_chances_of_every_table_before_a_box_is_written() {
    // Generala's instant win, and Yacht's sheet with no bonus (the worker's tests check every game's kept
    // opening against the engine).
    for rules in [Rules::new(RulesetId::Generala), Rules::new(RulesetId::Yacht)] {
        let (table, spread) = Spread::build_with_table(rules);
        let opening = Opening::of(&table, &spread);
        let (partial, partial_spread) = opening.tables();
        let mut whole = Odds::new(&table, &spread);
        let mut from_opening = Odds::new(&partial, &partial_spread);
        for players in [2, 3, 8] {
            let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let Ok(mut game) = Game::new(rules, DiceMode::App, &names, 0) else {
                continue; // more players than the sheet seats
            };
            let rolls = [[2, 3, 3, 5, 6], [4, 3, 3, 5, 6], [3, 3, 3, 5, 6]];
            let mut positions = vec![game.clone()];
            for (roll, faces) in rolls.iter().enumerate() {
                if roll == 1 {
                    game.play(&Play::Hold(1)).unwrap();
                    game.play(&Play::Hold(2)).unwrap();
                }
                game.play(&Play::Roll(Dice::from_values(faces).unwrap())).unwrap();
                positions.push(game.clone());
            }
            for position in &positions {
                assert!(opening.covers(position));
                let expected = whole.game_chances(position).unwrap();
                let stated = from_opening.game_chances(position).unwrap();
                assert_eq!(
                    stated.iter().map(|chance| chance.to_bits()).collect::<Vec<_>>(),
                    expected.iter().map(|chance| chance.to_bits()).collect::<Vec<_>>(),
                    "{} with {players} players: {stated:?} against {expected:?}",
                    rules.id()
                );
            }
            // A box written: the opening no longer covers the game.
            let cell = rules.ruleset().cells[0].category;
            game.play(&Play::Score(Place::new(Column::Free, cell))).unwrap();
            assert!(!opening.covers(&game));
        }
        // Kept elsewhere and read back: the same opening; with a state missing, refused.
        let again = Opening::from_states(rules, opening.states().to_vec());
        assert_eq!(again.as_ref(), Some(&opening));
        let fewer = opening.states()[1..].to_vec();
        assert!(Opening::from_states(rules, fewer).is_none());
        let states = opening.states().len();
        assert!((1..200).contains(&states), "{}: {states} states", rules.id());
    }
}
