//! Maxi Yatzy's row of saved rolls, under the sheet.

use fivedice_rules::DiceMode;
use leptos::prelude::*;

use crate::store::GameStore;
use crate::store::Reading as _;

/// Maxi Yatzy: the rolls each player has saved for later turns, with the app's dice (a score pad's players
/// count their own: no row).
#[component]
pub fn SavedRollsRow(seats: usize) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    if store.table().mode().get_untracked() != Some(DiceMode::App) {
        return ().into_any();
    }
    let cells = (0..seats)
        .map(|seat| {
            let saved = store.table().saved_rolls(seat);
            let value = move || saved.get().map(|saved| saved.to_string()).unwrap_or_default();
            view! { <td class="saved-rolls" data-saved-rolls=seat.to_string() data-value=value>{value}</td> }
        })
        .collect_view();
    view! {
        <tr class="saved-rolls-row">
            <th scope="row">{words.saved_rolls}</th>
            {cells}
        </tr>
    }
    .into_any()
}
