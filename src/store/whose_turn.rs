//! Who plays now and what has just happened at the table, for the turn's panel: who starts (and a tie rolled
//! again), to whom the device passes, what was written last and whether Undo takes it back.

use fivedice_room::{Event, LogEntry};
use fivedice_rules::{Category, DiceMode, FirstPlayerRoll, Place, Play, TiedRollOff, Turn, Undoable};

use leptos::prelude::*;

use super::GameStore;
use super::reads::Reading;

/// The box written last: by which seat, where, its index in the game's log, its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastWritten {
    pub seat: usize,
    pub place: Place,
    pub entry: usize,
    pub points: u16,
}

/// What the Undo button takes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakenBack {
    /// A box written, with the points it holds.
    Box(Category, u16),
    /// Column Yam: the box announced this turn.
    Announcement(Category),
}

impl GameStore {
    /// After a tie in a score pad's roll-off for who starts: the seats that roll again (`None` while no tie
    /// waits).
    pub fn roll_off_tied(&self) -> impl Reading<Option<Vec<usize>>> + use<> {
        let roll_off = self.roll_off;
        move || {
            roll_off.with(|rounds| match FirstPlayerRoll::typed(rounds.clone()) {
                Err(TiedRollOff(again)) if !rounds.is_empty() => Some(again),
                _ => None,
            })
        }
    }

    /// The seat the device is to be handed to now: the turn has just passed (nothing rolled or entered yet)
    /// from one person at this device to another person at this device. Never before a computer's turn,
    /// never where the next player is on a device of their own, and never on a score pad (one person keeps
    /// the score there: the turn's banner says whose turn it is).
    pub fn pass_to(&self) -> impl Reading<Option<usize>> + use<> {
        self.derive(|table, game| {
            if game.mode() == DiceMode::Pad {
                return None;
            }
            let last = game.log().len().checked_sub(1)?;
            let (from, to) = (game.seat_of_entry(last), game.current_seat());
            let person_here = |seat| table.seats.holds(seat) && table.computer_at(seat).is_none();
            let fresh = *game.turn() == Turn::default() && !game.is_over();
            (fresh && from != to && person_here(from) && person_here(to)).then_some(to)
        })
    }

    /// The last box written, while the next turn has not begun (for a moment's highlight, what a computer
    /// wrote, and the coach's word on it).
    pub fn last_written(&self) -> impl Reading<Option<LastWritten>> + use<> {
        self.derive(|_, game| {
            let last = game
                .log()
                .len()
                .checked_sub(1)
                .filter(|_| *game.turn() == Turn::default())?;
            let entry = game.log().get(last)?;
            Some(LastWritten {
                seat: game.seat_of_entry(last),
                place: Place::new(entry.column, entry.category),
                entry: last,
                points: entry.points,
            })
        })
    }

    /// Whether a person at this device plays a seat (not a computer, not another device).
    pub fn played_here(&self) -> impl Fn(usize) -> bool + Copy + use<> {
        let table = self.table;
        move |seat| {
            table.with(|table| {
                table
                    .as_ref()
                    .is_some_and(|table| table.seats.holds(seat) && table.computer_at(seat).is_none())
            })
        }
    }

    /// Whether a person at this device plays the turn now (elsewhere, the turn is only watched here).
    pub fn plays_here(&self) -> impl Reading<bool> + use<> {
        self.acting_here()
    }

    /// The roll for who starts, until the first box of the game is written. A score
    /// pad on one device shows only the roll-off its table typed in: the app rolls no dice for real ones.
    pub fn fresh_first_player_roll(&self) -> impl Reading<Option<FirstPlayerRoll>> + use<> {
        self.derive(|table, game| {
            let typed = || {
                let play = |entry: &LogEntry| {
                    matches!(
                        &entry.event,
                        Event::Played {
                            play: Play::FirstPlayer(_),
                            ..
                        }
                    )
                };
                table.log.iter().any(play)
            };
            let by_the_table = game.mode() != DiceMode::Pad || table.is_online() || typed();
            // Until the first box is written: a computer that starts rolls at once, and the table should still
            // read why it started.
            let fresh = by_the_table && game.log().is_empty();
            let roll = table.first_player_roll()?;
            (fresh && !roll.rounds.is_empty()).then(|| roll.clone())
        })
    }

    /// Whether the table may still choose who starts: a score pad on one device, before anybody has played.
    pub fn first_seat_open(&self) -> impl Reading<bool> + use<> {
        self.derive(|table, game| {
            !table.is_online() && game.mode() == DiceMode::Pad && game.check_first_seat_open().is_ok()
        })
    }

    /// What an undo would take back now, while a person at this device holds its seat (a computer player's
    /// box is nobody's to take back): the seat, and the box written or announced.
    pub fn undoable(&self) -> impl Reading<Option<(usize, TakenBack)>> + use<> {
        let connected = self.acting_connected();
        let last = self.derive(|table, game| {
            let (seat, taken_back) = match game.undoable().ok()? {
                Undoable::Announcement(category) => (game.current_seat(), TakenBack::Announcement(category)),
                Undoable::Entry(index) => {
                    let entry = game.log().get(index)?;
                    (
                        game.seat_of_entry(index),
                        TakenBack::Box(entry.category, entry.points),
                    )
                }
            };
            let person_here = table.seats.holds(seat) && table.computer_at(seat).is_none();
            person_here.then_some((seat, taken_back))
        });
        move || last().filter(|_| connected.get())
    }
}
