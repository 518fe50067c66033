//! Moving a seat to another device. Any seated device asks for a link for a seat whose own device is away;
//! the host draws its code (single use, valid [`HAND_OVER_VALID_MS`]) and keeps it beside the log, where no
//! device reads it ([`HandOvers`]). The first device that opens the link is seated with a new token, where the
//! turn stands: the seat's old token no longer holds it. A table on one device has no seat to move: only a
//! host of devices apart (the server, tests' servers) keeps links.

use serde::{Deserialize, Serialize};

use super::{Change, ConnectionId, Delivery, RoomHost};
use crate::error::RoomError;
use crate::limits::HAND_OVER_VALID_MS;
use crate::protocol::{ClientMessage, HandOverRefusal, Refusal, ServerMessage};
use crate::room::{Event, LogEntry, Phase};
use crate::seats::HeldSeat;

/// A link's code for a seat, as the host keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandOver {
    pub seat: usize,
    pub code: String,
    /// When the link stops working, on the host's clock (milliseconds since 1970).
    pub expires_ms: u64,
    /// Opened already (kept until it expires, so that a second opening is told so).
    #[serde(default)]
    pub used: bool,
}

/// The links a room's host keeps beside its log: the server in SQLite or the stream's record, a test in memory.
/// The one writer of the links: a hand-over is decided against them and kept through [`HandOvers::follow`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandOvers(Vec<HandOver>);

impl HandOvers {
    pub fn new(links: Vec<HandOver>) -> HandOvers {
        HandOvers(links)
    }

    /// Every link kept, expired ones included until the next is offered.
    pub fn as_slice(&self) -> &[HandOver] {
        &self.0
    }

    /// A seated device (holding `token` on this connection) asks for a link that moves `seat`, whose own
    /// device is away, to another device; `code` is drawn by the host.
    pub fn decide_offer(
        &self,
        host: &RoomHost,
        connection: ConnectionId,
        token: &str,
        seat: usize,
        code: String,
        now_ms: u64,
    ) -> Result<Change, Refusal> {
        host.holder_of(connection, token).ok_or(Refusal::NotYourSeat)?;
        if host.seat_connected(seat) {
            return Err(HandOverRefusal::SeatHere.into());
        }
        let mut change = host.change(Event::HandOverOffered { seat }, None)?;
        let link = HandOver {
            seat,
            code,
            expires_ms: now_ms.saturating_add(HAND_OVER_VALID_MS),
            used: false,
        };
        let mut links: Vec<HandOver> = self
            .0
            .iter()
            .filter(|kept| kept.expires_ms > now_ms)
            .cloned()
            .collect();
        links.push(link.clone());
        change.hand_overs = Some(links);
        change.offered = Some(link);
        Ok(change)
    }

    /// A device opened a link with `code`: it holds the link's seat from now on, with `token` (drawn by the
    /// host), and the seat's old token holds nothing.
    pub fn decide_take_over(
        &self,
        host: &RoomHost,
        connection: ConnectionId,
        code: &str,
        token: String,
        now_ms: u64,
    ) -> Result<Change, Refusal> {
        if !host.members.contains_key(&connection) {
            return Err(Refusal::NoRoom);
        }
        let link = self
            .0
            .iter()
            .find(|kept| kept.code == code)
            .ok_or(HandOverRefusal::Unknown)?;
        if link.used {
            return Err(HandOverRefusal::Used.into());
        }
        if link.expires_ms <= now_ms {
            return Err(HandOverRefusal::Expired.into());
        }
        if host.room.phase() == Phase::Finished {
            return Err(RoomError::GameOver.into());
        }
        let seat = link.seat;
        if host.seat_connected(seat) {
            return Err(HandOverRefusal::SeatHere.into());
        }
        let mut change = host.change(
            Event::HandedOver { seat },
            Some((connection, HeldSeat { seat, token })),
        )?;
        // Every link to the seat is spent: the seat is held again.
        let mut links = self.0.clone();
        for kept in links.iter_mut().filter(|kept| kept.seat == seat) {
            kept.used = true;
        }
        change.hand_overs = Some(links);
        Ok(change)
    }

    /// Keeps what a change about to be committed says of the links: the message with a link offered, for the
    /// device that asked for it alone.
    pub fn follow(&mut self, change: &Change) -> Option<ServerMessage> {
        if let Some(links) = change.hand_overs() {
            self.0 = links.to_vec();
        }
        let link = change.offered.as_ref()?;
        Some(ServerMessage::HandOverOffered {
            seat: link.seat,
            code: link.code.clone(),
            expires_ms: link.expires_ms,
        })
    }

    /// Answers a hand-over message completely, for a host that keeps its log in memory (a test's server), as
    /// [`RoomHost::answer`] answers the others. `new_secret` draws the link's code, or the seat's new token.
    pub fn answer(
        &mut self,
        host: &mut RoomHost,
        connection: ConnectionId,
        message: ClientMessage,
        log: &mut Vec<LogEntry>,
        new_secret: impl FnOnce() -> String,
        now_ms: u64,
    ) -> Vec<Delivery> {
        let decided = match message {
            ClientMessage::OfferHandOver { token, seat } => {
                self.decide_offer(host, connection, &token, seat, new_secret(), now_ms)
            }
            ClientMessage::TakeHandOver { code } => {
                self.decide_take_over(host, connection, &code, new_secret(), now_ms)
            }
            _ => Err(Refusal::BadMessage),
        };
        match decided {
            Ok(change) => {
                log.push(change.entry().clone());
                let offered = self.follow(&change);
                let mut deliveries = host.commit(change, now_ms);
                deliveries.extend(offered.map(Delivery::ToSender));
                deliveries
            }
            Err(refusal) => vec![Delivery::ToSender(ServerMessage::refused(refusal))],
        }
    }
}
