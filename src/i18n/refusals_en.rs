//! Why a move or a table is refused, in English: a move names each box as the sheet prints it (the rules' own
//! `Display` names boxes by their ids, for logs and the command line). The room's reasons are its `Display`.

use fivedice_rules::{Column, GameError, MAX_NAME_CHARS, SetupError};

use super::BoxName;
use crate::launch::AddressError;

/// Why the rules refused a move, as a sentence.
pub(super) fn refused(error: &GameError, name: BoxName) -> String {
    match error {
        GameError::NotInRuleset(category) => format!("this sheet has no box “{}”", name(*category)),
        GameError::CellFilled(category) => format!("the box “{}” is already filled", name(*category)),
        GameError::JokerForbids { category, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(|&cell| name(cell)).collect();
            format!(
                "the Joker rule forbids “{}” for this roll; allowed: {}",
                name(*category),
                allowed.join(", ")
            )
        }
        GameError::ValueNotOffered { category, value } => {
            format!("the box “{}” cannot hold {value}", name(*category))
        }
        GameError::SecondFiveFirst { five_of_a_kind } => format!(
            "a second five of a kind pays only once the box “{}” holds its points",
            name(*five_of_a_kind)
        ),
        GameError::OutOfOrder {
            column: Column::Free,
            next,
        } => format!(
            "this sheet is filled in order, top to bottom: next is “{}”",
            name(*next)
        ),
        GameError::OutOfOrder { column, next } => {
            format!(
                "the {column} column is filled in order: next is “{}”",
                name(*next)
            )
        }
        GameError::AnnouncementBinds(announced) => format!(
            "“{}” was announced: this turn ends in that box of the announced column",
            name(*announced)
        ),
        // The rest name no box: the rules' own words are the sentence.
        other => other.to_string(),
    }
}

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

/// Why a launch address cannot be followed (the rules' and the room's own words where they refuse it).
pub(super) fn address_refused(error: &AddressError) -> String {
    match error {
        AddressError::Missing { parameter, example } => format!("it names no {parameter} ({example})"),
        AddressError::NotOneOf {
            parameter,
            value,
            allowed,
        } => format!("{parameter}={value:?} is not one of: {allowed}"),
        AddressError::Name(error) => error.to_string(),
        AddressError::Rules(error) => error.to_string(),
        AddressError::Columns(error) => format!("columns: {error}"),
        AddressError::MoreComputersThanPlayers { computers, players } => {
            format!("bots= names {computers} seats for {players} players")
        }
        AddressError::ComputersNeedAppDice => "computer players need the app's dice (dice=app)".into(),
        AddressError::NoEventKey => "the event's link has no key: ask its organiser for it".into(),
        AddressError::EmptyHandOver => "handover= names no link that moves a seat".into(),
    }
}
