//! A sealed room's dice, checked on this device at the end (in the rooms chunk).

use fivedice_room::{DiceCheck, check_dice};
use leptos::prelude::*;

use crate::i18n;
use crate::store::GameStore;
use crate::store::Reading as _;

/// A sealed room's dice: the commitment from the start, and, once the seed is revealed at the end, every die
/// of the game derived from it again on this device (`[data-dice-commitment]`, `[data-dice-check]`).
#[component]
pub fn DiceSeal() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.speech().words_of(i18n::room_words);
    let (commitment, revealed) = (store.table().dice_commitment(), store.table().revealed_log());
    // Checked when the seed is revealed (nothing changes a finished room's log after).
    let verdict = move || match revealed.get().map(|(name, log)| check_dice(name, &log))? {
        Ok(DiceCheck::Checked { rolls }) => Some(
            view! { <p class="dice-check" data-dice-check="ok">{(words.dice_checked)(rolls)}</p> }.into_any(),
        ),
        Ok(DiceCheck::Failed { seq }) => Some(failed(words, seq)),
        // A log that does not replay (this device's did, entry by entry) is no check passed either.
        Err(_) => Some(failed(words, 0)),
        Ok(DiceCheck::NotSealed | DiceCheck::NotRevealed) => None,
    };
    move || {
        commitment.get().map(|hash| {
            view! {
                <div class="dice-seal">
                    // What the seal is, one tap away (a phone shows no tooltip).
                    <details>
                        <summary class="muted">{words.dice_sealed} " " <code data-dice-commitment>{hash}</code></summary>
                        <p class="muted">{words.dice_sealed_how}</p>
                    </details>
                    {verdict}
                </div>
            }
        })
    }
}

fn failed(words: &'static i18n::RoomWords, seq: u64) -> AnyView {
    view! { <p class="dice-check failed" role="alert" data-dice-check="failed">{(words.dice_check_failed)(seq)}</p> }
        .into_any()
}
