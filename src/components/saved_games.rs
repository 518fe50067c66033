//! The start screen's lists: games in progress (resume, delete), finished games (share), and the player's data
//! as a file (export, import, and anything unreadable that was kept aside). A first visit has no saved games:
//! each list is a chunk of its own, fetched once there is something in it, and the file's work is in `data`.

use leptos::html;
use leptos::prelude::*;

use super::finished_sheet::finished_sheet;
use super::lazy::{Loaded, SplitLoaderError, lazy_when};
use super::shown::{either_when, shown_when};
use super::when::when;
use crate::files;
use crate::store::GameStore;

/// Reading an imported file, checking all of it and merging it (a chunk of its own, `data`: a first visit
/// imports nothing).
#[wasm_split_helpers::wasm_split(data, fallible)]
fn importer() -> Result<fn(GameStore, &str), SplitLoaderError> {
    Ok(|store, text| store.tables().import(text))
}

/// Everything kept, as one file (in the `data` chunk too).
#[wasm_split_helpers::wasm_split(data, fallible)]
fn exporter() -> Result<fn(GameStore), SplitLoaderError> {
    Ok(|store| store.kept().export(store.table().get_untracked()))
}

/// The data that could not be read, as it was stored (in the `data` chunk too).
#[wasm_split_helpers::wasm_split(data, fallible)]
fn unreadable_downloader() -> Result<fn(GameStore), SplitLoaderError> {
    Ok(|store| store.kept().download_unreadable())
}

/// Runs what a split point brings for the store, or tells the player it could not be fetched.
fn with_store<F: Future<Output = Result<fn(GameStore), SplitLoaderError>> + 'static>(
    store: GameStore,
    load: fn() -> F,
) {
    leptos::task::spawn_local(async move {
        match load().await {
            Ok(run) => run(store),
            Err(_) => store.tell(store.words().not_fetched_offline),
        }
    });
}

/// Games saved mid-way, to pick up again or delete: a chunk of its own, fetched once there are some.
#[component]
pub fn TablesInProgress() -> impl IntoView {
    let tables_in_progress = expect_context::<GameStore>().kept().tables_in_progress();
    let some = move || tables_in_progress.with(|tables| !tables.is_empty());
    lazy_when(some, tables_part, ())
}

#[wasm_split_helpers::wasm_split(tables, fallible)]
fn tables_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("tables-styles", include_str!("../../style/tables.css"));
        tables_in_progress().into_any()
    })
}

fn tables_in_progress() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let confirming = RwSignal::new(None::<String>);
    let tables_in_progress = store.kept().tables_in_progress();
    move || {
        let tables = tables_in_progress.get();
        (!tables.is_empty()).then(|| {
            let rows = tables
                .into_iter()
                .filter_map(|table| {
                    let game = table.game()?;
                    let ruleset = game.rules().ruleset();
                    let summary = (words.table_summary)(
                        words.game_name(ruleset),
                        &game.players().join(", "),
                        game.round(),
                        ruleset.cells.len(),
                        &game.players()[game.current_seat()],
                    );
                    let (resume_id, delete_id, confirm_id) = (table.id().to_string(), table.id().to_string(), table.id().to_string());
                    let asking = move || confirming.with(|id| id.as_deref() == Some(confirm_id.as_str()));
                    Some(view! {
                        <li class="saved-table">
                            <button class="resume" data-action="resume" on:click=move |_| store.tables().resume(&resume_id)>
                                <strong>{table.name().to_string()}</strong>
                                <span>{summary}</span>
                                <span>{(words.last_played)(&when(words, table.updated_ms()))}</span>
                            </button>
                            {either_when(
                                asking.clone(),
                                move || {
                                    let id = table.id().to_string();
                                    view! {
                                        <span class="confirm-delete" role="group" aria-label=words.delete_this_game>
                                            {words.delete_this_game}
                                            <button
                                                class="danger"
                                                data-action="confirm-delete"
                                                on:click=move |_| {
                                                    store.kept().delete(&id);
                                                    confirming.set(None);
                                                }
                                            >
                                                {words.delete}
                                            </button>
                                            <button class="secondary" data-action="keep-table" on:click=move |_| confirming.set(None)>
                                                {words.keep}
                                            </button>
                                        </span>
                                    }
                                    .into_any()
                                },
                                move || {
                                    let id = delete_id.clone();
                                    view! {
                                        <button
                                            class="secondary"
                                            data-action="delete-table"
                                            on:click=move |_| confirming.set(Some(id.clone()))
                                        >
                                            {words.delete}
                                        </button>
                                    }
                                    .into_any()
                                },
                            )}
                        </li>
                    })
                })
                .collect_view();
            view! {
                <section class="card" aria-labelledby="in-progress-title">
                    <h2 id="in-progress-title">{words.games_in_progress}</h2>
                    <ul class="table-list">{rows}</ul>
                </section>
            }
        })
    }
}

/// Finished games: when, which game, who played and how they scored; each can be shared as a file. In the
/// `history` chunk with a finished game's sheet, fetched once there are some.
#[component]
pub fn History() -> impl IntoView {
    let history = expect_context::<GameStore>().kept().history();
    let some = move || history.with(|games| !games.is_empty());
    lazy_when(some, history_part, ())
}

#[wasm_split_helpers::wasm_split(history, fallible)]
fn history_part() -> Loaded<()> {
    Ok(|()| {
        super::finished_sheet::add_history_styles();
        finished_games().into_any()
    })
}

