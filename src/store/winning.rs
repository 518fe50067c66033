//! The advisor's hints, and playing to win: each player's chance to win, shown to a table that asks for it,
//! and hints that play for it.

use fivedice_rules::Game;
use fivedice_worker::ToWin;
use leptos::prelude::*;

use super::Situation;
use super::coaching::Advisor;
use crate::engine::{Answer, EngineError};

impl Advisor {
    /// Has what the engine needs for this game at hand soon: at a table of several players, the optimal
    /// table and its spread (read from the device, or built in the worker while the players play: the
    /// chances, a Winner's moves and the hints need them); otherwise the table the hints use (a column game's:
    /// its one-column table), read from the device if an earlier visit kept it there. Maxi Yatzy's player
    /// needs neither.
    pub fn prepare_hints(&self) {
        let Some(game) = self.table.game_now(Game::clone) else {
            return;
        };
        let single_column = game.rules().single_column();
        if fivedice_worker::offers_chances(&game) {
            self.engine.warm_up(game.rules());
        } else if fivedice_worker::solves_exactly(single_column) {
            self.engine.prepare(single_column);
        }
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
        self.table.toggle_odds();
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
