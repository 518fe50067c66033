//! The engine's advice at the table, and the one writer of what it failed at: the coach (for a player who
//! asked for it, after each decision, the engine's verdict on it: the best move and the expected points given
//! up; after the game, every decision of the people at the table), hints, and each player's chance to win
//! ([`super::winning`]). Verdicts are kept in the table open, through its one way of changing.

use fivedice_worker::Verdict;
use leptos::prelude::*;

use crate::engine::EngineError;
use crate::table::Decision;

use crate::engine::Engine;

use super::OpenTable;

#[derive(Clone, Copy)]
pub struct Advisor {
    /// Why the engine could not judge the coached decisions, once it has failed.
    judging_failed: RwSignal<Option<EngineError>>,
    /// The strategy engine's client.
    pub(super) engine: Engine,
    /// The table advised on (and, through it, what the player is told and in which words).
    pub(super) table: OpenTable,
}

impl Advisor {
    pub(super) fn new(engine: Engine, table: OpenTable) -> Advisor {
        Advisor {
            judging_failed: RwSignal::new(None),
            engine,
            table,
        }
    }

    /// Why the engine could not judge decisions, once it failed (the analysis stops waiting).
    pub fn judging_failed(&self) -> ReadSignal<Option<EngineError>> {
        self.judging_failed.read_only()
    }

    /// Turns the coach on or off for a seat.
    pub fn toggle_coach(&self, seat: usize) {
        self.table.toggle_coach(seat);
    }

    /// For a coached player: asks the engine what the last decision gave up, and keeps the verdict.
    pub(super) fn judge_last_decision(&self) {
        let last = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            let index = table.decisions().len().checked_sub(1)?;
            let decision = &table.decisions()[index];
            (table.is_coached(decision.seat) && decision.verdict.is_none()).then(|| (index, decision.clone()))
        });
        let Some((index, decision)) = last else { return };
        // The coach's chunk is here once a player asked for the coach; the verdict is worked out from there.
        let advisor = *self;
        leptos::task::spawn_local(async move {
            match judge_there().await {
                Ok(judge) => judge(advisor, index, decision),
                // The coach's line says its chunk could not be fetched; the analysis stops waiting.
                Err(_) => advisor.judging_failed.set(Some(EngineError::Stopped)),
            }
        });
    }

    /// After the game: every decision of the people at the table gets the engine's verdict.
    pub fn analyse(&self) {
        let pending: Vec<(usize, Decision)> = self.table.with_untracked(|table| {
            let Some(table) = table else { return Vec::new() };
            let decisions = table.decisions().iter().cloned().enumerate();
            decisions
                .filter(|(_, decision)| {
                    decision.verdict.is_none() && table.computer_at(decision.seat).is_none()
                })
                .collect()
        });
        for (index, decision) in pending {
            self.judge(index, decision);
        }
    }

    /// Asks the engine for the verdict on one decision; a failure is told once and ends the waiting. Only
    /// exact play gives verdicts (column Yam's and Maxi Yatzy's hints are estimates).
    fn judge(&self, index: usize, decision: Decision) {
        let rules = self.table.game_now(|game| game.rules());
        let Some(rules) = rules.filter(|rules| fivedice_worker::solves_exactly(*rules)) else {
            return;
        };
        let advisor = *self;
        self.engine
            .judge(rules, &decision.clone(), move |verdict| match verdict {
                Ok(verdict) => advisor.keep_verdict(index, &decision, verdict),
                Err(error) => advisor.could_not_judge(error),
            });
    }

    /// The engine could not judge: told once, and the waiting ends.
    fn could_not_judge(&self, error: EngineError) {
        if self.judging_failed.get_untracked().is_none() {
            let words = self.table.connection.speech.words();
            let told = (words.coach_failed)(&(words.engine_failed)(&error));
            self.table.connection.notices.tell(told);
        }
        self.judging_failed.set(Some(error));
    }

    /// Only a decision still there as it was (no undo since) gets its verdict.
    fn keep_verdict(&self, index: usize, decision: &Decision, verdict: Verdict) {
        self.table.keep_verdict(index, decision, verdict);
    }
}

/// Judging a decision, in the coach's chunk (fetched when a player asks for the coach).
#[wasm_split_helpers::wasm_split(coach, fallible)]
fn judge_there() -> Result<fn(Advisor, usize, Decision), wasm_split_helpers::SplitLoaderError> {
    Ok(|advisor, index, decision| advisor.judge(index, decision))
}
