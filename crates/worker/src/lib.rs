//! The strategy engine's Web Worker and the page talk in these messages, as JSON text. The worker itself is
//! this crate's binary, built for wasm32 with `simd128` by `tools/build-worker.sh` (a Trunk hook), apart from
//! the app so that only the worker needs a browser with WebAssembly SIMD.

use fivedice_rules::{Category, Dice, Rules, RulesetId};
use serde::{Deserialize, Serialize};

/// What the page asks the worker; each request carries an id that its answer repeats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverRequest {
    /// Build (or reuse) the optimal-play table for these rules and report its expected score.
    Solve { id: u32, rules: Rules },
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
        level: BotLevel,
        filled: Vec<(Category, u16)>,
        dice: Dice,
        rolls_left: u8,
        seed: u64,
    },
}

/// The computer players a table can seat, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Perfect solitaire play: the best expected final score.
    Optimal,
    /// Optimal play that slips: up to 4 points of noise on the value of each option.
    Strong,
    /// Takes the most points from the turn in hand, blind to the rest of the sheet.
    Casual,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Optimal, BotLevel::Strong, BotLevel::Casual];

    pub fn id(self) -> &'static str {
        match self {
            BotLevel::Optimal => "optimal",
            BotLevel::Strong => "strong",
            BotLevel::Casual => "casual",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Optimal => "Optimal",
            BotLevel::Strong => "Strong",
            BotLevel::Casual => "Casual",
        }
    }

    /// The mean final score of a solitaire game at this level, from simulation: `fivedice simulate --games
    /// 20000 --seed 7` with the bots optimal, noisy and greedy (standard errors 0.26 to 0.42); the rules'
    /// default options. Yardzee plays exactly as Yahtzee.
    pub fn mean_score(self, ruleset: RulesetId) -> f64 {
        let [optimal, strong, casual] = match ruleset {
            RulesetId::Yahtzee | RulesetId::Yardzee => [254.4, 244.8, 217.3],
            RulesetId::Yam => [198.7, 187.3, 175.3],
            RulesetId::Yatzy => [248.1, 233.9, 200.6],
        };
        match self {
            BotLevel::Optimal => optimal,
            BotLevel::Strong => strong,
            BotLevel::Casual => casual,
        }
    }
}

impl std::str::FromStr for BotLevel {
    type Err = String;
    fn from_str(id: &str) -> Result<BotLevel, String> {
        BotLevel::ALL
            .into_iter()
            .find(|level| level.id() == id)
            .ok_or_else(|| format!("unknown computer player {id:?} (optimal, strong or casual)"))
    }
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverReply {
    /// The worker has started and listens: requests sent before this would be lost.
    Ready,
    /// A table is being built (for the request being served).
    Progress {
        done: usize,
        total: usize,
    },
    /// The table is built: the expected score of a whole solitaire game under optimal play.
    Solved {
        id: u32,
        rules: Rules,
        expected: f64,
        states: usize,
        ms: f64,
    },
    /// Every option, best first.
    Advice {
        id: u32,
        options: Vec<RatedOption>,
    },
    Failed {
        id: Option<u32>,
        message: String,
    },
}

/// One option of a situation with the points still to come under optimal play after it (this turn included).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedOption {
    pub choice: HintChoice,
    pub expected_remaining: f64,
}

/// Keep these faces and roll the rest, or write the dice in this cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintChoice {
    Keep(Vec<u8>),
    Cell(Category),
}

impl SolverRequest {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<SolverRequest, String> {
        serde_json::from_str(text).map_err(|error| format!("not a solver request: {error}"))
    }

    pub fn id(&self) -> u32 {
        match self {
            SolverRequest::Solve { id, .. }
            | SolverRequest::Advise { id, .. }
            | SolverRequest::BotMove { id, .. } => *id,
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
    use fivedice_rules::{Joker, RulesetId};

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
            },
            SolverReply::Advice {
                id: 2,
                options: vec![RatedOption {
                    choice: HintChoice::Keep(vec![6, 6, 6]),
                    expected_remaining: 230.9,
                }],
            },
        ];
        for reply in replies {
            assert_eq!(SolverReply::from_json(&reply.to_json()), Ok(reply));
        }
        assert!(SolverRequest::from_json("{\"dance\":{}}").is_err());
    }
}
