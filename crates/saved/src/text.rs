//! What a device keeps, as text: one fact a line, and the room's log one event a line in the notation of the
//! rules and room crates (`fivedice_rules::notation`). Written and read without a JSON library, so that
//! saving and resuming a game weigh nothing on the first download; files (export, import) stay JSON.
//!
//! A table (format 6):
//!
//! ```text
//! fivedice table 6
//! id 1700000000000-42
//! name Friday night
//! created 1700000000000
//! updated 1700000012345
//! revision 12
//! dice seeded 3722559843526395812 1442695040888963407
//! delay 700
//! odds no
//! coached yes no
//! gathering 5f0c8e… Claire & Tom's wedding
//! seat 0 seat-0
//! seat 1 seat-1
//! event joined 0 person Anna
//! event joined 1 computer:optimal Computer
//! event rules_chosen app yahtzee forced bonus free
//! event started 0 0:5,1:2
//! event played 0 roll 3,5,2,6,1
//! decision 0 0 2 3,5,2,6,1 keep:5,6 - cell:chance@3fb999999999999a
//! end
//! ```
//!
//! Format 5 was the same with a `computers` line (each seat's level, `-` for a person) instead of the
//! computers' levels in the log's `joined` events; it is still read.
//!
//! A `gathering` line (the invitation key, then the event's name) says which event the table plays in; a table
//! of no event has none.
//!
//! A decision: the seat, the entry, the rolls left, the dice, the choice, the cells filled then
//! (`aces=3,twos=6`, `-` for none) and the engine's verdict (`-` until judged: its best move, then the points
//! given up as the bits of a double, exact). The history (format 2) is a `game` line for each finished game
//! (its table's id, the end, the table's name) followed by its log; an online room (format 2) keeps the seats
//! held here, the name joining and the log seen. Each text ends with an `end` line: a text cut short is
//! refused as damaged, never read as a shorter game.

use fivedice_room::{Event, HeldSeat, LogEntry};
use fivedice_rules::notation::{Faces, escape, first_word, unescape};
use fivedice_rules::{Category, Dice, DiceMode, Face, Move};
use fivedice_strategy::Verdict;

use crate::table::seat_computers;
use crate::{DEFAULT_BOT_DELAY_MS, Decision, EventLink, SavedRoom, TableRecord};

pub const TABLE_HEADER: &str = "fivedice table 6";
/// Format 5: the computers listed beside the log.
const EARLIER_TABLE_HEADER: &str = "fivedice table 5";
pub const HISTORY_HEADER: &str = "fivedice history 2";
pub const ROOM_HEADER: &str = "fivedice room 2";

/// The lines of a saved text between its header line and its `end` line, if it is that kind of text and
/// whole.
pub fn body<'a>(text: &'a str, header: &str) -> Option<std::str::Lines<'a>> {
    let inside = text
        .strip_prefix(header)?
        .strip_prefix('\n')?
        .strip_suffix("end\n")?;
    Some(inside.lines())
}

/// Ends a saved text.
pub fn end(out: &mut String) {
    out.push_str("end\n");
}

/// A table's lines, and whether it is of format 5 (its computers listed beside the log).
fn table_body(text: &str) -> Option<(std::str::Lines<'_>, bool)> {
    match body(text, TABLE_HEADER) {
        Some(lines) => Some((lines, false)),
        None => body(text, EARLIER_TABLE_HEADER).map(|lines| (lines, true)),
    }
}

/// The revision a table's text says it has, read without reading the table (`None` if it says none).
pub fn revision_of(saved: &str) -> Option<u64> {
    let (mut lines, _) = table_body(saved)?;
    lines.find_map(|line| line.strip_prefix("revision ")?.parse().ok())
}

/// Writes a line: a keyword, then what follows it.
fn line(out: &mut String, keyword: &str, rest: impl std::fmt::Display) {
    use std::fmt::Write;
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{keyword} {rest}");
}

