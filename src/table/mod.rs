//! A table: one room as this device has it (its log, replayed; the seats held here), with its name, where
//! the room is hosted, the computer players and the coach's record. A table on one device is a room hosted
//! in the page ([`page`]), with dice drawn there; an online table's room is hosted by the room server.
//! What a device keeps is read and written by the `fivedice_saved` crate (the CLI reads it too); [`saved`] turns a
//! saved table into a table here and back, and holds the export file.

pub mod news;
pub mod page;
mod receive;
pub mod saved;

use fivedice_room::{Event, HeldSeats, LogEntry, Room, RoomName};
use fivedice_rules::{DiceMode, Face, FirstPlayerRoll, Game, Move, Play, Rules};
use fivedice_strategy::Level;
use fivedice_worker::Verdict;

pub use fivedice_saved::{DEFAULT_BOT_DELAY_MS, Decision, EventLink, FinishedGame, KeptGame};
pub use page::PageHost;
pub use receive::{Received, Seating};
pub use saved::{Bundle, MergeSummary, SavedTable};

/// A new table as the setup screen or the launch address asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameRequest {
    pub rules: Rules,
    pub mode: DiceMode,
    pub players: Vec<String>,
    pub seed: Option<u64>,
    /// Each seat's computer player, `None` for a person (computer players need the app's dice).
    pub computer: Vec<Option<Level>>,
    pub bot_delay_ms: u32,
    /// The event the table plays in.
    pub event: Option<EventLink>,
}

/// Puts a table in its place in a list of tables most recently played first (placed as they come: a sort's code
/// would be kilobytes of the first download).
pub fn place_by_recency(tables: &mut Vec<Table>, table: Table) {
    let at = tables.partition_point(|newer| newer.updated_ms >= table.updated_ms);
    tables.insert(at, table);
}

/// Who hosts a table's room: the page itself (a table on one device), or the room server (an online room).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    Page(Box<PageHost>),
    Server,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    id: String,
    /// What the table is called: the date by default; an online room's name.
    name: String,
    /// Milliseconds since 1970, from the browser clock.
    created_ms: f64,
    updated_ms: f64,
    /// How many times this table was saved: another tab holding an older revision must not overwrite it.
    revision: u64,
    /// The room as this device has it: the replay of `log`. Its game, once started, is the game in play.
    room: Room,
    log: Vec<LogEntry>,
    /// The seats this device holds, with their tokens (every seat of a table on one device).
    seats: HeldSeats,
    host: Host,
    /// How long a computer player waits between its moves, so the table can follow (0: at once).
    bot_delay_ms: u32,
    /// The seats whose player asked for the coach (after each decision: the points it gave up).
    coached: Vec<bool>,
    /// Whether the table shows each player's chance to win (off until someone at this device asks).
    odds_shown: bool,
    /// Every decision taken at this table with the dice on it, for the coach and the analysis after the game.
    decisions: Vec<Decision>,
    /// The event this table plays in, which its log is handed in to as it is written.
    event: Option<EventLink>,
    /// A score pad's roll-off for who starts, typed in round by round, while a tie for the highest waits for
    /// its players to roll again (empty otherwise).
    tied_roll_off: Vec<Vec<(usize, Face)>>,
}

/// What the table is and has, read (its fields are this module's: a table changes only through its own
/// methods, which the open table's owner calls: `crate::store::OpenTable`).
impl Table {
    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn created_ms(&self) -> f64 {
        self.created_ms
    }

