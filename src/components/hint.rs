//! The hint: one tap asks the strategy engine for the best keep or the best cell, and shows the top options
//! side by side in plain words, with the dice to keep (or the cell to take) highlighted.

use fivedice_rules::{DiceMode, Game};
use fivedice_worker::{HintChoice, RatedOption};
use leptos::prelude::*;

use super::decimals;
use crate::coach::{Answer, Coach};
use crate::store::GameStore;

/// The situation a hint answers: it stays on screen only while the table is still in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    entries: usize,
    rolls_used: u8,
    dice: Option<fivedice_rules::Dice>,
}

fn situation(game: &Game) -> Situation {
    Situation {
        entries: game.log().len(),
        rolls_used: game.turn().rolls_used,
        dice: game.turn().dice,
    }
}

/// What the hint panel shows: the options for one situation, or that it is being worked out, or why not.
#[derive(Clone, Debug, PartialEq)]
pub enum HintState {
    Asking(Situation),
    Ready(Situation, Vec<RatedOption>),
    Failed(Situation, String),
}

/// The hint of the table in play, shared by the panel, the dice and the sheet (provided by the play screen).
#[derive(Clone, Copy)]
pub struct HintShown(pub RwSignal<Option<HintState>>);

impl HintShown {
    /// The hint on screen, if it still answers the situation on the table.
    pub fn current(&self, store: GameStore) -> Option<HintState> {
        let now = store.game(situation)?;
        self.0.get().filter(|state| match state {
            HintState::Asking(asked) | HintState::Ready(asked, _) | HintState::Failed(asked, _) => {
                *asked == now
            }
        })
    }

    /// The best option of the hint on screen.
    pub fn best(&self, store: GameStore) -> Option<HintChoice> {
        match self.current(store)? {
            HintState::Ready(_, options) => options.first().map(|option| option.choice.clone()),
            _ => None,
        }
    }
}

#[component]
pub fn HintPanel() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let coach = expect_context::<Coach>();
    let shown = expect_context::<HintShown>();
    let hint = shown.0;
    let available = move || {
        store
            .game(|game| {
                let pad_with_dice = game.mode() == DiceMode::Pad && game.turn().dice.is_some();
                let app_rolled = game.mode() == DiceMode::App && game.turn().dice.is_some();
                !game.is_over() && (pad_with_dice || app_rolled)
            })
            .unwrap_or(false)
    };
    let ask = move |_| {
        let Some(game) = store.game(Game::clone) else {
            return;
        };
        let asked = situation(&game);
        hint.set(Some(HintState::Asking(asked)));
        coach.advise(&game, move |answer| {
            hint.set(Some(match answer {
                Ok(Answer::Advice(options)) => HintState::Ready(asked, options),
                Ok(Answer::Solved { .. }) => HintState::Failed(asked, "no advice came back".into()),
                Err(message) => HintState::Failed(asked, message),
            }));
        });
    };
    let sheet_total = move || {
        store
            .game(|game| game.totals(game.current_seat()).map_or(0, |totals| totals.grand))
            .unwrap_or(0)
    };
    view! {
        <div class="hint-area">
            <button class="hint-button" data-action="hint" disabled=move || !available() on:click=ask>
                "Hint"
            </button>
            {move || match shown.current(store) {
                None => ().into_any(),
                Some(HintState::Asking(_)) => {
                    let (done, total) = coach.progress.get().unwrap_or((0, 1));
                    view! {
                        <div class="hint" data-hint="working" aria-live="polite">
                            <span>"Working out the best play…"</span>
                            <progress max=total.to_string() value=done.to_string()></progress>
                        </div>
                    }
                        .into_any()
                }
                Some(HintState::Failed(_, message)) => {
                    view! { <div class="hint error" data-hint="failed">{message}</div> }.into_any()
                }
                Some(HintState::Ready(_, options)) => {
                    let total = f64::from(sheet_total());
                    let labels = store.game(|game| game.rules().ruleset()).map(|ruleset| {
                        options
                            .iter()
                            .take(3)
                            .enumerate()
                            .map(|(rank, option)| {
                                let words = describe(ruleset, &option.choice);
                                let expected = total + option.expected_remaining;
                                view! {
                                    <li
                                        data-hint-option=(rank + 1).to_string()
                                        data-choice=choice_id(&option.choice)
                                        data-expected=decimals(expected, 4)
                                    >
                                        {format!("{words}: {} expected", decimals(expected, 1))}
                                    </li>
                                }
                            })
                            .collect_view()
                    });
                    view! {
                        <div class="hint" data-hint="ready" aria-live="polite">
                            <ol>{labels}</ol>
                            <p class="muted">
                                "Best for your own expected final score — not for your chance to beat the others."
                            </p>
                        </div>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// A stable id for an option, for tests and tools: `keep:6,6,6` or `cell:sixes`.
pub fn choice_id(choice: &HintChoice) -> String {
    match choice {
        HintChoice::Keep(faces) => {
            let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
            format!("keep:{}", faces.join(","))
        }
        HintChoice::Cell(category) => format!("cell:{}", category.id()),
    }
}

/// An option in plain words: "Keep 6-6-6", "Roll all five again", "Sixes".
pub fn describe(ruleset: &fivedice_rules::Ruleset, choice: &HintChoice) -> String {
    match choice {
        HintChoice::Keep(faces) if faces.is_empty() => "Roll all five again".into(),
        HintChoice::Keep(faces) if faces.len() == 5 => "Keep all five".into(),
        HintChoice::Keep(faces) => {
            let faces: Vec<String> = faces.iter().rev().map(u8::to_string).collect();
            format!("Keep {}", faces.join("-"))
        }
        HintChoice::Cell(category) => ruleset
            .cell(*category)
            .map_or_else(|| category.id().to_string(), |cell| cell.label.to_string()),
    }
}

/// Which dice of the tray a keep holds: the first dice showing each kept face.
pub fn dice_to_hold(dice: fivedice_rules::Dice, keep: &[u8]) -> [bool; 5] {
    let mut wanted = keep.to_vec();
    dice.faces().map(
        |face| match wanted.iter().position(|&kept| kept == face.value()) {
            Some(at) => {
                wanted.remove(at);
                true
            }
            None => false,
        },
    )
}
