//! The history of finished games: each game's table, when it ended, and the table's log as text, replayed into
//! the game only where the game is shown. Format 2 is text ([`crate::text`]); format 1 (JSON, before text) is
//! still read.

use fivedice_room::{LogEntry, Room, RoomName};
use fivedice_rules::{DiceMode, Face, FirstPlayerRoll, Game, Play};
use serde::{Deserialize, Serialize};

use crate::table::log_of;
use crate::text;

/// The version of the history in JSON (before text), and of the export file.
pub const HISTORY_FORMAT: u32 = 1;

/// How many of the newest finished games the history keeps whole, every roll of them (for their analysis and
/// for checking a room's dice); older ones keep their sheets only ([`KeptGame::sheets_only`]), about a fifth
/// of the space.
pub const GAMES_KEPT_WHOLE: usize = 100;

/// A finished game, read in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub table_id: String,
    pub table_name: String,
    pub finished_ms: f64,
    pub game: Game,
    /// Per seat, the turns a computer standing in for its person played (read from the log; none when the
    /// game was kept without it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer_turns: Vec<usize>,
}

/// A finished game as a file carries it: the game read in full, for any tool, and the table's log in the notation,
/// so that the file replays exactly as the game was played and a room's dice can be checked from it (`fivedice
/// verify`). Files written before the log was added have none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    #[serde(flatten)]
    pub finished: FinishedGame,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    /// Kept from a replay link another device shared.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared: bool,
}

/// A finished game as the history keeps it: its table, when it ended, and the table's log as text, replayed
/// into the game only where the game is shown (statistics, the finished games, a file). Starting the app
/// replays no game of the history.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptGame {
    pub table_id: String,
    pub finished_ms: f64,
    pub table_name: String,
    log: String,
    /// Kept from a replay link another device shared (the history marks it so).
    pub shared: bool,
}

impl KeptGame {
    /// A finished table's game, as it ended at `finished_ms`: the table's id, name and log.
    pub fn new(table_id: &str, table_name: &str, log: &[LogEntry], finished_ms: f64) -> KeptGame {
        let mut text = String::new();
        text::write_log(&mut text, log);
        KeptGame {
            table_id: table_id.to_string(),
            finished_ms,
            table_name: table_name.to_string(),
            log: text,
            shared: false,
        }
    }

    /// The same game, marked as kept from a link another device shared.
    pub fn as_shared(self) -> KeptGame {
        KeptGame { shared: true, ..self }
    }

    /// The table's log, as written (not replayed).
    pub fn log(&self) -> Result<Vec<LogEntry>, String> {
        text::read_log(&self.log)
    }

    /// The game in full: the table's log replayed by the rules.
    pub fn read(&self) -> Result<FinishedGame, String> {
        let damaged = |error: &dyn std::fmt::Display| format!("finished game {}: {error}", self.table_id);
        let log = self.log().map_err(|error| damaged(&error))?;
        let name = RoomName::parse(&self.table_id).map_err(|error| damaged(&error))?;
        let room = Room::replay(name.clone(), &log).map_err(|error| damaged(&error))?;
        let game = room.game().filter(|game| game.is_over()).cloned();
        let mut computer_turns =
            fivedice_room::computer_turns(name, &log).map_err(|error| damaged(&error))?;
        if computer_turns.iter().all(|&turns| turns == 0) {
            computer_turns.clear();
        }
        Ok(FinishedGame {
            table_id: self.table_id.clone(),
            table_name: self.table_name.clone(),
            finished_ms: self.finished_ms,
            game: game.ok_or_else(|| damaged(&"the game is not over"))?,
            computer_turns,
        })
    }

    /// Whether this is `earlier` with more entries after its log's end (an online game's reveal of its
    /// dice's seed, which follows its last box), not another game at a table of the same id.
    pub fn continues(&self, earlier: &KeptGame) -> bool {
        self.table_id == earlier.table_id
            && self.log.len() > earlier.log.len()
            && self.log.starts_with(&earlier.log)
    }

    /// The same game kept as a score pad keeps it: every box as it was written (its points, five-of-a-kind
    /// bonus and first-roll mark) without the dice, so that its sheets, totals and standings stay exactly as
    /// they were. Refused where the pad would not write the game to the same sheets; and for a game kept so
    /// already, or played on a pad (nothing to leave out).
    pub fn sheets_only(&self) -> Result<KeptGame, String> {
        let whole = self.read()?;
        let game = &whole.game;
        if game.mode() == DiceMode::Pad {
            return Err(format!(
                "finished game {}: kept as its sheets already",
                self.table_id
            ));
        }
        let refused = |reason: &dyn std::fmt::Display| {
            format!(
                "finished game {}: its sheets alone do not make the game: {reason}",
                self.table_id
            )
        };
        let mut written = Game::new(game.rules(), DiceMode::Pad, game.players(), game.first_seat())
            .map_err(|error| refused(&error))?;
        for entry in game.log() {
            let play = Play::Write {
                place: entry.place(),
                value: entry.points,
                bonus: entry.bonus,
                first_roll: entry.first_roll,
            };
            written.play(&play).map_err(|error| refused(&error))?;
        }
        if written.sheets() != game.sheets() || written.standings() != game.standings() {
            return Err(refused(&"the sheets differ"));
        }
        KeptGame::from_game(&FinishedGame {
            game: written,
            ..whole
        })
    }

