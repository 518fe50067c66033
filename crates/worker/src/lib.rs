//! The strategy engine's Web Worker and the page talk in these messages, as JSON text. The worker itself is
//! this crate's binary, built for wasm32 with `simd128` by `tools/build-worker.sh` (a Trunk hook), apart from
//! the app so that only the worker needs a browser with WebAssembly SIMD.

mod openings;
pub mod table_cache;

use fivedice_rules::{Category, Dice, Game, Move, Rules};
pub use fivedice_strategy::{Level, Opening, Verdict, solves_exactly};
use serde::{Deserialize, Serialize};

/// The opening of these rules ([`Opening`]), where the worker keeps it: each game's default rules, and
/// Yahtzee's and Yardzee's every Joker rule with the bonus or without.
pub fn opening(rules: Rules) -> Option<Opening> {
    let notation = rules.to_string();
    let (_, states) = openings::OPENINGS.iter().find(|(kept, _)| *kept == notation)?;
    let states = states
        .iter()
        .map(|(slot, bits)| (*slot, bits.map(f32::from_bits)))
        .collect();
    Opening::from_states(rules, states)
}

/// Whether the engine states the chances to win at this table: several players, on rules it solves exactly.
pub fn offers_chances(game: &Game) -> bool {
    game.players().len() > 1 && solves_exactly(game.rules())
}

/// What the page asks the worker; each request carries an id that its answer repeats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverRequest {
    /// Build (or reuse) the optimal-play table for these rules and report its expected score.
    Solve { id: u32, rules: Rules },
    /// Have the optimal table of these rules at hand if the device keeps it (read, never built), so that the
    /// first hint of a later visit answers at once. Answered with `Prepared`, which names no request.
    Prepare { rules: Rules },
    /// Have the optimal table of these rules and its spread at hand soon, for a table of several players
    /// (its chances to win, a Winner's moves, its hints): each read from the device where it is kept, else
    /// built between requests, a slice at a time, so that a request meanwhile waits for one slice at most.
    /// Answered with `Prepared` (`at_hand`: both are at hand already).
    WarmUp { rules: Rules },
    /// Rank every option of one situation: the sheet's written cells, the dice, the rolls left (0: choose a
    /// cell). The table for these rules is built first if the worker does not hold it yet.
    Advise {
        id: u32,
        rules: Rules,
        filled: Vec<(Category, u16)>,
        dice: Dice,
        rolls_left: u8,
    },
    /// What a computer player of this level does in this situation (answered as advice with one option);
    /// `seed` makes a level's slips repeatable.
    BotMove {
        id: u32,
        rules: Rules,
        level: Level,
        filled: Vec<(Category, u16)>,
        dice: Dice,
        rolls_left: u8,
        seed: u64,
    },
    /// Playing to win this one-column game (see [`ToWin`]).
    ToWin { id: u32, game: Game, ask: ToWin },
    /// A game the engine plays by estimate, not exactly (column Yam's column player, Maxi Yatzy's player):
    /// every option of the current player's situation in `game`, best first. Column Yam's single-column
    /// table is built first if need be.
    AdviseByEstimate { id: u32, game: Game },
    /// What a computer player of this level does now in a game played by estimate (answered as advice with
    /// one option).
    EstimateBotMove {
        id: u32,
        game: Game,
        level: Level,
        seed: u64,
    },
    /// What a move made in this situation gave up against the best one (a cell written with rolls left is
    /// weighed as that cell, against the best of the keeps, stopping included).
    Judge {
        id: u32,
        rules: Rules,
        filled: Vec<(Category, u16)>,
        dice: Dice,
        rolls_left: u8,
        played: Move,
    },
}

/// What is asked of a one-column game about playing to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWin {
    /// Each player's chance to win (ties shared) when everyone plays optimally from here, the current player's
    /// dice counted once rolled (answered with `WinChances`).
    Chances,
    /// Every option of the current player with its chance to win against the other seats, best chance first
    /// (answered as advice, each option with its `win`).
    Options,
    /// What the Winner does now with these rolls left (0: it has stopped rolling and writes): the current
    /// player's keep or cell for the best chance to finish first (answered as advice with one option).
    Move { rolls_left: u8 },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverReply {
    /// The worker has started and listens: requests sent before this would be lost.
    Ready,
    /// A table, or a table's spread, is being built (for the request being served).
    Progress {
        done: usize,
        total: usize,
    },
    /// The table is ready: the expected score of a whole solitaire game under optimal play, and whether the
    /// table was read from the device (kept there by an earlier visit) rather than built.
    Solved {
        id: u32,
        rules: Rules,
        expected: f64,
        states: usize,
        ms: f64,
        #[serde(default)]
        from_device: bool,
    },
    /// The table of these rules is at hand (read from the device), or is not kept there.
    Prepared {
        rules: Rules,
        at_hand: bool,
    },
    /// Every option, best first.
    Advice {
        id: u32,
        options: Vec<RatedOption>,
    },
    /// The answer to `WinChances`: one chance a seat, in seat order.
    WinChances {
        id: u32,
        chances: Vec<f64>,
    },
    /// The answer to `Judge`.
    Verdict {
        id: u32,
        verdict: Verdict,
    },
    Failed {
        id: Option<u32>,
        message: String,
    },
}

