//! What components read: narrow memos over the table, each changing only when its own answer changes, so a
//! tap re-renders the few things it affects. Every answer comes from the rules crate.

use fivedice_rules::{
    Category, Column, Dice, DiceMode, Game, JokerCall, Place, Preview, Rules, Standing, Totals, Turn,
};
use fivedice_worker::Level;
use leptos::prelude::*;

use crate::table::Decision;

use super::OpenTable;
use fivedice_rules::{FirstPlayerRoll, TiedRollOff, Undoable};

/// The point of the game a hint answers: it stays on screen only while the table is still there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    entries: usize,
    rolls_used: u8,
    dice: Option<Dice>,
}

impl Situation {
    pub(in crate::store) fn of(game: &Game) -> Situation {
        Situation {
            entries: game.log().len(),
            rolls_used: game.turn().rolls_used,
            dice: game.turn().dice,
        }
    }
}

/// A reading of the store for the view: call it (or `get`, `with`) inside a reactive closure and the view
/// follows it; `get_untracked` reads it once.
pub trait Reading<T>: Fn() -> T + Copy + Send + Sync + 'static {
    fn get(&self) -> T {
        self()
    }

    fn get_untracked(&self) -> T {
        untrack(self)
    }

    fn with<R>(&self, read: impl FnOnce(&T) -> R) -> R {
        read(&self())
    }
}

impl<T, F: Fn() -> T + Copy + Send + Sync + 'static> Reading<T> for F {}

impl OpenTable {
    /// Whether a game is open (else the start screen, or an online room's lobby, shows).
    pub fn has_table(&self) -> impl Reading<bool> + use<> {
        self.derive(|_, _| true)
    }

    pub fn table_name(&self) -> impl Reading<Option<String>> + use<> {
        self.derive(|table, _| Some(table.name().to_string()))
    }

    /// The id of the table on this device that is open (none for an online room's table, kept as its room).
    pub fn table_id(&self) -> impl Reading<Option<String>> + use<> {
        self.derive(|table, _| (!table.is_online()).then(|| table.id().to_string()))
    }

    /// The id the history keeps the table's game under once it is over (an online room's as any other).
    pub fn kept_as(&self) -> impl Reading<Option<String>> + use<> {
        self.derive(|table, _| Some(table.id().to_string()))
    }

    /// Whether the table plays in an event (its log is handed in to it as it is written).
    pub fn plays_in_event(&self) -> impl Reading<bool> + use<> {
        self.derive(|table, _| table.event().is_some())
    }

    pub fn rules(&self) -> impl Reading<Option<Rules>> + use<> {
        self.derive(|_, game| Some(game.rules()))
    }

    pub fn mode(&self) -> impl Reading<Option<DiceMode>> + use<> {
        self.derive(|_, game| Some(game.mode()))
    }

    pub fn players(&self) -> impl Reading<Vec<String>> + use<> {
        self.derive(|_, game| game.players().to_vec())
    }

    pub fn turn(&self) -> impl Reading<Turn> + use<> {
        self.derive(|_, game| *game.turn())
    }

    /// How many dice a turn rolls: five, or six for Maxi Yatzy.
    pub fn dice_count(&self) -> impl Reading<usize> + use<> {
        let dice = self.derive(|_, game| Some(game.dice()));
        move || dice().unwrap_or(fivedice_rules::DICE)
    }

    /// The rolls the current player used this turn, and the rolls they may make in it (three, and the ones
    /// they saved).
    pub fn rolls(&self) -> impl Reading<(u8, u8)> + use<> {
        self.derive(|_, game| (game.turn().rolls_used, game.rolls_allowed()))
    }

    /// The rolls a seat has saved for later turns, where the rules save them (Maxi Yatzy with the app's dice).
    pub fn saved_rolls(&self, seat: usize) -> impl Reading<Option<u8>> + use<> {
        self.derive(move |_, game| {
            let saves = game.rules().ruleset().saves_rolls && game.mode() == DiceMode::App;
            saves.then(|| game.saved_rolls(seat))
        })
    }

    /// Whose turn it is, while the game goes on (nobody's while a score pad asks who starts).
    pub fn current_seat(&self) -> impl Reading<Option<usize>> + use<> {
        let asked = self.who_starts_asked();
        let seat = self.derive(|_, game| (!game.is_over()).then(|| game.current_seat()));
        move || seat.get().filter(|_| !asked.get())
    }

    pub fn is_over(&self) -> impl Reading<bool> + use<> {
        self.derive(|_, game| game.is_over())
    }

    /// Whether this device talks to its table's host now (always, in the page; online, while connected).
    pub(in crate::store) fn acting_connected(&self) -> impl Reading<bool> + use<> {
        let connection = self.connection;
        move || connection.connected()
    }

