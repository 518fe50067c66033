//! A computer player for Maxi Yatzy, where exact play is out of reach: six dice, twenty boxes, the upper
//! total and the rolls each player has saved make a state space far beyond one table on a device.
//!
//! The player is built on exact parts. Each turn is solved exactly over the dice to come (every keep of six
//! dice, every roll left, the saved ones included) for an estimate of what ending the turn is worth: the
//! points written, less the box's par (what a whole turn played for that box alone scores on average, itself
//! solved exactly), plus the upper total's progress towards its bonus while the bonus can still be reached,
//! plus a value for each roll left unused and so saved. The same player with every one of those weights at 0
//! maximises the points of the turn in hand: the greedy baseline it is measured against.

use std::sync::OnceLock;

use fivedice_rules::{
    Column, FaceCounts, Game, GameError, MAX_DICE, MAX_ROLLS, Pattern, Place, Rules, Sheet,
};

use crate::advice::Keep;
use crate::bot::{Rng, Summary, pick, solitaire_games};
use crate::playing::{self, PlayError, Step};

/// The weights of the estimate: how far the player looks past the points in hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaxiWeights {
    /// The share of a box's par charged for using the box up.
    pub par: f64,
    /// The points an upper box's dice count for above (or below) four of its face, while the bonus can be
    /// reached.
    pub upper: f64,
    /// What a roll saved for a later turn is worth.
    pub saved_roll: f64,
}

impl MaxiWeights {
    /// The strong player's weights, the best of a grid of them by simulation (2,000 games a point, seed 11:
    /// BENCHMARKS.md). A saved roll worth much more than 4.5 points makes a hoarder that stops after one roll.
    pub const STRONG: MaxiWeights = MaxiWeights {
        par: 0.9,
        upper: 2.2,
        saved_roll: 4.5,
    };
    /// The points of the turn in hand and nothing else.
    pub const GREEDY: MaxiWeights = MaxiWeights {
        par: 0.0,
        upper: 0.0,
        saved_roll: 0.0,
    };
}

/// One of the player's options now, with its estimated worth: the points the option is expected to bring
/// this turn, less what it uses up (the par of the box it ends in), plus what it saves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedMaxiMove {
    pub choice: Step,
    pub estimate: f64,
}

/// Every keep of zero to six dice, smallest first, with its one-die neighbours.
struct SixDice {
    counts: Vec<[u8; 6]>,
    /// For each keep below six dice: the keep with one more die showing each face.
    add_die: Vec<[u16; 6]>,
    /// For each keep: the keep with one die fewer of each face it holds (`u16::MAX` where it holds none).
    drop_die: Vec<[u16; 6]>,
    /// The number of the first six-dice keep: the rolls are the keeps from there.
    first_roll: usize,
    index_by_code: Vec<u16>,
}

fn code(counts: &[u8; 6]) -> usize {
    counts.iter().rev().fold(0, |code, &n| code * 7 + usize::from(n))
}

