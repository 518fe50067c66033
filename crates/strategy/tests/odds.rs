//! The odds against independent counts: the spread of a whole game against Glenn's figure, and the last round's
//! chances against a brute-force enumeration of every die the optimal bot can roll.

use std::collections::HashMap;

use fivedice_rules::{Category, FaceCounts, Joker, Rules, RulesetId, Sheet};
use fivedice_strategy::{
    Choice, Odds, Spread, SpreadBuilder, Standing, TableAndSpreadBuilder, ValueTable, win_chances,
};

#[test]
fn a_whole_game_spreads_as_glenn_computed() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yahtzee));
    let spread = Spread::build(&table);
    let deviation = spread.shape(&table, &Sheet::new()).variance.sqrt();
    // Glenn (2006): 59.61 under optimal play (forced Joker, bonus).
    assert!((deviation - 59.61).abs() < 0.01, "{deviation}");
    // The first turn exactly, the rest by the shape of each state it ends in: the mean and the spread kept
    // (the laws are drawn on whole points, so to a few thousandths).
    let mut odds = Odds::new(&table, &spread);
    let game = odds.remaining(&Sheet::new()).unwrap();
    assert!(
        (game.mean() - table.expected_score()).abs() < 0.01,
        "{}",
        game.mean()
    );
    assert!(
        (game.variance().sqrt() - deviation).abs() < 0.02,
        "{}",
        game.variance().sqrt()
    );
}

#[test]
fn a_spread_built_a_slice_at_a_time_is_the_spread_built_at_once() {
    let table = ValueTable::myopic(Rules::new(RulesetId::Yam));
    let whole = Spread::build(&table).moments();
    let mut builder = SpreadBuilder::new(&table);
    let groups = builder.progress().groups;
    let mut done = 0;
    // Uneven slices, as a worker's might be.
    for slice in [1, 7, 0, 100].into_iter().cycle() {
        let progress = builder.step(slice);
        assert_eq!(progress.groups, groups);
        assert_eq!(progress.groups_done, (done + slice).min(groups));
        done = progress.groups_done;
        if progress.is_done() {
            break;
        }
    }
    let sliced = builder.finish().moments();
    assert_eq!(sliced.len(), whole.len());
    let differing = sliced
        .iter()
        .zip(&whole)
        .filter(|(a, b)| a.to_bits() != b.to_bits())
        .count();
    assert_eq!(differing, 0, "every moment bit for bit");
    assert!(whole.iter().any(|moment| *moment > 0.0));
}

#[test]
fn a_table_and_its_spread_built_in_one_pass_are_those_built_one_after_the_other() {
    // Yahtzee's five-of-a-kind flag and bonuses, Generala's boxes paying more on the first roll and its
    // double, Forced Yatzy's order.
    for ruleset in [RulesetId::Yahtzee, RulesetId::Generala, RulesetId::ForcedYatzy] {
        let rules = Rules::new(ruleset);
        let table = ValueTable::solve(rules);
        let spread = Spread::build(&table);
        let mut builder = TableAndSpreadBuilder::new(rules);
        assert_eq!(builder.progress().groups_done, 0);
        while !builder.step(37).is_done() {}
        let (together, together_spread) = builder.finish();
        let bits = |values: &[f32]| values.iter().map(|value| value.to_bits()).collect::<Vec<_>>();
        assert_eq!(
            bits(together.values()),
            bits(table.values()),
            "{ruleset:?}: the table"
        );
        assert_eq!(
            bits(&together_spread.moments()),
            bits(&spread.moments()),
            "{ruleset:?}: the spread"
        );
        assert_eq!(together.rules(), rules);
        let (again, again_spread) = TableAndSpreadBuilder::after(together).finish();
        assert_eq!(
            bits(again.values()),
            bits(table.values()),
            "{ruleset:?}: the table kept"
        );
        assert_eq!(bits(&again_spread.moments()), bits(&spread.moments()));
    }
}