    /// Whether an online table is waiting for its connection to the room server to come back (a command sent
    /// while it was lost goes once it is back).
    pub fn reconnecting(&self) -> impl Reading<bool> + use<> {
        let connection = self.connection;
        move || {
            connection.read(|online| {
                online.is_some_and(|online| {
                    matches!(
                        online.connection,
                        crate::store::connection::Connection::Offline
                            | crate::store::connection::Connection::Connecting
                    )
                })
            })
        }
    }

    /// Whether the current player may roll now (online: on the device that plays the turn).
    pub fn can_roll(&self) -> impl Reading<bool> + use<> {
        let allowed = self.derive(|_, game| game.check_roll().is_ok());
        let here = self.acting_here();
        move || allowed() && here.get()
    }

    /// Whether the current player may hold or free the dice now (online: on the device that plays the turn).
    pub fn can_hold(&self) -> impl Reading<bool> + use<> {
        let allowed = self.derive(|_, game| game.check_hold(0).is_ok());
        let here = self.acting_here();
        move || allowed() && here.get()
    }

    /// The value written in a box of a seat's sheet, `None` while it is open.
    pub fn cell_value(&self, seat: usize, place: Place) -> impl Reading<Option<u16>> + use<> {
        self.derive(move |_, game| game.sheet(seat, place.column)?.get(place.category))
    }

    /// Whether a box was crossed out on purpose (the Yam pad): its 0 is shown as a cross.
    pub fn crossed_out(&self, seat: usize, place: Place) -> impl Reading<bool> + use<> {
        self.derive(move |_, game| game.crossed_out(seat, place))
    }

    /// What writing this box would do, while its seat may write it now, here (else `None`; nobody writes while
    /// a tie for who starts is rolled again).
    pub fn cell_preview(&self, seat: usize, place: Place) -> impl Reading<Option<Preview>> + use<> {
        let (acting, asked) = (self.acting_here(), self.who_starts_asked());
        let here = move || acting.get() && !asked.get();
        let preview = self.derive(move |_, game| {
            (!game.is_over() && game.current_seat() == seat)
                .then(|| game.preview(place).ok())
                .flatten()
        });
        move || preview().filter(|_| here.get())
    }

    /// On a sheet filled in order, the box the current player writes this turn.
    pub fn next_in_order(&self) -> impl Reading<Option<Category>> + use<> {
        self.derive(|_, game| game.next_in_order())
    }

    /// The box announced this turn, if any (column Yam).
    pub fn announced(&self) -> impl Reading<Option<Category>> + use<> {
        self.derive(|_, game| game.turn().announced)
    }

    /// What the Joker rule says of the dice on the table now, where it bears on them.
    pub fn joker_call(&self) -> impl Reading<Option<JokerCall>> + use<> {
        self.derive(|_, game| {
            let dice = game.turn().dice.filter(|_| !game.is_over())?;
            let sheet = game.sheet(game.current_seat(), Column::Free)?;
            game.rules().joker_call(sheet, dice.counts())
        })
    }

    /// A seat's totals, all its columns together.
    pub fn totals(&self, seat: usize) -> impl Reading<Option<Totals>> + use<> {
        self.derive(move |_, game| game.totals(seat))
    }

    /// A seat's totals in one column (column Yam), or all its columns together (`None`).
    pub fn totals_in(&self, seat: usize, column: Option<Column>) -> impl Reading<Option<Totals>> + use<> {
        self.derive(move |_, game| match column {
            Some(column) => game.column_totals(seat, column),
            None => game.totals(seat),
        })
    }

    /// The grand total of the player whose turn it is.
    pub fn current_total(&self) -> impl Reading<u16> + use<> {
        self.derive(|_, game| game.totals(game.current_seat()).map_or(0, |totals| totals.grand))
    }

    pub fn standings(&self) -> impl Reading<Vec<Standing>> + use<> {
        self.derive(|_, game| game.standings())
    }

    /// How many of each seat's turns a computer standing in for its person played (in an online room), from
    /// the log (a log that does not replay counts none).
    pub fn computer_turns(&self) -> impl Reading<Vec<usize>> + use<> {
        self.derive(|table, _| {
            fivedice_room::computer_turns(table.room().name().clone(), table.log()).unwrap_or_default()
        })
    }

    /// How many turns each player plays in the game.
    pub fn rounds(&self) -> impl Reading<usize> + use<> {
        self.derive(|_, game| game.rounds())
    }

    /// Generala: the seat whose generala on the first roll won the game at once, if one did, and the faces
    /// that won where they are still on the table (the app's dice; none on a score pad).
    pub fn won_on_first_roll(&self) -> impl Reading<Option<(usize, Vec<u8>)>> + use<> {
        self.derive(|_, game| {
            let dice = game.turn().dice.filter(|_| game.won_in_hand());
            let faces = dice.map(|dice| dice.faces().iter().map(|face| face.value()).collect());
            game.won_on_first_roll()
                .map(|seat| (seat, faces.unwrap_or_default()))
        })
    }

