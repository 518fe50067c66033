//! Why a launch address cannot be followed: a value for each thing that can be wrong with it, which each
//! language words (`crate::i18n::address_refused`), so the player reads it in their own.

use fivedice_room::RoomError;
use fivedice_rules::{ColumnsError, RulesError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddressError {
    /// A parameter the address needs is not there (`rules=`, `players=`), with an example of it.
    Missing {
        parameter: &'static str,
        example: &'static str,
    },
    /// A parameter's value is none the app knows: what it is, and what it may be (the address's own words).
    NotOneOf {
        parameter: &'static str,
        value: String,
        allowed: &'static str,
    },
    /// A room's, an event's or a player's name the room refuses.
    Name(RoomError),
    /// Rules the rules refuse (a Joker the ruleset does not play, house rules of another game…).
    Rules(RulesError),
    /// `columns=` lists no column, or one twice.
    Columns(ColumnsError),
    /// `bots=` names more seats than `players=` has.
    MoreComputersThanPlayers { computers: usize, players: usize },
    /// Computer players asked at a score pad, where the table's own dice are rolled.
    ComputersNeedAppDice,
    /// An event's invitation without its key.
    NoEventKey,
    /// `handover=` with no code: not a link that moves a seat.
    EmptyHandOver,
}

impl AddressError {
    /// `parameter=value` is not one of `allowed`.
    pub(super) fn not_one_of(parameter: &'static str, value: &str, allowed: &'static str) -> AddressError {
        AddressError::NotOneOf {
            parameter,
            value: value.to_string(),
            allowed,
        }
    }
}

/// The rulesets an address may name, as `rules=` takes them.
pub(super) const RULESETS: &str = "yahtzee, yardzee, yam, yatzy, yacht, forced-yatzy, generala, maxi-yatzy";