/// The final points of one turn played by the optimal bot from `sheet`, by brute force: every ordered roll of
/// the dice rerolled, the bot's own choice (its best-ranked option) at every step.
fn brute_force(table: &ValueTable, sheet: &Sheet) -> HashMap<u16, f64> {
    let turn = table.turn(sheet).unwrap();
    let ruleset = table.rules().ruleset();
    let before = sheet.totals(ruleset).grand;
    let mut memo: HashMap<(FaceCounts, u8), HashMap<u16, f64>> = HashMap::new();
    fn play(
        dice: FaceCounts,
        rolls_left: u8,
        turn: &fivedice_strategy::TurnAdvisor,
        table: &ValueTable,
        before: u16,
        memo: &mut HashMap<(FaceCounts, u8), HashMap<u16, f64>>,
    ) -> HashMap<u16, f64> {
        if let Some(known) = memo.get(&(dice, rolls_left)) {
            return known.clone();
        }
        let advice = turn.advise(dice, rolls_left).unwrap();
        let mut points = HashMap::new();
        match advice.best().choice {
            Choice::Cell(category) => {
                let rules = table.rules();
                let sheet = turn.sheet();
                let scores = rules.scores(sheet, dice);
                let score = scores.get(category).unwrap();
                let after = sheet.with_written(category, score);
                let gained = after.totals(rules.ruleset()).grand - before + scores.bonus;
                points.insert(gained, 1.0);
            }
            Choice::Keep(keep) => {
                let kept = keep.faces();
                let rerolled = 5 - kept.len() as u32;
                let outcomes = 6usize.pow(rerolled);
                for outcome in 0..outcomes {
                    let mut faces: Vec<u8> = kept.iter().map(|face| face.value()).collect();
                    let mut code = outcome;
                    for _ in 0..rerolled {
                        faces.push((code % 6) as u8 + 1);
                        code /= 6;
                    }
                    let next = fivedice_rules::Dice::from_values(&faces).unwrap().counts();
                    for (gained, chance) in play(next, rolls_left - 1, turn, table, before, memo) {
                        *points.entry(gained).or_insert(0.0) += chance / outcomes as f64;
                    }
                }
            }
        }
        memo.insert((dice, rolls_left), points.clone());
        points
    }
    let mut points = HashMap::new();
    for outcome in 0..7776u32 {
        let mut code = outcome;
        let faces: Vec<u8> = (0..5)
            .map(|_| {
                let face = (code % 6) as u8 + 1;
                code /= 6;
                face
            })
            .collect();
        let dice = fivedice_rules::Dice::from_values(&faces).unwrap().counts();
        for (gained, chance) in play(dice, 2, &turn, table, before, &mut memo) {
            *points.entry(gained).or_insert(0.0) += chance / 7776.0;
        }
    }
    points
}

/// A sheet with every cell but `open` written with the given value (or the cell's placeholder).
fn last_round(rules: Rules, open: Category, written: &[(Category, u16)]) -> Sheet {
    let cells: Vec<(Category, u16)> = rules
        .ruleset()
        .cells
        .iter()
        .filter(|cell| cell.category != open)
        .map(|cell| {
            let value = written.iter().find(|(category, _)| *category == cell.category);
            let value = value.map_or_else(|| rules.offers(cell.category).unwrap()[1], |&(_, value)| value);
            (cell.category, value)
        })
        .collect();
    rules.sheet(&cells).unwrap()
}