    pub fn updated_ms(&self) -> f64 {
        self.updated_ms
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn room(&self) -> &Room {
        &self.room
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn seats(&self) -> &HeldSeats {
        &self.seats
    }

    pub fn bot_delay_ms(&self) -> u32 {
        self.bot_delay_ms
    }

    pub fn odds_shown(&self) -> bool {
        self.odds_shown
    }

    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    pub fn event(&self) -> Option<&EventLink> {
        self.event.as_ref()
    }

    pub fn tied_roll_off(&self) -> &[Vec<(usize, Face)>] {
        &self.tied_roll_off
    }

    /// Whether some player at this table asked for the coach.
    pub fn anyone_coached(&self) -> bool {
        self.coached.contains(&true)
    }
}

/// How a table changes besides what its host sends ([`Table::receive`]): each a named change, made by the
/// open table's owner.
impl Table {
    /// The table changed: when, and one revision more (another tab's older copy must not overwrite it).
    pub fn mark_changed(&mut self, now_ms: f64) {
        self.updated_ms = now_ms;
        self.revision += 1;
    }

    /// The page hosting a table on this device (none for an online room's).
    pub fn page_host(&mut self) -> Option<&mut PageHost> {
        match &mut self.host {
            Host::Page(page) => Some(page),
            Host::Server => None,
        }
    }

    /// Turns the coach on or off for a seat.
    pub fn toggle_coach(&mut self, seat: usize) {
        self.coached.resize(self.room.seats().len(), false);
        if let Some(coached) = self.coached.get_mut(seat) {
            *coached = !*coached;
        }
    }

    /// The engine's verdict on decision `index`, kept only if that decision is still there as it was (no
    /// undo since).
    pub fn keep_verdict(&mut self, index: usize, decision: &Decision, verdict: Verdict) {
        if let Some(kept) = self.decisions.get_mut(index).filter(|kept| *kept == decision) {
            kept.verdict = Some(verdict);
        }
    }

    /// Shows or hides every player's chance to win.
    pub fn toggle_odds(&mut self) {
        self.odds_shown = !self.odds_shown;
    }

    /// The rounds of a score pad's roll-off typed so far, while a tie waits (empty: none waits).
    pub fn set_tied_roll_off(&mut self, rounds: Vec<Vec<(usize, Face)>>) {
        self.tied_roll_off = rounds;
    }
}

impl Table {
    /// An empty table whose room is hosted in the page with `dice` (its seats come through the host).
    pub fn on_this_device(id: String, name: String, page: PageHost, now_ms: f64) -> Table {
        Table {
            room: Room::new(page.room_name().clone()),
            id,
            name,
            created_ms: now_ms,
            updated_ms: now_ms,
            revision: 0,
            log: Vec::new(),
            seats: HeldSeats::default(),
            host: Host::Page(Box::new(page)),
            bot_delay_ms: DEFAULT_BOT_DELAY_MS,
            coached: Vec::new(),
            odds_shown: false,
            decisions: Vec::new(),
            event: None,
            tied_roll_off: Vec::new(),
        }
    }

    /// An online room's table, as this device kept it (its log, replayed, and the seats it holds).
    pub fn online(name: &RoomName, room: Room, log: Vec<LogEntry>, seats: HeldSeats, now_ms: f64) -> Table {
        Table {
            id: room_table_id(name),
            name: name.to_string(),
            created_ms: now_ms,
            updated_ms: now_ms,
            revision: room.seq(),
            room,
            log,
            seats,
            host: Host::Server,
            bot_delay_ms: DEFAULT_BOT_DELAY_MS,
            coached: Vec::new(),
            odds_shown: false,
            decisions: Vec::new(),
            event: None,
            tied_roll_off: Vec::new(),
        }
    }

    /// The game in play, once the room has started it.
    pub fn game(&self) -> Option<&Game> {
        self.room.game()
    }

    pub fn is_online(&self) -> bool {
        self.host == Host::Server
    }

    /// The roll for who starts (none before the start).
    pub fn first_player_roll(&self) -> Option<&FirstPlayerRoll> {
        self.room.first_player_roll()
    }

    /// Whether the table said who starts itself (chosen, or by a roll-off typed in), rather than the room's
    /// own roll-off with the app's dice.
    pub fn first_player_typed(&self) -> bool {
        let typed = |entry: &LogEntry| {
            matches!(
                &entry.event,
                Event::Played {
                    play: Play::FirstPlayer(_),
                    ..
                }
            )
        };
        self.log.iter().any(typed)
    }

    /// The same players, rules and computer players at a new table (the dice go on from where they are).
    pub fn rematch_request(&self) -> Option<NewGameRequest> {
        let game = self.game()?;
        let seed = match &self.host {
            Host::Page(page) => page.seed(),
            Host::Server => None,
        };
        Some(NewGameRequest {
            rules: game.rules(),
            mode: game.mode(),
            players: game.players().to_vec(),
            seed,
            computer: self.room.seats().iter().map(|seat| seat.computer).collect(),
            bot_delay_ms: self.bot_delay_ms,
            // A rematch is a game of its own, not the event's.
            event: None,
        })
    }

    /// After an undo: the decisions of the cells taken back go too (the keeps of the turn restored stay).
    pub fn forget_undone_decisions(&mut self) {
        let entries = self.game().map_or(0, |game| game.log().len());
        self.decisions.retain(|decision| {
            decision.entry < entries
                || (decision.entry == entries && matches!(decision.choice, Move::Keep(_)))
        });
    }

    pub fn is_coached(&self, seat: usize) -> bool {
        self.coached.get(seat).copied().unwrap_or(false)
    }

    /// The computer player at this seat, if any (computer players need the app's dice): the room's
    /// computer seats at their level, and stand-ins.
    pub fn computer_at(&self, seat: usize) -> Option<Level> {
        let level = self.room.seats().get(seat)?.computer_level();
        level.filter(|_| self.room.dice_mode() == DiceMode::App)
    }

    /// Whether this device plays a computer player of this level at this table (online, the host's device
    /// plays them).
    pub fn computer_plays_here(&self, level: Level) -> bool {
        let here = match self.host {
            Host::Page(_) => true,
            Host::Server => self.hosted_seat().is_some(),
        };
        here && (0..self.room.seats().len()).any(|seat| self.computer_at(seat) == Some(level))
    }

    /// The computer player whose turn it is, while the game goes on.
    pub fn computer_to_play(&self) -> Option<Level> {
        self.computer_at(self.room.seat_to_play()?)
    }

    /// Whether another person at this device may join the online room too: in the lobby, once a seat is held
    /// here, while the room has a free seat.
    pub fn may_seat_another(&self) -> bool {
        self.is_online()
            && self.room.phase() == fivedice_room::Phase::Lobby
            && !self.seats.is_empty()
            && self.room.seats().len() < self.room.max_players()
    }

    /// The host's seat, if this device holds it.
    pub fn hosted_seat(&self) -> Option<usize> {
        self.room.host().filter(|&host| self.seats.holds(host))
    }

    /// The seat of this device that plays the turn now: the current seat if held here, or the host's seat
    /// if a computer plays the current seat (online, the host's device plays the computers).
    pub fn acting_seat(&self) -> Option<usize> {
        self.room.acting_seat(&self.seats.seats())
    }
}

/// The id an online room's game has in this device's history.
pub fn room_table_id(name: &RoomName) -> String {
    format!("room-{}", name.as_str())
}

#[cfg(test)]
pub(crate) mod testing {
    use fivedice_room::{Action, ClientMessage};
    use fivedice_rules::RulesetId;

    use super::*;

    /// A table seated on this device, named "Kitchen", with people only.
    pub fn seated(rules: RulesetId, mode: DiceMode, players: &[&str], seed: u64) -> Table {
        let request = request(rules, mode, players, Some(seed));
        Table::seat("Kitchen".into(), &request, 1e12 + seed as f64).expect("a valid table")
    }

    /// The player to play rolls, through the table's page host.
    pub fn roll(table: &mut Table) {
        let seat = table.room.seat_to_play().expect("a seat to play");
        let token = table.seats.token_of(seat).expect("held here").to_string();
        let at = table.room.seq();
        table
            .ask_page(ClientMessage::Act {
                token,
                at,
                action: Action::Roll,
            })
            .expect("a roll is allowed");
    }

    /// The player to play does something, the `n`th of a turn's kinds: roll, hold a die, or write the first
    /// open box (a tap the rules refuse changes nothing).
    pub fn tap(table: &mut Table, n: usize) {
        let Some(seat) = table.room.seat_to_play() else {
            return;
        };
        let token = table.seats.token_of(seat).expect("held here").to_string();
        let open_box = table.game().and_then(|game| {
            let sheet = game.seat_sheets(seat).first()?;
            let cell = game
                .rules()
                .ruleset()
                .cells
                .iter()
                .find(|cell| sheet.is_open(cell.category))?;
            Some(fivedice_rules::Place::from(cell.category))
        });
        let action = match (n % 3, open_box) {
            (0, _) | (_, None) => Action::Roll,
            (1, _) => Action::Play(fivedice_rules::Play::Hold(n % 5)),
            (_, Some(place)) => Action::Play(fivedice_rules::Play::Score(place)),
        };
        let at = table.room.seq();
        let _refused_or_not = table.ask_page(ClientMessage::Act { token, at, action });
    }

    /// A table request with people only, as the tests of the table, the storage and the store make them.
    pub fn request(rules: RulesetId, mode: DiceMode, players: &[&str], seed: Option<u64>) -> NewGameRequest {
        NewGameRequest {
            rules: Rules::new(rules),
            mode,
            players: players.iter().map(|name| name.to_string()).collect(),
            seed,
            computer: Vec::new(),
            bot_delay_ms: 0,
            event: None,
        }
    }
}
