//! Sharing a finished game: its picture (a PNG drawn in the page, [`picture`]) through the device's share sheet
//! or as a download, and the link that replays it on any device, with no server (`fivedice_saved::link`). From
//! the game-over card and the history; a chunk of its own (`share`), fetched when Share is tapped.

mod picture;

use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::{Loaded, SplitLoaderError, lazy};
use crate::files;
use crate::i18n::{ShareWords, share_words};
use crate::store::GameStore;
use crate::table::KeptGame;

/// The share dialog of the finished game of table `table_id`, while `open` holds it; `with_file` offers the
/// game as a file too (the history's way before links).
pub fn share_dialog(table_id: String, open: RwSignal<Option<String>>, with_file: bool) -> AnyView {
    lazy(share_part, (table_id, open, with_file))
}

#[wasm_split_helpers::wasm_split(share, fallible)]
fn share_part() -> Loaded<(String, RwSignal<Option<String>>, bool)> {
    Ok(|(table_id, open, with_file)| {
        super::lazy::add_styles("share-styles", include_str!("../../../style/share.css"));
        view! { <ShareDialog table_id open with_file /> }.into_any()
    })
}

/// Sharing a finished game as a file (in the `data` chunk, with the other files).
#[wasm_split_helpers::wasm_split(data, fallible)]
fn sharer() -> Result<fn(GameStore, &str), SplitLoaderError> {
    Ok(|store, id| store.kept().share(id))
}

/// Shares a finished game as a file (the share dialog's "As a file").
fn share_as_file(store: GameStore, id: String) {
    leptos::task::spawn_local(async move {
        match sharer().await {
            Ok(share) => share(store, &id),
            Err(_) => store.tell(store.words().not_fetched_offline),
        }
    });
}

/// The address this app is served from, without its query or fragment: where a replay link leads.
fn app_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

#[component]
fn ShareDialog(table_id: String, open: RwSignal<Option<String>>, with_file: bool) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let said = share_words(language);
    let close = move || open.set(None);
    crate::back::layer(close, None);
    // Made again if the game changes in the history (an online room's seed, revealed after its last box, joins
    // its log: the link then carries it, and its dice check).
    let history = store.kept().history();
    // What became of a picture or a link shared, said here: the page's notices are behind the dialog.
    let status = RwSignal::new(None::<String>);
    let shown_id = table_id.clone();
    let shown = move || {
        let kept = history.with(|games| games.iter().find(|game| game.table_id == shown_id).cloned());
        picture_and_link(store, said, kept, status)
    };
    let file = with_file.then(|| {
        let id = table_id.clone();
        view! {
            <button class="secondary" data-action="share-file" on:click=move |_| {
                // Its notice says where the file went, on the page: the dialog closes to show it.
                share_as_file(store, id.clone());
                close();
            }>
                {said.as_file}
            </button>
        }
    });
    view! {
        <Dialog close=Callback::new(move |()| close()) labelled_by="share-title">
            <div class="picker share-game" data-share=table_id.clone()>
                <h2 id="share-title">{said.share_game}</h2>
                {shown}
                <p class="share-status" role="status" data-share-status>{move || status.get()}</p>
                <div class="picker-actions">
                    {file}
                    <button class="secondary" data-action="close-share" on:click=move |_| close()>
                        {words.close}
                    </button>
                </div>
            </div>
        </Dialog>
    }
}

/// The game's picture with the button that shares it, and its replay link (or why either is missing).
fn picture_and_link(
    store: GameStore,
    said: &'static ShareWords,
    kept: Option<KeptGame>,
    status: RwSignal<Option<String>>,
) -> AnyView {
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let finished = kept.as_ref().map(KeptGame::read);
    let picture = match &finished {
        Some(Ok(finished)) => {
            let when = super::when::when(words, finished.finished_ms);
            let drawn = picture::draw(
                finished,
                &picture::Said {
                    words,
                    share: said,
                    language,
                    when: &when,
                },
            );
            let game = words.game_name(finished.game.rules().ruleset());
            let winners = finished
                .game
                .standings()
                .into_iter()
                .filter(|standing| standing.winner);
            let winners: Vec<&str> = winners
                .map(|standing| finished.game.players()[standing.seat].as_str())
                .collect();
            let file = format!(
                "fivedice-{}-{}.png",
                finished.game.rules().id(),
                finished.table_id
            );
            drawn.map(|address| (address, (said.picture_of)(game, &winners.join(", ")), file))
        }
        Some(Err(reason)) => Err(reason.clone()),
        None => Err(said.picture_failed.to_string()),
    };
    let link = kept.as_ref().map(|kept| {
        let address = app_address().unwrap_or_default();
        fivedice_saved::link::link(&address, kept).map_err(|error| error.to_string())
    });
    let picture = match picture {
        Ok((address, alt, file)) => {
            let shown = address.clone();
            let share_picture = move |_| {
                let (address, file) = (address.clone(), file.clone());
                leptos::task::spawn_local(async move {
                    match files::share_picture(&file, &address).await {
                        Ok(files::Shared::Sheet) => {}
                        Ok(files::Shared::Downloaded) => status.set(Some((words.shared_as_download)(&file))),
                        Err(reason) => status.set(Some(reason)),
                    }
                });
            };
            view! {
                <img class="share-image" data-share-image src=shown alt=alt />
                <button class="primary" data-action="share-picture" on:click=share_picture>
                    {said.share_picture}
                </button>
            }
            .into_any()
        }
        Err(reason) => view! { <p class="share-problem" role="alert">{reason}</p> }.into_any(),
    };
    let link = link.map(|link| link_part(said, link, status));
    view! { {picture} {link} }.into_any()
}

/// The replay link, in a box to copy it from, and a button that shares or copies it; or why there is none.
fn link_part(
    said: &'static ShareWords,
    link: Result<String, String>,
    status: RwSignal<Option<String>>,
) -> AnyView {
    let link = match link {
        Ok(link) => link,
        Err(reason) => return view! { <p class="share-problem">{(said.no_link)(&reason)}</p> }.into_any(),
    };
    let shared = link.clone();
    let share_link = move |_| {
        let link = shared.clone();
        leptos::task::spawn_local(async move {
            match files::share_link(said.share_game, &link).await {
                Some(files::LinkShared::Sheet) => {}
                Some(files::LinkShared::Copied) => status.set(Some(said.link_copied.to_string())),
                None => status.set(Some(said.copy_from_box.to_string())),
            }
        });
    };
    view! {
        <label class="share-link">
            {said.link_replays}
            <input readonly data-share-link data-link=link.clone() value=link on:focus=|event| {
                if let Some(input) = event_target::<web_sys::HtmlInputElement>(&event).into() {
                    input.select();
                }
            } />
        </label>
        <button class="secondary" data-action="share-link" on:click=share_link>{said.share_link}</button>
    }
    .into_any()
}
