//! The organiser's page (`?organise=<name>&rules=…`): the event opened (once: the organiser's token is kept on
//! this device, so a reload finds it), the tables' invitation as a QR code, the big screen's address, the board,
//! the results and closing; without a name, or with one another event has, the form that asks for it. (The big
//! screen is [`super::screen`].)

use fivedice_room::RoomName;
use fivedice_room::event::Board;
use fivedice_rules::Rules;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::board::{Following, event_words, follow, prizes, standings, standings_csv};
use super::tables::EventTables;
use crate::components::game_choice::RulesetSelect;
use crate::components::game_options::{GameOptions, GameOptionsFields, NoRules};
use crate::components::invite::{app_address, qr_svg};
use crate::event_client::{Answer, event_url, post};
use crate::launch::rules_query;
use crate::room_client::room_status;
use crate::store::GameStore;

/// What the organiser's device keeps of an event it opened.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Organised {
    event: String,
    key: String,
    organiser: String,
    /// The event's game as an address names it (the tables' invitation carries it).
    game: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Opened {
    Opening,
    Open {
        organised: Organised,
        invitation: String,
        screen: String,
    },
    Refused(&'static str),
    /// Another event has the name: the organiser chooses another.
    NameTaken,
}

impl PartialEq for Organised {
    fn eq(&self, other: &Organised) -> bool {
        self.event == other.event && self.organiser == other.organiser
    }
}

#[derive(Deserialize)]
struct Created {
    event: String,
    key: String,
    organiser: String,
}

#[derive(Serialize)]
struct Opening<'a> {
    name: &'a str,
    rules: Rules,
}

/// The organiser's page: the event `name` opened at `rules` (or taken over from another device with its
/// organiser's token); without a name, the form that asks for one.
pub fn organiser(name: Option<RoomName>, rules: Rules, token: Option<String>) -> AnyView {
    let store = expect_context::<GameStore>();
    match name {
        Some(name) => organised(name, rules, token).into_any(),
        None => view! {
            <div class="event-page organiser">
                <header class="brand">
                    <h1>{store.words().organise_event}</h1>
                </header>
                {organise_form(String::new(), rules)}
            </div>
        }
        .into_any(),
    }
}

/// The event's name and game, then Open: the organiser's address for them, where a reload finds the event.
/// The game's options the address named stay while its game is chosen.
fn organise_form(name: String, rules: Rules) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let name = RwSignal::new(name);
    // The game's options as the new game's form offers them; every table of the event plays them.
    let options = GameOptions::of(rules);
    let open = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let rules = match untrack(|| options.rules()) {
            Ok(rules) => rules,
            Err(NoRules::Rules(error)) => return store.tell(error.to_string()),
            Err(NoRules::NoColumn) => return store.tell(store.words().no_column),
        };
        let search = format!(
            "?organise={}&{}",
            escaped(name.get_untracked().trim()),
            rules_query(rules)
        );
        if web_sys::window().is_none_or(|window| window.location().set_search(&search).is_err()) {
            leptos::logging::warn!("the organiser's address could not be opened");
        }
    };
    view! {
        <form class="card new-game" data-event-form on:submit=open>
            <label>
                <span>{words.event_name}</span>
                <input
                    data-event-field="name"
                    maxlength=fivedice_room::MAX_ROOM_NAME_CHARS.to_string()
                    prop:value=move || name.get()
                    on:input=move |event| name.set(event_target_value(&event))
                />
            </label>
            <RulesetSelect value=options.ruleset on_choose=Callback::new(move |id| options.choose(id)) />
            <GameOptionsFields options />
            <button
                type="submit"
                class="primary"
                data-action="open-event"
                disabled=move || name.with(|name| RoomName::parse(name).is_err())
            >
                {words.open_event}
            </button>
        </form>
    }
}