/// Writes a line of words after a keyword, one for each item (none: the keyword alone).
fn list_line<'a>(out: &mut String, keyword: &str, items: impl Iterator<Item = &'a str>) {
    out.push_str(keyword);
    for item in items {
        out.push(' ');
        out.push_str(item);
    }
    out.push('\n');
}

fn yes_no(on: bool) -> &'static str {
    if on { "yes" } else { "no" }
}

fn read_yes_no(word: &str) -> Result<bool, String> {
    match word {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!("not yes or no: {word:?}")),
    }
}

fn read_number<T: std::str::FromStr>(word: &str) -> Result<T, String> {
    word.parse().map_err(|_| format!("not a number: {word:?}"))
}

fn read_text(escaped: &str) -> Result<String, String> {
    unescape(escaped).ok_or_else(|| format!("bad escape in {escaped:?}"))
}

/// Words separated by spaces, none for an empty rest.
fn words(rest: &str) -> impl Iterator<Item = &str> {
    rest.split(' ').filter(|word| !word.is_empty())
}

/// A log's events, one line each; their numbers are their places (the first is 1).
pub fn write_log(out: &mut String, log: &[LogEntry]) {
    for entry in log {
        line(out, "event", &entry.event);
    }
}

/// The next event of a log being read, numbered by its place.
fn push_event(log: &mut Vec<LogEntry>, rest: &str) -> Result<(), String> {
    let event: Event = rest.parse().map_err(|error| format!("{error}"))?;
    log.push(LogEntry {
        seq: log.len() as u64 + 1,
        event,
    });
    Ok(())
}

fn write_seats(out: &mut String, seats: &[HeldSeat]) {
    for held in seats {
        line(out, "seat", format_args!("{} {}", held.seat, escape(&held.token)));
    }
}

fn read_seat(rest: &str) -> Result<HeldSeat, String> {
    let (seat, token) = first_word(rest);
    Ok(HeldSeat {
        seat: read_number(seat)?,
        token: read_text(token)?,
    })
}

impl TableRecord {
    /// The table as text (format 6).
    pub fn to_text(&self) -> String {
        let mut out = String::from(TABLE_HEADER);
        out.push('\n');
        line(&mut out, "id", escape(&self.id));
        line(&mut out, "name", escape(&self.name));
        // Milliseconds from the browser clock are whole.
        line(&mut out, "created", self.created_ms as u64);
        line(&mut out, "updated", self.updated_ms as u64);
        line(&mut out, "revision", self.revision);
        line(&mut out, "dice", &self.dice);
        line(&mut out, "delay", self.bot_delay_ms);
        line(&mut out, "odds", yes_no(self.odds_shown));
        list_line(&mut out, "coached", self.coached.iter().map(|&on| yes_no(on)));
        if let Some(event) = &self.event {
            line(
                &mut out,
                "gathering",
                format!("{} {}", escape(&event.key), escape(&event.name)),
            );
        }
        write_seats(&mut out, self.seats.as_slice());
        for round in &self.tied_roll_off {
            let dice = round.iter().map(|(seat, face)| format!("{seat}:{face}"));
            list_line(
                &mut out,
                "tied_round",
                dice.collect::<Vec<_>>().iter().map(String::as_str),
            );
        }
        write_log(&mut out, &self.log);
        for decision in &self.decisions {
            line(&mut out, "decision", DecisionText(decision));
        }
        end(&mut out);
        out
    }

