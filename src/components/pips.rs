//! A die's face drawn as pips, shared by the dice tray, the score pad's dice entry and the coach's boards.

use leptos::prelude::*;

/// Which of the nine spots of a 3×3 grid carry a pip for each face.
const PIPS: [&[usize]; 6] = [
    &[4],
    &[0, 8],
    &[0, 4, 8],
    &[0, 2, 6, 8],
    &[0, 2, 4, 6, 8],
    &[0, 2, 3, 5, 6, 8],
];

/// The pips of a face on a 3×3 grid (none while the die is blank).
#[component]
pub fn Pips(#[prop(into)] face: Signal<Option<u8>>) -> impl IntoView {
    view! {
        <span class="pips" aria-hidden="true">
            {(0..9)
                .map(|spot| {
                    let shown = move || face.get().is_some_and(|face| PIPS[usize::from(face) - 1].contains(&spot));
                    view! { <span class="pip" class:on=shown></span> }
                })
                .collect_view()}
        </span>
    }
}
