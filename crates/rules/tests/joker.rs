//! The Joker rules and the Yahtzee bonus, checked for every five-of-a-kind against every way the other
//! twelve cells can be open or filled, with the Yahtzee cell open, at 0 or at 50, under every variant.

use std::collections::BTreeMap;

use fivedice_rules::{Category, Dice, Joker, Rules, RulesetId, Section};

const UPPER: [Category; 6] = [
    Category::Aces,
    Category::Twos,
    Category::Threes,
    Category::Fours,
    Category::Fives,
    Category::Sixes,
];

/// The official rules, read plainly, for a roll of five `face`s.
fn reference(
    joker: Joker,
    bonus_on: bool,
    open: &[Category],
    yahtzee_box: Option<u16>,
    face: u8,
) -> (BTreeMap<Category, u16>, u16) {
    let sum = 5 * u16::from(face);
    let matching = UPPER[usize::from(face) - 1];
    let natural = |category: Category| match category {
        c if c == matching => sum,
        c if UPPER.contains(&c) => 0,
        Category::ThreeOfAKind | Category::FourOfAKind | Category::Chance => sum,
        Category::Yahtzee => 50,
        _ => 0, // five equal faces are neither a full house nor a straight
    };
    let with_joker = |category: Category| match category {
        Category::FullHouse => 25,
        Category::SmallStraight => 30,
        Category::LargeStraight => 40,
        other => natural(other),
    };
    let bonus = if bonus_on && yahtzee_box == Some(50) {
        100
    } else {
        0
    };
    let all = |value: &dyn Fn(Category) -> u16| open.iter().map(|&c| (c, value(c))).collect();
    let lower_open: Vec<Category> = open.iter().copied().filter(|c| !UPPER.contains(c)).collect();
    let cells = match (yahtzee_box, joker) {
        (None, _) | (_, Joker::None) => all(&natural),
        (Some(_), Joker::Forced) if open.contains(&matching) => BTreeMap::from([(matching, sum)]),
        (Some(_), Joker::Forced) if !lower_open.is_empty() => {
            lower_open.iter().map(|&c| (c, with_joker(c))).collect()
        }
        (Some(_), Joker::Forced) => all(&natural),
        (Some(_), Joker::Free) if open.contains(&matching) => all(&natural),
        (Some(_), Joker::Free) => all(&with_joker),
    };
    (cells, bonus)
}

#[test]
fn every_five_of_a_kind_on_every_sheet_follows_the_joker_rules() {
    for ruleset in [RulesetId::Yahtzee, RulesetId::Yardzee] {
        let others: Vec<Category> = ruleset
            .ruleset()
            .cells
            .iter()
            .map(|cell| cell.category)
            .filter(|&c| c != Category::Yahtzee)
            .collect();
        let defaults = Rules::new(ruleset);
        for yahtzee_box in [None, Some(0), Some(50)] {
            for mask in 0u32..(1 << others.len()) {
                let mut filled: Vec<(Category, u16)> = others
                    .iter()
                    .enumerate()
                    .filter(|(bit, _)| mask & (1 << bit) != 0)
                    .map(|(_, &c)| (c, 0))
                    .collect();
                filled.extend(yahtzee_box.map(|value| (Category::Yahtzee, value)));
                let Ok(sheet) = defaults.sheet(&filled) else {
                    continue; // Chance cannot hold 0; those sheets are covered with Chance open
                };
                let open: Vec<Category> = ruleset
                    .ruleset()
                    .cells
                    .iter()
                    .map(|cell| cell.category)
                    .filter(|&c| sheet.is_open(c))
                    .collect();
                for joker in Joker::ALL {
                    for bonus_on in [true, false] {
                        let rules = Rules::with_options(ruleset, joker, bonus_on).unwrap();
                        for face in 1..=6u8 {
                            let dice = Dice::from_values(&[face; 5]).unwrap().counts();
                            let scores = rules.scores(&sheet, dice);
                            let ours: BTreeMap<Category, u16> = scores.cells.iter().copied().collect();
                            let (cells, bonus) = reference(joker, bonus_on, &open, yahtzee_box, face);
                            assert_eq!(ours, cells, "{ruleset} {joker:?} {filled:?} {face}");
                            assert_eq!(scores.bonus, bonus, "{ruleset} {joker:?} {filled:?} {face}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_forced_joker_with_every_lower_box_filled_takes_a_zero_above() {
    let rules = Rules::new(RulesetId::Yahtzee);
    let mut filled: Vec<(Category, u16)> = rules
        .ruleset()
        .cells_in(Section::Lower)
        .map(|cell| {
            (
                cell.category,
                if cell.category == Category::Chance { 20 } else { 0 },
            )
        })
        .collect();
    filled.push((Category::Sixes, 24));
    let sheet = rules.sheet(&filled).unwrap();
    let scores = rules.scores(&sheet, Dice::from_values(&[6; 5]).unwrap().counts());
    let expected: Vec<(Category, u16)> = UPPER[..5].iter().map(|&c| (c, 0)).collect();
    assert_eq!(scores.cells, expected);
    assert_eq!(scores.bonus, 0, "the Yahtzee cell holds 0: no bonus");
}

#[test]
fn a_yahtzee_scored_in_its_own_box_earns_no_bonus() {
    let rules = Rules::new(RulesetId::Yahtzee);
    let scores = rules.scores(
        &rules.sheet(&[]).unwrap(),
        Dice::from_values(&[2; 5]).unwrap().counts(),
    );
    assert_eq!(scores.get(Category::Yahtzee), Some(50));
    assert_eq!(scores.get(Category::FullHouse), Some(0));
    assert_eq!(scores.bonus, 0);
}
