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
use super::rooms::Connection;

impl GameStore {
    /// Sends an action of the seat this device plays now (a roll asks the host to draw the dice). Taps that
    /// would be refused as stale wait while a command is on its way; a hold does not. Whether it was sent.
    pub(super) fn play(&self, action: Action) -> bool {
        let is_hold = matches!(action, Action::Play(Play::Hold(_) | Play::Release(_)));
        if !is_hold && self.in_flight.get_untracked() {
            return false;
        }
        let Some(seat) = self.acting_seat() else {
            self.tell(self.words().not_this_devices_turn);
            return false;
        };
        self.act_as(seat, action, !is_hold)
    }

    /// Sends an action of one of this device's seats; false (and the player told why) if it could not go.
    /// `awaited` marks it in flight until its event or its refusal is back.
    pub(super) fn act_as(&self, seat: usize, action: Action, awaited: bool) -> bool {
        let message = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            Some(ClientMessage::Act {
                token: table.seats.token_of(seat)?.to_string(),
                at: table.room.seq(),
                action,
            })
        });
        let Some(message) = message else {
            self.tell(self.words().not_your_seat_here);
            return false;
        };
        self.in_flight.set(awaited);
        if !self.send(message) {
            self.in_flight.set(false);
            self.tell(self.words().not_sent_offline);
            return false;
        }
        true
    }

    /// Sends a message to the table's host: the page answers at once, the server over the network. False when
    /// it could not go (no connection).
    pub(super) fn send(&self, message: ClientMessage) -> bool {
        let mut message = Some(message);
        let answers = self
            .table
            .try_update_untracked(|table| match table.as_mut().map(|t| &mut t.host) {
                Some(Host::Page(page)) => message.take().map(|message| page.answer(message)),
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
        self.room_link
            .with_value(|link| link.as_ref().is_some_and(|link| link.send(&message)))
    }

    /// One message from the table's host: the one path by which the table changes.
    pub fn receive(&self, message: ServerMessage) {
        if self.table.with_untracked(Option::is_none) {
            return;
        }
        if self.connection_heard(&message) {
            return;
        }
        let received = match self.change_table(|table| table.receive(&message)) {
            Some(Ok(received)) => received,
            Some(Err(error)) => return self.out_of_step(&error),
            None => return,
        };
        if matches!(message, ServerMessage::Event { .. } | ServerMessage::Log { .. }) {
            self.in_flight.set(false);
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
        if table.is_online() {
            self.save_room(&table);
        }
        self.table.set(Some(table));
        Some(result)
    }

    /// The messages only the connection hears (or that the table does not take): the welcome, who is here, a
    /// refusal, an update. Whether the message ends there.
    fn connection_heard(&self, message: &ServerMessage) -> bool {
        match message {
            ServerMessage::Welcome { seats, seq, .. } => {
                self.welcomed(!seats.is_empty(), *seq);
                false
            }
            ServerMessage::Presence { seats, watchers } => {
                self.heard_presence(seats.clone(), *watchers);
                true
            }
            ServerMessage::Refused { refusal, .. } => {
                self.in_flight.set(false);
                self.refused(refusal);
                true
            }
            ServerMessage::UpdateApp { reason, .. } => {
                self.must_update(reason);
                true
            }
            ServerMessage::SeatGranted { .. } => {
                self.seat_granted();
                false
            }
            ServerMessage::Log { .. } | ServerMessage::Event { .. } => {
                self.caught_up();
                false
            }
        }
    }

    /// The host refused the last command: the table is unchanged, and the player hears why in their language
    /// (a refused join shows in the room instead: the device watches).
    fn refused(&self, refusal: &Refusal) {
        if self.join_refused(refusal) {
            return;
        }
        self.tell((self.words().refusal)(refusal));
    }

    /// The host sent what does not follow from the table here: online, this device's copy went wrong (an entry
    /// skipped or not fitting) and fetches the whole log again; a page host never does this.
    fn out_of_step(&self, error: &RoomError) {
        if self
            .table
            .with_untracked(|table| table.as_ref().is_some_and(Table::is_online))
        {
            return self.resync(error);
        }
        self.tell((self.words().refusal)(&Refusal::Room(error.clone())));
    }

    /// The seat of this device that plays the turn now (online, only while connected).
    pub(super) fn acting_seat(&self) -> Option<usize> {
        let connected = self.online.with_untracked(|online| {
            online
                .as_ref()
                .is_none_or(|online| online.connection == Connection::Online)
        });
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
