use fivedice_rules::{Columns, DiceMode, Play, RulesetId};

use super::*;

fn column_rules(columns: &[Column]) -> Rules {
    Rules::new(RulesetId::Yam)
        .with_columns(Columns::new(columns).unwrap())
        .unwrap()
}

/// Every move the player makes is one the game accepts, on every kind of column (dry and announced
/// included), to the end of the game.
#[test]
fn the_column_player_finishes_every_column_set_within_the_rules() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yam));
    for columns in [
        vec![Column::Down, Column::Free, Column::Up],
        vec![Column::Dry],
        vec![Column::Announced],
        vec![
            Column::Up,
            Column::Announced,
            Column::Dry,
            Column::Down,
            Column::Free,
        ],
    ] {
        let rules = column_rules(&columns);
        let summary = simulate_columns(&table, rules, 3, 11).unwrap();
        assert_eq!(summary.games, 3);
        assert!(summary.min > 0, "{columns:?}: {summary:?}");
    }
}

/// With no rolls left the greedy player writes the box worth most now (points, and an upper bonus it
/// completes), among the boxes the rules allow.
#[test]
fn the_greedy_player_takes_the_most_points_on_its_last_roll() {
    let table = ValueTable::myopic(Rules::new(RulesetId::Yam));
    let bot = ColumnBot::new(&table);
    let rules = column_rules(&[Column::Down, Column::Free, Column::Up]);
    let mut dice = Rng::new(3);
    for _ in 0..20 {
        let mut game = Game::new(rules, DiceMode::App, &["bot"], 0).unwrap();
        while !game.is_over() {
            for _ in 0..3 {
                game.play(&game.draw(&mut dice).unwrap()).unwrap();
            }
            let Step::Write(chosen) = bot.decide(&game).unwrap() else {
                panic!("no rolls left: the player writes");
            };
            let worth = |place: Place| {
                let mut after = game.clone();
                after.play(&Play::Score(place)).unwrap();
                after.totals(0).unwrap().grand
            };
            let columns = rules.columns();
            let allowed = columns.as_slice().iter().flat_map(|&column| {
                rules
                    .ruleset()
                    .cells
                    .iter()
                    .map(move |cell| Place::new(column, cell.category))
            });
            let best = allowed
                .filter(|&place| game.check_place(place).is_ok())
                .map(worth)
                .max();
            assert_eq!(Some(worth(chosen)), best);
            game.play(&Play::Score(chosen)).unwrap();
        }
    }
}

/// An ordered column with one box left is worth what the exact one-column table says of a sheet with only
/// that box open, for every upper total: the last box of Down (Yam) and of Up (As, where the bonus hangs
/// on it).
#[test]
fn an_ordered_column_with_one_box_left_is_worth_what_the_exact_table_says() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yam));
    let bot = ColumnBot::new(&table);
    let ruleset = RulesetId::Yam.ruleset();
    for total in 0..=63u16 {
        for (column, open) in [(Column::Down, Category::Yam), (Column::Up, Category::Aces)] {
            // The upper total written with the dice the other upper boxes can hold, sixes first.
            let mut sheet = Sheet::new();
            let mut left = total;
            for cell in ruleset.cells.iter().rev().filter(|cell| cell.category != open) {
                let value = match cell.pattern {
                    Pattern::Face { face } => {
                        let face = u16::from(face.value());
                        (left / face).min(5) * face
                    }
                    _ => 0,
                };
                left -= value;
                sheet = sheet.with_written(cell.category, value);
            }
            if left > 0 {
                continue; // no dice make this total without the open box
            }
            let exact = table.expected_remaining(&sheet);
            let ordered = bot.column_worth(column, &sheet);
            assert!(
                (ordered - exact).abs() < 1e-3,
                "{column} at {total}: {ordered} vs {exact}"
            );
        }
    }
    // A fresh ordered column is worth less than a free one (the order binds), and more than nothing.
    let fresh = bot.column_worth(Column::Down, &Sheet::new());
    assert!(fresh > 50.0 && fresh < table.expected_score(), "{fresh}");
}

/// The ranked options: best first, the best is the player's move, and after the last roll each box is
/// worth its points (and any bonus) plus what its columns are then worth, played alone.
#[test]
fn options_are_ranked_by_points_to_come_and_the_best_is_played() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yam));
    let bot = ColumnBot::new(&table);
    let rules = column_rules(&[Column::Down, Column::Free, Column::Up, Column::Announced]);
    let mut dice = Rng::new(5);
    let mut game = Game::new(rules, DiceMode::App, &["bot"], 0).unwrap();
    let worth_of_columns = |game: &Game| -> f64 {
        (rules.columns().iter())
            .zip(game.seat_sheets(0))
            .map(|(column, sheet)| bot.column_worth(column, sheet))
            .sum()
    };
    for _ in 0..12 {
        game.play(&game.draw(&mut dice).unwrap()).unwrap();
        let options = bot.options(&game).unwrap();
        let values: Vec<f64> = options.iter().map(|o| o.expected_remaining).collect();
        assert!(values.windows(2).all(|pair| pair[0] >= pair[1]));
        assert_eq!(
            Some(bot.decide(&game).unwrap()),
            options.first().map(|o| o.choice)
        );
        // 12 announcements right after the first roll, while the announced column has 12 open boxes.
        let announcements = options
            .iter()
            .filter(|o| matches!(o.choice, Step::Announce(_)))
            .count();
        let announced = game.sheet(0, Column::Announced).unwrap();
        let open = rules
            .ruleset()
            .cells
            .iter()
            .filter(|cell| announced.is_open(cell.category));
        assert_eq!(announcements, open.count());
        game.play(&game.draw(&mut dice).unwrap()).unwrap();
        game.play(&game.draw(&mut dice).unwrap()).unwrap();
        let before = game.totals(0).unwrap().grand;
        for rated in bot.options(&game).unwrap() {
            let Step::Write(place) = rated.choice else {
                panic!("no rolls left: only boxes");
            };
            let mut after = game.clone();
            after.play(&Play::Score(place)).unwrap();
            let points = after.totals(0).unwrap().grand - before;
            let expected = f64::from(points) + worth_of_columns(&after);
            assert!((rated.expected_remaining - expected).abs() < 1e-9, "{place}");
        }
        let Step::Write(place) = bot.decide(&game).unwrap() else {
            panic!("no rolls left: a box");
        };
        game.play(&Play::Score(place)).unwrap();
    }
}

#[test]
fn the_heuristic_beats_the_greedy_baseline() {
    let rules = column_rules(&[Column::Down, Column::Free, Column::Up]);
    let optimal = ValueTable::solve(Rules::new(RulesetId::Yam));
    let greedy = ValueTable::myopic(Rules::new(RulesetId::Yam));
    let heuristic = simulate_columns(&optimal, rules, 200, 7).unwrap();
    let baseline = simulate_columns(&greedy, rules, 200, 7).unwrap();
    // Far apart: more than ten standard errors of the difference.
    let error = (heuristic.standard_error.powi(2) + baseline.standard_error.powi(2)).sqrt();
    assert!(
        heuristic.mean - baseline.mean > 10.0 * error,
        "{heuristic:?} vs {baseline:?}"
    );
}
