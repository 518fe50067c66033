//! An event's board as people see it: the standings of every player across the tables, the moments worth a
//! cheer, the tables still playing, the prizes; followed live from the server (Server-Sent Events, which the
//! browser reconnects by itself after the network or the server comes back).

use fivedice_room::event::{Board, Cheer, Feat, Prize};
use fivedice_rules::Language;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::event_client::event_url;
use crate::i18n::{self, EventWords};
use crate::store::GameStore;

/// The event's board as the server sends it, or why there is none yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Following {
    Waiting,
    Here(Box<Board>),
    /// The stream broke: the browser is reconnecting (the last board stays shown).
    Reconnecting(Box<Board>),
    NoEvent,
}

impl Following {
    pub fn board(&self) -> Option<&Board> {
        match self {
            Following::Here(board) | Following::Reconnecting(board) => Some(board),
            Following::Waiting | Following::NoEvent => None,
        }
    }
}

/// Follows the event's board for as long as the view that asked lives (the organiser's page also sets it from
/// the answer to its own change, rather than wait for the stream).
pub fn follow(name: &str) -> RwSignal<Following> {
    let following = RwSignal::new(Following::Waiting);
    let Ok(source) = web_sys::EventSource::new(&event_url(name, "/live")) else {
        following.set(Following::NoEvent);
        return following;
    };
    // The closure types the engine's worker uses already: each new one costs the first download its glue.
    let on_board = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |message: web_sys::MessageEvent| {
        let Some(text) = message.data().as_string() else {
            return;
        };
        match serde_json::from_str::<Board>(&text) {
            Ok(board) => following.set(Following::Here(Box::new(board))),
            Err(error) => leptos::logging::warn!("an event's board did not read: {error}"),
        }
    });
    source.set_onmessage(Some(on_board.as_ref().unchecked_ref()));
    let name = name.to_string();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        let shown = following.get_untracked();
        match shown {
            Following::Here(board) => following.set(Following::Reconnecting(board)),
            // Never a board: the event may not exist (the stream is refused with 404, and not retried).
            Following::Waiting => check_exists(&name, following),
            _ => {}
        }
    });
    source.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let closures = StoredValue::new_local((on_board, on_error));
    on_cleanup(move || {
        source.close();
        closures.dispose();
    });
    following
}

/// After a stream that never sent a board: whether the server knows the event.
fn check_exists(name: &str, following: RwSignal<Following>) {
    let url = event_url(name, "");
    leptos::task::spawn_local(async move {
        if let crate::event_client::Answer::Refused { code, .. } =
            crate::event_client::get::<Board>(&url).await
            && code == "no_event"
        {
            following.set(Following::NoEvent);
        }
    });
}

/// The standings: one row a player, best first (`[data-event-row]`, see UI-HOOKS.md).
pub fn standings(words: &'static EventWords, board: Board) -> impl IntoView {
    let rows = board
        .rows
        .into_iter()
        .map(|row| {
            let (player, table) = (row.player.clone(), row.table.clone());
            view! {
                <tr
                    data-event-row
                    data-player=row.player.clone()
                    data-table=row.table.clone()
                    data-total=row.total.to_string()
                    data-rank=row.rank.to_string()
                    data-computer-turns=(row.computer_turns > 0).then(|| row.computer_turns.to_string())
                    class:done=row.boxes_left == 0
                >
                    <td class="rank">{row.rank}</td>
                    <td class="player">
                        {player}
                        {(row.computer_turns > 0).then(|| view! {
                            <span class="by-computer">{(words.turns_by_computer)(usize::from(row.computer_turns))}</span>
                        })}
                    </td>
                    <td class="table-name">{table}</td>
                    <td class="total">{row.total}</td>
                    <td class="left">{row.boxes_left}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="event-standings">
            <thead>
                <tr>
                    <th class="rank">{words.rank}</th>
                    <th>{words.player}</th>
                    <th>{words.table}</th>
                    <th class="total">{words.total}</th>
                    <th class="left">{words.boxes_left}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// A cheer as words: "Honeymoon! Claire, Table 3".
pub fn cheer_text(words: &'static EventWords, language: Language, board: &Board, cheer: &Cheer) -> String {
    let ruleset = board.rules.ruleset();
    let feat = match cheer.what {
        Feat::AllAlike(category) => ruleset
            .cell(category)
            .map_or_else(String::new, |cell| i18n::label(language, cell.label).to_string()),
        Feat::AllAlikeBonus => ruleset.extra_five_of_a_kind.map_or_else(String::new, |extra| {
            i18n::label(language, extra.bonus_label).to_string()
        }),
        Feat::UpperBonus => words.upper_bonus.to_string(),
        Feat::WonTable => return format!("{} {}", cheer.player, (words.wins_table)(&cheer.table)),
    };
    format!("{feat} {}, {}", cheer.player, cheer.table)
}

/// The prizes so far (final once the event is closed and every table has finished).
pub fn prizes(words: &'static EventWords, language: Language, board: &Board) -> impl IntoView + use<> {
    let all_alike = board.rules.ruleset().all_alike_cell();
    let all_alike_name = board
        .rules
        .ruleset()
        .cell(all_alike)
        .map_or_else(String::new, |cell| i18n::label(language, cell.label).to_string());
    let line = |title: String, prize: &[Prize]| {
        (!prize.is_empty()).then(|| {
            let winners = prize
                .iter()
                .map(|prize| format!("{} ({})", prize.player, prize.table))
                .collect::<Vec<_>>()
                .join(", ");
            let figure = prize[0].figure;
            view! {
                <li data-event-prize>
                    <span class="prize-title">{title}</span>
                    <span class="prize-winners">{winners}</span>
                    <span class="prize-figure">{figure}</span>
                </li>
            }
        })
    };
    view! {
        <ul class="event-prizes">
            {line(words.best_total.to_string(), &board.prizes.best_total)}
            {line((words.most_all_alike)(&all_alike_name), &board.prizes.most_all_alike)}
            {line(words.best_turn.to_string(), &board.prizes.best_turn)}
        </ul>
    }
}

/// The standings as CSV: rank, player, table, total, boxes left; each field quoted.
pub fn standings_csv(words: &EventWords, board: &Board) -> String {
    let quoted = |field: &str| format!("\"{}\"", field.replace('"', "\"\""));
    let mut csv = [
        words.rank,
        words.player,
        words.table,
        words.total,
        words.boxes_left,
    ]
    .map(quoted)
    .join(",");
    csv.push('\n');
    for row in &board.rows {
        let fields = [
            row.rank.to_string(),
            row.player.clone(),
            row.table.clone(),
            row.total.to_string(),
            row.boxes_left.to_string(),
        ];
        csv.push_str(&fields.map(|field| quoted(&field)).join(","));
        csv.push('\n');
    }
    csv
}

/// The events' words in the language spoken.
pub fn event_words(store: GameStore) -> &'static EventWords {
    store.speech().words_of(i18n::event_words)
}
