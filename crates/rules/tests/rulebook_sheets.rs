//! The sheets as their players know them: every label in each language, what a sheet refuses, the dice as
//! people type them, the Joker's call explained, and Generala under every house rule, checked against the
//! rulebook's plain reading (`reference`).

mod reference;

use std::collections::BTreeSet;

use fivedice_rules::{
    Category, Dice, HouseRules, Joker, JokerCall, Label, Language, Rules, RulesetId, Section, Sheet,
};

use reference::*;

#[test]
fn every_label_of_every_sheet_is_written_in_each_language() {
    for id in RulesetId::ALL {
        let ruleset = id.ruleset();
        for language in Language::ALL {
            let mut labels: Vec<&str> = ruleset
                .cells
                .iter()
                .map(|cell| cell.label.get(language))
                .collect();
            labels.push(ruleset.upper_label.get(language));
            labels.push(ruleset.lower_label.get(language));
            labels.extend(
                ruleset
                    .extra_five_of_a_kind
                    .map(|extra| extra.bonus_label.get(language)),
            );
            assert!(
                labels.iter().all(|label| !label.trim().is_empty()),
                "{id:?} {language:?}"
            );
            let distinct: BTreeSet<&str> = labels.iter().copied().collect();
            assert_eq!(
                distinct.len(),
                labels.len(),
                "{id:?} in {language:?}: two rows say the same"
            );
        }
    }
    // Spanish and German too, which the command line shows already.
    for id in RulesetId::ALL {
        let ruleset = id.ruleset();
        let mut labels: Vec<Label> = ruleset.cells.iter().map(|cell| cell.label).collect();
        labels.extend([ruleset.upper_label, ruleset.lower_label, ruleset.name]);
        labels.extend(ruleset.extra_five_of_a_kind.map(|extra| extra.bonus_label));
        for [en, fr, es, de] in labels.iter().map(|label| label.every_language()) {
            assert!(
                [fr, es, de].iter().all(|word| !word.trim().is_empty()),
                "{id} {en}"
            );
        }
        for language in 0..4 {
            let words: BTreeSet<&str> = ruleset
                .cells
                .iter()
                .map(|cell| cell.label.every_language()[language])
                .collect();
            assert_eq!(
                words.len(),
                ruleset.cells.len(),
                "{id}: two rows say the same in language {language}"
            );
        }
    }
    // Kniffel is Yahtzee in German, its sheet labelled as the German edition prints it.
    let kniffel = RulesetId::Yahtzee.ruleset();
    let german: Vec<&str> = kniffel
        .cells_in(Section::Lower)
        .map(|cell| cell.label.german())
        .collect();
    assert_eq!(
        german,
        [
            "Dreierpasch",
            "Viererpasch",
            "Full House",
            "Kleine Straße",
            "Große Straße",
            "Kniffel",
            "Chance"
        ]
    );
    assert_eq!(kniffel.name.german(), "Kniffel");
    let yahtzee = RulesetId::Yahtzee.ruleset();
    assert_eq!(yahtzee.cells[0].label.english(), "Ones");
    assert_eq!(yahtzee.cells[0].label.french(), "As");
    assert_eq!(yahtzee.upper_label.french(), "Partie supérieure");
}

#[test]
fn yam_cells_carry_their_french_labels() {
    let french: Vec<&str> = RulesetId::Yam
        .ruleset()
        .cells
        .iter()
        .map(|cell| cell.label.get(Language::French))
        .collect();
    assert_eq!(
        french,
        [
            "As",
            "Deux",
            "Trois",
            "Quatre",
            "Cinq",
            "Six",
            "Brelan",
            "Petite suite",
            "Grande suite",
            "Full",
            "Carré",
            "Yam"
        ]
    );
}

#[test]
fn sheets_refuse_values_a_cell_cannot_hold() {
    let rules = Rules::new(RulesetId::Yahtzee);
    assert!(
        rules
            .sheet(&[(Category::Fours, 8), (Category::Yahtzee, 50)])
            .is_ok()
    );
    assert!(rules.sheet(&[(Category::Fours, 9)]).is_err());
    assert!(
        rules
            .sheet(&[(Category::Fours, 8), (Category::Fours, 4)])
            .is_err()
    );
    assert!(rules.sheet(&[(Category::Yam, 50)]).is_err());
}

#[test]
fn dice_parse_from_what_people_type() {
    assert_eq!(
        "6 6 6 5 4".parse::<Dice>().unwrap(),
        Dice::from_values(&[6, 6, 6, 5, 4]).unwrap()
    );
    assert_eq!(
        "66654".parse::<Dice>().unwrap(),
        "6,6,6,5,4".parse::<Dice>().unwrap()
    );
    assert_eq!(
        "6 6 6 7 4".parse::<Dice>().unwrap_err().to_string(),
        "\"7\" is not a die face (faces are 1 to 6)"
    );
    assert_eq!(
        "6 6 6 5".parse::<Dice>().unwrap_err().to_string(),
        "expected 5 or 6 dice, got 4"
    );
    assert!("".parse::<Dice>().is_err());
    assert!("6 6 x 5 4".parse::<Dice>().is_err());
}

