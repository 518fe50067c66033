//! A room's host, without any I/O: the room with what its host keeps beside it (every person's seat token,
//! the connections in the room and the seats they hold, since when each seat has been away), answering
//! devices' messages with the messages to send back. The room server wraps it in WebSockets and SQLite, the
//! page hosts a table on one device with it, and tests drive it by hand: one host, so the three never drift.
//!
//! A change is two steps, so that storage comes between: [`RoomHost::decide_join`] or [`RoomHost::decide_act`]
//! return a [`Change`] (the host unchanged), whoever hosts stores its entry, then [`RoomHost::commit`] makes
//! it the room's and says what to send.

mod answer;
mod change;
mod hand_over;
mod requests;

use std::collections::BTreeMap;

use fivedice_rules::{DiceSource, Face};
use fivedice_strategy::Level;

use crate::dice_seed::DiceSeed;
use crate::error::{Inconsistency, RoomError};
use crate::name::RoomName;
use crate::protocol::{PROTOCOL_VERSION, Refusal, SeatPresence, ServerMessage};
use crate::room::{Action, Event, LogEntry, Outside, Phase, Room};
use crate::seats::{HeldSeat, HeldSeats, follow_seats};

pub use change::{Change, Delivery, Greeting};
pub use hand_over::{HandOver, HandOvers};
pub use requests::{Answered, SeatRequests};

/// A connection to the host, numbered by whoever hosts.
pub type ConnectionId = u64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomHost {
    room: Room,
    tokens: HeldSeats,
    /// The seed of a sealed room's dice, from its start.
    dice_seed: Option<DiceSeed>,
    /// Per seat: since when (the host's clock, ms) no connection holds it.
    away_since: Vec<Option<u64>>,
    /// The connections in the room, with the tokens each holds.
    members: BTreeMap<ConnectionId, Vec<String>>,
}

impl RoomHost {
    /// A new room: no seat yet, nobody connected.
    pub fn new(name: RoomName) -> RoomHost {
        RoomHost {
            room: Room::new(name),
            tokens: HeldSeats::default(),
            dice_seed: None,
            away_since: Vec::new(),
            members: BTreeMap::new(),
        }
    }

    /// A room as its log, its seat tokens and the seed of its dice (if it seals them) left it, with nobody
    /// connected.
    pub fn restore(
        name: RoomName,
        entries: &[LogEntry],
        tokens: HeldSeats,
        dice_seed: Option<DiceSeed>,
        now_ms: u64,
    ) -> Result<RoomHost, RoomError> {
        let room = Room::replay(name, entries)?;
        let mut host = RoomHost {
            away_since: vec![None; room.seats().len()],
            room,
            tokens,
            dice_seed,
            members: BTreeMap::new(),
        };
        host.refresh_away(now_ms);
        Ok(host)
    }

    pub fn room(&self) -> &Room {
        &self.room
    }

    /// Every person's seat, with its token.
    pub fn tokens(&self) -> &HeldSeats {
        &self.tokens
    }

    /// A device says hello with the tokens it keeps and the last entry it has seen. It holds the seats whose
    /// tokens the host knows; a device that saw more than the room holds saw another life of this room and
    /// gets the whole log.
    pub fn hello(
        &mut self,
        connection: ConnectionId,
        tokens: Vec<String>,
        seen: u64,
        now_ms: u64,
    ) -> Greeting {
        let mut held = HeldSeats::default();
        for token in tokens {
            if let Some(seat) = self.tokens.seat_of(&token)
                && !held.holds(seat)
            {
                held.grant(seat, token);
            }
        }
        self.members
            .insert(connection, held.tokens().map(str::to_string).collect());
        self.refresh_away(now_ms);
        let seq = self.room.seq();
        Greeting {
            welcome: ServerMessage::Welcome {
                room: self.room.name().clone(),
                version: PROTOCOL_VERSION,
                seats: held.into(),
                seq,
                phase: self.room.phase(),
            },
            log_after: if seen > seq { 0 } else { seen },
            presence: self.presence(now_ms),
        }
    }

