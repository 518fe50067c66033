//! Every cell of every ruleset against all its rolls (252 of five dice, 462 of Maxi Yatzy's six), checked by a
//! second scorer written the plain way: sorted dice, runs of equal faces, sets of faces. It shares no code with
//! the crate's scoring path.

mod reference;

use std::collections::{BTreeMap, BTreeSet};

use fivedice_rules::{Category, FaceCounts, HouseRules, Joker, Rules, RulesetId, Sheet};

use reference::*;

#[test]
fn each_ruleset_has_the_cells_of_its_sheet_in_order() {
    for (id, cells) in SHEETS {
        let ids: Vec<&str> = id.ruleset().cells.iter().map(|cell| cell.category.id()).collect();
        assert_eq!(ids, cells, "{id}");
    }
}

#[test]
fn the_crate_enumerates_exactly_the_252_rolls_of_five_dice_and_the_462_of_six() {
    for (dice, distinct) in [(5, 252), (6, 462)] {
        let ours: BTreeSet<Vec<u8>> = FaceCounts::all(dice)
            .map(|roll| roll.to_dice().faces().iter().map(|face| face.value()).collect())
            .collect();
        assert_eq!(FaceCounts::all(dice).count(), distinct);
        assert_eq!(ours, rolls_of(dice as u32));
    }
}

#[test]
fn every_cell_of_every_ruleset_scores_all_its_rolls_as_the_rulebook_says() {
    for (id, _) in SHEETS {
        let rules = Rules::new(id);
        for dice in rolls_of(id.ruleset().dice as u32) {
            let natural: Vec<(Category, u16)> = rules.natural_scores(counts(&dice), false).collect();
            assert_eq!(natural.len(), id.ruleset().cells.len(), "every cell is scored");
            for (category, value) in &natural {
                assert_eq!(
                    *value,
                    reference(id, *category, &dice),
                    "{id} {category:?} {dice:?}"
                );
            }
            let scores = rules.scores(&Sheet::new(), counts(&dice));
            let offered = match id.ruleset().fills_in_order {
                true => &natural[..1],
                false => &natural[..],
            };
            assert_eq!(
                scores.cells, offered,
                "{id}: every open cell is offered, or the first where the sheet is filled in order"
            );
            assert_eq!(
                scores.bonus, 0,
                "no bonus before the five-of-a-kind cell holds 50"
            );
        }
    }
}

#[test]
fn score_pad_offers_are_every_value_some_roll_scores() {
    for (id, _) in SHEETS {
        let rules = Rules::new(id);
        for cell in id.ruleset().cells {
            // Generala's boxes also hold what dice made on the first roll score, and the double its 100.
            let readings = |dice: &Vec<u8>| match id {
                RulesetId::Generala => [false, true]
                    .map(|first_roll| {
                        generala(HouseRules::DEFAULT, cell.category, dice, first_roll, Some(50))
                    })
                    .to_vec(),
                _ => vec![reference(id, cell.category, dice)],
            };
            let rolls = rolls_of(id.ruleset().dice as u32);
            let expected: BTreeSet<u16> = rolls.iter().flat_map(readings).collect();
            let offers = rules.offers(cell.category).expect("the cell is in the ruleset");
            assert_eq!(
                offers,
                expected.into_iter().collect::<Vec<_>>(),
                "{id} {:?}",
                cell.category
            );
        }
    }
}

#[test]
fn offers_named_in_the_issue() {
    let yahtzee = Rules::new(RulesetId::Yahtzee);
    assert_eq!(yahtzee.offers(Category::Fours).unwrap(), [0, 4, 8, 12, 16, 20]);
    let three_of_a_kind: Vec<u16> = std::iter::once(0).chain(5..=30).collect();
    assert_eq!(yahtzee.offers(Category::ThreeOfAKind).unwrap(), three_of_a_kind);
    assert_eq!(yahtzee.offers(Category::FullHouse).unwrap(), [0, 25]);
    assert_eq!(yahtzee.offers(Category::Yahtzee).unwrap(), [0, 50]);
    assert_eq!(
        yahtzee.offers(Category::Chance).unwrap(),
        (5..=30).collect::<Vec<_>>()
    );
    let yam = Rules::new(RulesetId::Yam);
    assert_eq!(yam.offers(Category::FullHouse).unwrap(), [0, 30]);
    assert_eq!(yam.offers(Category::FourOfAKind).unwrap(), [0, 40]);
    assert!(yam.offers(Category::Chance).is_err(), "yam has no chance");
    let yatzy = Rules::new(RulesetId::Yatzy);
    assert_eq!(yatzy.offers(Category::OnePair).unwrap(), [0, 2, 4, 6, 8, 10, 12]);
    assert_eq!(
        yatzy.offers(Category::FourOfAKind).unwrap(),
        [0, 4, 8, 12, 16, 20, 24]
    );
    assert_eq!(yatzy.offers(Category::SmallStraight).unwrap(), [0, 15]);
}

