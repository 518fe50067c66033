//! Why a table cannot be seated, in English (the rules' and the room's own reasons are English already: their
//! `Display`).

use fivedice_rules::{MAX_NAME_CHARS, SetupError};

/// Why a table cannot be seated, as a sentence; a name in capitals is the same name (the rules' `case`).
pub(super) fn setup_refused(error: &SetupError) -> String {
    match error {
        SetupError::PlayerCount { count, min, max } => {
            format!("{count} players: this game takes {min} to {max}.")
        }
        SetupError::EmptyName { seat } => format!("Player {} needs a name.", seat + 1),
        SetupError::NameTooLong { seat } => {
            format!(
                "Player {}’s name is longer than {MAX_NAME_CHARS} characters.",
                seat + 1
            )
        }
        SetupError::DuplicateName(name) => {
            format!(
                "Two players are called “{name}” (capitals do not make another name): give each their own."
            )
        }
        SetupError::NoSuchSeat(seat) => format!("There is no seat {seat} to start."),
    }
}
