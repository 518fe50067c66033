//! English: the words of events (in the events chunk).

use super::EventWords;
use super::en::plural;

pub static EVENT_WORDS: EventWords = EventWords {
    opening: "Opening the event…",
    you_organise: |name| format!("You organise “{name}”"),
    tables_join: "Tables join here",
    tables_join_how: "Each table scans this code with the tablet or phone it scores on, names its players and starts.",
    invite_code: "QR code of the tables' invitation",
    screen: "The big screen",
    screen_how: "Open this link on the TV or the projector: it shows the standings and changes nothing.",
    open_screen: "Open the big screen",
    close_event: "Close the event",
    close_how: "No new table can join; the tables playing finish their games.",
    closed: "The event is closed: the tables still playing finish their games.",
    name_taken: "An event of that name is open already: choose another name.",
    no_server: "Events need the room server (make serve): this address has none.",
    no_event: "There is no event of that name here.",
    not_organiser_here: "Only the device that opened this event can close it.",
    results: "Results",
    best_total: "Best score",
    most_all_alike: |name| format!("Most {name}"),
    best_turn: "Best single turn",
    export_csv: "Export the standings (CSV)",
    print: "Print",
    rank: "#",
    player: "Player",
    table: "Table",
    total: "Total",
    boxes_left: "Boxes left",
    tables_playing: |count| format!("{} playing", plural(count, "table", "tables")),
    waiting_for_tables: "Waiting for the first table…",
    scan_to_join: "Scan to set up your table",
    upper_bonus: "Upper bonus!",
    wins_table: |table| format!("wins at {table}!"),
    reconnecting: "Reconnecting…",
    table_of: |name| format!("A table of “{name}”"),
    event_game: |game| format!("The event's game: {game}"),
    not_for_event: "Not for this event",
    table_n: |number| format!("Table {number}"),
    handed_in: "The event has every box",
    handing_in: "Sending to the event…",
    offline_catching_up: "Offline: the event catches up when the network is back",
    refused: |code| match code {
        "wrong_key" => {
            "The event did not take this table: the link is not its own. Ask the organiser for the code."
        }
        "closed" => "The event is closed: this table plays on its own.",
        "other_rules" => "The event plays another game: this table plays on its own.",
        "full" => "The event has all the tables it takes: this table plays on its own.",
        "no_event" => "The event is not on this server: this table plays on its own.",
        _ => "The event did not take this table: it plays on its own.",
    },
};