impl SixDice {
    fn get() -> &'static SixDice {
        static GRAPH: OnceLock<SixDice> = OnceLock::new();
        GRAPH.get_or_init(SixDice::new)
    }

    fn new() -> SixDice {
        let mut counts: Vec<[u8; 6]> = Vec::new();
        for size in 0..=MAX_DICE {
            counts.extend(FaceCounts::all(size).map(|keep| keep.as_array()));
        }
        let mut index_by_code = vec![u16::MAX; 7usize.pow(6)];
        for (index, keep) in counts.iter().enumerate() {
            index_by_code[code(keep)] = index as u16;
        }
        let neighbour = |keep: &[u8; 6], face: usize, add: bool| {
            let mut next = *keep;
            match add {
                true => next[face] += 1,
                false if next[face] == 0 => return u16::MAX,
                false => next[face] -= 1,
            }
            index_by_code[code(&next)]
        };
        let first_roll = counts.len() - FaceCounts::all(MAX_DICE).count();
        let add_die = counts[..first_roll]
            .iter()
            .map(|keep| std::array::from_fn(|face| neighbour(keep, face, true)))
            .collect();
        let drop_die = counts
            .iter()
            .map(|keep| std::array::from_fn(|face| neighbour(keep, face, false)))
            .collect();
        SixDice {
            counts,
            add_die,
            drop_die,
            first_roll,
            index_by_code,
        }
    }

    fn rolls(&self) -> usize {
        self.counts.len() - self.first_roll
    }

    fn keep_number(&self, counts: [u8; 6]) -> usize {
        usize::from(self.index_by_code[code(&counts)])
    }

    /// Solves a turn whose ending on each roll is worth `end[roll]` with no roll left, each roll left unused
    /// adding `saved_roll`: for each count `r` of rolls left after the roll a keep asks for (0 to `rolls - 1`),
    /// what each keep set aside is expected to be worth.
    fn solve(&self, end: &[f64], rolls: u8, saved_roll: f64) -> Vec<Vec<f64>> {
        let keeps = self.counts.len();
        let mut levels: Vec<Vec<f64>> = Vec::with_capacity(usize::from(rolls));
        // What a roll is worth with the level's rolls left: the best of ending there and every smaller keep.
        let mut roll_worth: Vec<f64> = end.to_vec();
        for left in 0..rolls {
            let mut expected = vec![0.0; keeps];
            expected[self.first_roll..].copy_from_slice(&roll_worth);
            for keep in (0..self.first_roll).rev() {
                let next = self.add_die[keep].iter().map(|&next| expected[usize::from(next)]);
                expected[keep] = next.sum::<f64>() / 6.0;
            }
            // The best keep within each keep, itself included, smallest first.
            let mut best = expected.clone();
            for keep in 0..keeps {
                for &smaller in &self.drop_die[keep] {
                    if smaller != u16::MAX {
                        best[keep] = best[keep].max(best[usize::from(smaller)]);
                    }
                }
            }
            let saved = f64::from(left + 1) * saved_roll;
            roll_worth = (0..self.rolls())
                .map(|roll| {
                    let smaller = self.drop_die[self.first_roll + roll]
                        .iter()
                        .filter(|&&keep| keep != u16::MAX);
                    let reroll = smaller
                        .map(|&keep| best[usize::from(keep)])
                        .fold(f64::NEG_INFINITY, f64::max);
                    (end[roll] + saved).max(reroll)
                })
                .collect();
            levels.push(expected);
        }
        levels
    }
}

/// The Maxi Yatzy player at some weights.
pub struct MaxiBot {
    rules: Rules,
    weights: MaxiWeights,
    /// Each box's par, in sheet order: a whole turn played for it alone, on average.
    pars: Vec<f64>,
    /// What each roll scores in each box, by the rules, in sheet order.
    scores: Vec<Vec<u16>>,
    /// The face each upper box counts, in sheet order (none for a lower box).
    upper_faces: Vec<Option<f64>>,
}

/// How the player values ending the turn in a box of one sheet.
struct Worth<'b> {
    bot: &'b MaxiBot,
    par: f64,
    upper: f64,
    /// What a roll left unused is worth: nothing once the last box is written.
    saved_roll: f64,
    open: Vec<usize>,
}

impl Worth<'_> {
    /// What writing `points` in the `cell`th box is worth.
    fn of(&self, cell: usize, points: u16) -> f64 {
        let points = f64::from(points);
        let upper = self.bot.upper_faces[cell].map_or(0.0, |face| self.upper * (points - 4.0 * face));
        points - self.par * self.bot.pars[cell] + upper
    }

    /// What ending the turn on each roll is worth, in its best open box.
    fn endings(&self) -> Vec<f64> {
        let best = |row: &Vec<u16>| {
            let each = self.open.iter().map(|&cell| self.of(cell, row[cell]));
            each.fold(f64::NEG_INFINITY, f64::max)
        };
        self.bot.scores.iter().map(best).collect()
    }
}

