//! The rulebook's second scorer, written the plain way (sorted dice, runs of equal faces, sets of faces), and
//! every ruleset's sheet in order: it shares no code with the crate's scoring path. Each test file that checks
//! the crate against it uses what it needs.

#![allow(dead_code)]

use std::collections::BTreeSet;

use fivedice_rules::{Category, Dice, FaceCounts, HouseRules, RulesetId};

/// All 7776 ordered throws of five dice reduced to their sorted forms: the 252 distinct rolls.
pub fn distinct_rolls() -> BTreeSet<Vec<u8>> {
    rolls_of(5)
}

/// All ordered throws of `dice` dice reduced to their sorted forms.
pub fn rolls_of(dice: u32) -> BTreeSet<Vec<u8>> {
    let mut rolls = BTreeSet::new();
    for code in 0..6u32.pow(dice) {
        let mut dice: Vec<u8> = (0..dice).map(|i| (code / 6u32.pow(i) % 6) as u8 + 1).collect();
        dice.sort();
        rolls.insert(dice);
    }
    rolls
}

/// Sizes of the groups of equal faces, largest first, e.g. [3, 2] for a full house.
pub fn group_sizes(sorted: &[u8]) -> Vec<usize> {
    let mut sizes: Vec<usize> = sorted.chunk_by(|a, b| a == b).map(|group| group.len()).collect();
    sizes.sort_by(|a, b| b.cmp(a));
    sizes
}

/// Faces that appear on at least `n` dice.
pub fn faces_with(sorted: &[u8], n: usize) -> Vec<u16> {
    sorted
        .chunk_by(|a, b| a == b)
        .filter(|group| group.len() >= n)
        .map(|group| u16::from(group[0]))
        .collect()
}

pub fn contains_all(sorted: &[u8], wanted: &[u8]) -> bool {
    wanted.iter().all(|face| sorted.contains(face))
}

/// The plain reading of each rule in the issue, for one ruleset family.
pub fn reference(ruleset: RulesetId, category: Category, dice: &[u8]) -> u16 {
    let sum: u16 = dice.iter().map(|&d| u16::from(d)).sum();
    let groups = group_sizes(dice);
    let largest = groups[0];
    let upper_face = match category {
        Category::Aces => Some(1),
        Category::Twos => Some(2),
        Category::Threes => Some(3),
        Category::Fours => Some(4),
        Category::Fives => Some(5),
        Category::Sixes => Some(6),
        _ => None,
    };
    if let Some(face) = upper_face {
        return dice.iter().filter(|&&d| d == face).map(|&d| u16::from(d)).sum();
    }
    let when = |condition: bool, points: u16| if condition { points } else { 0 };
    let exactly = |faces: [u8; 5]| dice == faces;
    match ruleset {
        RulesetId::Yahtzee | RulesetId::Yardzee => match category {
            Category::ThreeOfAKind => when(largest >= 3, sum),
            Category::FourOfAKind => when(largest >= 4, sum),
            Category::FullHouse => when(groups == [3, 2], 25),
            Category::SmallStraight => when(
                contains_all(dice, &[1, 2, 3, 4])
                    || contains_all(dice, &[2, 3, 4, 5])
                    || contains_all(dice, &[3, 4, 5, 6]),
                30,
            ),
            Category::LargeStraight => when(exactly([1, 2, 3, 4, 5]) || exactly([2, 3, 4, 5, 6]), 40),
            Category::Yahtzee => when(largest == 5, 50),
            Category::Chance => sum,
            other => panic!("{other:?} is not on the yahtzee sheet"),
        },
        RulesetId::Yam => match category {
            Category::ThreeOfAKind => when(largest >= 3, sum),
            Category::SmallStraight => when(exactly([1, 2, 3, 4, 5]), 25),
            Category::LargeStraight => when(exactly([2, 3, 4, 5, 6]), 25),
            Category::FullHouse => when(groups == [3, 2] || groups == [5], 30),
            Category::FourOfAKind => when(largest >= 4, 40),
            Category::Yam => when(largest == 5, 50),
            other => panic!("{other:?} is not on the yam sheet"),
        },
        RulesetId::Yatzy | RulesetId::ForcedYatzy => match category {
            Category::OnePair => faces_with(dice, 2).last().map_or(0, |face| 2 * face),
            Category::TwoPairs => {
                let pairs = faces_with(dice, 2);
                when(pairs.len() == 2, pairs.iter().map(|face| 2 * face).sum())
            }
            Category::ThreeOfAKind => faces_with(dice, 3).last().map_or(0, |face| 3 * face),
            Category::FourOfAKind => faces_with(dice, 4).last().map_or(0, |face| 4 * face),
            Category::SmallStraight => when(exactly([1, 2, 3, 4, 5]), 15),
            Category::LargeStraight => when(exactly([2, 3, 4, 5, 6]), 20),
            Category::FullHouse => when(groups == [3, 2], sum),
            Category::Chance => sum,
            Category::Yatzy => when(largest == 5, 50),
            other => panic!("{other:?} is not on the yatzy sheet"),
        },
        RulesetId::Yacht => match category {
            Category::FullHouse => when(groups == [3, 2], sum),
            Category::FourOfAKind => faces_with(dice, 4).last().map_or(0, |face| 4 * face),
            Category::LittleStraight => when(exactly([1, 2, 3, 4, 5]), 30),
            Category::BigStraight => when(exactly([2, 3, 4, 5, 6]), 30),
            Category::Choice => sum,
            Category::Yacht => when(largest == 5, 50),
            other => panic!("{other:?} is not on the yacht sheet"),
        },
        // As on an empty sheet, after the first roll, with the usual house rules (generala() reads them all).
        RulesetId::Generala => generala(HouseRules::DEFAULT, category, dice, false, None),
        RulesetId::MaxiYatzy => maxi_yatzy(category, dice),
    }
}