    /// Reads a table's text (format 6, or 5).
    pub fn from_text(text: &str) -> Result<TableRecord, String> {
        let (lines, earlier) = table_body(text).ok_or("not a whole saved table of format 6 or 5")?;
        let (mut id, mut name, mut created_ms, mut updated_ms, mut dice) = (None, None, None, None, None);
        let (mut revision, mut bot_delay_ms, mut odds_shown) = (0, DEFAULT_BOT_DELAY_MS, false);
        let (mut event, mut tied_roll_off) = (None, Vec::new());
        let (mut computer, mut coached, mut seats, mut log, mut decisions) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for line in lines {
            let (keyword, rest) = first_word(line);
            match keyword {
                "id" => id = Some(read_text(rest)?),
                "name" => name = Some(read_text(rest)?),
                "created" => created_ms = Some(read_number::<u64>(rest)? as f64),
                "updated" => updated_ms = Some(read_number::<u64>(rest)? as f64),
                "revision" => revision = read_number(rest)?,
                "dice" => dice = Some(rest.parse()?),
                "delay" => bot_delay_ms = read_number(rest)?,
                "odds" => odds_shown = read_yes_no(rest)?,
                "computers" if earlier => {
                    computer = words(rest)
                        .map(|word| match word {
                            "-" => Ok(None),
                            level => level.parse().map(Some),
                        })
                        .collect::<Result<_, _>>()?;
                }
                "coached" => coached = words(rest).map(read_yes_no).collect::<Result<_, _>>()?,
                "gathering" => {
                    let (key, name) = first_word(rest);
                    event = Some(EventLink {
                        name: read_text(name)?,
                        key: read_text(key)?,
                    });
                }
                "seat" => seats.push(read_seat(rest)?),
                "tied_round" => tied_roll_off.push(words(rest).map(read_die_of).collect::<Result<_, _>>()?),
                "event" => push_event(&mut log, rest)?,
                "decision" => decisions.push(read_decision(rest)?),
                other => return Err(format!("unknown line {other:?}")),
            }
        }
        let missing = |what: &str| format!("no {what}");
        seat_computers(&mut log, &computer);
        Ok(TableRecord {
            id: id.ok_or_else(|| missing("id"))?,
            name: name.ok_or_else(|| missing("name"))?,
            created_ms: created_ms.ok_or_else(|| missing("created"))?,
            updated_ms: updated_ms.ok_or_else(|| missing("updated"))?,
            revision,
            log,
            seats: seats.into(),
            dice: dice.ok_or_else(|| missing("dice"))?,
            bot_delay_ms,
            coached,
            decisions,
            odds_shown,
            event,
            tied_roll_off,
        })
    }
}

/// A seat's die in a roll-off for who starts, as its line writes it: `seat:face`.
fn read_die_of(word: &str) -> Result<(usize, Face), String> {
    let unreadable = || format!("unreadable die of a roll-off {word:?}");
    let (seat, face) = word.split_once(':').ok_or_else(unreadable)?;
    let face = read_number::<u8>(face)?;
    let face = Face::ALL
        .get(usize::from(face).wrapping_sub(1))
        .ok_or_else(unreadable)?;
    Ok((read_number(seat)?, *face))
}

/// A decision as its line writes it (after `decision `).
struct DecisionText<'a>(&'a Decision);

impl std::fmt::Display for DecisionText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let decision = self.0;
        write!(
            f,
            "{} {} {} {} {} ",
            decision.seat,
            decision.entry,
            decision.rolls_left,
            Faces(decision.dice.faces()),
            decision.choice.id()
        )?;
        if decision.filled.is_empty() {
            f.write_str("-")?;
        }
        for (index, (category, value)) in decision.filled.iter().enumerate() {
            let comma = if index > 0 { "," } else { "" };
            write!(f, "{comma}{}={value}", category.id())?;
        }
        match &decision.verdict {
            None => f.write_str(" -"),
            Some(verdict) => write!(f, " {}@{:016x}", verdict.best.id(), verdict.loss.to_bits()),
        }
    }
}

