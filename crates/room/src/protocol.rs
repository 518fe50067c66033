//! The messages between a device and the room server: JSON text over one WebSocket at `/rooms/ws`, each
//! message an object whose one key names it (`{"hello": {…}}`; a message without fields is its name as a string).
//! Externally tagged on purpose: internally tagged enums cost the browser about 15 KB of download to read.
//!
//! A conversation: the device says [`ClientMessage::Hello`] (its protocol version, the room, the seat tokens
//! it holds for that room, the last log seq it saw). The server answers [`ServerMessage::Welcome`] (the
//! canonical room name, which seats those tokens hold, the room's seq), then [`ServerMessage::Log`] with
//! every entry after the device's seq, then presence. From then on every accepted change reaches every
//! device in the room as [`ServerMessage::Event`], in seq order; a device applies each with
//! [`Room::apply_entry`](crate::Room::apply_entry). A device with no seat watches.

use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::name::RoomName;
use crate::room::{Action, Event, LogEntry, Phase};
pub use crate::seats::HeldSeat;

/// The version of this protocol and of the room's log format. A device and a server that differ do not
/// talk: the device is told to update (its rules might replay the log differently). 2: crossing out.
/// 3: column Yam (the column of each box, the announcement). 4: every play of the game is one `played`
/// event and one `play` action; refusals are typed.
pub const PROTOCOL_VERSION: u32 = 4;

/// What a device sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: which room, and what the device already has. Room names are trimmed and
    /// case-insensitive. `tokens` are the seat tokens the device keeps for this room (unknown ones are
    /// ignored); `seen` is the seq of the last log entry it applied (0 for none).
    Hello {
        version: u32,
        room: String,
        #[serde(default)]
        tokens: Vec<String>,
        #[serde(default)]
        seen: u64,
    },
    /// Take a new seat in the lobby as `name`; a device may send it again for a second person. The seat's
    /// token comes back in [`ServerMessage::SeatGranted`], to this device only. With a level, the seat is a
    /// computer player that this device plays: into an empty room (the table on one device whose first seat
    /// is a computer), or from the device holding the host's seat (as [`Action::AddComputer`], with a token).
    Join {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<Level>,
    },
    /// Everything a seated device does: `token` says which of its seats acts, `at` is the seq of the last
    /// entry the device applied (play and start are refused as stale when the room changed since).
    Act { token: String, at: u64, action: Action },
    /// A seated device (proving it with one of its tokens) asks for a link that moves `seat`, whose own device
    /// is away, to another device. The link's code comes back in [`ServerMessage::HandOverOffered`].
    OfferHandOver { token: String, seat: usize },
    /// A device opened a link that moves a seat here (after its hello): it is granted the seat as a join is.
    TakeHandOver { code: String },
    /// A device that came after the start asks for the seat of a person whose device is away ("That's me").
    AskSeat { seat: usize },
    /// A seated device answers request `request`: let the asking device in, or not.
    AnswerSeat {
        token: String,
        request: u64,
        let_in: bool,
    },
}