/// The Joker's call explains exactly what the scores allow: checked on every sheet where the five-of-a-kind
/// cell holds 50, the upper cell of the face is open or not, and the lower cells are open, some, or all filled.
#[test]
fn the_joker_call_says_why_the_cells_offered_are_the_ones_offered() {
    let five_sixes = counts(&[6, 6, 6, 6, 6]);
    let lower_fills: [&[(Category, u16)]; 3] = [
        &[],
        &[(Category::Chance, 20), (Category::FullHouse, 25)],
        &[
            (Category::ThreeOfAKind, 20),
            (Category::FourOfAKind, 20),
            (Category::FullHouse, 25),
            (Category::SmallStraight, 30),
            (Category::LargeStraight, 40),
            (Category::Chance, 20),
        ],
    ];
    for joker in Joker::ALL {
        let rules = Rules::with_options(RulesetId::Yahtzee, joker, true).unwrap();
        assert_eq!(
            rules.joker_call(&rules.sheet(&[]).unwrap(), five_sixes),
            None,
            "the Yahtzee cell is open"
        );
        for sixes_open in [true, false] {
            for lower in lower_fills {
                let mut filled = vec![(Category::Yahtzee, 50)];
                filled.extend_from_slice(lower);
                if !sixes_open {
                    filled.push((Category::Sixes, 30));
                }
                let sheet = rules.sheet(&filled).unwrap();
                let offered = rules.scores(&sheet, five_sixes).cells;
                let call = rules.joker_call(&sheet, five_sixes);
                let lower_open = lower.len() < 6;
                if let Some(call) = call {
                    assert_eq!(
                        call.upper_cell(),
                        Category::Sixes,
                        "every call is about the sixes' cell"
                    );
                }
                match call {
                    None => assert_eq!(joker, Joker::None),
                    Some(JokerCall::UpperCell(cell)) => {
                        assert!(sixes_open && joker == Joker::Forced);
                        assert_eq!((cell, offered.len()), (Category::Sixes, 1));
                    }
                    Some(JokerCall::LowerCell(_)) => {
                        assert!(!sixes_open && lower_open && joker == Joker::Forced);
                        let ruleset = rules.ruleset();
                        assert!(
                            offered
                                .iter()
                                .all(|(cell, _)| ruleset.cell(*cell).unwrap().section == Section::Lower)
                        );
                    }
                    Some(JokerCall::ZeroAbove(_)) => {
                        assert!(!sixes_open && !lower_open && joker == Joker::Forced);
                        assert!(offered.iter().all(|&(_, value)| value == 0));
                    }
                    Some(JokerCall::NaturalWhileOpen(_)) => {
                        assert!(sixes_open && joker == Joker::Free);
                        if let Some(&(_, value)) =
                            offered.iter().find(|(cell, _)| *cell == Category::LargeStraight)
                        {
                            assert_eq!(value, 0, "no straight in five sixes while Sixes is open");
                        }
                    }
                    Some(JokerCall::FullValue(_)) => {
                        assert!(!sixes_open && joker == Joker::Free);
                        if let Some(&(_, value)) =
                            offered.iter().find(|(cell, _)| *cell == Category::LargeStraight)
                        {
                            assert_eq!(value, 40);
                        }
                    }
                }
            }
        }
    }
}

/// Every house rule a Generala table may choose, every roll, made on the first roll or later, with the generala
/// box open, crossed out or holding its 50: every box scores as the plain reading says, and the sheet has the
/// double generala only where the table plays it.
#[test]
fn generala_scores_every_roll_under_every_house_rule_as_the_rulebook_says() {
    for first_roll_bonus in HouseRules::FIRST_ROLL_BONUSES {
        for (double, ace_after_six, first_roll_wins) in [
            (true, false, true),
            (false, false, false),
            (true, true, false),
            (false, true, true),
        ] {
            let house = HouseRules {
                first_roll_bonus,
                first_roll_wins,
                double,
                ace_after_six,
            };
            let rules = Rules::new(RulesetId::Generala)
                .with_house(house)
                .expect("Generala's house rules");
            let ids: Vec<&str> = rules
                .ruleset()
                .cells
                .iter()
                .map(|cell| cell.category.id())
                .collect();
            assert_eq!(ids.len(), if double { 11 } else { 10 }, "{house:?}");
            assert_eq!(ids.contains(&"double_generala"), double);
            for held in [None, Some(0), Some(50)] {
                let sheet = match held {
                    Some(points) => Sheet::new().with_written(Category::Generala, points),
                    None => Sheet::new(),
                };
                for dice in distinct_rolls() {
                    for first_roll in [false, true] {
                        let scores = rules.scores_rolled(&sheet, counts(&dice), first_roll);
                        for (category, value) in scores.cells {
                            let expected = generala(house, category, &dice, first_roll, held);
                            assert_eq!(
                                value, expected,
                                "{house:?} {category:?} {dice:?} first {first_roll}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_generala_pad_offers_what_some_roll_makes_on_the_first_roll_or_later() {
    let rules = Rules::new(RulesetId::Generala);
    let offers = |id: &str| rules.offers(id.parse().unwrap()).unwrap();
    assert_eq!(offers("straight"), [0, 20, 25]);
    assert_eq!(offers("full_house"), [0, 30, 35]);
    assert_eq!(offers("four_of_a_kind"), [0, 40, 45]);
    assert_eq!(offers("generala"), [0, 50]);
    assert_eq!(offers("double_generala"), [0, 100]);
    assert_eq!(offers("sixes"), [0, 6, 12, 18, 24, 30]);
    assert!(rules.can_hold(Category::FullHouse, 35, true).unwrap());
    assert!(!rules.can_hold(Category::FullHouse, 35, false).unwrap());
    assert!(!rules.can_hold(Category::FullHouse, 30, true).unwrap());
}
