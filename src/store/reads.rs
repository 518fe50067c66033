//! What components read: narrow memos over the table, each changing only when its own answer changes, so a
//! tap re-renders the few things it affects. Every answer comes from the rules crate.

use fivedice_rules::{
    Category, Column, Dice, DiceMode, ExtraFiveOfAKind, Game, JokerCall, Place, Preview, Rules, Standing,
    Totals, Turn,
};
use fivedice_worker::Level;
use leptos::prelude::*;

use crate::engine::{Answer, EngineError};
use crate::table::{Decision, Table};

use super::{GameStore, Picker};

/// The point of the game a hint answers: it stays on screen only while the table is still there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    entries: usize,
    rolls_used: u8,
    dice: Option<Dice>,
}

impl Situation {
    pub(super) fn of(game: &Game) -> Situation {
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

/// What the picker open on a cell offers: the values (the dice's score, or every value the cell can hold on
/// a score pad without dice), and the Yahtzee bonus a score pad may add.
#[derive(Clone, Debug, PartialEq)]
pub struct PickerOffers {
    pub place: Place,
    pub seat: usize,
    pub offers: Vec<u16>,
    /// Score pad without dice: values are written by hand, and dice may be entered instead.
    pub by_hand: bool,
    /// The bonus the player may add with this cell (score pad without dice), if the rules allow one now.
    pub bonus: Option<ExtraFiveOfAKind>,
    /// The sheet lets the player cross the cell out on purpose instead of scoring the dice (Yam).
    pub cross_out: bool,
    /// Column Yam: the box may be announced now (right after the turn's first roll).
    pub announce: bool,
}

impl GameStore {
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

    /// Whether a game is open (else the start screen, or an online room's lobby, shows).
    pub fn has_table(&self) -> impl Reading<bool> + use<> {
        self.derive(|_, _| true)
    }

    pub fn table_name(&self) -> impl Reading<Option<String>> + use<> {
        self.derive(|table, _| Some(table.name.clone()))
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

    /// Whose turn it is, while the game goes on.
    pub fn current_seat(&self) -> impl Reading<Option<usize>> + use<> {
        self.derive(|_, game| (!game.is_over()).then(|| game.current_seat()))
    }

    pub fn is_over(&self) -> impl Reading<bool> + use<> {
        self.derive(|_, game| game.is_over())
    }

    /// Whether this device talks to its table's host now (always, in the page; online, while connected).
    pub(super) fn acting_connected(&self) -> impl Reading<bool> + use<> {
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
                        super::connection::Connection::Offline | super::connection::Connection::Connecting
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
        let (acting, roll_off) = (self.acting_here(), self.roll_off);
        let here = move || acting.get() && roll_off.with(Vec::is_empty);
        let preview = self.derive(move |_, game| {
            (!game.is_over() && game.current_seat() == seat)
                .then(|| game.preview(place).ok())
                .flatten()
        });
        move || preview().filter(|_| here.get())
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
        self.derive(|table, _| table.coached.contains(&true))
    }

    /// The round in which the `entry`th cell of the game was written (read once, not followed).
    pub fn round_of_entry(&self, entry: usize) -> Option<usize> {
        self.game_now(|game| game.round_of_entry(entry))
    }

    pub fn decisions(&self) -> impl Reading<Vec<Decision>> + use<> {
        self.derive(|table, _| table.decisions.clone())
    }

    /// Why the engine could not judge decisions, once it failed (the analysis stops waiting).
    pub fn judging_failed(&self) -> ReadSignal<Option<EngineError>> {
        self.judging_failed.read_only()
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

    /// Has the table the engine advises this game on (a column game's: its one-column table) read from the
    /// device if an earlier visit kept it there, so that the first hint answers at once.
    pub fn prepare_hints(&self) {
        if let Some(rules) = self.game_now(Game::rules) {
            self.engine.prepare(rules.single_column());
        }
        self.prepare_winner();
    }

    /// Asks the engine for every option of the current situation, best first.
    pub fn advise(&self, answer: impl FnOnce(Situation, Result<Answer, EngineError>) + 'static) {
        let Some(game) = self.game_now(Game::clone) else {
            return;
        };
        let asked = Situation::of(&game);
        self.engine.advise(&game, move |reply| answer(asked, reply));
    }

    pub fn picker(&self) -> ReadSignal<Option<Picker>> {
        self.picker.read_only()
    }

    /// What the open picker offers (its cell, seat, values and bonus), rebuilt only when that changes.
    pub fn picker_offers(&self) -> Memo<Option<PickerOffers>> {
        let (table, picker) = (self.table, self.picker);
        Memo::new(move |_| {
            let place = picker.with(|picker| picker.map(|p| p.place))?;
            table.with(|table| {
                let game = table.as_ref()?.game()?;
                let preview = game.preview(place).ok()?;
                let by_hand = preview == Preview::Write;
                let offers = match preview {
                    Preview::Scores(points) => vec![points],
                    Preview::Write => game.offers(place.category).ok()?,
                };
                let cross_out = offers != [0] && game.check_cross_out(place).is_ok();
                let bonus = game.rules().ruleset().extra_five_of_a_kind;
                Some(PickerOffers {
                    place,
                    seat: game.current_seat(),
                    offers,
                    by_hand,
                    bonus: bonus.filter(|_| by_hand && game.bonus_available()),
                    cross_out,
                    announce: place.column == Column::Announced
                        && game.check_announce(place.category).is_ok(),
                })
            })
        })
    }
}