impl MaxiBot {
    /// A player for `rules`, which must roll six dice (Maxi Yatzy's).
    pub fn new(rules: Rules, weights: MaxiWeights) -> MaxiBot {
        let graph = SixDice::get();
        let scores: Vec<Vec<u16>> = (0..graph.rolls())
            .map(|roll| {
                let dice = FaceCounts::from_counts(graph.counts[graph.first_roll + roll]).expect("six dice");
                rules
                    .natural_scores(dice, false)
                    .map(|(_, points)| points)
                    .collect()
            })
            .collect();
        let pars = (0..rules.ruleset().cells.len())
            .map(|cell| {
                let end: Vec<f64> = scores.iter().map(|row| f64::from(row[cell])).collect();
                let levels = graph.solve(&end, MAX_ROLLS, 0.0);
                levels[usize::from(MAX_ROLLS) - 1][0]
            })
            .collect();
        let upper_faces = (rules.ruleset().cells.iter())
            .map(|cell| match cell.pattern {
                Pattern::Face { face } => Some(f64::from(face.value())),
                _ => None,
            })
            .collect();
        MaxiBot {
            rules,
            weights,
            pars,
            scores,
            upper_faces,
        }
    }

    /// How this player values the boxes of a sheet: the bonus still in reach or not, the last box or not.
    fn worth(&self, sheet: &Sheet) -> Worth<'_> {
        let ruleset = self.rules.ruleset();
        let open: Vec<usize> = (0..ruleset.cells.len())
            .filter(|&cell| sheet.is_open(ruleset.cells[cell].category))
            .collect();
        // The bonus is in reach while six of each open face would still get there.
        let most: u16 = (open.iter())
            .filter_map(|&cell| match ruleset.cells[cell].pattern {
                Pattern::Face { face } => Some(6 * u16::from(face.value())),
                _ => None,
            })
            .sum();
        let upper_total = sheet.totals(ruleset).upper;
        let in_reach = ruleset
            .upper_bonus
            .is_some_and(|bonus| upper_total < bonus.threshold && upper_total + most >= bonus.threshold);
        let last_box = open.len() == 1;
        Worth {
            bot: self,
            par: if last_box { 0.0 } else { self.weights.par },
            upper: if in_reach { self.weights.upper } else { 0.0 },
            saved_roll: if last_box { 0.0 } else { self.weights.saved_roll },
            open,
        }
    }

    /// Every option of the current player now with its estimate, best first: each keep that rolls again (none
    /// once no roll is left), and each open box the dice can be written in. Refused without dice on the table.
    pub fn rate(&self, game: &Game) -> Result<Vec<RatedMaxiMove>, GameError> {
        let rolled = game.turn().dice.ok_or(GameError::NotRolled)?;
        let sheet = game
            .sheet(game.current_seat(), Column::Free)
            .ok_or(GameError::GameOver)?;
        Ok(self.rate_on(sheet, rolled.counts(), game.rolls_left()))
    }

    /// Every option on this sheet with these dice (six) and rolls left, best first. The estimate of each is
    /// the points the player can expect from the rest of the game after it: this turn's, and each other open
    /// box's usual worth.
    pub fn rate_on(&self, sheet: &Sheet, dice: FaceCounts, rolls_left: u8) -> Vec<RatedMaxiMove> {
        let graph = SixDice::get();
        let worth = self.worth(sheet);
        let dice = dice.as_array();
        let roll_keep = graph.keep_number(dice);
        let cells = self.rules.ruleset().cells;
        // What every open box is usually worth: each option uses one of them up.
        let usual: f64 = worth.open.iter().map(|&cell| worth.par * self.pars[cell]).sum();
        let saved = f64::from(rolls_left) * worth.saved_roll;
        let mut options: Vec<RatedMaxiMove> = (worth.open.iter())
            .map(|&cell| RatedMaxiMove {
                choice: Step::Write(Place::from(cells[cell].category)),
                estimate: usual + worth.of(cell, self.scores[roll_keep - graph.first_roll][cell]) + saved,
            })
            .collect();
        if rolls_left > 0 {
            let levels = graph.solve(&worth.endings(), rolls_left, worth.saved_roll);
            let after = &levels[usize::from(rolls_left) - 1];
            let within = |keep: &usize| {
                graph.counts[*keep]
                    .iter()
                    .zip(dice)
                    .all(|(&kept, shown)| kept <= shown)
            };
            options.extend((0..roll_keep).filter(within).map(|keep| RatedMaxiMove {
                choice: Step::Keep(Keep(graph.counts[keep])),
                estimate: usual + after[keep],
            }));
        }
        options.sort_by(|a, b| b.estimate.total_cmp(&a.estimate));
        options
    }

    /// The option this player takes now, `noise` points of random doubt added to each.
    pub fn choose(&self, game: &Game, noise: f64, rng: &mut Rng) -> Result<RatedMaxiMove, PlayError> {
        let options = self.rate(game)?;
        pick(
            options.into_iter().map(|rated| (rated, rated.estimate)),
            noise,
            rng,
        )
        .ok_or(PlayError::Game(GameError::GameOver))
    }

    /// Plays the current player's turn with dice from `dice`.
    pub fn play_turn(&self, game: &mut Game, dice: &mut Rng) -> Result<(), PlayError> {
        let mut doubt = Rng::new(0);
        playing::play_turn(game, dice, |game| Ok(self.choose(game, 0.0, &mut doubt)?.choice))
    }
}

