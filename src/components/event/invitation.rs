//! A table of an event: on the new game's form, the event it will play in (its game decided by the event) and a
//! way out of it; above its sheet, whether the event has every box written.

use fivedice_room::event::Board;
use leptos::prelude::*;

use super::EventTableForm;
use super::board::event_words;
use crate::event_client::{Answer, event_url, get};
use crate::event_feed::Handing;
use crate::i18n;
use crate::launch::Invitation;
use crate::store::GameStore;

pub fn banner(invitation: Invitation, form: EventTableForm) -> impl IntoView {
    let EventTableForm {
        table_name, in_room, ..
    } = form;
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let language = store.speech().language().get_untracked();
    // A table unnamed is the event's next: "Table 3" when two have joined. An event closed (or unknown
    // here) is said before anybody plays, not after Start.
    let unwelcome = RwSignal::new(None::<&'static str>);
    let event = invitation.link.name.clone();
    // A table the event will not take plays on its own, on this device.
    let unwelcome_because = move |why| {
        unwelcome.set(Some(why));
        in_room.set(false);
    };
    leptos::task::spawn_local(async move {
        match get::<Board>(&event_url(&event, "")).await {
            Answer::Done(board) => {
                if table_name.get_untracked().trim().is_empty() {
                    table_name.set((words.table_n)(board.tables.len() + 1));
                }
                if board.closed {
                    unwelcome_because((words.refused)("closed"));
                }
            }
            Answer::Refused { code, .. } if code == "no_event" => unwelcome_because((words.refused)(&code)),
            Answer::Refused { .. } | Answer::Unanswered => {}
        }
    });
    let game = i18n::label(language, invitation.rules.ruleset().name);
    view! {
        <div class="event-invitation" data-event-invitation>
            <p class="event-of">{(words.table_of)(&invitation.link.name)}</p>
            <p class="muted">{(words.event_game)(game)}</p>
            // The rule the event plays where the sheet has one to choose (the form does not offer it here).
            {invitation.rules.ruleset().extra_five_of_a_kind.map(|_| {
                view! { <p class="muted" data-event-joker>{(store.words().joker_in_force)(invitation.rules.joker())}</p> }
            })}
            {move || unwelcome.get().map(|why| view! { <p class="event-unwelcome" role="alert" data-event-unwelcome>{why}</p> })}
            // Where it plays is not asked of a table the event will not take.
            <fieldset class="event-table-plays" hidden=move || unwelcome.with(Option::is_some)>
                <legend>{words.table_plays}</legend>
                <label>
                    <input
                        type="radio"
                        name="event-table-plays"
                        data-setup="event-table-plays"
                        value="device"
                        prop:checked=move || !in_room.get()
                        on:change=move |_| in_room.set(false)
                    />
                    <span>{words.on_this_device}</span>
                </label>
                <label>
                    <input
                        type="radio"
                        name="event-table-plays"
                        data-setup="event-table-plays"
                        value="room"
                        prop:checked=move || in_room.get()
                        on:change=move |_| in_room.set(true)
                    />
                    <span>{words.in_a_room}</span>
                </label>
            </fieldset>
            <button type="button" class="link" data-action="not-for-event" on:click=|_| open_plain_address()>
                {words.not_for_event}
            </button>
        </div>
    }
}

/// The app at its plain address: the new game's form as it is without the invitation.
fn open_plain_address() {
    let location = web_sys::window().map(|window| window.location());
    let opened = location.and_then(|location| location.set_href(&location.pathname().ok()?).ok());
    if opened.is_none() {
        leptos::logging::warn!("the plain address could not be opened");
    }
}

/// How the table open stands with its event (`[data-event-handing]`: `up-to-date`, `sending`, `offline` or
/// `refused`).
pub fn handing() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    move || {
        let (state, text) = match store.events().feeds().handing() {
            Handing::UpToDate => ("up-to-date", words.handed_in),
            Handing::Behind { offline: false } => ("sending", words.handing_in),
            Handing::Behind { offline: true } => ("offline", words.offline_catching_up),
            Handing::Refused(code) => ("refused", (words.refused)(&code)),
        };
        view! {
            <p class="event-handing" data-event-handing=state role="status">{text}</p>
        }
    }
}
