//! Every cell of every ruleset against all its rolls (252 of five dice, 462 of Maxi Yatzy's six), checked by a
//! second scorer written the plain way: sorted dice, runs of equal faces, sets of faces. It shares no code with
//! the crate's scoring path.

use std::collections::{BTreeMap, BTreeSet};

use fivedice_rules::{
    Category, Dice, FaceCounts, HouseRules, Joker, JokerCall, Label, Language, Rules, RulesetId, Section,
    Sheet,
};

/// All 7776 ordered throws of five dice reduced to their sorted forms: the 252 distinct rolls.
fn distinct_rolls() -> BTreeSet<Vec<u8>> {
    rolls_of(5)
}

/// All ordered throws of `dice` dice reduced to their sorted forms.
fn rolls_of(dice: u32) -> BTreeSet<Vec<u8>> {
    let mut rolls = BTreeSet::new();
    for code in 0..6u32.pow(dice) {
        let mut dice: Vec<u8> = (0..dice).map(|i| (code / 6u32.pow(i) % 6) as u8 + 1).collect();
        dice.sort();
        rolls.insert(dice);
    }
    rolls
}

/// Sizes of the groups of equal faces, largest first, e.g. [3, 2] for a full house.
fn group_sizes(sorted: &[u8]) -> Vec<usize> {
    let mut sizes: Vec<usize> = sorted.chunk_by(|a, b| a == b).map(|group| group.len()).collect();
    sizes.sort_by(|a, b| b.cmp(a));
    sizes
}

/// Faces that appear on at least `n` dice.
fn faces_with(sorted: &[u8], n: usize) -> Vec<u16> {
    sorted
        .chunk_by(|a, b| a == b)
        .filter(|group| group.len() >= n)
        .map(|group| u16::from(group[0]))
        .collect()
}

fn contains_all(sorted: &[u8], wanted: &[u8]) -> bool {
    wanted.iter().all(|face| sorted.contains(face))
}

/// The plain reading of each rule in the issue, for one ruleset family.
fn reference(ruleset: RulesetId, category: Category, dice: &[u8]) -> u16 {
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
fn maxi_yatzy(category: Category, dice: &[u8]) -> u16 {
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
fn generala(
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

fn counts(dice: &[u8]) -> FaceCounts {
    Dice::from_values(dice).expect("test dice are valid").counts()
}

/// Yahtzee's cells, which Yardzee's wedding sheet shares.
const YAHTZEE_SHEET: &[&str] = &[
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
const YATZY_SHEET: &[&str] = &[
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

const SHEETS: [(RulesetId, &[&str]); 8] = [
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
