//! The table open, and the one writer of it: the table itself (on one device, or an online room's), the
//! value picker open on one of its boxes, a score pad's roll-off for who starts being typed, and the command
//! sent to the room server whose answer has not come back. What changes the table is decided by the store's
//! one path (`super::host`); this part keeps what it decided. Its readings for the view are [`reads`] (with
//! whose turn it is and what has just happened) and [`room_view`] (what the room screens show).

use fivedice_room::{ClientMessage, RoomError, ServerMessage};
use fivedice_rules::{Face, FirstPlayerRoll, Game, TiedRollOff};
use fivedice_worker::Verdict;
use leptos::prelude::*;

use crate::storage::{LoadProblem, Storage};
use crate::table::{Decision, Received, Table};

use super::Clock;
use super::connection::RoomConnection;
use super::kept::KeptTables;
use super::play::Picker;

mod picker_offers;
mod reads;
mod room_view;

pub use picker_offers::PickerOffers;
pub use reads::{LastWritten, TakenBack};
pub use reads::{Reading, Situation};
pub use room_view::{RoomPlayer, RoomState, RoomView};

/// A command sent to the room server whose answer has not come back: its event, or a refusal. Only an online
/// table has one (the page answers at once, within the tap). Any entry after `at` answers it: the room moved
/// on (with this command's event, or another that makes it stale), so no way the table changes leaves it set.
#[derive(Clone, Debug, PartialEq)]
struct InFlight {
    /// What was sent, to send again if the connection is lost before the answer.
    message: ClientMessage,
    /// The room's last entry when it was sent.
    at: u64,
    /// Counts the commands sent, so a late look at an earlier one's answer does not judge this one.
    number: u64,
    /// Sent again on a new connection: a refusal of it as stale only says the first copy arrived.
    resent: bool,
}

#[derive(Clone, Copy)]
pub struct OpenTable {
    /// `None` on the start screen.
    table: RwSignal<Option<Table>>,
    picker: RwSignal<Option<Picker>>,
    /// Online, a command sent whose event or refusal has not come back: taps that would be stale wait (a hold
    /// does not), and so does the host's Start after a choice of the game.
    in_flight: RwSignal<Option<InFlight>>,
    /// Whether this device talks to the table's host now; where an online table's log is kept; and, through
    /// it, what the player is told and in which words.
    pub(super) connection: RoomConnection,
    /// Where a table on this device is saved (the tables kept here are its to write).
    kept: KeptTables,
    clock: Clock,
}

impl OpenTable {
    pub(super) fn new(connection: RoomConnection, kept: KeptTables, clock: Clock) -> OpenTable {
        OpenTable {
            clock,
            kept,
            table: RwSignal::new(None),
            picker: RwSignal::new(None),
            in_flight: RwSignal::new(None),
            connection,
        }
    }

    /// Reads the table open (tracked where read in a reactive closure).
    #[inline(always)]
    pub fn with<R>(&self, read: impl FnOnce(&Option<Table>) -> R) -> R {
        self.table.with(read)
    }

    /// Reads the table open once (not tracked).
    #[inline(always)]
    pub fn with_untracked<R>(&self, read: impl FnOnce(&Option<Table>) -> R) -> R {
        self.table.with_untracked(read)
    }

    /// The table open as it is now (not tracked).
    #[inline(always)]
    pub fn get_untracked(&self) -> Option<Table> {
        self.table.get_untracked()
    }

    /// One answer about the table in play (its default on the start screen), as a derived signal: a closure
    /// that reads the table where it is called, so whatever calls it follows the table. Memos would cache the
    /// answer, but every type of memo brings its own copy of the memo machinery into the download (about 10 KB
    /// brotli for these readings), and these readings are cheap.
    pub(super) fn derive<T, F>(&self, read: F) -> impl Reading<T> + use<T, F>
    where
        T: Default,
        F: Fn(&Table, &Game) -> T + Copy + Send + Sync + 'static,
    {
        let table = self.table;
        move || {
            table.with(|table| {
                let table = table.as_ref();
                table
                    .and_then(|table| Some(read(table, table.game()?)))
                    .unwrap_or_default()
            })
        }
    }

