//! The words of events (the organiser's page, the big screen, a table of an event): in the events chunk with
//! those screens, since a first visit never needs them. Each language's `events_<tag>.rs` holds a value.

use super::{Language, events_de, events_en, events_es, events_fr};

/// The events' words in the language asked.
pub fn event_words(language: Language) -> &'static EventWords {
    match language {
        Language::English => &events_en::EVENT_WORDS,
        Language::French => &events_fr::EVENT_WORDS,
        Language::Spanish => &events_es::EVENT_WORDS,
        Language::German => &events_de::EVENT_WORDS,
    }
}

pub struct EventWords {
    /// The organiser's page, while the event is opened.
    pub opening: &'static str,
    /// The organiser's page's title: (the event's name).
    pub you_organise: fn(&str) -> String,
    /// The organiser's form, before the event is opened (or when its name is taken).
    pub event_name: &'static str,
    pub open_event: &'static str,
    pub tables_join: &'static str,
    pub tables_join_how: &'static str,
    pub invite_code: &'static str,
    pub screen: &'static str,
    pub screen_how: &'static str,
    pub open_screen: &'static str,
    pub close_event: &'static str,
    pub close_how: &'static str,
    /// A closed event: opening it again, within ten minutes of the close (a close by mistake undone).
    pub reopen_event: &'static str,
    pub reopen_how: &'static str,
    pub reopen_too_late: &'static str,
    /// The organiser's page: a link that makes another device the organiser (once), and how to use it.
    pub organise_elsewhere: &'static str,
    pub organise_elsewhere_how: &'static str,
    pub organise_elsewhere_code: &'static str,
    /// A link that moves the event opened a second time, or after the event moved on.
    pub link_used: &'static str,
    pub closed: &'static str,
    pub name_taken: &'static str,
    pub no_server: &'static str,
    pub no_event: &'static str,
    pub not_organiser_here: &'static str,
    pub results: &'static str,
    pub best_total: &'static str,
    /// The prize for the most boxes of all dice alike: (the box's name on the sheet, e.g. "Yahtzee").
    pub most_all_alike: fn(&str) -> String,
    pub best_turn: &'static str,
    pub export_csv: &'static str,
    pub print: &'static str,
    /// The standings' columns.
    pub rank: &'static str,
    pub player: &'static str,
    pub table: &'static str,
    pub total: &'static str,
    pub boxes_left: &'static str,
    /// How many tables are still playing: (count).
    pub tables_playing: fn(usize) -> String,
    pub waiting_for_tables: &'static str,
    pub scan_to_join: &'static str,
    pub upper_bonus: &'static str,
    /// A table's winner: (the table's name).
    pub wins_table: fn(&str) -> String,
    pub reconnecting: &'static str,
    /// A table of an event, on the new game's form: (the event's name).
    pub table_of: fn(&str) -> String,
    /// The event's game, on that form: (the game's name).
    pub event_game: fn(&str) -> String,
    pub not_for_event: &'static str,
    /// The default name of a table of an event: (its number).
    pub table_n: fn(usize) -> String,
    /// How a table stands with its event, above its sheet.
    pub handed_in: &'static str,
    pub handing_in: &'static str,
    pub offline_catching_up: &'static str,
    /// Why the event did not take a table: (the refusal's code).
    pub refused: fn(&str) -> &'static str,
    /// On the new game's form of a table of an event: where it plays.
    pub table_plays: &'static str,
    pub on_this_device: &'static str,
    pub in_a_room: &'static str,
    pub room_how: &'static str,
    pub your_name: &'static str,
    pub open_room: &'static str,
    /// Why the event did not take a room as its table: (the refusal's code).
    pub room_refused: fn(&str) -> &'static str,
    pub unreachable: &'static str,
    /// The organiser's list of tables, each continued on another device by a single-use link.
    pub tables: &'static str,
    /// Beside a player a computer stood in for: how many of their turns it played.
    pub turns_by_computer: fn(usize) -> String,
    /// How many players a table seats.
    pub tables_players: fn(usize) -> String,
    pub continue_table: &'static str,
    pub continue_table_how: &'static str,
    pub continue_table_code: &'static str,
    pub table_in_room: &'static str,
    pub table_finished: &'static str,
    /// The device that opened that link, while it takes the table up, and why it could not.
    pub taking_up: &'static str,
    pub table_link_used: &'static str,
    pub table_link_expired: &'static str,
    pub table_not_taken_up: &'static str,
    pub to_start: &'static str,
}