    /// The computer player whose turn it is, if a computer plays now.
    pub fn computer_to_play(&self) -> impl Reading<Option<Level>> + use<> {
        self.derive(|table, _| table.computer_to_play())
    }

    /// The computer player at a seat, if any.
    pub fn computer_at(&self, seat: usize) -> impl Reading<Option<Level>> + use<> {
        self.derive(move |table, _| table.computer_at(seat))
    }

    pub fn is_coached(&self, seat: usize) -> impl Reading<bool> + use<> {
        self.derive(move |table, _| table.is_coached(seat))
    }

    /// Whether any player at the table asked for the coach.
    pub fn anyone_coached(&self) -> impl Reading<bool> + use<> {
        self.derive(|table, _| table.anyone_coached())
    }

    /// The round in which the `entry`th cell of the game was written (read once, not followed).
    pub fn round_of_entry(&self, entry: usize) -> Option<usize> {
        self.game_now(|game| game.round_of_entry(entry))
    }

    pub fn decisions(&self) -> impl Reading<Vec<Decision>> + use<> {
        self.derive(|table, _| table.decisions().to_vec())
    }

    /// Where the game stands, for the hint.
    pub fn situation(&self) -> impl Reading<Option<Situation>> + use<> {
        self.derive(|_, game| Some(Situation::of(game)))
    }

    /// Whether a hint can be asked: dice on the table (rolled, or entered on a score pad) in a game going on.
    pub fn hint_available(&self) -> impl Reading<bool> + use<> {
        let available = self.derive(|_, game| !game.is_over() && game.turn().dice.is_some());
        let here = self.acting_here();
        move || available() && here.get()
    }

    /// Whether the table shows every player's chance to win.
    pub fn odds_shown(&self) -> impl Reading<bool> + use<> {
        self.derive(|table, _| table.odds_shown())
    }

    /// Whether playing to win means anything here: two players or more, on rules the engine plays exactly
    /// (column Yam and Maxi Yatzy have no exact odds).
    pub fn odds_available(&self) -> impl Reading<bool> + use<> {
        self.derive(|_, game| fivedice_worker::offers_chances(game))
    }
}

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

impl OpenTable {
    /// After a tie in a score pad's roll-off for who starts: the seats that roll again (`None` while no tie
    /// waits).
    pub fn roll_off_tied(&self) -> impl Reading<Option<Vec<usize>>> + use<> {
        self.derive(
            |table, _| match FirstPlayerRoll::typed(table.tied_roll_off().to_vec()) {
                Err(TiedRollOff(again)) if !table.tied_roll_off().is_empty() => Some(again),
                _ => None,
            },
        )
    }

    /// A score pad on this device whose table has not said yet who starts (chosen, or by its own roll-off
    /// typed in), or whose roll-off waits for a tie to be rolled again: nobody writes until it has, since the
    /// app rolls no dice for real ones.
    pub fn who_starts_asked(&self) -> impl Reading<bool> + use<> {
        let open = self.first_seat_open();
        let said = self.derive(|table, _| table.first_player_typed() && table.tied_roll_off().is_empty());
        move || open.get() && !said.get()
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
            let person_here = |seat| table.seats().holds(seat) && table.computer_at(seat).is_none();
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
                    .is_some_and(|table| table.seats().holds(seat) && table.computer_at(seat).is_none())
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
            let by_the_table =
                game.mode() != DiceMode::Pad || table.is_online() || table.first_player_typed();
            // Until the first box is written: a computer that starts rolls at once, and the table should still
            // read why it started.
            let fresh = by_the_table && game.log().is_empty();
            let roll = table.first_player_roll()?;
            (fresh && !roll.rounds.is_empty()).then(|| roll.clone())
        })
    }

    /// Whether the table may still choose who starts: a score pad on one device, before anybody has played, and
    /// more than one player to choose from.
    pub fn first_seat_open(&self) -> impl Reading<bool> + use<> {
        self.derive(|table, game| {
            let pad_here = !table.is_online() && game.mode() == DiceMode::Pad;
            pad_here && game.players().len() > 1 && game.check_first_seat_open().is_ok()
        })
    }

    /// What an undo would take back now, while a person at this device holds its seat (a computer player's
    /// box is nobody's to take back): the seat, and the box written or announced. Nothing once a room's dice's
    /// seed is revealed (the room refuses it: the boxes are final).
    pub fn undoable(&self) -> impl Reading<Option<(usize, TakenBack)>> + use<> {
        let connected = self.acting_connected();
        let last = self.derive(|table, game| {
            if table.room().dice_revealed() {
                return None;
            }
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
            let person_here = table.seats().holds(seat) && table.computer_at(seat).is_none();
            person_here.then_some((seat, taken_back))
        });
        move || last().filter(|_| connected.get())
    }
}