fn read_decision(rest: &str) -> Result<Decision, String> {
    let unreadable = || format!("unreadable decision {rest:?}");
    let [seat, entry, rolls_left, dice, choice, filled, verdict] = rest.split(' ').collect::<Vec<_>>()[..]
    else {
        return Err(unreadable());
    };
    let read_move = |id: &str| id.parse::<Move>().map_err(|_| unreadable());
    let filled = match filled {
        "-" => Vec::new(),
        filled => filled
            .split(',')
            .map(|cell| {
                let (category, value) = cell.split_once('=')?;
                Some((category.parse::<Category>().ok()?, value.parse().ok()?))
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(unreadable)?,
    };
    let verdict = match verdict {
        "-" => None,
        verdict => {
            let (best, loss) = verdict.split_once('@').ok_or_else(unreadable)?;
            let loss = u64::from_str_radix(loss, 16).map_err(|_| unreadable())?;
            Some(Verdict {
                best: read_move(best)?,
                loss: f64::from_bits(loss),
            })
        }
    };
    Ok(Decision {
        seat: read_number(seat)?,
        entry: read_number(entry)?,
        filled,
        dice: dice.parse::<Dice>().map_err(|_| unreadable())?,
        rolls_left: read_number(rolls_left)?,
        choice: read_move(choice)?,
        verdict,
    })
}

/// A finished game's line in the history: its table's id, when it ended, the table's name (the rest of the
/// line); then, for a game kept from another device's link, a `shared` line (its log follows).
pub fn write_game_line(out: &mut String, table_id: &str, finished_ms: f64, table_name: &str, shared: bool) {
    line(
        out,
        "game",
        format_args!(
            "{} {} {}",
            escape(table_id),
            finished_ms as u64,
            escape(table_name)
        ),
    );
    if shared {
        out.push_str("shared\n");
    }
}

/// The history's games, each as its `game` line read and its log still as text.
pub fn split_history(text: &str) -> Result<Vec<(GameLine, String)>, String> {
    let lines = body(text, HISTORY_HEADER).ok_or("not a whole history of format 2")?;
    let mut games: Vec<(GameLine, String)> = Vec::new();
    for line in lines {
        match (first_word(line), games.last_mut()) {
            (("game", rest), _) => games.push((GameLine::read(rest)?, String::new())),
            (("shared", ""), Some((game, log))) if log.is_empty() => game.shared = true,
            (("event", _), Some((_, log))) => {
                log.push_str(line);
                log.push('\n');
            }
            _ => return Err(format!("unexpected line {line:?}")),
        }
    }
    Ok(games)
}

/// A finished game's `game` line.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub table_id: String,
    pub finished_ms: f64,
    pub table_name: String,
    pub shared: bool,
}

impl GameLine {
    fn read(rest: &str) -> Result<GameLine, String> {
        let (id, rest) = first_word(rest);
        let (finished, name) = first_word(rest);
        Ok(GameLine {
            table_id: read_text(id)?,
            finished_ms: read_number::<u64>(finished)? as f64,
            table_name: read_text(name)?,
            shared: false,
        })
    }
}

/// A log written by [`write_log`].
pub fn read_log(text: &str) -> Result<Vec<LogEntry>, String> {
    let mut log = Vec::new();
    for line in text.lines() {
        match first_word(line) {
            ("event", rest) => push_event(&mut log, rest)?,
            _ => return Err(format!("unexpected line {line:?}")),
        }
    }
    Ok(log)
}

/// The dice a log's rules were chosen for, read no further than that event (`None`: no rules chosen).
pub fn dice_of_log(text: &str) -> Option<DiceMode> {
    text.lines().find_map(|line| match first_word(line) {
        ("event", rest) => match rest.parse() {
            Ok(Event::RulesChosen { dice, .. }) => Some(dice),
            _ => None,
        },
        _ => None,
    })
}

/// An online room as this device keeps it: the name it is joining as, the seats it holds there, the log.
pub fn write_room(room: &SavedRoom) -> String {
    let mut out = String::from(ROOM_HEADER);
    out.push('\n');
    if let Some(joining) = &room.joining {
        line(&mut out, "joining", escape(joining));
    }
    write_seats(&mut out, &room.seats);
    write_log(&mut out, &room.entries);
    end(&mut out);
    out
}

pub fn read_room(text: &str) -> Result<SavedRoom, String> {
    let lines = body(text, ROOM_HEADER).ok_or("not a whole saved room of format 2")?;
    let mut room = SavedRoom::default();
    for line in lines {
        match first_word(line) {
            ("joining", name) => room.joining = Some(read_text(name)?),
            ("seat", rest) => room.seats.push(read_seat(rest)?),
            ("event", rest) => push_event(&mut room.entries, rest)?,
            (other, _) => return Err(format!("unknown line {other:?}")),
        }
    }
    Ok(room)
}
