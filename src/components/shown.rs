//! A part of a screen shown while a condition holds, or one of two parts: what leptos's `<Show>` does, built
//! once for every place it is used. `<Show>` is generic over its condition and its children, so each place
//! brought its own copy of the machinery (a memo, the switch between the two views) into the download; here
//! the condition and the parts are boxed, and one copy serves them all.

use std::sync::Arc;

use leptos::prelude::*;

type Part = Arc<dyn Fn() -> AnyView + Send + Sync>;

/// `part` while `when` holds, nothing otherwise; rebuilt only when `when` changes.
pub fn shown_when(
    when: impl Fn() -> bool + Send + Sync + 'static,
    part: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    switched(Arc::new(when), Arc::new(part), Arc::new(|| ().into_any()))
}

/// `then` while `when` holds, `otherwise` when it does not; each rebuilt only when `when` changes.
pub fn either_when(
    when: impl Fn() -> bool + Send + Sync + 'static,
    then: impl Fn() -> AnyView + Send + Sync + 'static,
    otherwise: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    switched(Arc::new(when), Arc::new(then), Arc::new(otherwise))
}

fn switched(when: Arc<dyn Fn() -> bool + Send + Sync>, then: Part, otherwise: Part) -> AnyView {
    let holds = Memo::new(move |_| when());
    (move || if holds.get() { then() } else { otherwise() }).into_any()
}
