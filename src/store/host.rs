//! The one way a table changes. A tap becomes one command, sent to the table's host: the page itself for a
//! table on one device (answered at once), or the room server for an online room (answered over the
//! WebSocket). Whatever the host answers comes back through [`GameStore::receive`]: the table takes it
//! ([`Table::receive`]: the room, its log, the seats, the coach's record), then it is saved once and its
//! consequences follow once (the coach's verdict, the history, the picker).

use fivedice_room::{Action, ClientMessage, Refusal, RoomError, ServerMessage};
use fivedice_rules::{Play, Preview};
use leptos::prelude::*;

use super::GameStore;

impl GameStore {
    /// Sends an action of the seat this device plays now (a roll asks the host to draw the dice). Taps that
    /// would be refused as stale wait while a command is on its way; a hold does not. Whether it was sent.
    pub(super) fn play(&self, action: Action) -> bool {
        let is_hold = matches!(action, Action::Play(Play::Hold(_) | Play::Release(_)));
        if !is_hold && self.table.awaiting_answer() {
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
                token: table.seats().token_of(seat)?.to_string(),
                at: table.room().seq(),
                action,
            };
            Some((message, table.room().seq(), table.is_online()))
        });
        let Some((message, at, online)) = message else {
            self.tell(self.words().not_your_seat_here);
            return false;
        };
        if online && awaited {
            let number = self.table.send_awaited(message.clone(), at);
            self.connection
                .with_link(|link| link.expect_answer(*self, number));
        }
        if !self.send(message) {
            self.table.not_awaited();
            self.tell(self.words().not_sent_offline);
            return false;
        }
        true
    }

    /// Sends a message to the table's host: the page answers at once, the server over the network. False when
    /// it could not go (no connection).
    pub(super) fn send(&self, message: ClientMessage) -> bool {
        let mut message = Some(message);
        if let Some(answers) = self.table.answer_here(&mut message) {
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
        let connection = self.connection.part();
        let heard = match connection {
            Some(part) => part.hears(*self, &message),
            None => self.page_heard(&message),
        };
        if heard {
            return;
        }
        let received = match self.table.receive(&message) {
            Some(Ok(received)) => received,
            Some(Err(error)) => return self.out_of_step(error),
            None => return,
        };
        if let Some(part) = connection {
            part.took(*self, &message);
        }
        if received.applied > 0 {
            self.follow_picker();
            if received.undone {
                self.forget_finished_game();
            }
            if received.decided {
                self.advisor.judge_last_decision();
            }
            self.record_if_finished();
            super::events::hand_in_to_event(*self);
        }
        // After an entry, or after the seat it seated here is granted (which comes after the entry): the
        // game a room was opened for is chosen as soon as this device hosts the lobby.
        self.lobby().choose_preselected_rules();
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

    /// The host sent what does not follow from the table here: online, this device's copy went wrong (an entry
    /// skipped or not fitting) and fetches the whole log again; a page host never does this.
    fn out_of_step(&self, error: RoomError) {
        match self.connection.part() {
            Some(part) => part.out_of_step(*self, &error),
            None => self.tell((self.words().refusal)(&Refusal::Room(error))),
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
        let Some(picker) = self.table.picker_now() else {
            return;
        };
        match self.table.game_now(|game| game.preview(picker.place)) {
            Some(Ok(Preview::Scores(points))) => self.controls().choose(points),
            Some(Ok(Preview::Write)) | None => {}
            Some(Err(reason)) => {
                self.table.close_picker();
                super::refusals::tell_refused(*self, reason);
            }
        }
    }

    /// A table that has just finished goes to the front of the history.
    pub(super) fn record_if_finished(&self) {
        self.table.with_untracked(|table| {
            if let Some(table) = table {
                self.kept.record_if_finished(table);
            }
        });
    }

    /// After an undo of the last cell: the table is no longer finished, so it leaves the history.
    pub(super) fn forget_finished_game(&self) {
        if let Some(id) = self
            .table
            .with_untracked(|table| table.as_ref().map(|t| t.id().to_string()))
        {
            self.kept.forget_finished(&id);
        }
    }
}
