//! What a host's decision is before it is the room's (a [`Change`]: its entry to store first), what a device is
//! greeted with, and each message with who it is for.

use super::*;

/// A message and who it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// For the connection whose message this answers.
    ToSender(ServerMessage),
    /// For every connection in the room, the sender too, in this order.
    ToAll(ServerMessage),
    /// For this connection alone (a device let in by another's answer).
    To(ConnectionId, ServerMessage),
}

/// What a device's hello is answered with: the welcome, then the log after `log_after` (up to the welcome's
/// seq, read from wherever the host keeps it), then who is here (for everybody).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Greeting {
    pub welcome: ServerMessage,
    pub log_after: u64,
    pub presence: ServerMessage,
}

impl Greeting {
    /// The room's last entry when the device was welcomed: the log it lacks goes up to there.
    pub fn seq(&self) -> u64 {
        match self.welcome {
            ServerMessage::Welcome { seq, .. } => seq,
            _ => self.log_after,
        }
    }
}

/// A change decided but not yet kept: its log entry, and what the host keeps beside the log once it is (the
/// seat tokens when the seats change, the seed of the dice when a sealed game starts, the links that move a
/// seat to another device when one is offered or opened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub(super) entry: LogEntry,
    pub(super) room: Room,
    pub(super) tokens: HeldSeats,
    pub(super) dice_seed: Option<DiceSeed>,
    pub(super) away_since: Vec<Option<u64>>,
    /// Every link that moves a seat to another device, when the change offers or spends one.
    pub(super) hand_overs: Option<Vec<HandOver>>,
    /// A link offered, for the device that asked for it.
    pub(super) offered: Option<HandOver>,
    /// The joining connection and the seat it is granted.
    pub(super) granted: Option<(ConnectionId, HeldSeat)>,
}

impl Change {
    pub fn entry(&self) -> &LogEntry {
        &self.entry
    }

    /// The connection a seat is granted to by this change, and the seat with its token.
    pub fn granted(&self) -> Option<&(ConnectionId, HeldSeat)> {
        self.granted.as_ref()
    }

    /// Every person's seat token once the change is kept, when it changes them (a seat joined or left).
    pub fn seat_tokens(&self) -> Option<&HeldSeats> {
        let seats_change = matches!(
            self.entry.event,
            Event::Joined { .. } | Event::Left { .. } | Event::HandedOver { .. }
        );
        seats_change.then_some(&self.tokens)
    }

    /// Every link that moves a seat to another device once the change is kept, when it changes them.
    pub fn hand_overs(&self) -> Option<&[HandOver]> {
        self.hand_overs.as_deref()
    }

    /// The seed the room's dice are drawn from, when the change starts a sealed game: it is kept beside the
    /// log, where no device reads it, until the host reveals it.
    pub fn dice_seed(&self) -> Option<&DiceSeed> {
        let sealed = matches!(
            self.entry.event,
            Event::Started {
                dice_commitment: Some(_),
                ..
            }
        );
        self.dice_seed.as_ref().filter(|_| sealed)
    }
}
