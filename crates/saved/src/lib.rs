//! What a Five Dice device keeps, read and written in one place for every program that reads it (the app, the
//! command-line tool): a table on one device ([`TableRecord`]: the room's log, the seats, the dice, the
//! computers, the coach's record), the history of finished games ([`KeptGame`]), an online room as a device
//! has seen it ([`SavedRoom`]). Each is text, one fact a line ([`text`]); the JSON of earlier formats is still
//! read ([`TableRecord::from_json`], [`history_from_json`]), and files (export, import) carry JSON.
//!
//! Reading checks the form; replaying the log through the rules (`fivedice_room::Room::replay`) checks the
//! game, so a save the rules would not have produced is refused by whoever replays it.

mod decision;
mod dice;
mod history;
pub mod link;
mod replay;
mod room;
mod table;
pub mod text;
pub mod versioned;

pub use decision::Decision;
pub use dice::{Pcg32, TableDice};
pub use history::{
    ExportedGame, FinishedGame, GAMES_KEPT_WHOLE, HISTORY_FORMAT, KeptGame, SavedHistory, history_from_json,
    history_from_text, history_to_text, keep_older_as_sheets,
};
pub use replay::{Replay, Step};
pub use room::SavedRoom;
pub use table::{EventLink, JSON_TABLE_FORMAT, TableRecord, damaged, log_of, seat_computers};

/// How long a computer player waits between its moves unless the table says otherwise.
pub const DEFAULT_BOT_DELAY_MS: u32 = 700;
