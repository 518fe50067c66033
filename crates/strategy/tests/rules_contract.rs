//! What the solver takes for granted about the rules, checked against the rules crate itself: the scores of a
//! roll depend on the sheet only for five of a kind, and only once the five-of-a-kind cell is filled.

use fivedice_rules::{Category, DICE, FaceCounts, Joker, Rules, RulesetId, Sheet};
use fivedice_strategy::Rng;

/// A sheet with each cell filled (with a value the rules offer) or left open at random.
fn random_sheet(rules: Rules, rng: &mut Rng) -> Sheet {
    let mut filled = Vec::new();
    for cell in rules.ruleset().cells {
        if rng.below(2) == 1 {
            let offers = rules.offers(cell.category).unwrap();
            filled.push((cell.category, offers[rng.below(offers.len() as u64) as usize]));
        }
    }
    rules.sheet(&filled).unwrap()
}

#[test]
fn only_five_of_a_kind_on_a_filled_box_scores_differently_from_the_empty_sheet() {
    let mut variants: Vec<Rules> = Joker::ALL
        .iter()
        .flat_map(|&joker| {
            [true, false].map(|bonus| Rules::with_options(RulesetId::Yahtzee, joker, bonus).unwrap())
        })
        .collect();
    variants.extend([RulesetId::Yam, RulesetId::Yatzy].map(Rules::new));
    let mut rng = Rng::new(6);
    for rules in variants {
        let five_box = rules.ruleset().all_alike_cell();
        for _ in 0..200 {
            let sheet = random_sheet(rules, &mut rng);
            for roll in FaceCounts::all(DICE) {
                if roll.all_alike().is_some() && !sheet.is_open(five_box) {
                    continue;
                }
                let on_empty = rules.scores(&Sheet::new(), roll);
                let open_cells: Vec<(Category, u16)> = on_empty
                    .cells
                    .into_iter()
                    .filter(|&(cell, _)| sheet.is_open(cell))
                    .collect();
                let scores = rules.scores(&sheet, roll);
                assert_eq!(scores.cells, open_cells, "{rules:?} {sheet:?} {roll:?}");
                assert_eq!(scores.bonus, 0);
            }
        }
    }
}
