//! A die's face drawn as pips, shared by the dice tray, the score pad's dice entry and the coach's boards.

use leptos::prelude::*;

/// The pips of a face (none while the die is blank). One element whose face the stylesheet draws: a tray of five
/// dice is five nodes and five reactive attributes, not fifty of each, at every start of the game screen.
#[component]
pub fn Pips(#[prop(into)] face: Signal<Option<u8>>) -> impl IntoView {
    view! { <span class="pips" aria-hidden="true" data-pips=move || face.get().map(|face| face.to_string())></span> }
}