/// One option of a situation with the points still to come under optimal play after it (this turn included).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedOption {
    pub choice: Move,
    pub expected_remaining: f64,
    /// The chance to win after it, where it was asked (`AdviseToWin`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
}

impl SolverRequest {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<SolverRequest, String> {
        serde_json::from_str(text).map_err(|error| format!("not a solver request: {error}"))
    }

    /// The rules a request asks the exact engine about, where it does (the estimates carry their game).
    fn exact_rules(&self) -> Option<Rules> {
        match self {
            SolverRequest::Solve { rules, .. }
            | SolverRequest::Prepare { rules }
            | SolverRequest::WarmUp { rules }
            | SolverRequest::Advise { rules, .. }
            | SolverRequest::BotMove { rules, .. }
            | SolverRequest::Judge { rules, .. } => Some(*rules),
            SolverRequest::ToWin { game, .. } => Some(game.rules()),
            SolverRequest::AdviseByEstimate { .. } | SolverRequest::EstimateBotMove { .. } => None,
        }
    }

    /// Why the exact engine cannot answer this request, if it cannot: rules it does not solve (column Yam's
    /// columns and Maxi Yatzy are played by estimate).
    pub fn refusal(&self) -> Option<String> {
        let rules = self.exact_rules()?;
        (!solves_exactly(rules)).then(|| format!("{} is played by estimate, not solved exactly", rules.id()))
    }

    /// The id its answer repeats (`Prepare` and `WarmUp` are answered without one).
    pub fn id(&self) -> Option<u32> {
        match self {
            SolverRequest::Solve { id, .. }
            | SolverRequest::Advise { id, .. }
            | SolverRequest::BotMove { id, .. }
            | SolverRequest::ToWin { id, .. }
            | SolverRequest::AdviseByEstimate { id, .. }
            | SolverRequest::EstimateBotMove { id, .. }
            | SolverRequest::Judge { id, .. } => Some(*id),
            SolverRequest::Prepare { .. } | SolverRequest::WarmUp { .. } => None,
        }
    }
}

impl SolverReply {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<SolverReply, String> {
        serde_json::from_str(text).map_err(|error| format!("not a solver reply: {error}"))
    }
}

/// The worker's script, next to the page (written by `tools/build-worker.sh`).
pub const WORKER_SCRIPT: &str = "solver-worker_loader.js";

#[cfg(test)]
mod tests {
    use fivedice_rules::{Column, Columns, DiceMode, Face, Joker, Place, Play, RulesetId};

    use super::*;

    #[test]
    fn messages_round_trip_as_json() {
        let rules = Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).unwrap();
        let requests = [
            SolverRequest::Solve { id: 1, rules },
            SolverRequest::Advise {
                id: 2,
                rules,
                filled: vec![(Category::Chance, 22)],
                dice: Dice::from_values(&[6, 6, 6, 2, 1]).unwrap(),
                rolls_left: 2,
            },
            SolverRequest::Judge {
                id: 3,
                rules,
                filled: Vec::new(),
                dice: Dice::from_values(&[6, 6, 6, 2, 1]).unwrap(),
                rolls_left: 1,
                played: Move::cell(Category::Sixes),
            },
            SolverRequest::EstimateBotMove {
                id: 4,
                game: column_game(),
                level: Level::Strong,
                seed: 9,
            },
        ];
        for request in requests {
            assert_eq!(SolverRequest::from_json(&request.to_json()), Ok(request));
        }
        let replies = [
            SolverReply::Solved {
                id: 1,
                rules,
                expected: 254.5896,
                states: 10,
                ms: 1.5,
                from_device: true,
            },
            SolverReply::Advice {
                id: 2,
                options: vec![RatedOption {
                    choice: Move::Keep(Dice::from_values(&[6, 6, 6, 1, 1]).unwrap().faces()[..3].to_vec()),
                    expected_remaining: 230.9,
                    win: Some(0.4321),
                }],
            },
            SolverReply::WinChances {
                id: 5,
                chances: vec![0.25, 0.75],
            },
            SolverReply::Verdict {
                id: 3,
                verdict: Verdict {
                    best: Move::cell(Category::Sixes),
                    loss: 0.5,
                },
            },
        ];
        for reply in replies {
            assert_eq!(SolverReply::from_json(&reply.to_json()), Ok(reply));
        }
        assert!(SolverRequest::from_json("{\"dance\":{}}").is_err());
    }

    /// A column game under way: two players, the first has written two boxes and rolled.
    fn column_game() -> Game {
        let rules = Rules::new(RulesetId::Yam)
            .with_columns(Columns::new(&Columns::USUAL).unwrap())
            .unwrap();
        let mut game = Game::new(rules, DiceMode::App, &["Ann", "Bo"], 0).unwrap();
        let mut dice = [6, 6, 6, 2, 1, 5, 5, 5, 5, 5, 3, 4, 1, 2, 6].into_iter().cycle();
        let mut roll = || Face::new(dice.next().unwrap_or(1)).unwrap();
        for place in [
            Place::new(Column::Down, Category::Aces),
            Place::new(Column::Up, Category::Yam),
        ] {
            game.play(&game.draw(&mut roll).unwrap()).unwrap();
            game.play(&Play::Score(place)).unwrap();
        }
        game.play(&game.draw(&mut roll).unwrap()).unwrap();
        game
    }
}
