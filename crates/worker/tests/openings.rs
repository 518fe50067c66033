//! The openings the worker keeps are the engine's, bit for bit, for every game it solves exactly: the chances
//! it states from one before anybody writes a box are the ones the whole table and spread give.

use fivedice_rules::{Dice, DiceMode, Game, HouseChoices, Joker, Play, Rules, RulesetId};
use fivedice_strategy::{Odds, Opening, Spread};
use fivedice_worker::{opening, solves_exactly};

/// Every Joker rule, with the bonus and without.
fn every_joker(id: RulesetId) -> Vec<Rules> {
    let choices = Joker::ALL
        .into_iter()
        .flat_map(|joker| [true, false].map(|bonus| (joker, bonus)));
    choices
        .filter_map(|(joker, bonus)| Rules::with_options(id, joker, bonus).ok())
        .collect()
}

// One test for each part, so that they run side by side.
#[test]
fn every_kept_yahtzee_opening_is_the_engines_and_states_its_chances() {
    check_kept_openings(every_joker(RulesetId::Yahtzee));
}

#[test]
fn every_kept_yardzee_opening_is_the_engines_and_states_its_chances() {
    check_kept_openings(every_joker(RulesetId::Yardzee));
}

#[test]
fn every_other_games_kept_opening_is_the_engines_and_states_its_chances() {
    let defaults = RulesetId::ALL.into_iter().map(Rules::new);
    check_kept_openings(
        defaults
            .filter(|rules| solves_exactly(*rules) && rules.ruleset().extra_five_of_a_kind.is_none())
            .collect(),
    );
}

fn check_kept_openings(rules: Vec<Rules>) {
    for rules in rules {
        let kept = opening(rules).unwrap_or_else(|| panic!("{}: no opening kept", rules.id()));
        let (table, spread) = Spread::build_with_table(rules);
        assert!(
            kept == Opening::of(&table, &spread),
            "{}: the kept opening is not the engine's: run `make openings`",
            rules.id()
        );
        let (partial, partial_spread) = kept.tables();
        let mut whole = Odds::new(&table, &spread);
        let mut from_opening = Odds::new(&partial, &partial_spread);
        let mut game = Game::new(rules, DiceMode::App, &["Ana", "Ben", "Cleo"], 1).unwrap();
        for faces in [None, Some([1, 1, 4, 6, 6])] {
            if let Some(faces) = faces {
                game.play(&Play::Roll(Dice::from_values(&faces).unwrap()))
                    .unwrap();
            }
            assert_eq!(
                from_opening.game_chances(&game).unwrap(),
                whole.game_chances(&game).unwrap(),
                "{}",
                rules.id()
            );
        }
        // The hint that plays for the win, with the dice rolled: every option and its chance, as the whole
        // engine's.
        let dice = game.turn().dice.expect("rolled").counts();
        for rolls_left in [2, 0] {
            let advice = |odds: &mut Odds| {
                let advice = odds.game_turn(&game).unwrap().advise(dice, rolls_left).unwrap();
                let options = advice.options.iter();
                options
                    .map(|option| (option.choice, option.win.to_bits()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(advice(&mut from_opening), advice(&mut whole), "{}", rules.id());
        }
    }
}

#[test]
fn house_rules_and_games_played_by_estimate_have_no_kept_opening() {
    let servida_counts_only = Rules::new(RulesetId::Generala)
        .with_house_choices(HouseChoices {
            first_roll_wins: Some(false),
            ..HouseChoices::default()
        })
        .unwrap();
    assert!(opening(servida_counts_only).is_none());
    assert!(opening(Rules::new(RulesetId::MaxiYatzy)).is_none());
}
