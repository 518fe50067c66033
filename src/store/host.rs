//! The one way a table changes. A tap becomes one command, sent to the table's host: the page itself for a
//! table on one device (answered at once), or the room server for an online room (answered over the
//! WebSocket). Whatever the host answers comes back through [`GameStore::receive`]: the table takes it
//! ([`Table::receive`]: the room, its log, the seats, the coach's record), then it is saved once and its
//! consequences follow once (the coach's verdict, the history, the picker).

use fivedice_room::{Action, ClientMessage, Refusal, RoomError, ServerMessage};
use fivedice_rules::{Play, Preview};
use leptos::prelude::*;

use crate::table::{Host, Table};

use super::GameStore;

/// A command sent to the room server whose answer has not come back: its event, or a refusal. Only an online
/// table has one (the page answers at once, within the tap). Any entry after `at` answers it: the room moved
/// on (with this command's event, or another that makes it stale), so no way the table changes leaves it set.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct InFlight {
    /// What was sent, to send again if the connection is lost before the answer.
    pub(super) message: ClientMessage,
    /// The room's last entry when it was sent.
    pub(super) at: u64,
    /// Counts the commands sent, so a late look at an earlier one's answer does not judge this one.
    pub(super) number: u64,
    /// Sent again on a new connection: a refusal of it as stale only says the first copy arrived.
    pub(super) resent: bool,
}

impl GameStore {
    /// Sends an action of the seat this device plays now (a roll asks the host to draw the dice). Taps that
    /// would be refused as stale wait while a command is on its way; a hold does not. Whether it was sent.
    pub(super) fn play(&self, action: Action) -> bool {
        let is_hold = matches!(action, Action::Play(Play::Hold(_) | Play::Release(_)));
        if !is_hold && self.awaiting_answer() {
            return false;
        }
        let Some(seat) = self.acting_seat() else {
            self.tell(self.words().not_this_devices_turn);
            return false;
        };
        self.act_as(seat, action, !is_hold)
    }

    /// Sends an action of one of this device's seats; false (and the player told why) if it could not go.
    /// `awaited`: online, it is in flight until its event or its refusal is back, and the connection is taken
    /// for lost if neither comes in time.
    pub(super) fn act_as(&self, seat: usize, action: Action, awaited: bool) -> bool {
        let message = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            let message = ClientMessage::Act {
                token: table.seats.token_of(seat)?.to_string(),
                at: table.room.seq(),
                action,
            };
            Some((message, table.room.seq(), table.is_online()))
        });
        let Some((message, at, online)) = message else {
            self.tell(self.words().not_your_seat_here);
            return false;
        };
        if online && awaited {
            let number = self
                .in_flight
                .with_untracked(|sent| sent.as_ref().map_or(0, |sent| sent.number))
                + 1;
            self.in_flight.set(Some(InFlight {
                message: message.clone(),
                at,
                number,
                resent: false,
            }));
            self.connection
                .with_link(|link| link.expect_answer(*self, number));
        }
        if !self.send(message) {
            self.in_flight.set(None);
            self.tell(self.words().not_sent_offline);
            return false;
        }
        true
    }

    /// Whether a command is on its way to the room server (tracked where read in a reactive closure).
    pub(super) fn awaiting_answer(&self) -> bool {
        self.in_flight.with(Option::is_some)
    }

    /// Sends a message to the table's host: the page answers at once, the server over the network. False when
    /// it could not go (no connection).
    pub(super) fn send(&self, message: ClientMessage) -> bool {
        let mut message = Some(message);
        let answers = self.table.try_update_untracked(|table| match table.as_mut() {
            Some(Table {
                host: Host::Page(page),
                log,
                ..
            }) => message.take().map(|message| page.answer(message, log)),
            _ => None,
        });
        if let Some(answers) = answers.flatten() {
            for answer in answers {
                self.receive(answer);
            }
            return true;
        }
        let Some(message) = message else {
            return false;
        };
        self.connection
            .with_link(|link| link.send(&message))
            .unwrap_or(false)
    }

    /// One message from the table's host: the one path by which the table changes. An online table's
    /// connection hears it first (the rooms chunk's part of it: [`super::connection::ConnectionPart`]).
    pub fn receive(&self, message: ServerMessage) {
        if self.table.with_untracked(Option::is_none) {
            return;
        }
        let connection = self.connection_part();
        let heard = match connection {
            Some(part) => (part.hears)(*self, &message),
            None => self.page_heard(&message),
        };
        if heard {
            return;
        }
        let received = match self.change_table(|table| table.receive(&message)) {
            Some(Ok(received)) => received,
            Some(Err(error)) => return self.out_of_step(&error),
            None => return,
        };
        if let Some(part) = connection {
            (part.took)(*self, &message);
        }
        if received.applied > 0 {
            self.follow_picker();
            if received.undone {
                self.forget_finished_game();
            }
            if received.decided {
                self.judge_last_decision();
            }
            self.record_if_finished();
            self.choose_preselected_rules();
        }
    }

    /// The connection's part of an online table, while one is open.
    fn connection_part(&self) -> Option<&'static super::connection::ConnectionPart> {
        self.connection
            .read_now(|online| online.map(|online| online.part))
    }

    /// What the page host answers that the table does not take: a refusal, said to the player in their
    /// language (the page refuses what the rules refuse, as the server would).
    fn page_heard(&self, message: &ServerMessage) -> bool {
        match message {
            ServerMessage::Refused { refusal, .. } => {
                self.tell((self.words().refusal)(refusal));
                true
            }
            ServerMessage::Presence { .. } | ServerMessage::UpdateApp { .. } => true,
            _ => false,
        }
    }

    /// Changes the table open and keeps it: saved (a newer one from another tab is adopted instead, and
    /// `None` returned) and shown.
    pub(super) fn change_table<R>(&self, change: impl FnOnce(&mut Table) -> R) -> Option<R> {
        let mut table = self.table.get_untracked()?;
        let result = change(&mut table);
        table.updated_ms = self.now_ms();
        table.revision += 1;
        if !self.save(&table) {
            return None;
        }
        if let Some(part) = self.connection_part() {
            (part.keep)(*self, &table);
        }
        self.table.set(Some(table));
        Some(result)
    }

    /// The host sent what does not follow from the table here: online, this device's copy went wrong (an entry
    /// skipped or not fitting) and fetches the whole log again; a page host never does this.
    fn out_of_step(&self, error: &RoomError) {
        match self.connection_part() {
            Some(part) => (part.out_of_step)(*self, error),
            None => self.tell((self.words().refusal)(&Refusal::Room(error.clone()))),
        }
    }

    /// The seat of this device that plays the turn now (online, only while connected).
    pub(super) fn acting_seat(&self) -> Option<usize> {
        let connected = untrack(|| self.connection.connected());
        let seat = self.table.with_untracked(|table| table.as_ref()?.acting_seat());
        seat.filter(|_| connected)
    }

    /// After the dice on a score pad change, the picker open on a cell shows what they score there (or closes,
    /// saying why the dice cannot go there).
    fn follow_picker(&self) {
        let Some(picker) = self.picker.get_untracked() else {
            return;
        };
        match self.game_now(|game| game.preview(picker.place)) {
            Some(Ok(Preview::Scores(points))) => self.choose(points),
            Some(Ok(Preview::Write)) | None => {}
            Some(Err(reason)) => {
                self.picker.set(None);
                self.tell((self.words().refused)(&reason));
            }
        }
    }
}
