//! The advisor's hints, and playing to win: each player's chance to win, shown to a table that asks for it,
//! and hints that play for it.

use fivedice_rules::Game;
use fivedice_worker::{Level, ToWin};
use leptos::prelude::*;

use super::Situation;
use super::coaching::Advisor;
use crate::engine::{Answer, EngineError};

impl Advisor {
    /// Has the table the engine advises this game on (a column game's: its one-column table) read from the
    /// device if an earlier visit kept it there, so that the first hint answers at once. Maxi Yatzy's player
    /// needs none.
    pub fn prepare_hints(&self) {
        let rules = self
            .table
            .game_now(Game::rules)
            .map(|rules| rules.single_column());
        if let Some(rules) = rules.filter(|rules| fivedice_worker::solves_exactly(*rules)) {
            self.engine.prepare(rules);
        }
        self.prepare_winner();
    }

    /// Asks the engine for every option of the current situation, best first.
    pub fn advise(&self, answer: impl FnOnce(Situation, Result<Answer, EngineError>) + 'static) {
        let Some(game) = self.table.game_now(Game::clone) else {
            return;
        };
        let asked = Situation::of(&game);
        self.engine.advise(&game, move |reply| answer(asked, reply));
    }

    /// Shows or hides every player's chance to win at this table.
    pub fn toggle_odds(&self) {
        self.table.change(|table| table.odds_shown = !table.odds_shown);
    }

    /// Whether hints play for the chance to win on this device (the players' last choice, kept).
    pub fn hints_for_win(&self) -> bool {
        self.table
            .connection
            .storage
            .with_value(|storage| storage.hints_for_win())
    }

    pub fn keep_hints_for_win(&self, for_win: bool) {
        let connection = self.table.connection;
        let kept = connection
            .storage
            .with_value(|storage| storage.set_hints_for_win(for_win));
        connection.notices.report_saving(kept, connection.speech.words());
    }

    /// Asks the engine for every player's chance to win now (the current player's dice counted once rolled).
    pub fn ask_odds(&self, answer: impl FnOnce(Situation, Result<Vec<f64>, EngineError>) + 'static) {
        let Some(game) = self.table.game_now(Game::clone) else {
            return;
        };
        let asked = Situation::of(&game);
        self.engine.to_win(&game, ToWin::Chances, move |reply| {
            answer(
                asked,
                match reply {
                    Ok(Answer::Chances(chances)) => Ok(chances),
                    Ok(_) => Err(EngineError::WrongAnswer),
                    Err(error) => Err(error),
                },
            )
        });
    }

    /// A Winner played at this device plays from the spread of the rules' table: the worker works it out
    /// while the table opens (a first move would otherwise wait for it).
    pub(super) fn prepare_winner(&self) {
        let seated = self.table.with_untracked(|table| {
            table
                .as_ref()
                .is_some_and(|table| table.computer_plays_here(Level::Winner))
        });
        let exact = |game: &Game| fivedice_worker::solves_exactly(game.rules());
        if let Some(game) = self
            .table
            .game_now(Game::clone)
            .filter(|game| seated && exact(game))
        {
            self.engine.to_win(&game, ToWin::Chances, |_| {});
        }
    }

    /// Every option of the current player by its chance to win against the others, best first.
    pub fn advise_to_win(&self, answer: impl FnOnce(Situation, Result<Answer, EngineError>) + 'static) {
        let Some(game) = self.table.game_now(Game::clone) else {
            return;
        };
        let asked = Situation::of(&game);
        self.engine
            .to_win(&game, ToWin::Options, move |reply| answer(asked, reply));
    }
}
