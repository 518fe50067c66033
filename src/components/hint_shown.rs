//! The hint of the table in play, as the panel, the dice, the sheet and the chances share it: what was asked
//! and what the hints play for (the panel asks; the odds' chunk offers the choice of aim).

use fivedice_rules::Move;
use fivedice_worker::RatedOption;
use leptos::prelude::*;

use crate::engine::EngineError;
use crate::store::Reading as _;
use crate::store::{GameStore, Situation};

/// What the hint panel shows: the options for one situation, or that it is being worked out, or why not.
#[derive(Clone, Debug, PartialEq)]
pub enum HintState {
    Asking(Situation),
    Ready(Situation, Vec<RatedOption>),
    Failed(Situation, EngineError),
}

impl HintState {
    pub(super) fn situation(&self) -> Situation {
        match self {
            HintState::Asking(asked) | HintState::Ready(asked, _) | HintState::Failed(asked, _) => *asked,
        }
    }
}

/// What a hint plays for: the player's own best score, or (at a table of several) the best chance to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Score,
    Win,
}

/// The hint of the table in play, shared by the panel, the dice and the sheet (provided by the play screen):
/// what was asked, and the hint on screen, which is the one asked only while the table is still there.
#[derive(Clone, Copy)]
pub struct HintShown {
    pub(super) asked: RwSignal<Option<HintState>>,
    pub(super) aim: RwSignal<Aim>,
    store: GameStore,
}

impl HintShown {
    pub fn new(store: GameStore) -> HintShown {
        let aim = if store.advisor().hints_for_win() {
            Aim::Win
        } else {
            Aim::Score
        };
        HintShown {
            asked: RwSignal::new(None),
            aim: RwSignal::new(aim),
            store,
        }
    }

    /// The hint on screen (tracked: the view follows the hint and the table).
    pub(super) fn current(&self) -> Option<HintState> {
        let now = self.store.table().situation().get()?;
        self.asked.get().filter(|state| state.situation() == now)
    }

    /// What the hints play for.
    pub fn aim(&self) -> ReadSignal<Aim> {
        self.aim.read_only()
    }

    /// A new aim is a new question: the answer to the other one gives way to it (the panel asks again).
    pub fn choose_aim(&self, aim: Aim) {
        if self.aim.get_untracked() != aim {
            self.asked.update(|state| {
                if let Some(state) = state {
                    *state = HintState::Asking(state.situation());
                }
            });
            self.aim.set(aim);
            self.store.advisor().keep_hints_for_win(aim == Aim::Win);
        }
    }

    /// The best move of the hint on screen (tracked).
    pub fn best(&self) -> Option<Move> {
        match self.current()? {
            HintState::Ready(_, options) => options.first().map(|option| option.choice.clone()),
            _ => None,
        }
    }
}
