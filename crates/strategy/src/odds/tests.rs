use super::*;

#[test]
fn turns_go_round_the_table_while_boxes_are_open() {
    assert_eq!(turn_order(&[2, 1, 2], 1), [1, 2, 0, 2, 0]);
    assert_eq!(turn_order(&[0, 0], 0), Vec::<usize>::new());
}

/// Each turn throws five alike on its first roll 6 times in 7,776: the first to throw them wins, and the
/// totals decide only where nobody does.
#[test]
fn five_alike_on_a_first_roll_win_for_whoever_throws_them_first() {
    let even = [0.5, 0.5];
    assert_eq!(with_first_roll_wins(&even, &[]), even);
    let p = 6.0 / 7776.0;
    let one_each = with_first_roll_wins(&even, &[0, 1]);
    let nobody = (1.0 - p) * (1.0 - p);
    assert!((one_each[0] - (p + nobody * 0.5)).abs() < 1e-15, "{one_each:?}");
    assert!(
        (one_each[1] - ((1.0 - p) * p + nobody * 0.5)).abs() < 1e-15,
        "{one_each:?}"
    );
    let turns = turn_order(&[11, 11, 11], 2);
    let chances = with_first_roll_wins(&[0.2, 0.3, 0.5], &turns);
    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // A player who cannot win on totals still can, by a generala on a first roll.
    let hopeless = with_first_roll_wins(&[0.0, 1.0], &turn_order(&[5, 5], 0));
    assert!(
        hopeless[0] > 4.0 * p * 0.99 && hopeless[0] < 5.0 * p,
        "{hopeless:?}"
    );
}

#[test]
fn ties_are_shared_and_chances_add_up_to_one() {
    let coin = Distribution {
        start: 10,
        probabilities: vec![0.5, 0.5],
    };
    let chances = win_chances(&[coin.clone(), coin.clone()]);
    assert!((chances[0] - 0.5).abs() < 1e-12 && (chances[1] - 0.5).abs() < 1e-12);
    // 10 or 11 against a certain 11: wins never, ties half the time (shared): 0.25 against 0.75.
    let chances = win_chances(&[coin.clone(), Distribution::certain(11)]);
    assert!((chances[0] - 0.25).abs() < 1e-12, "{chances:?}");
    // Three certain ties share one win.
    let chances = win_chances(&[
        Distribution::certain(7),
        Distribution::certain(7),
        Distribution::certain(7),
    ]);
    assert!(chances.iter().all(|&chance| (chance - 1.0 / 3.0).abs() < 1e-12));
    let chances = win_chances(&[coin.clone(), coin.shifted(1), Distribution::certain(11)]);
    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{chances:?}");
}

#[test]
fn a_normal_law_keeps_its_mean_and_variance() {
    // Wide laws by their density, narrow ones by the erfc.
    for (mean, variance) in [(420.0, 900.0), (31.3, 5.0), (12.5, 2.0)] {
        let law = Distribution::normal(mean, variance);
        assert!((law.probabilities.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((law.mean() - mean).abs() < 1e-6, "{}", law.mean());
        // Bins of whole points add at most a twelfth of a point squared (Sheppard's correction).
        let gained = law.variance() - variance;
        assert!((-1e-6..0.09).contains(&gained), "{variance}: {}", law.variance());
    }
    // Near 0, what would fall below it stays at 0 or above.
    assert_eq!(Distribution::normal(10.0, 100.0).start(), 0);
    assert!((normal_cdf(1.0) - 0.841_344_746).abs() < 1e-7);
    assert_eq!(Distribution::normal(3.4, 0.0), Distribution::certain(3));
}
