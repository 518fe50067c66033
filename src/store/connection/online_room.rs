//! The state of the connection to an online room's server, as the room screens read it: written only by
//! [`super::RoomConnection`].

use fivedice_room::{Refusal, SeatPresence, SeatRequest};

use super::{Connection, ConnectionPart};
use crate::launch::RoomGame;

/// The connection to the room server of the online room open on this device, as the room screens read it
/// (only [`super::RoomConnection`] changes it).
#[derive(Clone, Debug)]
pub(in crate::store) struct OnlineRoom {
    pub(in crate::store) part: &'static dyn ConnectionPart,
    pub(in crate::store) connection: Connection,
    /// Failed connection attempts since the last welcome (for the wait before the next).
    pub(super) attempts: u32,
    /// The name to join as once the server has welcomed the device.
    pub(in crate::store) joining: Option<String>,
    /// The code of a link that moves a seat to this device, taken once the server has welcomed it.
    pub(super) hand_over: Option<String>,
    /// A join (or a link's seat taken) was sent and is not answered yet.
    pub(in crate::store) join_sent: bool,
    /// The game a room address asked for, chosen once this device hosts the lobby.
    pub(in crate::store) preselect: Option<RoomGame>,
    /// Why the server did not seat this device: it watches.
    pub(in crate::store) refusal: Option<Refusal>,
    /// Each seat's presence, with when the device heard it (ms), to tell how long a seat has been away.
    pub(super) presence: Vec<SeatPresence>,
    pub(super) presence_heard_ms: f64,
    pub(in crate::store) watchers: usize,
    /// The time of the last tick, for the "away long enough" offer.
    pub(super) now_ms: f64,
    /// The link this device asked for that moves a seat (its seat, its code), until the seat is back.
    pub(in crate::store) offered: Option<(usize, String)>,
    /// Seats this device held that another device took by a link: it watches them now.
    pub(in crate::store) moved_elsewhere: Vec<usize>,
    /// The name this device asked to join as after the start (refused): it may be an away player's.
    pub(in crate::store) came_late_as: Option<String>,
    /// This device asked for a seat back and waits for the answer.
    pub(in crate::store) asked_seat: bool,
    /// Every device asking for a seat back, as the server says now.
    pub(in crate::store) requests: Vec<SeatRequest>,
}

impl OnlineRoom {
    /// How long `seat` has been away now, in milliseconds (`None` while connected or unknown).
    pub(in crate::store) fn away_ms(&self, seat: usize) -> Option<f64> {
        let presence = self.presence.iter().find(|presence| presence.seat == seat)?;
        let away = presence.away_ms.filter(|_| !presence.connected)?;
        Some(away as f64 + (self.now_ms - self.presence_heard_ms).max(0.0))
    }

    /// A join from this device is on its way (or waits for the connection to go).
    pub(in crate::store) fn is_joining(&self) -> bool {
        self.join_sent || self.joining.is_some() || self.hand_over.is_some()
    }
}
