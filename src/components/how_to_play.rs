//! "How to play": a page per ruleset in the language shown, with this table's options (the Joker rule chosen),
//! opened from the setup screen and from the play screen.

use fivedice_rules::Rules;
use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::{Loaded, lazy};
use super::shown::shown_when;
use crate::i18n::GuideSection;
use crate::store::GameStore;

/// The link that opens the page, and the page while open.
#[component]
pub fn HowToPlay(#[prop(into)] rules: Signal<Option<Rules>>) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let open = RwSignal::new(false);
    let page = move || Some(lazy(guide_part, (rules.get()?, open)));
    view! {
        <button type="button" class="link how-to-play" data-action="how-to-play" on:click=move |_| open.set(true)>
            {words.how_to_play}
        </button>
        {shown_when(move || open.get(), move || {
            view! {
                {page}
            }
            .into_any()
        })}
    }
}

/// The page (a chunk of its own, fetched when it is first opened).
#[wasm_split_helpers::wasm_split(guide, fallible)]
fn guide_part() -> Loaded<(Rules, RwSignal<bool>)> {
    Ok(|(rules, open)| {
        super::lazy::add_styles("guide-styles", include_str!("../../style/guide.css"));
        guide_page(rules, open).into_any()
    })
}

fn guide_page(rules: Rules, open: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let close = move || open.set(false);
    crate::back::layer(close, None);
    {
        let guide = crate::i18n::guide(store.speech().language().get_untracked(), &rules);
        let sections = guide.sections.into_iter().map(section).collect_view();
        view! {
            <Dialog close=Callback::new(move |()| close()) labelled_by="guide-title">
                <div class="picker guide" data-guide=rules.id().id()>
                    // Close stays in reach however far the page is read (a phone scrolls it a long way).
                    <header class="dialog-head">
                        <h2 id="guide-title">{guide.title}</h2>
                        <button class="secondary" data-action="close-guide" on:click=move |_| close()>
                            {words.close}
                        </button>
                    </header>
                    {sections}
                </div>
            </Dialog>
        }
    }
}

fn section(section: GuideSection) -> impl IntoView {
    let paragraphs = section
        .paragraphs
        .into_iter()
        .map(|text| view! { <p>{text}</p> })
        .collect_view();
    let cells = (!section.cells.is_empty()).then(|| {
        let rows = section
            .cells
            .into_iter()
            .map(|[label, needs, scores]| {
                view! {
                    <li>
                        <strong>{label}</strong>
                        " — "
                        {needs}
                        " → "
                        {scores}
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="guide-cells">{rows}</ul> }
    });
    view! {
        <section>
            <h3>{section.heading}</h3>
            {paragraphs}
            {cells}
        </section>
    }
}