    /// The game in play as it is now, for an action (not tracked: the view reads through the readings).
    #[inline(always)]
    pub(super) fn game_now<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        self.table
            .with_untracked(|table| table.as_ref().and_then(Table::game).map(read))
    }

    /// Makes the caller follow the table.
    #[inline(always)]
    pub fn track(&self) {
        self.table.track();
    }

    /// Shows another table (or none: the start screen, which a reload then keeps), and forgets what belonged
    /// to the one shown before: the picker, a command in flight.
    pub(super) fn show(&self, table: Option<Table>) {
        let start_screen = table.is_none();
        self.connection
            .storage
            .with_value(|storage| storage.set_start_screen_showing(start_screen));
        self.picker.set(None);
        self.in_flight.set(None);
        self.table.set(table);
    }

    /// The table as it was saved or came again from the room server: the picker and what is in flight stay.
    pub(super) fn keep(&self, table: Table) {
        self.table.set(Some(table));
    }

    /// Takes a message from the table's host (the move's one path: `super::host`), and keeps the table.
    pub(super) fn receive(&self, message: &ServerMessage) -> Option<Result<Received, RoomError>> {
        self.change(|table| table.receive(message))
    }

    /// Turns the coach on or off for a seat (the advisor's choice), and keeps the table.
    pub(super) fn toggle_coach(&self, seat: usize) {
        self.change(|table| table.toggle_coach(seat));
    }

    /// Keeps the engine's verdict on a decision (the advisor's), if that decision is still there as it was.
    pub(super) fn keep_verdict(&self, index: usize, decision: &Decision, verdict: Verdict) {
        self.change(|table| table.keep_verdict(index, decision, verdict));
    }

    /// Shows or hides every player's chance to win at this table, and keeps the table.
    pub(super) fn toggle_odds(&self) {
        self.change(Table::toggle_odds);
    }

    /// Changes the table open through one of its named changes and keeps it: saved (a newer one from another
    /// tab is adopted instead, and `None` returned) and shown. Online, the room's log is kept by the
    /// connection.
    fn change<R>(&self, change: impl FnOnce(&mut Table) -> R) -> Option<R> {
        let mut table = self.table.get_untracked()?;
        let result = change(&mut table);
        table.mark_changed((self.clock.now_ms)());
        if !self.save(&table) {
            return None;
        }
        if let Some(part) = self.connection.part() {
            part.keep(self.connection, &table);
        }
        self.keep(table);
        Some(result)
    }

    /// Saves a table on this device, unless another tab has saved a newer revision of it since: then that one
    /// is shown instead (and false returned), so neither tab silently overwrites the other. An online room's
    /// table lives in its room's log (kept by the connection), not among the tables of this device.
    pub(super) fn save(&self, table: &Table) -> bool {
        if table.is_online() {
            return true;
        }
        let newer = self
            .connection
            .storage
            .with_value(|storage| storage.table_since(table.id(), table.revision()));
        if let Some(table) = newer.value {
            self.adopt_newer(table);
            self.report_unreadable(&newer.problems);
            return false;
        }
        self.report_unreadable(&newer.problems);
        self.kept.save_played(table);
        true
    }

    fn adopt_newer(&self, table: Table) {
        self.show(Some(table));
        self.connection
            .notices
            .tell(self.connection.speech.words().changed_in_other_tab);
    }

    /// Another tab wrote to storage (at `key`; `None`: all of it): if it saved the table open here, its newer
    /// state shows.
    pub(super) fn heard_other_tab(&self, key: Option<String>) {
        let Some((id, ours)) = self
            .table
            .with_untracked(|t| t.as_ref().map(|t| (t.id().to_string(), t.revision())))
        else {
            return;
        };
        if key.is_some_and(|key| key != Storage::table_key(&id)) {
            return;
        }
        let newer = self
            .connection
            .storage
            .with_value(|storage| storage.table_since(&id, ours + 1));
        if let Some(table) = newer.value {
            self.adopt_newer(table);
        }
        self.report_unreadable(&newer.problems);
    }

    fn report_unreadable(&self, problems: &[LoadProblem]) {
        let connection = self.connection;
        connection
            .notices
            .report_unreadable(problems, connection.storage, connection.speech.words());
    }

    /// A table on one device: its host, in the page, takes the message and answers at once (keeping the entry
    /// in its own log; the table takes it from the answer). `None` when the table open is not one on this device (the message is left).
    pub(super) fn answer_here(&self, message: &mut Option<ClientMessage>) -> Option<Vec<ServerMessage>> {
        let answers = self.table.try_update_untracked(|table| {
            let page = table.as_mut()?.page_host()?;
            message.take().map(|message| page.answer(message))
        });
        answers.flatten()
    }

    /// What the open picker offers (its cell, seat, values and bonus), rebuilt only when that changes.
    pub fn picker_offers(&self) -> Memo<Option<PickerOffers>> {
        picker_offers::follow(self.table, self.picker)
    }

    pub fn picker(&self) -> ReadSignal<Option<Picker>> {
        self.picker.read_only()
    }

    /// The picker open now (not tracked).
    pub(super) fn picker_now(&self) -> Option<Picker> {
        self.picker.get_untracked()
    }

    pub(super) fn open_picker(&self, picker: Picker) {
        self.picker.set(Some(picker));
    }

    pub(super) fn close_picker(&self) {
        self.picker.set(None);
    }

    /// Changes the picker open (nothing if none is).
    pub(super) fn change_picker(&self, change: impl FnOnce(&mut Picker)) {
        self.picker.update(|picker| {
            if let Some(picker) = picker {
                change(picker);
            }
        });
    }

    /// Whether a tie for who starts is to be rolled again before anybody writes (not tracked).
    pub(super) fn tie_to_roll_again(&self) -> bool {
        self.with_untracked(|table| {
            table
                .as_ref()
                .is_some_and(|table| !table.tied_roll_off().is_empty())
        })
    }

    /// One round of the roll-off typed in: who starts, once the highest is one seat (the rounds are then
    /// forgotten); else the seats tied, whose round comes next. The rounds of a tie are saved with the table,
    /// so a reload asks the tied players' dice again.
    pub(super) fn type_roll_off(&self, round: Vec<(usize, Face)>) -> Result<FirstPlayerRoll, TiedRollOff> {
        let mut rounds = self
            .with_untracked(|table| table.as_ref().map(|table| table.tied_roll_off().to_vec()))
            .unwrap_or_default();
        rounds.push(round);
        let typed = FirstPlayerRoll::typed(rounds.clone());
        match typed {
            // Decided: a tie that waited is forgotten (nothing is saved where none did).
            Ok(_) => self.forget_roll_off(),
            Err(_) => {
                self.change(|table| table.set_tied_roll_off(rounds));
            }
        }
        typed
    }

    /// The table chose who starts itself: a roll-off being typed is forgotten.
    pub(super) fn forget_roll_off(&self) {
        if self.tie_to_roll_again() {
            self.change(|table| table.set_tied_roll_off(Vec::new()));
        }
    }

    /// Whether a command is on its way to the room server (tracked where read in a reactive closure).
    pub(super) fn awaiting_answer(&self) -> bool {
        self.in_flight.with(Option::is_some)
    }

    /// A command goes to the room server, sent when the room's last entry was `at`: it is in flight until
    /// answered. Its number, for [`OpenTable::is_overdue`].
    pub(super) fn send_awaited(&self, message: ClientMessage, at: u64) -> u64 {
        let number = self
            .in_flight
            .with_untracked(|sent| sent.as_ref().map_or(0, |sent| sent.number))
            + 1;
        self.in_flight.set(Some(InFlight {
            message,
            at,
            number,
            resent: false,
        }));
        number
    }

    /// The command could not go (no connection), or was refused: nothing is awaited. Whether it was one sent
    /// again after a lost connection.
    pub(super) fn not_awaited(&self) -> bool {
        let resent = self
            .in_flight
            .with_untracked(|sent| sent.as_ref().is_some_and(|sent| sent.resent));
        self.in_flight.set(None);
        resent
    }

    /// The room moved past the command in flight (its event came, or another that makes it stale), or the
    /// table it was sent for is gone: nothing is awaited any more.
    pub(super) fn settle(&self) {
        let seq = self
            .table
            .with_untracked(|table| table.as_ref().map(|table| table.room().seq()));
        let answered = self.in_flight.with_untracked(|sent| {
            sent.as_ref()
                .is_some_and(|sent| seq.is_none_or(|seq| seq > sent.at))
        });
        if answered {
            self.in_flight.set(None);
        }
    }

    /// The command in flight, to send again on a new connection (marked so, quietly: nothing on screen
    /// changes), with its number.
    pub(super) fn resend(&self) -> Option<(ClientMessage, u64)> {
        self.in_flight
            .try_update_untracked(|sent| {
                let sent = sent.as_mut()?;
                sent.resent = true;
                Some((sent.message.clone(), sent.number))
            })
            .flatten()
    }

    /// Whether command `number` is still unanswered.
    pub(super) fn is_overdue(&self, number: u64) -> bool {
        self.in_flight
            .with_untracked(|sent| sent.as_ref().is_some_and(|sent| sent.number == number))
    }
}