/// Maxi Yatzy's boxes read plainly on six sorted dice: each combination of faces it names tried in turn, the
/// best kept.
pub fn maxi_yatzy(category: Category, dice: &[u8]) -> u16 {
    let sum: u16 = dice.iter().map(|&d| u16::from(d)).sum();
    let count = |face: u8| dice.iter().filter(|&&d| d == face).count();
    let when = |condition: bool, points: u16| if condition { points } else { 0 };
    // The best `big` dice of one face and `small` of another (the groups of different faces).
    let groups = |big: usize, small: usize| {
        let mut best = 0;
        for a in 1..=6u8 {
            for b in (1..=6u8).filter(|&b| b != a) {
                if count(a) >= big && count(b) >= small {
                    best = best.max(big as u16 * u16::from(a) + small as u16 * u16::from(b));
                }
            }
        }
        best
    };
    let pairs = faces_with(dice, 2);
    let highest_pairs = |n: usize| {
        when(
            pairs.len() >= n,
            pairs.iter().rev().take(n).map(|face| 2 * face).sum(),
        )
    };
    match category {
        Category::OnePair => highest_pairs(1),
        Category::TwoPairs => highest_pairs(2),
        Category::ThreePairs => highest_pairs(3),
        Category::ThreeOfAKind => faces_with(dice, 3).last().map_or(0, |face| 3 * face),
        Category::FourOfAKind => faces_with(dice, 4).last().map_or(0, |face| 4 * face),
        Category::FiveOfAKind => faces_with(dice, 5).last().map_or(0, |face| 5 * face),
        Category::SmallStraight => when(contains_all(dice, &[1, 2, 3, 4, 5]), 15),
        Category::LargeStraight => when(contains_all(dice, &[2, 3, 4, 5, 6]), 20),
        Category::FullStraight => when(contains_all(dice, &[1, 2, 3, 4, 5, 6]), 21),
        Category::FullHouse => groups(3, 2),
        Category::Villa => groups(3, 3),
        Category::Tower => groups(4, 2),
        Category::Chance => sum,
        Category::MaxiYatzy => when(count(dice[0]) == 6, 100),
        other => panic!("{other:?} is not on the maxi yatzy sheet"),
    }
}

/// Generala's boxes read plainly, under these house rules: the dice made on the turn's first roll or later, the
/// generala box open (`None`) or holding what it holds.
pub fn generala(
    house: HouseRules,
    category: Category,
    dice: &[u8],
    first_roll: bool,
    generala: Option<u16>,
) -> u16 {
    let groups = group_sizes(dice);
    let exactly = |faces: [u8; 5]| dice == faces;
    let straight = exactly([1, 2, 3, 4, 5])
        || exactly([2, 3, 4, 5, 6])
        || (house.ace_after_six && exactly([1, 3, 4, 5, 6]));
    let bonus = if first_roll { house.first_roll_bonus } else { 0 };
    let when = |condition: bool, points: u16| if condition { points } else { 0 };
    match category {
        Category::Straight => when(straight, 20 + bonus),
        Category::FullHouse => when(groups == [3, 2], 30 + bonus),
        Category::FourOfAKind => when(groups[0] >= 4, 40 + bonus),
        Category::Generala => when(groups[0] == 5, 50),
        Category::DoubleGenerala => when(groups[0] == 5 && generala.is_some_and(|held| held > 0), 100),
        upper => reference(RulesetId::Yacht, upper, dice),
    }
}

pub fn counts(dice: &[u8]) -> FaceCounts {
    Dice::from_values(dice).expect("test dice are valid").counts()
}

/// Yahtzee's cells, which Yardzee's wedding sheet shares.
pub const YAHTZEE_SHEET: &[&str] = &[
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
];

/// Yatzy's cells, which Forced Yatzy fills in order.
pub const YATZY_SHEET: &[&str] = &[
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yatzy",
];

pub const SHEETS: [(RulesetId, &[&str]); 8] = [
    (RulesetId::Yahtzee, YAHTZEE_SHEET),
    (RulesetId::Yardzee, YAHTZEE_SHEET),
    (
        RulesetId::Yam,
        &[
            "aces",
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "three_of_a_kind",
            "small_straight",
            "large_straight",
            "full_house",
            "four_of_a_kind",
            "yam",
        ],
    ),
    (RulesetId::Yatzy, YATZY_SHEET),
    (RulesetId::ForcedYatzy, YATZY_SHEET),
    (
        RulesetId::Yacht,
        &[
            "aces",
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "full_house",
            "four_of_a_kind",
            "little_straight",
            "big_straight",
            "choice",
            "yacht",
        ],
    ),
    (
        RulesetId::Generala,
        &[
            "aces",
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "straight",
            "full_house",
            "four_of_a_kind",
            "generala",
            "double_generala",
        ],
    ),
    (
        RulesetId::MaxiYatzy,
        &[
            "aces",
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "one_pair",
            "two_pairs",
            "three_pairs",
            "three_of_a_kind",
            "four_of_a_kind",
            "five_of_a_kind",
            "small_straight",
            "large_straight",
            "full_straight",
            "full_house",
            "villa",
            "tower",
            "chance",
            "maxi_yatzy",
        ],
    ),
];