    /// A connection is gone: who is here, for everybody left.
    pub fn leave(&mut self, connection: ConnectionId, now_ms: u64) -> ServerMessage {
        self.members.remove(&connection);
        self.refresh_away(now_ms);
        self.presence(now_ms)
    }

    /// Whether anybody is connected to the room.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// A person joins as `name`, or a computer player at its level, to hold the new seat with `token` (drawn
    /// by the host). A computer joins an empty room, or by the device holding the host's seat.
    pub fn decide_join(
        &self,
        connection: ConnectionId,
        name: &str,
        computer: Option<Level>,
        token: String,
    ) -> Result<Change, Refusal> {
        let Some(held) = self.members.get(&connection) else {
            return Err(Refusal::NoRoom);
        };
        if computer.is_some() && !self.room.seats().is_empty() {
            let host = self.room.host();
            let hosts = held.iter().any(|token| self.tokens.seat_of(token) == host);
            if !hosts {
                return Err(RoomError::NotHost.into());
            }
        }
        let event = self.room.decide_join(name, computer)?;
        let Event::Joined { seat, .. } = event else {
            return Err(RoomError::Inconsistent(Inconsistency::SeatOutOfPlace).into());
        };
        self.change(event, Some((connection, HeldSeat { seat, token })))
    }

    /// The seat `token` holds (on this connection) acts; dice are drawn from `dice`.
    pub fn decide_act<D: DiceSource>(
        &self,
        connection: ConnectionId,
        token: &str,
        at: u64,
        action: &Action,
        dice: &mut D,
        now_ms: u64,
    ) -> Result<Change, Refusal> {
        let actor = self.holder_of(connection, token).ok_or(Refusal::NotYourSeat)?;
        let away_ms = self.away_ms(now_ms);
        // A source that seals draws a new seed at the start, and every die from then on from it. (The
        // condition is a constant: a host on the page's dice has no sealing code.)
        let sealed = match (D::SEALS, action) {
            (false, _) => None,
            (true, Action::Start) => dice.new_seed().map(DiceSeed::new),
            (true, _) => self.dice_seed.clone(),
        };
        let event = match &sealed {
            Some(seed) => {
                let mut drawn = seed.dice_at(self.room.seq() + 1);
                let mut outside = HostOutside {
                    dice: &mut drawn,
                    away_ms,
                };
                match self.room.decide(actor, at, action, &mut outside)? {
                    Event::Started {
                        first_player_roll, ..
                    } => Event::Started {
                        first_player_roll,
                        dice_commitment: Some(seed.commitment()),
                    },
                    event => event,
                }
            }
            None => self
                .room
                .decide(actor, at, action, &mut HostOutside { dice, away_ms })?,
        };
        let mut change = self.change(event, None)?;
        if sealed.is_some() {
            change.dice_seed = sealed;
        }
        Ok(change)
    }

    /// Once a sealed game is over, the change that reveals its seed (whoever hosts keeps it as any other).
    pub fn reveal(&self) -> Option<Change> {
        // A host has a seed only for a room it sealed.
        let seed = self.dice_seed.as_ref()?;
        let due = self.room.phase() == Phase::Finished && !self.room.dice_revealed();
        due.then(|| {
            self.change(Event::DiceRevealed { seed: seed.to_hex() }, None)
                .ok()
        })
        .flatten()
    }

    /// The room, tokens and absences after `event`, not yet kept.
    fn change(&self, event: Event, granted: Option<(ConnectionId, HeldSeat)>) -> Result<Change, Refusal> {
        let mut room = self.room.clone();
        room.apply(&event)?;
        let seats = room.seats().len();
        let mut tokens = self.tokens.clone();
        match (&event, &granted) {
            // A person joins with a token; so does a computer a device joined (the host's AddComputer's has none);
            // a seat handed over is held with a new one.
            (Event::Joined { .. } | Event::HandedOver { .. }, Some((_, held))) => {
                tokens.grant(held.seat, held.token.clone());
            }
            (Event::Joined { computer: false, .. }, None) => {
                return Err(RoomError::Inconsistent(Inconsistency::NoToken).into());
            }
            _ => tokens.follow(&event),
        }
        let away_since = follow_seats(self.away_since.clone(), &event, seats, || None);
        Ok(Change {
            entry: LogEntry {
                seq: room.seq(),
                event,
            },
            room,
            tokens,
            dice_seed: self.dice_seed.clone(),
            away_since,
            hand_overs: None,
            offered: None,
            granted,
        })
    }