#[test]
fn examples_from_the_rules() {
    let open = Sheet::new();
    let yam = Rules::new(RulesetId::Yam);
    assert_eq!(
        yam.scores(&open, counts(&[6, 6, 6, 5, 4]))
            .get(Category::ThreeOfAKind),
        Some(27)
    );
    assert_eq!(
        yam.scores(&open, counts(&[6, 6, 6, 6, 6]))
            .get(Category::FullHouse),
        Some(30)
    );
    let yahtzee = Rules::with_options(RulesetId::Yahtzee, Joker::None, true).unwrap();
    assert_eq!(
        yahtzee
            .scores(&open, counts(&[6, 6, 6, 6, 6]))
            .get(Category::FullHouse),
        Some(0)
    );
    let yatzy = Rules::new(RulesetId::Yatzy);
    let scores = yatzy.scores(&open, counts(&[3, 3, 5, 5, 5]));
    assert_eq!(scores.get(Category::OnePair), Some(10), "the highest pair");
    assert_eq!(scores.get(Category::TwoPairs), Some(16));
    assert_eq!(
        scores.get(Category::ThreeOfAKind),
        Some(15),
        "only the matching dice"
    );
    assert_eq!(scores.get(Category::FullHouse), Some(21));
    let quads = yatzy.scores(&open, counts(&[4, 4, 4, 4, 2]));
    assert_eq!(
        quads.get(Category::TwoPairs),
        Some(0),
        "four of a kind is not two different pairs"
    );
    assert_eq!(quads.get(Category::FourOfAKind), Some(16));
}

#[test]
fn yardzee_is_yahtzee_on_another_sheet() {
    let (yahtzee, yardzee) = (RulesetId::Yahtzee.ruleset(), RulesetId::Yardzee.ruleset());
    assert_eq!(yardzee.upper_label.english(), "The Wedding Party");
    assert_eq!(yardzee.lower_label.english(), "The Celebration");
    let rules: Vec<_> = yahtzee
        .cells
        .iter()
        .map(|cell| (cell.category, cell.pattern, cell.points))
        .collect();
    let same: Vec<_> = yardzee
        .cells
        .iter()
        .map(|cell| (cell.category, cell.pattern, cell.points))
        .collect();
    assert_eq!(rules, same);
    let labels: BTreeMap<&str, &str> = yardzee
        .cells
        .iter()
        .map(|cell| (cell.category.id(), cell.label.english()))
        .collect();
    assert_eq!(labels["aces"], "Ones (Aces)", "the wedding sheet's first row");
    assert_eq!(labels["full_house"], "The Perfect Match");
    assert_eq!(labels["large_straight"], "From \"Yes\" to \"I Do\"");
    assert_eq!(labels["yahtzee"], "Honeymoon!");
    assert_eq!(labels["chance"], "Gift Table");
    assert_eq!(
        yardzee.extra_five_of_a_kind.unwrap().bonus_label.english(),
        "Honeymoon Bonus ♥"
    );
    // The wedding sheet sets no Joker restriction: a new Yardzee table starts there (the option stays).
    assert_eq!(Joker::printed_on(RulesetId::Yardzee), Joker::None);
    assert_eq!(Joker::printed_on(RulesetId::Yahtzee), Joker::Forced);
    assert_eq!(Joker::printed_on(RulesetId::Yam), Joker::None);
    assert!(Rules::with_options(RulesetId::Yardzee, Joker::Forced, true).is_ok());
    assert_eq!(yardzee.upper_bonus, yahtzee.upper_bonus);
}

#[test]
fn bonuses_and_player_limits() {
    let limits: Vec<(usize, Option<(u16, u16)>)> = RulesetId::ALL
        .iter()
        .map(|id| {
            let ruleset = id.ruleset();
            let bonus = ruleset.upper_bonus.map(|bonus| (bonus.threshold, bonus.points));
            (ruleset.max_players, bonus)
        })
        .collect();
    assert_eq!(
        limits,
        [
            (8, Some((63, 35))),
            (8, Some((63, 35))),
            (6, Some((63, 35))),
            (8, Some((63, 50))),
            (8, None),
            (8, Some((63, 50))),
            (8, None),
            (8, Some((84, 100))),
        ]
    );
    assert_eq!(
        Rules::with_options(RulesetId::Yam, Joker::Forced, false)
            .unwrap_err()
            .to_string(),
        "yam has no Joker rule"
    );
    assert!(Rules::with_options(RulesetId::Yatzy, Joker::None, true).is_err());
}