    /// Whether the game's log holds the dice of its turns (its rules were chosen for the app's dice).
    pub fn keeps_dice(&self) -> bool {
        text::dice_of_log(&self.log) == Some(DiceMode::App)
    }

    /// The game as a file carries it.
    pub fn exported(&self) -> Result<ExportedGame, String> {
        Ok(ExportedGame {
            finished: self.read()?,
            log: Some(self.log.clone()),
            shared: self.shared,
        })
    }

    /// A game of a file, kept with its own log where the file has one that leads to the same game, else with
    /// a log made from the game.
    pub fn from_exported(exported: &ExportedGame) -> Result<KeptGame, String> {
        let finished = &exported.finished;
        if let Some(log) = &exported.log {
            let kept = KeptGame {
                table_id: finished.table_id.clone(),
                finished_ms: finished.finished_ms,
                table_name: finished.table_name.clone(),
                log: log.clone(),
                shared: exported.shared,
            };
            if kept.read().is_ok_and(|read| read.game == finished.game) {
                return Ok(kept);
            }
        }
        KeptGame::from_game(finished)
    }

    /// A finished game as a file or an earlier history has it (the game, not its log): kept with the log
    /// that leads to it.
    pub fn from_game(finished: &FinishedGame) -> Result<KeptGame, String> {
        // The history did not keep how the first seat was decided: a roll-off it won outright stands for it.
        let first_seat = finished.game.first_seat();
        let players = finished.game.players().len();
        let won = |seat| {
            if seat == first_seat {
                Face::ALL[5]
            } else {
                Face::ALL[0]
            }
        };
        let rounds = match players {
            1 => Vec::new(),
            _ => vec![(0..players).map(|seat| (seat, won(seat))).collect()],
        };
        let roll_off = FirstPlayerRoll { rounds, first_seat };
        let log = log_of(&finished.table_id, &finished.game, &roll_off)
            .map_err(|error| format!("finished game {}: {error}", finished.table_id))?;
        let mut text = String::new();
        text::write_log(&mut text, &log);
        Ok(KeptGame {
            table_id: finished.table_id.clone(),
            finished_ms: finished.finished_ms,
            table_name: finished.table_name.clone(),
            log: text,
            shared: false,
        })
    }
}

/// Keeps the games beyond the newest [`GAMES_KEPT_WHOLE`] as their sheets only; returns how many it changed.
/// A game that cannot be kept so (or read at all) stays whole, as it was: nothing is ever lost to saving space.
pub fn keep_older_as_sheets(games: &mut [KeptGame]) -> usize {
    let mut changed = 0;
    for game in games.iter_mut().skip(GAMES_KEPT_WHOLE) {
        if game.keeps_dice()
            && let Ok(sheets) = game.sheets_only()
        {
            *game = sheets;
            changed += 1;
        }
    }
    changed
}

/// The history this device saved: as text, read; or in JSON, from before text (read by
/// [`history_from_json`]).
pub enum SavedHistory {
    Current(Vec<KeptGame>),
    Earlier,
}

/// The history as text (format 2): each game's line, then its log.
pub fn history_to_text(games: &[KeptGame]) -> String {
    let mut out = String::from(text::HISTORY_HEADER);
    out.push('\n');
    for game in games {
        text::write_game_line(
            &mut out,
            &game.table_id,
            game.finished_ms,
            &game.table_name,
            game.shared,
        );
        out.push_str(&game.log);
    }
    text::end(&mut out);
    out
}

pub fn history_from_text(saved: &str) -> Result<SavedHistory, String> {
    if saved.starts_with('{') {
        return Ok(SavedHistory::Earlier);
    }
    let games = text::split_history(saved)?
        .into_iter()
        .map(|(line, log)| KeptGame {
            table_id: line.table_id,
            finished_ms: line.finished_ms,
            table_name: line.table_name,
            log,
            shared: line.shared,
        })
        .collect();
    Ok(SavedHistory::Current(games))
}

/// The history in JSON (format 1, before text): read once by a chunk of its own, and saved again as text.
pub fn history_from_json(raw: &str) -> Result<Vec<KeptGame>, String> {
    #[derive(Deserialize)]
    struct Envelope {
        format: u32,
        games: Vec<FinishedGame>,
    }
    let envelope: Envelope = serde_json::from_str(raw).map_err(|error| error.to_string())?;
    match envelope.format {
        HISTORY_FORMAT => envelope.games.iter().map(KeptGame::from_game).collect(),
        other => Err(format!("history format {other} is not known")),
    }
}