/// Plays `games` solitaire games of `rules` (Maxi Yatzy's) with the player at `weights`; the dice follow
/// `seed`.
pub fn simulate_maxi(
    rules: Rules,
    weights: MaxiWeights,
    games: usize,
    seed: u64,
) -> Result<Summary, PlayError> {
    let bot = MaxiBot::new(rules, weights);
    solitaire_games(rules, games, seed, |game, dice| bot.play_turn(game, dice))
}

#[cfg(test)]
mod tests {
    use fivedice_rules::{Category, RulesetId};

    use super::*;

    fn par(bot: &MaxiBot, category: Category) -> f64 {
        let cells = bot.rules.ruleset().cells;
        bot.pars[cells.iter().position(|cell| cell.category == category).unwrap()]
    }

    /// The chance of six alike within three rolls, keeping the largest group each time (best for that box
    /// alone): every throw of the dice not kept enumerated, apart from the turn solver.
    fn six_alike_in_three_rolls() -> f64 {
        let mut chance = [0.0f64; 7];
        chance[0] = 1.0;
        for _ in 0..3 {
            let mut next = [0.0f64; 7];
            for (kept, &p) in chance.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                let rolled = 6 - kept as u32;
                for throw in 0..6u32.pow(rolled) {
                    let mut counts = [0usize; 6];
                    counts[0] = kept;
                    for die in 0..rolled {
                        counts[(throw / 6u32.pow(die) % 6) as usize] += 1;
                    }
                    next[*counts.iter().max().unwrap()] += p / f64::from(6u32.pow(rolled));
                }
            }
            chance = next;
        }
        chance[6]
    }

    #[test]
    fn the_pars_are_exact_for_a_whole_turn_played_for_one_box() {
        let bot = MaxiBot::new(Rules::new(RulesetId::MaxiYatzy), MaxiWeights::STRONG);
        // Chance: each die rerolled below 4.25, then below 3.5 (6 × 14/3).
        assert!((par(&bot, Category::Chance) - 28.0).abs() < 1e-9);
        let maxi_yatzy = 100.0 * six_alike_in_three_rolls();
        assert!(
            (par(&bot, Category::MaxiYatzy) - maxi_yatzy).abs() < 1e-9,
            "{maxi_yatzy}"
        );
    }

    #[test]
    fn every_move_of_whole_games_is_one_the_rules_accept() {
        let rules = Rules::new(RulesetId::MaxiYatzy);
        for weights in [MaxiWeights::STRONG, MaxiWeights::GREEDY] {
            let summary = simulate_maxi(rules, weights, 20, 3).expect("the game accepts every move");
            assert_eq!(summary.games, 20);
            assert!(summary.min > 0);
        }
    }
}
