//! The page as the host of a table on one device: the same [`RoomHost`] the room server runs, with its log in
//! memory and its dice from the table's generator (seeded, so a seed replays the same game). The device
//! talks to it exactly as to the server, and every message it answers is for this device.

use fivedice_room::{
    ClientMessage, Delivery, HeldSeats, LogEntry, RoomError, RoomHost, RoomName, ServerMessage,
};

use crate::dice_generator::DiceGenerator;

/// The one device at the table, as the host numbers its connections.
const THIS_DEVICE: u64 = 0;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageHost {
    host: RoomHost,
    /// The host's own log: what it answers a hello with.
    log: Vec<LogEntry>,
    dice: DiceGenerator,
}

impl PageHost {
    /// A new room, with nobody seated yet.
    pub fn new(name: RoomName, dice: DiceGenerator) -> PageHost {
        PageHost {
            host: RoomHost::new(name),
            log: Vec::new(),
            dice,
        }
    }

    /// The host as a saved table's log and seats left it, with this device in the room again, holding every
    /// seat.
    pub fn restore(
        name: RoomName,
        log: &[LogEntry],
        seats: HeldSeats,
        dice: DiceGenerator,
    ) -> Result<PageHost, RoomError> {
        let mut host = RoomHost::restore(name, log, seats.clone(), 0)?;
        let seen = host.room().seq();
        host.hello(THIS_DEVICE, seats.tokens().map(str::to_string).collect(), seen, 0);
        Ok(PageHost {
            host,
            log: log.to_vec(),
            dice,
        })
    }

    pub fn room_name(&self) -> &RoomName {
        self.host.room().name()
    }

    /// The table's dice, as they are to be saved.
    pub fn dice(&self) -> &DiceGenerator {
        &self.dice
    }

    /// A seed that goes on from this table's seeded dice (for a rematch), if they are seeded.
    pub fn seed(&self) -> Option<u64> {
        self.dice.seed()
    }

    /// Answers one message of this device, as the room server would.
    pub fn answer(&mut self, message: ClientMessage) -> Vec<ServerMessage> {
        let token = format!("seat-{}", self.host.room().seats().len());
        let deliveries = self
            .host
            .answer(THIS_DEVICE, message, &mut self.log, &mut self.dice, || token, 0);
        deliveries
            .into_iter()
            .map(|delivery| match delivery {
                Delivery::ToSender(message) | Delivery::ToAll(message) => message,
            })
            .collect()
    }
}
