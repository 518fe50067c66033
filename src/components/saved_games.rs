//! The start screen's lists: games in progress (resume, delete), finished games (share), and the player's data
//! as a file (export, import, and anything unreadable that was kept aside).

use leptos::html;
use leptos::prelude::*;

use crate::files;
use crate::store::GameStore;

/// A date and time for people, e.g. "2026-11-29 18:05".
fn when(ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes()
    )
}

/// Games saved mid-way, to pick up again or delete.
#[component]
pub fn TablesInProgress() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let confirming = RwSignal::new(None::<String>);
    let tables_in_progress = store.tables_in_progress();
    move || {
        let tables = tables_in_progress.get();
        (!tables.is_empty()).then(|| {
            let rows = tables
                .into_iter()
                .map(|table| {
                    let game = &table.game;
                    let ruleset = game.rules().ruleset();
                    let summary = format!(
                        "{} · {} · round {} of {} · {}'s turn",
                        ruleset.name,
                        game.players().join(", "),
                        game.round(),
                        ruleset.cells.len(),
                        game.players()[game.current_seat()]
                    );
                    let (resume_id, delete_id, confirm_id) = (table.id.clone(), table.id.clone(), table.id.clone());
                    let asking = move || confirming.with(|id| id.as_deref() == Some(confirm_id.as_str()));
                    view! {
                        <li class="saved-table">
                            <button class="resume" data-action="resume" on:click=move |_| store.resume(&resume_id)>
                                <strong>{table.name.clone()}</strong>
                                <span>{summary}</span>
                                <span>"Last played " {when(table.updated_ms)}</span>
                            </button>
                            <Show
                                when=asking.clone()
                                fallback=move || {
                                    let id = delete_id.clone();
                                    view! {
                                        <button
                                            class="secondary"
                                            data-action="delete-table"
                                            on:click=move |_| confirming.set(Some(id.clone()))
                                        >
                                            "Delete"
                                        </button>
                                    }
                                }
                            >
                                {
                                    let id = table.id.clone();
                                    view! {
                                        <span class="confirm-delete" role="group" aria-label="Delete this game?">
                                            "Delete this game?"
                                            <button
                                                class="danger"
                                                data-action="confirm-delete"
                                                on:click=move |_| {
                                                    store.delete(&id);
                                                    confirming.set(None);
                                                }
                                            >
                                                "Delete"
                                            </button>
                                            <button class="secondary" data-action="keep-table" on:click=move |_| confirming.set(None)>
                                                "Keep"
                                            </button>
                                        </span>
                                    }
                                }
                            </Show>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <section class="card" aria-labelledby="in-progress-title">
                    <h2 id="in-progress-title">"Games in progress"</h2>
                    <ul class="table-list">{rows}</ul>
                </section>
            }
        })
    }
}

/// Finished games: when, which game, who played and how they scored; each can be shared as a file.
#[component]
pub fn History() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let history = store.history();
    move || {
        let games = history.get();
        (!games.is_empty()).then(|| {
            let rows = games
                .into_iter()
                .map(|finished| {
                    let game = &finished.game;
                    let scores = game
                        .standings()
                        .into_iter()
                        .map(|standing| format!("{} {}", game.players()[standing.seat], standing.total))
                        .collect::<Vec<_>>()
                        .join(" · ");
                    let id = finished.table_id.clone();
                    view! {
                        <tr>
                            <td>{when(finished.finished_ms)}</td>
                            <td>{game.rules().ruleset().name}</td>
                            <td>{finished.table_name.clone()}</td>
                            <td>{scores}</td>
                            <td>
                                <button class="link" data-action="share-game" on:click=move |_| store.share(&id)>
                                    "Share"
                                </button>
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="card" aria-labelledby="history-title">
                    <h2 id="history-title">"Finished games"</h2>
                    <div class="scroll-x">
                        <table class="history finished-games">
                            <thead>
                                <tr>
                                    <th scope="col">"Finished"</th>
                                    <th scope="col">"Game"</th>
                                    <th scope="col">"Table"</th>
                                    <th scope="col">"Scores"</th>
                                    <th scope="col">
                                        <span class="visually-hidden">"Share"</span>
                                    </th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                </section>
            }
        })
    }
}

/// The player's data as a file: everything out, a file back in, and any unreadable data kept aside.
#[component]
pub fn YourData() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let chooser = NodeRef::<html::Input>::new();
    let unreadable = store.unreadable();
    let import = move |_| {
        let Some(input) = chooser.get() else { return };
        leptos::task::spawn_local(async move {
            match files::read_chosen_file(&input).await {
                Ok(text) => store.import(&text),
                Err(reason) => store.import_failed(&reason),
            }
            input.set_value("");
        });
    };
    view! {
        <section class="card your-data" aria-labelledby="data-title">
            <h2 id="data-title">"Your games, as a file"</h2>
            <p>"Games live in this browser. Export them to keep a copy or to move them to another device."</p>
            <div class="data-buttons">
                <button class="secondary" data-action="export" on:click=move |_| store.export()>
                    "Export all"
                </button>
                <label class="secondary file-button">
                    "Import a file"
                    <input
                        type="file"
                        accept=".json,application/json"
                        data-action="import"
                        node_ref=chooser
                        on:change=import
                    />
                </label>
            </div>
            <Show when=move || unreadable.with(|items| !items.is_empty())>
                <p class="unreadable">
                    "Some saved data could not be read. It is kept aside, untouched: "
                    <button class="link" data-action="download-unreadable" on:click=move |_| store.download_unreadable()>
                        "download it"
                    </button>
                </p>
            </Show>
        </section>
    }
}