#[test]
fn the_last_round_is_exact_against_brute_force() {
    let rules = Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).unwrap();
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    // Three players, one cell each: a Yahtzee still to make (the 50 already there for the second), a large
    // straight, and sixes needing 18 for the upper bonus.
    let sheets = [
        last_round(rules, Category::Yahtzee, &[]),
        last_round(rules, Category::LargeStraight, &[(Category::Yahtzee, 50)]),
        last_round(
            rules,
            Category::Sixes,
            &[
                (Category::Aces, 3),
                (Category::Twos, 6),
                (Category::Threes, 9),
                (Category::Fours, 12),
                (Category::Fives, 15),
            ],
        ),
    ];
    let totals: Vec<u16> = sheets
        .iter()
        .map(|sheet| sheet.totals(rules.ruleset()).grand)
        .collect();
    let standings: Vec<Standing> = (sheets.iter().zip(&totals))
        .map(|(sheet, &total)| Standing {
            sheet,
            total,
            turn: None,
        })
        .collect();
    let stated = odds.chances(&standings).unwrap();
    // Brute force: each player's final points, then every combination of the three.
    let finals: Vec<Vec<(u32, f64)>> = (sheets.iter().zip(&totals))
        .map(|(sheet, &total)| {
            let points = brute_force(&table, sheet);
            points
                .into_iter()
                .map(|(gained, chance)| (u32::from(total + gained), chance))
                .collect()
        })
        .collect();
    let mut counted = [0.0; 3];
    for &(a, pa) in &finals[0] {
        for &(b, pb) in &finals[1] {
            for &(c, pc) in &finals[2] {
                let best = a.max(b).max(c);
                let tied = [a, b, c].iter().filter(|&&x| x == best).count() as f64;
                for (player, &points) in [a, b, c].iter().enumerate() {
                    if points == best {
                        counted[player] += pa * pb * pc / tied;
                    }
                }
            }
        }
    }
    for player in 0..3 {
        assert!(
            (stated[player] - counted[player]).abs() < 1e-9,
            "{stated:?} against {counted:?}"
        );
    }
    assert!((stated.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // Each player's distribution is the brute force's too.
    let finals_stated = odds.finals(&standings).unwrap();
    for (stated, counted) in finals_stated.iter().zip(&finals) {
        for &(points, chance) in counted {
            assert!(
                (stated.chance(points) - chance).abs() < 1e-12,
                "{points}: {} against {chance}",
                stated.chance(points)
            );
        }
    }
    assert_eq!(win_chances(&finals_stated), stated);
}

#[test]
fn a_turn_under_way_counts_its_dice() {
    let rules = Rules::new(RulesetId::Yahtzee);
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let sheet = last_round(rules, Category::Yahtzee, &[]);
    let total = sheet.totals(rules.ruleset()).grand;
    let yahtzee = fivedice_rules::Dice::from_values(&[4, 4, 4, 4, 4])
        .unwrap()
        .counts();
    let nothing = fivedice_rules::Dice::from_values(&[1, 2, 3, 5, 6])
        .unwrap()
        .counts();
    let other = Sheet::new();
    let rival = last_round(rules, Category::Chance, &[]);
    let rival_total = rival.totals(rules.ruleset()).grand;
    let standing = |turn| {
        [
            Standing {
                sheet: &sheet,
                total,
                turn,
            },
            Standing {
                sheet: &rival,
                total: rival_total,
                turn: None,
            },
        ]
    };
    let rolled = odds.chances(&standing(Some((yahtzee, 0)))).unwrap();
    let missed = odds.chances(&standing(Some((nothing, 0)))).unwrap();
    let before = odds.chances(&standing(None)).unwrap();
    assert!(
        rolled[0] > before[0] && before[0] > missed[0],
        "{rolled:?} {before:?} {missed:?}"
    );
    assert!(
        odds.chances(&[Standing {
            sheet: &other,
            total: 0,
            turn: Some((nothing, 3))
        }])
        .is_err()
    );
}

#[test]
fn the_winner_never_does_worse_than_optimal_play_in_the_last_round_and_can_do_better() {
    let rules = Rules::new(RulesetId::Yahtzee);
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let mine = last_round(rules, Category::Chance, &[]);
    let my_total = mine.totals(rules.ruleset()).grand;
    let mut better = 0;
    // A finished rival some points ahead: only a Chance of more than the gap wins.
    for gap in 14..=29 {
        let rival = last_round(rules, Category::Chance, &[]).with_written(Category::Chance, 5);
        let rival_total = my_total + gap;
        let rival = Standing {
            sheet: &rival,
            total: rival_total,
            turn: None,
        };
        let optimal = odds
            .chances(&[
                Standing {
                    sheet: &mine,
                    total: my_total,
                    turn: None,
                },
                rival.clone(),
            ])
            .unwrap()[0];
        let winner = odds.winning_turn(&mine, my_total, &[rival]).unwrap().chance();
        assert!(winner >= optimal - 1e-6, "gap {gap}: {winner} against {optimal}");
        better += usize::from(winner > optimal + 1e-3);
    }
    assert!(
        better > 3,
        "the Winner chased a high Chance in {better} positions only"
    );
}

#[test]
fn the_winner_plays_whole_legal_games_and_for_points_once_the_game_is_decided() {
    use fivedice_rules::{DiceMode, Game};
    use fivedice_strategy::{Rng, play_to_win};
    let rules = Rules::new(RulesetId::Yatzy);
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let mut dice = Rng::new(4);
    for first in 0..2 {
        let mut game = Game::new(rules, DiceMode::App, &["Winner", "Rival"], first).unwrap();
        while !game.is_over() {
            play_to_win(&mut odds, &mut game, &mut dice).unwrap();
        }
        assert!(game.totals(0).unwrap().grand > 0);
    }
    // Alone at the table there is nothing to beat: every option wins, and the best score decides.
    let sheet = Sheet::new();
    let mut turn = odds.winning_turn(&sheet, 0, &[]).unwrap();
    let rolled = fivedice_rules::Dice::from_values(&[6, 6, 6, 2, 1])
        .unwrap()
        .counts();
    let advice = turn.advise(rolled, 2).unwrap();
    let best = table.advise(&sheet, rolled, 2).unwrap();
    assert_eq!(advice.best().choice, best.best().choice);
    assert!(advice.options.iter().all(|option| option.win == 1.0));
}

/// Generala at a table: the chances count each turn's generala on its first roll, which wins at once; once
/// rolled, the player who rolled it has won.
#[test]
fn a_generala_on_the_first_roll_is_counted_by_the_chances_and_wins_as_rolled() {
    use fivedice_rules::{DiceMode, Game, Play};
    let rules = Rules::new(RulesetId::Generala);
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let mut game = Game::new(rules, DiceMode::App, &["Ana", "Beto"], 0).unwrap();
    let start = odds.game_chances(&game).unwrap();
    assert!((start.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{start:?}");
    assert!(
        start[0] > start[1],
        "the first to roll is the first who may throw it: {start:?}"
    );
    let five = fivedice_rules::Dice::from_values(&[3, 3, 3, 3, 3]).unwrap();
    game.play(&Play::Roll(five)).unwrap();
    assert!(game.is_over());
    assert_eq!(odds.game_chances(&game).unwrap(), [1.0, 0.0]);
    // Asked all the same, the Winner and the optimal player would both write them at once.
    let mut turn = odds.game_turn(&game).unwrap();
    let advice = turn.advise(five.counts(), 2).unwrap();
    assert!(
        matches!(advice.best().choice, Choice::Cell(_)),
        "{:?}",
        advice.best()
    );
    let advisor = table.turn(&game.sheets()[0]).unwrap();
    assert!(matches!(
        advisor.advise(five.counts(), 2).unwrap().best().choice,
        Choice::Cell(_)
    ));
}