fn organised(name: RoomName, rules: Rules, token: Option<String>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let opened = RwSignal::new(Opened::Opening);
    let shown_name = name.shown().to_string();
    leptos::task::spawn_local(async move {
        let kept = store.events().organised_event(&name);
        let organised = match kept.and_then(|kept| serde_json::from_str::<Organised>(&kept).ok()) {
            Some(organised) => organised,
            None => {
                let answer = match token {
                    // A link from the organiser's other device: this one takes the event over.
                    Some(organiser) => {
                        let taking = serde_json::json!({ "organiser": organiser });
                        post::<Created>(&event_url(name.shown(), "/organiser"), &taking).await
                    }
                    None => {
                        let opening = Opening {
                            name: name.shown(),
                            rules,
                        };
                        post::<Created>("events", &opening).await
                    }
                };
                match answer {
                    Answer::Done(created) => Organised {
                        event: created.event,
                        key: created.key,
                        organiser: created.organiser,
                        game: rules_query(rules),
                    },
                    Answer::Refused { code, .. } if code == "event_name_taken" => {
                        return opened.set(Opened::NameTaken);
                    }
                    Answer::Refused { code, .. } if code == "not_organiser" => {
                        return opened.set(Opened::Refused(words.link_used));
                    }
                    Answer::Refused { .. } | Answer::Unanswered => {
                        return opened.set(Opened::Refused(words.no_server));
                    }
                }
            }
        };
        // Listed on this device's start screen, the newest first, whether just opened or found again.
        // Kept on this device too, so a reload of this page finds the event (a refused save is told).
        if let Ok(kept) = serde_json::to_string(&organised) {
            let events = store.events();
            events.remember_organised(&name, &organised.event, &organised.game, &kept);
        }
        let invite = room_status().await.and_then(|status| status.invite);
        let invitation = invitation_link(&organised.event, &organised.key, &organised.game, invite.clone());
        let screen = app_address(
            &format!(
                "screen={}&key={}",
                escaped(&organised.event),
                escaped(&organised.key)
            ),
            invite,
        );
        match invitation.zip(screen) {
            Some((invitation, screen)) => opened.set(Opened::Open {
                organised,
                invitation,
                screen,
            }),
            None => opened.set(Opened::Refused(words.no_server)),
        }
    });
    view! {
        <div class="event-page organiser">
            <header class="brand">
                <h1>
                    {
                        let shown_name = shown_name.clone();
                        move || match opened.get() {
                            // Not this organiser's event: the form's own title.
                            Opened::NameTaken => store.words().organise_event.to_string(),
                            _ => (words.you_organise)(&shown_name),
                        }
                    }
                </h1>
            </header>
            {move || match opened.get() {
                Opened::Opening => view! { <p class="muted">{words.opening}</p> }.into_any(),
                Opened::Refused(why) => view! { <p class="error" role="alert">{why}</p> }.into_any(),
                Opened::NameTaken => view! {
                    <p class="error" role="alert">{words.name_taken}</p>
                    {organise_form(shown_name.clone(), rules)}
                }
                .into_any(),
                Opened::Open { organised, invitation, screen } => {
                    // Followed once the server has it (a stream asked for before would be refused for good).
                    let following = follow(&organised.event);
                    view! {
                        {organiser_controls(store, organised, invitation, screen, following)}
                        {move || following.get().board().cloned().map(|board| board_card(store, board))}
                    }
                    .into_any()
                }
            }}
        </div>
    }
}