    /// Makes a decided change the room's (once its entry is stored): the event for everybody, the new seat's
    /// token for the joining connection, and who is here when the seats changed.
    pub fn commit(&mut self, change: Change, now_ms: u64) -> Vec<Delivery> {
        let seats_changed = change.seat_tokens().is_some();
        let Change {
            entry,
            room,
            tokens,
            dice_seed,
            away_since,
            granted,
            ..
        } = change;
        self.room = room;
        self.tokens = tokens;
        self.dice_seed = dice_seed;
        self.away_since = away_since;
        let mut deliveries = vec![Delivery::ToAll(ServerMessage::event(entry))];
        if let Some((connection, held)) = granted {
            if let Some(member) = self.members.get_mut(&connection) {
                member.push(held.token.clone());
            }
            deliveries.push(Delivery::ToSender(ServerMessage::SeatGranted {
                seat: held.seat,
                token: held.token,
            }));
        }
        self.refresh_away(now_ms);
        if seats_changed {
            deliveries.push(Delivery::ToAll(self.presence(now_ms)));
        }
        deliveries
    }

    /// Who is here, as sent to everybody.
    pub fn presence(&self, now_ms: u64) -> ServerMessage {
        let away = self.away_ms(now_ms);
        let seats = away
            .iter()
            .enumerate()
            .map(|(seat, away_ms)| SeatPresence {
                seat,
                connected: away_ms.is_none(),
                away_ms: *away_ms,
            })
            .collect();
        let watchers = self
            .members
            .values()
            .filter(|tokens| tokens.iter().all(|token| self.tokens.seat_of(token).is_none()))
            .count();
        ServerMessage::Presence { seats, watchers }
    }

    /// How long each seat has been away, in milliseconds (`None` while connected).
    pub fn away_ms(&self, now_ms: u64) -> Vec<Option<u64>> {
        self.away_since
            .iter()
            .map(|since| since.map(|since| now_ms.saturating_sub(since)))
            .collect()
    }

    /// The seat `token` holds, if this connection holds it.
    fn holder_of(&self, connection: ConnectionId, token: &str) -> Option<usize> {
        let holds = self
            .members
            .get(&connection)
            .is_some_and(|tokens| tokens.iter().any(|held| held == token));
        self.tokens.seat_of(token).filter(|_| holds)
    }

    fn seat_connected(&self, seat: usize) -> bool {
        let Some(token) = self.tokens.token_of(seat) else {
            return false;
        };
        self.members
            .values()
            .any(|tokens| tokens.iter().any(|held| held == token))
    }

    /// A computer seat is where the host's device is; a person's seat is connected if a device holds it.
    fn present(&self, seat: usize) -> bool {
        match self.room.seats().get(seat) {
            Some(person) if person.computer.is_none() => self.seat_connected(seat),
            Some(_) => self.room.host().is_some_and(|host| self.seat_connected(host)),
            None => false,
        }
    }

    fn refresh_away(&mut self, now_ms: u64) {
        for seat in 0..self.away_since.len() {
            let present = self.present(seat);
            let away = &mut self.away_since[seat];
            match (present, *away) {
                (true, _) => *away = None,
                (false, None) => *away = Some(now_ms),
                (false, Some(_)) => {}
            }
        }
    }
}
/// The host's view of the world for a decision: dice from its source, absences it measured.
struct HostOutside<'a, D> {
    dice: &'a mut D,
    away_ms: Vec<Option<u64>>,
}

impl<D: DiceSource> Outside for HostOutside<'_, D> {
    fn roll_die(&mut self) -> Face {
        self.dice.roll_die()
    }

    fn away_ms(&self, seat: usize) -> Option<u64> {
        self.away_ms.get(seat).copied().flatten()
    }
}