impl ClientMessage {
    /// A person joining as `name`.
    pub fn join(name: impl Into<String>) -> ClientMessage {
        ClientMessage::Join {
            name: name.into(),
            computer: None,
        }
    }
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`. `seats` are the seats this connection holds, each with the token (of those it
    /// sent) that holds it, lowest seat first; tokens that hold no seat here are left out (forget them).
    /// `seq` is the room's last entry. If `seq` is below the device's `seen`, the server's log is not the one the
    /// device saw (a wiped server): the device starts over from an empty room with the `log` that follows.
    Welcome {
        room: RoomName,
        version: u32,
        seats: Vec<HeldSeat>,
        seq: u64,
        phase: Phase,
    },
    /// The entries after the device's `seen` (or the whole log, see `welcome`), oldest first.
    Log { entries: Vec<LogEntry> },
    /// A new seat for this connection, with the token to keep (in the device's storage, for this room) and
    /// to send with every action of that seat. Never sent to anybody else.
    SeatGranted { seat: usize, token: String },
    /// The code of a link that moves `seat` to another device, for the device that asked for it alone: valid
    /// once, until `expires_ms` (the host's clock, milliseconds since 1970).
    HandOverOffered {
        seat: usize,
        code: String,
        expires_ms: u64,
    },
    /// Every device asking for a seat back, waiting for an answer: to everybody whenever it changes.
    SeatRequests { requests: Vec<SeatRequest> },
    /// One accepted change, to everybody in the room.
    Event { seq: u64, event: Event },
    /// Who is here, to everybody in the room whenever it changes.
    Presence {
        seats: Vec<SeatPresence>,
        watchers: usize,
    },
    /// This connection's last message was refused; the room is unchanged. `refusal` says why, typed (the
    /// app words it in the player's language); `code` is its stable name and `reason` an English sentence, for
    /// other programs and logs.
    Refused {
        refusal: Refusal,
        code: String,
        reason: String,
    },
    /// The device runs a different protocol version: it must reload a newer app before joining.
    UpdateApp { server_version: u32, reason: String },
}

impl ServerMessage {
    /// A refusal, with its code and its English sentence.
    pub fn refused(refusal: Refusal) -> ServerMessage {
        ServerMessage::Refused {
            code: refusal.code().to_string(),
            reason: refusal.to_string(),
            refusal,
        }
    }

    /// The answer to a device running another protocol version.
    pub fn update_app() -> ServerMessage {
        ServerMessage::UpdateApp {
            server_version: PROTOCOL_VERSION,
            reason: "This table runs a newer version of Five Dice: reload the app to update it".into(),
        }
    }

    /// An event message from a log entry.
    pub fn event(entry: LogEntry) -> ServerMessage {
        ServerMessage::Event {
            seq: entry.seq,
            event: entry.event,
        }
    }

    /// The log entry an event message carries.
    pub fn as_entry(&self) -> Option<LogEntry> {
        match self {
            ServerMessage::Event { seq, event } => Some(LogEntry {
                seq: *seq,
                event: event.clone(),
            }),
            _ => None,
        }
    }
}

/// One seat's presence. A seat is away when no connected device holds its token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    pub seat: usize,
    pub connected: bool,
    /// How long the seat had been away when this was sent, in milliseconds (`None` while connected). The
    /// host may let a computer take the seat over once it reaches
    /// [`TAKE_OVER_AFTER_MS`](crate::TAKE_OVER_AFTER_MS).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
}

/// Why a host refused a device's message. The room is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The room, or the rules of its game, refused the command.
    Room(RoomError),
    /// This device holds no seat of this room with that token.
    NotYourSeat,
    /// A join or an action before saying hello to a room.
    NoRoom,
    /// A second hello on one connection.
    AlreadyInRoom,
    /// Too many messages: they are being dropped.
    RateLimited,
    /// Not a message this host understands (binary, or not the protocol's JSON).
    BadMessage,
    TooBig {
        max_bytes: usize,
    },
    /// The host has as many rooms open as it may.
    TooManyRooms,
    /// The room's stored log is damaged (or written by another version) and does not replay: no move can be
    /// played in it again, whatever the device does.
    RoomDamaged,
    /// Too many new rooms from this device's address lately: opening more must wait.
    NewRoomsLimited,
    /// The host could not do it now; trying again may work.
    Unavailable(Trouble),
    /// A link that moves a seat to another device was refused.
    HandOver(HandOverRefusal),
}

/// What kept a host from doing what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trouble {
    /// The room could not be loaded from storage.
    NotLoaded,
    /// The change could not be stored.
    NotSaved,
    /// No randomness for the dice or a seat token.
    NoRandomness,
}

impl Refusal {
    /// A stable machine-readable name (the room's own codes for its refusals).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Room(error) => error.code(),
            Refusal::NotYourSeat => "not_your_seat",
            Refusal::NoRoom => "no_room",
            Refusal::AlreadyInRoom => "already_in_room",
            Refusal::RateLimited => "rate_limited",
            Refusal::BadMessage => "bad_message",
            Refusal::TooBig { .. } => "too_big",
            Refusal::TooManyRooms => "too_many_rooms",
            Refusal::RoomDamaged => "room_damaged",
            Refusal::NewRoomsLimited => "new_rooms_limited",
            Refusal::Unavailable(_) => "server_error",
            Refusal::HandOver(refusal) => refusal.code(),
        }
    }
}

impl From<RoomError> for Refusal {
    fn from(error: RoomError) -> Refusal {
        Refusal::Room(error)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Room(error) => error.fmt(f),
            Refusal::NotYourSeat => f.write_str("This device holds no seat of this room with that token"),
            Refusal::NoRoom => f.write_str("Say hello to a room first"),
            Refusal::AlreadyInRoom => f.write_str("This connection is already in a room; open another one"),
            Refusal::RateLimited => f.write_str("Too many messages: slow down (they are being dropped)"),
            Refusal::BadMessage => f.write_str("Not a message this server understands"),
            Refusal::TooBig { max_bytes } => write!(f, "A message has at most {max_bytes} bytes"),
            Refusal::TooManyRooms => f.write_str("The server has too many open rooms; try again later"),
            Refusal::RoomDamaged => f.write_str(
                "This room's record is damaged and cannot be played on; open a new room to play again",
            ),
            Refusal::NewRoomsLimited => {
                f.write_str("Many new rooms were opened from here lately; wait a few minutes, then try again")
            }
            Refusal::Unavailable(Trouble::NotLoaded) => {
                f.write_str("The room could not be loaded; try again")
            }
            Refusal::Unavailable(Trouble::NotSaved) => f.write_str("The move could not be saved; try again"),
            Refusal::Unavailable(Trouble::NoRandomness) => {
                f.write_str("No randomness for the dice; try again")
            }
            Refusal::HandOver(refusal) => refusal.fmt(f),
        }
    }
}

/// Why a hand-over is refused; the room is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandOverRefusal {
    /// No link of this room has this code (mistyped, guessed, or forgotten once expired).
    Unknown,
    /// The link was opened already: it seats one device.
    Used,
    /// The link is older than its ten minutes.
    Expired,
    /// The seat's own device is here: there is nothing to move.
    SeatHere,
    /// The table said no to a device asking for the seat.
    SaidNo,
    /// Too many requests for seats from this device's address lately: asking again must wait.
    AskedTooOften,
}

impl HandOverRefusal {
    pub fn code(self) -> &'static str {
        match self {
            HandOverRefusal::Unknown => "hand_over_unknown",
            HandOverRefusal::Used => "hand_over_used",
            HandOverRefusal::Expired => "hand_over_expired",
            HandOverRefusal::SeatHere => "seat_here",
            HandOverRefusal::SaidNo => "said_no",
            HandOverRefusal::AskedTooOften => "asked_too_often",
        }
    }
}

impl std::fmt::Display for HandOverRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            HandOverRefusal::Unknown => "This link does not move any seat of this room",
            HandOverRefusal::Used => "This link was opened already: ask the table for a new one",
            HandOverRefusal::Expired => "This link is more than ten minutes old: ask the table for a new one",
            HandOverRefusal::SeatHere => "That player's own device is here: their seat stays there",
            HandOverRefusal::SaidNo => "The table said no: you are watching",
            HandOverRefusal::AskedTooOften => {
                "Many requests came from here lately: wait a minute, then ask again"
            }
        })
    }
}

impl From<HandOverRefusal> for Refusal {
    fn from(refusal: HandOverRefusal) -> Refusal {
        Refusal::HandOver(refusal)
    }
}

/// A device asking for a seat back, as every device in the room hears of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRequest {
    /// The request's number in this room, for the answer to name it.
    pub id: u64,
    pub seat: usize,
}
