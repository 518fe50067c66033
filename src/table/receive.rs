//! What comes back from a table's host changes the table in one place: the room replays the entries, the log
//! keeps them, the seats held follow the room's numbering, and the coach records each decision, once, on the
//! game as it stood. A table on one device and an online room take exactly this path; a table on one device
//! is seated through it too.

use fivedice_room::{
    Action, ClientMessage, Event, LogEntry, PROTOCOL_VERSION, Refusal, Room, RoomError, RoomName,
    ServerMessage,
};
use fivedice_rules::{Play, SetupError};

use fivedice_saved::TableDice;

use super::page::crypto_face;
use super::{Decision, NewGameRequest, PageHost, Table};

/// What a message from the host changed at the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Received {
    /// Entries applied (those already here are skipped).
    pub applied: usize,
    /// A cell was taken back.
    pub undone: bool,
    /// Decisions were recorded for the coach.
    pub decided: bool,
    /// The host's log is not the one this table had (a wiped server): the table starts over from its log.
    pub restarted: bool,
}

impl Table {
    /// Takes what the table's host sent: the room's entries, the seats this device holds. Presence,
    /// refusals and updates are the store's; they change nothing here.
    pub fn receive(&mut self, message: &ServerMessage) -> Result<Received, RoomError> {
        match message {
            ServerMessage::Welcome { seats, seq, .. } => {
                self.seats = seats.clone().into();
                let restarted = *seq < self.room.seq();
                if restarted {
                    self.room = Room::new(self.room.name().clone());
                    self.log.clear();
                }
                Ok(Received {
                    restarted,
                    ..Received::default()
                })
            }
            ServerMessage::Log { entries } => self.apply(entries),
            ServerMessage::Event { .. } => self.apply(&message.as_entry().into_iter().collect::<Vec<_>>()),
            ServerMessage::SeatGranted { seat, token } => {
                self.seats.grant(*seat, token.clone());
                Ok(Received::default())
            }
            ServerMessage::Presence { .. }
            | ServerMessage::HandOverOffered { .. }
            | ServerMessage::SeatRequests { .. }
            | ServerMessage::Refused { .. }
            | ServerMessage::UpdateApp { .. } => Ok(Received::default()),
        }
    }

    /// Applies entries after the room's last, stopping at the first that does not fit (the ones before it
    /// stay applied: they did fit).
    fn apply(&mut self, entries: &[LogEntry]) -> Result<Received, RoomError> {
        let mut received = Received::default();
        let seen = self.room.seq();
        for entry in entries.iter().filter(|entry| entry.seq > seen) {
            let decision = self.decision(&entry.event);
            self.room.apply_entry(entry)?;
            self.log.push(entry.clone());
            self.seats.follow(&entry.event);
            if let Event::Played { play: Play::Undo, .. } = entry.event {
                self.forget_undone_decisions();
                received.undone = true;
            }
            received.decided |= decision.is_some();
            self.decisions.extend(decision);
            received.applied += 1;
        }
        Ok(received)
    }

    /// The decision an event stands for, taken on the game as it is before it (for the coach and the
    /// analysis after the game): a roll is keeping the held dice; writing the dice in a cell is choosing it.
    /// Crossing out on purpose is not the move the coach judges (it scores the dice), so it is not recorded.
    fn decision(&self, event: &Event) -> Option<Decision> {
        let game = self.game()?;
        match event {
            Event::Played {
                play: Play::Roll(_), ..
            } => Decision::keep(game),
            Event::Played {
                play: Play::Score(place) | Play::Write { place, .. },
                ..
            } => Decision::cell(game, place.category),
            _ => None,
        }
    }

    /// Seats a new table on this device: its room is hosted in the page, and the players join, the rules
    /// are chosen and the game starts through that host, as an online room's would through the server.
    pub fn seat(name: String, request: &NewGameRequest, now_ms: f64) -> Result<Table, Seating> {
        let NewGameRequest {
            rules,
            mode,
            players,
            seed,
            ..
        } = request;
        // Checked first, so a table that cannot be fails without using any dice.
        fivedice_rules::Game::new(*rules, *mode, players, 0).map_err(Seating::Setup)?;
        for name in players {
            fivedice_room::check_player_name(name).map_err(|error| Seating::Refused(error.into()))?;
        }
        let dice = TableDice::new(*seed);
        // A table of an event is told apart from the event's others by its id: five dice's worth of chance.
        let drawn = || match request.event {
            Some(_) => (0..5).fold(0, |id, _| id * 10 + u64::from(crypto_face().value())),
            None => u64::from(crypto_face().value()),
        };
        let id = format!("{}-{}", now_ms as u64, seed.unwrap_or_else(drawn));
        let room = RoomName::parse(&id).map_err(|error| Seating::Refused(error.into()))?;
        let mut table = Table::on_this_device(id, name, PageHost::new(room, dice), now_ms);
        table.bot_delay_ms = request.bot_delay_ms;
        table.event = request.event.clone();
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: table.room.name().to_string(),
            tokens: Vec::new(),
            seen: 0,
        };
        table.ask_page(hello)?;
        // Every seat joins through the host, a computer at its level (this device plays it, holding the host's
        // seat): the log says who is a computer, as an online room's does.
        for (seat, name) in players.iter().enumerate() {
            let computer = request.computer.get(seat).copied().flatten();
            let name = name.clone();
            table.ask_page(ClientMessage::Join { name, computer })?;
        }
        let choice = Action::choosing(*rules, *mode);
        for action in [choice, Action::Start] {
            let token = table.seats.token_of(0).unwrap_or_default().to_string();
            let at = table.room.seq();
            table.ask_page(ClientMessage::Act { token, at, action })?;
        }
        Ok(table)
    }

    /// One message to the table's page host, and its answers taken (seating a table; the store's taps go
    /// through its own receiving, which does more than the table).
    pub(super) fn ask_page(&mut self, message: ClientMessage) -> Result<(), Seating> {
        let super::Host::Page(page) = &mut self.host else {
            return Err(Seating::Refused(Refusal::NoRoom));
        };
        for answer in page.answer(message) {
            if let ServerMessage::Refused { refusal, .. } = answer {
                return Err(Seating::Refused(refusal));
            }
            self.receive(&answer)
                .map_err(|error| Seating::Refused(error.into()))?;
        }
        Ok(())
    }
}

/// Why a table could not be seated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seating {
    Setup(SetupError),
    Refused(Refusal),
}
