//! The strategy engine's Web Worker and the page talk in these messages, as JSON text. The worker itself is
//! this crate's binary, built for wasm32 with `simd128` by `tools/build-worker.sh` (a Trunk hook), apart from
//! the app so that only the worker needs a browser with WebAssembly SIMD.

use fivedice_rules::Rules;
use serde::{Deserialize, Serialize};

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverRequest {
    /// Build the optimal-play table for these rules.
    Solve { rules: Rules },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolverReply {
    /// The worker has started and listens: requests sent before this would be lost.
    Ready,
    Progress {
        done: usize,
        total: usize,
    },
    /// The table is built: the expected score of a whole solitaire game under optimal play.
    Solved {
        rules: Rules,
        expected: f64,
        states: usize,
        ms: f64,
    },
    Error {
        message: String,
    },
}

impl SolverRequest {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<SolverRequest, String> {
        serde_json::from_str(text).map_err(|error| format!("not a solver request: {error}"))
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
        let request = SolverRequest::Solve { rules };
        assert_eq!(SolverRequest::from_json(&request.to_json()), Ok(request));
        let reply = SolverReply::Solved {
            rules,
            expected: 254.5896,
            states: 10,
            ms: 1.5,
        };
        assert_eq!(SolverReply::from_json(&reply.to_json()), Ok(reply));
        assert!(SolverRequest::from_json("{\"dance\":{}}").is_err());
    }
}
