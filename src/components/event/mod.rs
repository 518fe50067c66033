//! Events: the organiser's page, the big screen, a table of an event (its invitation on the new game's form,
//! how it stands with the event above its sheet). All of it is the events chunk,
//! fetched the first time an event is shown: a visit that plays no event never downloads it.

mod board;
mod continuing;
mod invitation;
mod page;
mod room_opener;
mod screen;
mod tables;

use fivedice_rules::DiceMode;
use leptos::prelude::*;

use super::lazy::{self, Loaded};
use crate::launch::EventLaunch;
use crate::launch::Invitation;

/// The events' styles (index.html does not link them: a visit that plays no event never downloads them).
fn with_style(view: impl IntoView + 'static) -> AnyView {
    lazy::add_styles("event-styles", include_str!("../../../style/events.css"));
    view.into_any()
}

/// A part of events, shown through one split point (each split point's loader costs the first download).
#[derive(Clone)]
enum EventPart {
    /// The organiser's page or the big screen, as the address asks.
    Page(EventLaunch),
    /// On the new game's form: the event its table will play in, where it plays, and the way out of it.
    Invitation(Invitation, EventTableForm),
    /// On the new game's form of a table that plays in a room of phones: who opens it, and the button.
    RoomOpener(Invitation, EventTableForm),
    /// Above the sheet of a table of an event: whether the event has every box written.
    Handing,
}

/// The organiser's page or the big screen, as the address asks.
pub fn event_page(page: EventLaunch) -> AnyView {
    lazy::lazy(event_part, EventPart::Page(page))
}

/// What the new game's form holds of a table of an event: its name on the board, whether it plays in a room
/// where each plays on their own phone (else on this device), and its dice.
#[derive(Clone, Copy)]
pub struct EventTableForm {
    pub table_name: RwSignal<String>,
    pub in_room: RwSignal<bool>,
    pub dice: RwSignal<DiceMode>,
}

/// On the new game's form: the event its table will play in, where it plays, and the way out of it.
pub fn invitation_banner(invitation: Invitation, form: EventTableForm) -> AnyView {
    lazy::lazy(event_part, EventPart::Invitation(invitation, form))
}

/// On the new game's form, where the players are named: for a table in a room, who opens it (the others join
/// from their phones) and the button that opens it.
pub fn room_opener(invitation: Invitation, form: EventTableForm) -> AnyView {
    lazy::lazy(event_part, EventPart::RoomOpener(invitation, form))
}

/// Above the sheet of a table of an event: whether the event has every box written.
pub fn handing_badge() -> AnyView {
    lazy::lazy(event_part, EventPart::Handing)
}

#[wasm_split_helpers::wasm_split(events, fallible)]
fn event_part() -> Loaded<EventPart> {
    Ok(|part| match part {
        EventPart::Page(EventLaunch::Organise {
            name,
            rules,
            organiser,
        }) => with_style(page::organiser(name, rules, organiser)),
        EventPart::Page(EventLaunch::Screen { name, key }) => with_style(screen::screen(name, key)),
        EventPart::Page(EventLaunch::Continue { name, table, code }) => {
            with_style(continuing::continuing(name, table, code))
        }
        // A table's invitation opens the new game's form, not a page of its own.
        EventPart::Page(EventLaunch::Join(_)) => ().into_any(),
        EventPart::Invitation(invitation, form) => with_style(invitation::banner(invitation, form)),
        EventPart::RoomOpener(invitation, form) => with_style(room_opener::room_opener(invitation, form)),
        EventPart::Handing => with_style(invitation::handing()),
    })
}
