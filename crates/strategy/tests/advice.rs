//! Advice within a turn agrees with the table, with itself across rolls, and with cases worked by hand.

use fivedice_rules::{Category, DICE, Dice, FaceCounts, Rules, RulesetId, Section, Sheet};
use fivedice_strategy::{AdviceError, Choice, Progress, TableBuilder, ValueTable};

fn yam() -> ValueTable {
    ValueTable::solve(Rules::new(RulesetId::Yam))
}

#[test]
fn with_only_chance_open_three_rolls_are_worth_70_thirds() {
    // Keep a die showing 5 or 6 after the first roll, 4 or more after the second: 5 × 14/3 points.
    let rules = Rules::new(RulesetId::Yahtzee);
    let table = ValueTable::solve(rules);
    let filled: Vec<(Category, u16)> = (rules.ruleset().cells.iter())
        .filter(|cell| cell.category != Category::Chance)
        .map(|cell| (cell.category, 0))
        .collect();
    let sheet = rules.sheet(&filled).unwrap();
    assert!((table.expected_remaining(&sheet) - 70.0 / 3.0).abs() < 1e-4);
    let advice = table
        .advise(&sheet, "6 5 4 2 1".parse::<Dice>().unwrap().counts(), 2)
        .unwrap();
    assert_eq!(advice.best().choice, advice.options[0].choice);
    let Choice::Keep(keep) = advice.best().choice else {
        panic!("rolls are left")
    };
    assert_eq!(
        keep.faces().iter().map(|face| face.value()).collect::<Vec<_>>(),
        [5, 6]
    );
    assert_eq!(advice.loss(advice.best().choice), Some(0.0));
    assert_eq!(advice.loss(Choice::Cell(Category::Aces)), None);
}

#[test]
fn the_upper_bonus_counts_when_the_last_upper_cell_crosses_the_threshold() {
    // Only sixes open at an upper total of 45: keep every six; three or more of them earn the 35 bonus.
    let rules = Rules::new(RulesetId::Yahtzee);
    let table = ValueTable::solve(rules);
    let upper = [
        (Category::Aces, 3),
        (Category::Twos, 6),
        (Category::Threes, 9),
        (Category::Fours, 12),
    ];
    // The lower section written off (the chance cannot hold less than five).
    let lower_cells = rules
        .ruleset()
        .cells
        .iter()
        .filter(|cell| cell.section == Section::Lower);
    let lower = lower_cells.map(|cell| {
        (
            cell.category,
            if cell.category == Category::Chance { 5 } else { 0 },
        )
    });
    let filled: Vec<(Category, u16)> = upper
        .into_iter()
        .chain([(Category::Fives, 15)])
        .chain(lower)
        .collect();
    let sheet = rules.sheet(&filled).unwrap();
    let six = 1.0 - (5.0f64 / 6.0).powi(3);
    let binomial =
        |k: i32| [1.0, 5.0, 10.0, 10.0, 5.0, 1.0][k as usize] * six.powi(k) * (1.0 - six).powi(5 - k);
    let expected = 30.0 * six + 35.0 * (3..=5).map(binomial).sum::<f64>();
    assert!(
        (table.expected_remaining(&sheet) - expected).abs() < 1e-4,
        "{expected}"
    );
}

#[test]
fn the_turn_start_is_the_mean_of_the_best_choice_over_first_rolls() {
    let table = yam();
    let sheet = Sheet::new();
    let turn = table.turn(&sheet).unwrap();
    assert_eq!(turn.expected_remaining(), table.expected_score());
    let mut mean = 0.0;
    for roll in FaceCounts::all(DICE) {
        let ways = 120.0
            / roll
                .as_array()
                .iter()
                .map(|&n| (1..=u32::from(n)).product::<u32>() as f64)
                .product::<f64>();
        mean += ways / 7776.0 * turn.advise(roll, 2).unwrap().best().expected_remaining;
    }
    assert!((mean - table.expected_score()).abs() < 1e-4, "{mean}");
}