fn organiser_controls(
    store: GameStore,
    organised: Organised,
    invitation: String,
    screen: String,
    following: RwSignal<Following>,
) -> impl IntoView {
    let words = event_words(store);
    let organised_shown = organised.clone();
    let closed = move || following.get().board().is_some_and(|board| board.closed);
    // Close, or reopen within ten minutes of a close: the board the server answers with is shown at once.
    let change_closed = move |path: &'static str| {
        let (event, organiser) = (organised.event.clone(), organised.organiser.clone());
        leptos::task::spawn_local(async move {
            let body = serde_json::json!({ "organiser": organiser });
            match post::<Board>(&event_url(&event, path), &body).await {
                Answer::Done(board) => following.set(Following::Here(Box::new(board))),
                Answer::Refused { code, .. } if code == "not_organiser" => {
                    store.tell(words.not_organiser_here)
                }
                Answer::Refused { code, .. } if code == "reopen_too_late" => {
                    store.tell(words.reopen_too_late)
                }
                _ => store.tell(words.no_server),
            }
        });
    };
    view! {
        <section class="card event-links">
            <div class="event-invite">
                <h2>{words.tables_join}</h2>
                <div data-event-invite data-link=invitation.clone()>
                    {qr_svg(&invitation, words.invite_code)}
                </div>
                <p class="muted">{words.tables_join_how}</p>
                <p class="invite-link"><a href=invitation.clone()>{invitation.clone()}</a></p>
            </div>
            <div class="event-screen-link">
                <h2>{words.screen}</h2>
                <p class="muted">{words.screen_how}</p>
                <a class="button secondary" data-event-screen-link data-link=screen.clone() href=screen.clone() target="_blank">
                    {words.open_screen}
                </a>
            </div>
            <OrganiseElsewhere organised=organised_shown.clone() />
            <div class="event-close">
                {move || {
                    let change_closed = change_closed.clone();
                    match closed() {
                    true => view! {
                        <p data-event-closed>{words.closed}</p>
                        <button type="button" class="secondary" data-action="reopen-event" on:click=move |_| change_closed("/reopen")>
                            {words.reopen_event}
                        </button>
                        <p class="muted">{words.reopen_how}</p>
                    }
                    .into_any(),
                    false => view! {
                        <button type="button" class="secondary" data-action="close-event" on:click=move |_| change_closed("/close")>
                            {words.close_event}
                        </button>
                        <p class="muted">{words.close_how}</p>
                    }
                    .into_any(),
                }}}
            </div>
        </section>
        <EventTables event=organised_shown.event organiser=organised_shown.organiser following />
    }
}

/// "Organise from another device": a link (and its QR code) carrying the organiser's token; the device that
/// opens it takes the event over, and this one no longer organises it.
#[component]
fn OrganiseElsewhere(organised: Organised) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let link = RwSignal::new(None::<String>);
    let show = move |_| {
        let organised = organised.clone();
        leptos::task::spawn_local(async move {
            let invite = room_status().await.and_then(|status| status.invite);
            let query = format!(
                "organise={}&{}&organiser={}",
                escaped(&organised.event),
                organised.game,
                escaped(&organised.organiser)
            );
            link.set(app_address(&query, invite));
        });
    };
    view! {
        <div class="event-elsewhere">
            <button type="button" class="secondary" data-action="organise-elsewhere" on:click=show>
                {words.organise_elsewhere}
            </button>
            {move || link.get().map(|link| view! {
                <div data-organise-elsewhere data-link=link.clone()>
                    {qr_svg(&link, words.organise_elsewhere_code)}
                </div>
                <p class="muted">{words.organise_elsewhere_how}</p>
            })}
        </div>
    }
}

/// The organiser's view of the board: the standings, the prizes so far, and the ways to keep them.
fn board_card(store: GameStore, board: Board) -> impl IntoView {
    let words = event_words(store);
    let language = store.speech().language().get_untracked();
    let csv = standings_csv(words, &board);
    let file = format!("{}.csv", board.event);
    let export = move |_| {
        if let Err(why) = crate::files::download_as(&file, "text/csv", &csv) {
            store.tell(why);
        }
    };
    let print = move |_| {
        if web_sys::window().is_none_or(|window| window.print().is_err()) {
            leptos::logging::warn!("the page could not be printed");
        }
    };
    view! {
        <section class="card event-results">
            <h2>{words.results}</h2>
            // No table yet: what the organiser waits for, above the standings' heads.
            <p class="muted" data-event-waiting hidden=!board.rows.is_empty()>{words.waiting_for_tables}</p>
            {prizes(words, language, &board)}
            {standings(words, board)}
            <div class="event-actions">
                <button type="button" class="secondary" data-action="export-standings" on:click=export>{words.export_csv}</button>
                <button type="button" class="secondary" data-action="print-results" on:click=print>{words.print}</button>
            </div>
        </section>
    }
}

/// The tables' invitation: the event, its key, its game (`rules_query`), at the address other devices reach.
pub(super) fn invitation_link(event: &str, key: &str, game: &str, invite: Option<String>) -> Option<String> {
    app_address(
        &format!("event={}&key={}&{game}", escaped(event), escaped(key)),
        invite,
    )
}

fn escaped(text: &str) -> String {
    String::from(js_sys::encode_uri_component(text))
}
