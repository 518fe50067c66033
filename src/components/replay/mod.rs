//! The replay a link opens (`…#replay=<payload>`): a finished game shared from another device, read-only, on a
//! device that may never have run the app. Step by step through every roll, hold and box, the sheet filling;
//! at each decision the engine's best choice and what the player gave up; a sealed room's dice checked; the
//! game's own sheets and standings at the end; and "Keep this game" for this device's history. A damaged or
//! cut link says so and shows nothing else. A chunk of its own (`replay`): only such a link fetches it.

mod step;

use std::sync::Arc;

use fivedice_room::DiceCheck;
use fivedice_saved::link::{LinkError, decode};
use fivedice_saved::{KeptGame, Replay};
use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::written_sheet::written_sheet;
use crate::i18n::{ShareWords, room_words, share_words};
use crate::store::GameStore;

/// The replay of the link's `payload`; `leave` goes on to the app.
pub fn replay_screen(payload: String, leave: Callback<()>) -> AnyView {
    lazy(replay_part, (payload, leave))
}

#[wasm_split_helpers::wasm_split(replay, fallible)]
fn replay_part() -> Loaded<(String, Callback<()>)> {
    Ok(|(payload, leave)| {
        super::finished_sheet::add_history_styles();
        super::standings::add_analysis_styles();
        super::lazy::add_styles("replay-styles", include_str!("../../../style/replay.css"));
        view! { <ReplayScreen payload leave /> }.into_any()
    })
}

#[component]
fn ReplayScreen(payload: String, leave: Callback<()>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let said = share_words(store.speech().language().get_untracked());
    // The link read, then replayed by the rules: a game neither refuses is the game that was played.
    let read = decode(&payload).and_then(|kept| match Replay::of(&kept) {
        Ok(replay) => Ok((kept, replay)),
        Err(reason) => Err(LinkError::Refused(reason)),
    });
    match read {
        Ok((kept, replay)) => view! { <ReplayOf kept replay=Arc::new(replay) leave /> }.into_any(),
        Err(error) => cannot_replay(said, &error, leave).into_any(),
    }
}

/// A link that shows no game: why, plainly, and the way on to the app.
fn cannot_replay(said: &'static ShareWords, error: &LinkError, leave: Callback<()>) -> impl IntoView {
    let why = match error {
        LinkError::Cut => said.link_cut,
        LinkError::Damaged => said.link_damaged,
        LinkError::UnknownVersion(_) => said.link_newer,
        _ => said.link_unreadable,
    };
    // The one thing to do here has the focus.
    let open_app = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = open_app.get() {
            crate::focus::take(&button);
        }
    });
    view! {
        <section class="card replay-problem" data-replay-error=link_error_code(error) role="alert">
            <h1>{said.cannot_replay}</h1>
            <p>{why}</p>
            <button class="primary" data-action="leave-replay" node_ref=open_app on:click=move |_| leave.run(())>
                {said.open_app}
            </button>
        </section>
    }
}

/// What went wrong with a link, for tests and tools (`data-replay-error`).
fn link_error_code(error: &LinkError) -> &'static str {
    match error {
        LinkError::Cut => "cut",
        LinkError::Damaged => "damaged",
        LinkError::UnknownVersion(_) => "newer",
        _ => "unreadable",
    }
}

#[component]
fn ReplayOf(kept: KeptGame, replay: Arc<Replay>, leave: Callback<()>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let said = share_words(language);
    let total = replay.steps.len();
    // The step the address names (a reload stays where it was), kept there as the player steps.
    let step = RwSignal::new(crate::page::replay_step_in_address().unwrap_or(0).min(total));
    Effect::new(move |_| crate::page::keep_replay_step(step.get()));
    let game = replay.game_at(total).clone();
    // A wedding's game in the wedding sheet's own look, as at its table.
    let wedding = game.rules().id() == fivedice_rules::RulesetId::Yardzee;
    let heading = format!(
        "{} · {}",
        words.game_name(game.rules().ruleset()),
        super::when::when(words, kept.finished_ms)
    );
    let sheet = {
        let replay = replay.clone();
        move || {
            let n = step.get();
            let playing = replay.step(n).map(|step| step.seat);
            written_sheet(replay.game_at(n), words, language, playing)
        }
    };
    let standings = move || (step.get() == total).then(|| final_standings(&game));
    let dice = match replay.dice {
        DiceCheck::Checked { rolls } => {
            let said = (room_words(language).dice_checked)(rolls);
            Some(view! { <p class="dice-check" data-dice-check="ok">{said}</p> }.into_any())
        }
        DiceCheck::Failed { seq } => {
            let said = (room_words(language).dice_check_failed)(seq);
            Some(
                view! { <p class="dice-check failed" role="alert" data-dice-check="failed">{said}</p> }
                    .into_any(),
            )
        }
        DiceCheck::NotSealed | DiceCheck::NotRevealed => None,
    };
    let title = (said.replay_of)(&kept.table_name);
    let kept_here = RwSignal::new(false);
    let open_app = NodeRef::<leptos::html::Button>::new();
    let keep = move |_| {
        store.kept().keep_shared(kept.clone());
        kept_here.set(true);
        // The button goes once the game is kept: the focus goes on to the way into the app.
        if let Some(button) = open_app.get_untracked() {
            crate::focus::take(&button);
        }
    };
    view! {
        <div class="replay-page" class:wedding=wedding>
        <section class="replay-screen" data-replay data-step=move || step.get().to_string() data-steps=total.to_string()>
            <header class="replay-head">
                <h1>{title}</h1>
                <p>{heading}</p>
            </header>
            {dice}
            {step::at_step(replay.clone(), step)}
            {standings}
            <div class="replay-sheet scroll-x">{sheet}</div>
            <div class="replay-actions">
                {move || match kept_here.get() {
                    false => view! {
                        <button class="primary" data-action="keep-replay" on:click=keep.clone()>{said.keep_game}</button>
                    }
                    .into_any(),
                    true => view! { <p class="replay-kept" role="status" data-replay-kept>{said.kept}</p> }.into_any(),
                }}
                <button class="secondary" data-action="leave-replay" node_ref=open_app on:click=move |_| leave.run(())>
                    {said.open_app}
                </button>
            </div>
        </section>
        </div>
    }
}

/// The game's standings as it ended (the table's hooks: `data-standing`, `data-seat`, `data-winner`).
fn final_standings(game: &fivedice_rules::Game) -> impl IntoView + use<> {
    let rows = game
        .standings()
        .into_iter()
        .map(|standing| {
            let name = game.players()[standing.seat].clone();
            view! {
                <li
                    data-standing=standing.rank.to_string()
                    data-seat=standing.seat.to_string()
                    data-winner=standing.winner.to_string()
                    class:winner=standing.winner
                >
                    <span class="rank">{standing.rank}</span>
                    <span class="name"><span class="who">{name}</span></span>
                    <span class="total">{standing.total}</span>
                </li>
            }
        })
        .collect_view();
    view! { <section class="standings replay-standings"><ol>{rows}</ol></section> }
}
