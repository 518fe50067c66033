//! Every player's chance to win, for a table that asks for it: a switch beside the coach, and the figures
//! themselves, a chunk of their own fetched when the switch is first turned on. Each figure follows the table
//! position by position (every cell written, every roll), as the engine's worker states it.

use leptos::prelude::*;

use super::hint_shown::{Aim, HintShown};
use super::lazy::{Loaded, lazy_when};
use super::player_name;
use super::shown::shown_when;
use crate::engine::{Engine, EngineError};
use crate::i18n;
use crate::i18n::decimals;
use crate::store::{GameStore, Reading as _, Situation};

/// The switch, on a table of several players playing one column; once on, the chances.
#[component]
pub fn Odds() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let (available, shown) = (store.table().odds_available(), store.table().odds_shown());
    // Built again only when its availability changes: the chances stated last stay shown (marked as being
    // worked out again) while the next position's are worked out.
    shown_when(
        move || available.get(),
        move || {
            view! {
                <div class="odds-line">
                    <button
                        class="coach-button"
                        data-action="odds"
                        aria-pressed=move || shown.get().to_string()
                        on:click=move |_| store.advisor().toggle_odds()
                    >
                        {move || if shown.get() { words.odds_on } else { words.odds_off }}
                    </button>
                </div>
                {lazy_when(move || shown.get(), chances_part, ())}
            }
            .into_any()
        },
    )
}

/// Every player's chance to win.
#[wasm_split_helpers::wasm_split(odds, fallible)]
fn chances_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("odds-styles", ODDS_STYLES);
        view! { <Chances /> }.into_any()
    })
}

/// The hint's choice of what to play for, in the same chunk.
#[wasm_split_helpers::wasm_split(odds, fallible)]
pub fn aims_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("odds-styles", ODDS_STYLES);
        view! { <Aims /> }.into_any()
    })
}

/// The chances' styles (a constant: each part's chunk has its copy).
const ODDS_STYLES: &str = include_str!("../../style/odds.css");

/// What the hint plays for: the player's own best score, or the best chance to win.
#[component]
fn Aims() -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let odds_words = expect_context::<GameStore>().speech().words_of(i18n::odds_words);
    let shown = expect_context::<HintShown>();
    let aim = shown.aim();
    let button = move |choice: Aim, label: &'static str, id: &'static str| {
        view! {
            <button
                type="button"
                class="aim"
                data-hint-aim=id
                aria-pressed=move || (aim.get() == choice).to_string()
                on:click=move |_| shown.choose_aim(choice)
            >
                {label}
            </button>
        }
    };
    view! {
        <div class="hint-aims" role="group" aria-label=words.hint>
            {button(Aim::Score, odds_words.hint_for_score, "score")}
            {button(Aim::Win, odds_words.hint_for_win, "win")}
        </div>
    }
}

/// The chances the engine stated, and for which position.
type Stated = Option<(Situation, Result<Vec<f64>, EngineError>)>;

/// The chances of the position on the table, asked again whenever it changes.
#[component]
fn Chances() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let engine = expect_context::<Engine>();
    let words = store.words();
    let odds_words = store.speech().words_of(i18n::odds_words);
    let (situation, players) = (store.table().situation(), store.table().players());
    let stated: RwSignal<Stated> = RwSignal::new(None);
    Effect::new(move |_| {
        if situation.get().is_some() {
            store
                .advisor()
                .ask_odds(move |asked, answer| stated.set(Some((asked, answer))));
        }
    });
    let ready = move || {
        let now = situation.get();
        stated.with(|stated| stated.as_ref().is_some_and(|(asked, _)| Some(*asked) == now))
    };
    // The chances, once first stated, are brought into view in the turn's panel (which scrolls on a phone held
    // upright). Not on a phone held sideways, where that panel beside the sheet would scroll the dice and Roll
    // out of view (`style/play.css`'s sideways query).
    let section = NodeRef::<leptos::html::Section>::new();
    let first_stated = Memo::new(move |_| stated.with(Option::is_some));
    Effect::new(move |_| {
        let sideways = || crate::page::media_matches("(orientation: landscape) and (max-height: 500px)");
        if let (true, Some(section)) = (first_stated.get(), section.get())
            && !sideways()
        {
            let nearest = web_sys::ScrollIntoViewOptions::new();
            nearest.set_block(web_sys::ScrollLogicalPosition::Nearest);
            section.scroll_into_view_with_scroll_into_view_options(&nearest);
        }
    });
    let figures = move || match stated.get() {
        // A device's first chances wait for the spread of the rules' table to be worked out: say how far.
        None => view! {
            <p class="muted">{words.working_out}</p>
            {move || {
                engine
                    .progress
                    .get()
                    .map(|(done, total)| {
                        view! { <progress max=total.to_string() value=done.to_string()></progress> }
                    })
            }}
        }
        .into_any(),
        Some((_, Err(error))) => view! { <p class="error">{(words.engine_failed)(&error)}</p> }.into_any(),
        Some((_, Ok(chances))) => chances
            .into_iter()
            .enumerate()
            .map(|(seat, chance)| {
                let width = format!("width: {}%", decimals(100.0 * chance, 1));
                view! {
                    <li data-win-chance=seat.to_string() data-value=decimals(chance, 4)>
                        <span class="name">{player_name(players, seat)}</span>
                        <span class="odds-bar" aria-hidden="true">
                            <span style=width></span>
                        </span>
                        <span class="figure">{words.chance(chance, 0)}</span>
                    </li>
                }
            })
            .collect_view()
            .into_any(),
    };
    view! {
        <section
            node_ref=section
            class="odds"
            aria-label=odds_words.odds_title
            data-odds=move || if ready() { "ready" } else { "working" }
            aria-busy=move || (!ready()).to_string()
        >
            <ol>{figures}</ol>
            <p class="muted honesty">{odds_words.odds_honesty}</p>
        </section>
    }
}
