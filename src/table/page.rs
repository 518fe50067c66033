//! The page as the host of a table on one device: the same [`RoomHost`] the room server runs, keeping its own
//! log as the server keeps its file, with the table's dice (seeded, so a seed replays the same game, or the
//! browser's cryptographic source). The device talks to it exactly as to the server, and every message it
//! answers is for this device: the table's log is written only by taking the entries its host sends.

use fivedice_room::{
    ClientMessage, Delivery, HeldSeats, LogEntry, Room, RoomError, RoomHost, RoomName, ServerMessage,
};
use fivedice_rules::{DiceSource, Face};
use fivedice_saved::TableDice;

/// The one device at the table, as the host numbers its connections.
const THIS_DEVICE: u64 = 0;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageHost {
    host: RoomHost,
    /// The host's log, as the room server's file would be (the table keeps its own copy of what it is sent).
    log: Vec<LogEntry>,
    dice: TableDice,
}

impl PageHost {
    /// A new room, with nobody seated yet.
    pub fn new(name: RoomName, dice: TableDice) -> PageHost {
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
        dice: TableDice,
    ) -> Result<PageHost, RoomError> {
        let mut host = RoomHost::restore(name, log, seats.clone(), None, 0)?;
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

    /// The room as its host has it.
    pub fn room(&self) -> &Room {
        self.host.room()
    }

    /// The table's dice, as they are to be saved.
    pub fn dice(&self) -> &TableDice {
        &self.dice
    }

    /// A seed that goes on from this table's seeded dice (for a rematch), if they are seeded.
    pub fn seed(&self) -> Option<u64> {
        self.dice.seed()
    }

    /// The token a seat joining at `seat` holds (the page host's own: one device holds them all).
    pub fn token_for(seat: usize) -> String {
        format!("seat-{seat}")
    }

    /// Answers one message of this device, as the room server would, keeping what it decides in its log.
    pub fn answer(&mut self, message: ClientMessage) -> Vec<ServerMessage> {
        let token = PageHost::token_for(self.host.room().seats().len());
        let mut dice = PageDice(&mut self.dice);
        let deliveries = self
            .host
            .answer(THIS_DEVICE, message, &mut self.log, &mut dice, || token, 0);
        deliveries
            .into_iter()
            .map(|delivery| match delivery {
                // One device: whatever the host says is for it.
                Delivery::ToSender(message) | Delivery::ToAll(message) | Delivery::To(_, message) => message,
            })
            .collect()
    }
}

/// The table's dice as the host draws them: from the seeded generator, or from the browser's cryptographic
/// source.
struct PageDice<'a>(&'a mut TableDice);

impl DiceSource for PageDice<'_> {
    fn roll_die(&mut self) -> Face {
        self.0.seeded_face().unwrap_or_else(crypto_face)
    }
}

/// One fair face from the operating system's (the browser's) cryptographic source.
pub fn crypto_face() -> Face {
    loop {
        let mut byte = [0u8; 1];
        if getrandom::fill(&mut byte).is_err() {
            // Every browser that runs WebAssembly has Web Crypto; this is only a fallback.
            return Face::ALL[(js_sys::Math::random() * 6.0) as usize % 6];
        }
        // Bytes from 252 up would favour the low faces: draw again.
        if byte[0] < 252 {
            return Face::ALL[usize::from(byte[0] % 6)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crypto_source_is_fair() {
        let mut counts = [0usize; 6];
        for _ in 0..6000 {
            counts[crypto_face().index()] += 1;
        }
        assert!(
            counts.iter().all(|&count| (850..1150).contains(&count)),
            "{counts:?}"
        );
    }
}