fn finished_games() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let history = store.kept().finished_games();
    // The finished game whose sheet is open, and the one being shared, by its table's id.
    let viewing = RwSignal::new(None::<String>);
    let sharing = RwSignal::new(None::<String>);
    let kept = store.kept().history();
    let shared_words = crate::i18n::share_words(store.speech().language().get_untracked());
    let sheet = move || {
        let id = viewing.get()?;
        let game = history.with(|games| games.iter().find(|g| g.table_id == id).map(|g| g.game.clone()))?;
        Some(finished_sheet(game, viewing))
    };
    let list = move || {
        let games = history.get();
        (!games.is_empty()).then(|| {
            let rows = games
                .into_iter()
                .map(|finished| {
                    let game = &finished.game;
                    // A person a computer stood in for: how many of their turns it played.
                    let by_computer = |seat: usize| {
                        let turns = finished.computer_turns.get(seat).copied().unwrap_or(0);
                        (turns > 0).then(|| format!(" ({})", (words.by_computer)(turns)))
                    };
                    let scores = game
                        .standings()
                        .into_iter()
                        .map(|standing| {
                            let name = &game.players()[standing.seat];
                            let mark = by_computer(standing.seat).unwrap_or_default();
                            format!("{name} {}{mark}", standing.total)
                        })
                        .collect::<Vec<_>>()
                        .join(" · ");
                    let computer_turns = finished.computer_turns.iter().sum::<usize>();
                    let id = finished.table_id.clone();
                    let view_id = id.clone();
                    // A game kept from another device's link says so.
                    let shared = kept.with_untracked(|games| games.iter().any(|game| game.table_id == id && game.shared));
                    view! {
                        <tr data-computer-turns=(computer_turns > 0).then(|| computer_turns.to_string())>
                            <td>{when(words, finished.finished_ms)}</td>
                            <td>{words.game_name(game.rules().ruleset())}</td>
                            <td>
                                {finished.table_name.clone()}
                                {shared.then(|| view! { " " <span class="shared-mark" data-shared>{shared_words.shared_mark}</span> })}
                            </td>
                            <td>{scores}</td>
                            <td class="row-actions">
                                <button
                                    class="link"
                                    data-action="view-game"
                                    on:click=move |_| viewing.set(Some(view_id.clone()))
                                >
                                    {words.view_sheet}
                                </button>
                                <button class="link" data-action="share-game" on:click=move |_| sharing.set(Some(id.clone()))>
                                    {words.share}
                                </button>
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="card" aria-labelledby="history-title">
                    <h2 id="history-title">{words.finished_games}</h2>
                    <div class="scroll-x">
                        <table class="history finished-games">
                            <thead>
                                <tr>
                                    <th scope="col">{words.finished}</th>
                                    <th scope="col">{words.game}</th>
                                    <th scope="col">{words.table}</th>
                                    <th scope="col">{words.scores}</th>
                                    <th scope="col">
                                        <span class="visually-hidden">{words.share}</span>
                                    </th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                </section>
            }
        })
    };
    let share = move || {
        sharing
            .get()
            .map(|id| super::share::share_dialog(id, sharing, true))
    };
    view! { {list} {sheet} {share} }
}

/// The player's data as a file: everything out, a file back in, and any unreadable data kept aside. The card is
/// on every start screen, so it is in the main module with its styles in main.css (as a chunk it was one more
/// download after paint, and four more of the code it shared); the work on files (`data`) comes when a button
/// asks for it.
#[component]
pub fn YourData() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let chooser = NodeRef::<html::Input>::new();
    let unreadable = store.notices().unreadable();
    let import = move |_| {
        let Some(input) = chooser.get() else { return };
        leptos::task::spawn_local(async move {
            match (files::read_chosen_file(&input).await, importer().await) {
                (Ok(text), Ok(import)) => import(store, &text),
                (Err(reason), _) => store.kept().import_failed(&reason),
                (_, Err(_)) => store.kept().import_failed(words.not_fetched_offline),
            }
            input.set_value("");
        });
    };
    // Said while the card shows, export one tap away: the store is read once, when the start screen opens.
    let nearly_full = store
        .kept()
        .space()
        .filter(|space| space.nearly_full())
        .map(|space| {
            let said = (words.storage_nearly_full)(space.used / 100_000, space.kept / 1_000_000);
            view! { <p class="storage-low" role="status" data-storage-low>{said}</p> }
        });
    view! {
        <section class="card your-data" aria-labelledby="data-title">
            <h2 id="data-title">{words.your_games_as_file}</h2>
            <p>{words.games_live_here}</p>
            {nearly_full}
            <div class="data-buttons">
                <button class="secondary" data-action="export" on:click=move |_| with_store(store, exporter)>
                    {words.export_all}
                </button>
                <label class="secondary file-button">
                    {words.import_file}
                    <input
                        type="file"
                        accept=".json,application/json"
                        data-action="import"
                        node_ref=chooser
                        on:change=import
                    />
                </label>
            </div>
            {shown_when(move || unreadable.with(|items| !items.is_empty()), move || {
                view! {
                    <p class="unreadable">
                        {words.unreadable_kept}
                        <button class="link" data-action="download-unreadable" on:click=move |_| with_store(store, unreadable_downloader)>
                            {words.download_it}
                        </button>
                    </p>
                }
                .into_any()
            })}
        </section>
    }
}