#[test]
fn a_keep_is_worth_the_mean_of_the_best_cell_after_the_reroll() {
    let table = yam();
    let sheet = table
        .rules()
        .sheet(&[(Category::Sixes, 18), (Category::Yam, 0)])
        .unwrap();
    let turn = table.turn(&sheet).unwrap();
    let dice: Dice = "6 6 6 2 1".parse().unwrap();
    let advice = turn.advise(dice.counts(), 1).unwrap();
    let keep = advice.options.iter().find(|rated| match rated.choice {
        Choice::Keep(keep) => keep.faces().iter().map(|face| face.value()).eq([2, 6, 6, 6]),
        Choice::Cell(_) => false,
    });
    let after: f64 = (1..=6)
        .map(|face| {
            let dice: Dice = format!("6 6 6 2 {face}").parse().unwrap();
            turn.advise(dice.counts(), 0).unwrap().best().expected_remaining / 6.0
        })
        .sum();
    assert!((keep.unwrap().expected_remaining - after).abs() < 1e-4);
    // Cells are offered as the rules offer them, with the sheet's total added for the final score.
    let cells = turn.advise(dice.counts(), 0).unwrap();
    assert_eq!(cells.options.len(), 10);
    assert_eq!(cells.sheet_total, 18);
    for rated in &cells.options {
        assert!((rated.expected_final - rated.expected_remaining - 18.0).abs() < 1e-9);
    }
}

#[test]
fn advice_refuses_impossible_situations() {
    let table = yam();
    let dice = "1 2 3 4 5".parse::<Dice>().unwrap().counts();
    assert_eq!(
        table.advise(&Sheet::new(), dice, 3).unwrap_err(),
        AdviceError::RollsLeft(3)
    );
    let rules = table.rules();
    let all: Vec<(Category, u16)> = rules
        .ruleset()
        .cells
        .iter()
        .map(|cell| (cell.category, 0))
        .collect();
    let full = rules.sheet(&all).unwrap();
    assert_eq!(
        table.turn(&full).err().map(|error| error.to_string()),
        Some("the sheet is full: the game is over".into())
    );
}

#[test]
fn a_keep_holds_the_first_dice_showing_its_faces() {
    let table = yam();
    let dice: Dice = "6 2 6 5 6".parse().unwrap();
    let advice = table.advise(&Sheet::new(), dice.counts(), 2).unwrap();
    let sixes = advice.options.iter().find_map(|rated| match rated.choice {
        Choice::Keep(keep) if keep.faces().iter().map(|face| face.value()).eq([6, 6]) => Some(keep),
        _ => None,
    });
    assert_eq!(
        sixes.unwrap().holds(dice),
        [true, false, true, false, false, false]
    );
}

#[test]
fn a_build_in_slices_reports_progress_and_gives_the_same_table() {
    let rules = Rules::new(RulesetId::Yam);
    let mut reports: Vec<Progress> = Vec::new();
    let table = ValueTable::solve_with_progress(rules, |progress| reports.push(progress));
    assert!(reports.len() >= 100);
    assert!(
        reports
            .windows(2)
            .all(|pair| pair[0].groups_done < pair[1].groups_done)
    );
    assert!(reports.last().unwrap().is_done());
    let mut builder = TableBuilder::new(rules);
    while !builder.step(777).is_done() {}
    assert_eq!(builder.finish().values(), table.values());
    assert_eq!(table.values(), yam().values());
    assert_eq!(table.memory_bytes(), 4 * table.state_count());
    // What a worker posts back rebuilds the same table; values of other rules do not fit.
    let posted = ValueTable::from_values(rules, table.values().to_vec()).unwrap();
    assert_eq!(posted.expected_score(), table.expected_score());
    assert!(ValueTable::from_values(Rules::new(RulesetId::Yatzy), table.values().to_vec()).is_none());
}
