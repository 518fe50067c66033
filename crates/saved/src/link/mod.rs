//! A link that replays a finished game: `https://host/#replay=<payload>`, the whole game in the address's
//! fragment, which never reaches a server. The payload is the game's table (id, name, end) and its room's log,
//! bit-packed and checked, in URL-safe base64 without padding; reading it replays the log through the rules,
//! so a link gives back exactly the [`KeptGame`] it was made from, or a typed [`LinkError`], never a game the
//! rules would not have played.
//!
//! # Format 1, bit by bit
//!
//! The frame (every version keeps it: `frame.rs`), in bytes:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | the format's version: 1 |
//! | 3 | the frame's length in bytes, all of it, big-endian |
//! | 1 | CRC-8 (polynomial 0x07) of the four bytes before it |
//! | … | the body |
//! | 4 | CRC-32 (IEEE) of every byte before it, big-endian |
//!
//! A link shorter than its length says is cut; a failed check, a longer link, or a base64 ending no writer
//! writes (a lone character, a bit set after the last byte) is damaged. The version is read once the checks
//! hold, so a damaged link is never mistaken for one a later version made.
//!
//! The body is bits, most significant first, the last byte padded with zeros. A *varint/k* is a number in
//! groups of k bits, the lowest first, each followed by a bit saying whether another group follows; a *text*
//! is its length in bytes (varint/5), then its UTF-8 bytes.
//!
//! - the end: `0` then the milliseconds (varint/7), or `1` then the 64 bits of the `f64` (for an end that is
//!   not a whole number of milliseconds from 0 to 2⁵³);
//! - the table's id (text), then its name (text);
//! - the dice of a roll: `0` five, `1` six (Maxi Yatzy);
//! - the number of entries (varint/7), then the entries, numbered 1, 2, 3… by their place (`entries.rs`).
//!
//! An entry starts with its kind; a play then names its seat: `0` the seat of the previous play (seat 0
//! before the first), `10` the seat after it, `11` then the seat (varint/3).
//!
//! | kind | entry | then |
//! |---|---|---|
//! | `0` | played: a roll | seat, the faces as one number in base 6, the first die the most significant (13 bits; six dice 16) |
//! | `10` | played: hold or release | seat, `0` hold or `1` release, the die (3 bits) |
//! | `110` | played: score | seat, box |
//! | `1110 000` | played: cross out | seat, box |
//! | `1110 001` | played: write (score pad) | seat, box, value (varint/4), bonus (1 bit), first roll (1 bit) |
//! | `1110 010` | played: enter dice | seat, the dice as a roll's |
//! | `1110 011` | played: clear dice | seat |
//! | `1110 100` | played: announce | seat, category (5 bits) |
//! | `1110 101` | played: undo | seat |
//! | `1111 000` | joined | seat (varint/3), computer (1 bit); a computer: has a level (1 bit), the level (2 bits: win, optimal, strong, casual); the name (text) |
//! | `1111 001` | rules chosen | dice (`0` app, `1` pad), the rules' notation (text: `yahtzee forced bonus free`) |
//! | `1111 010` | started | sealed (1 bit), then a sealed room's commitment (32 bytes); the roll-off: rounds (varint/2), each its dice (varint/3), each a seat (varint/3) and a face (3 bits, 0 for 1), then the first seat (varint/3) |
//! | `1111 011` | dice revealed | the seed (32 bytes) |
//! | `1111 100` | any event | its notation (text: `taken_over 1`, `played 0 first_player 1`, …) |
//!
//! A box is its category (5 bits) and its column: `0` free, `1` then 2 bits (down, up, dry, announced). The
//! categories, in code order: aces, twos, threes, fours, fives, sixes, one_pair, two_pairs, three_of_a_kind,
//! four_of_a_kind, full_house, small_straight, large_straight, chance, yahtzee, yam, yatzy, little_straight,
//! big_straight, choice, yacht, straight, generala, double_generala, three_pairs, five_of_a_kind,
//! full_straight, villa, tower, maxi_yatzy. A play or an event its code cannot carry (a category added later,
//! a roll of another count of dice, a seed not written as 64 lowercase hex digits, who starts chosen in play)
//! is written as its notation, so the format carries every log exactly.

mod bits;
mod entries;
mod fields;
mod frame;

use std::fmt;

use fivedice_room::{Event, LogEntry};
use fivedice_rules::{DICE, Play};

use self::bits::{BitReader, BitWriter, BitsError};
use self::entries::Entries;
use crate::KeptGame;

/// The version this crate writes, and the only one it reads.
pub const LINK_FORMAT: u8 = 1;

/// The longest payload read: sixty times an 8-player game, far beyond any game a sheet holds.
const MAX_PAYLOAD_CHARS: usize = 100_000;

/// Why a link (or a game) gives no link (or no game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No payload found: not an address with `#replay=`, or characters a payload never has.
    NotALink,
    /// Shorter than its length says: copied or sent in part.
    Cut,
    /// A check failed: a character changed or added inside (a character lost shortens it: `Cut`).
    Damaged,
    /// A format this version does not read (a later version made it).
    UnknownVersion(u8),
    /// The checks hold but the body is not what this version writes.
    Unreadable(String),
    /// A log to encode whose entries are not numbered 1, 2, 3…: the first entry out of place.
    Misnumbered { expected: u64, found: u64 },
    /// A game too long for a link (bytes).
    TooLong(usize),
    /// The game does not replay as a finished game: why the rules refuse it.
    Refused(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => {
                f.write_str("not a replay link (no #replay= in it, or characters a link never has)")
            }
            LinkError::Cut => f.write_str("the replay link is cut short: copy it whole"),
            LinkError::Damaged => f.write_str("the replay link is damaged: its check does not match"),
            LinkError::UnknownVersion(version) => write!(
                f,
                "the replay link is of format {version}, which this version does not read (a newer Five Dice made it?)"
            ),
            LinkError::Unreadable(what) => write!(f, "the replay link does not read: {what}"),
            LinkError::Misnumbered { expected, found } => write!(
                f,
                "the log's entries are not numbered 1, 2, 3…: entry {found} where {expected} was due"
            ),
            LinkError::TooLong(bytes) => write!(f, "the game is too long for a link ({bytes} bytes)"),
            LinkError::Refused(reason) => write!(f, "the game does not replay: {reason}"),
        }
    }
}

impl std::error::Error for LinkError {}

impl From<BitsError> for LinkError {
    fn from(error: BitsError) -> LinkError {
        LinkError::Unreadable(
            match error {
                BitsError::RanOut => "it ends inside an entry",
                BitsError::TooLarge => "a number wider than 64 bits",
                BitsError::NotText => "text that is not UTF-8",
            }
            .to_string(),
        )
    }
}

/// The address that replays `game`: `base_url` (any fragment it has replaced) with `#replay=<payload>`.
pub fn link(base_url: &str, game: &KeptGame) -> Result<String, LinkError> {
    let base = base_url.split_once('#').map_or(base_url, |(base, _)| base);
    Ok(format!("{base}#replay={}", encode(game)?))
}

/// The payload of a pasted link (`…#replay=<payload>`, among other fragment parameters joined by `&`), or of
/// the payload alone; a sentence's punctuation after it is left out.
pub fn payload_of(link_or_payload: &str) -> Result<&str, LinkError> {
    let text = link_or_payload.trim();
    let payload = match text.split_once('#') {
        Some((_, fragment)) => fragment
            .split('&')
            .find_map(|part| part.strip_prefix("replay="))
            .ok_or(LinkError::NotALink)?,
        None => text.strip_prefix("replay=").unwrap_or(text),
    };
    // A link pasted at the end of a sentence brings its punctuation, which a payload never ends with.
    let payload = payload.trim_end_matches(|c: char| ".,;:!?)]}>'\"»”’".contains(c));
    if payload.is_empty() || !payload.bytes().all(frame::is_base64) {
        return Err(LinkError::NotALink);
    }
    Ok(payload)
}

/// The payload that carries `game`, which must replay as a finished game (so that every link made reads).
pub fn encode(game: &KeptGame) -> Result<String, LinkError> {
    let exported = game.exported().map_err(LinkError::Refused)?;
    let log =
        crate::text::read_log(exported.log.as_deref().unwrap_or_default()).map_err(LinkError::Refused)?;
    payload(&game.table_id, &game.table_name, game.finished_ms, &log)
}

/// The payload of a finished game held as its log's entries (an online room's, say), which must be numbered
/// 1, 2, 3… in order: a log that is not is refused, never renumbered.
pub fn encode_log(
    table_id: &str,
    table_name: &str,
    finished_ms: f64,
    log: &[LogEntry],
) -> Result<String, LinkError> {
    check_numbering(log)?;
    encode(&KeptGame::new(table_id, table_name, log, finished_ms))
}

fn check_numbering(log: &[LogEntry]) -> Result<(), LinkError> {
    match log
        .iter()
        .zip(1..)
        .find(|(entry, expected)| entry.seq != *expected)
    {
        Some((entry, expected)) => Err(LinkError::Misnumbered {
            expected,
            found: entry.seq,
        }),
        None => Ok(()),
    }
}

/// Milliseconds as most clocks give them: a whole number from 0 to 2⁵³, written as such.
fn whole_ms(ms: f64) -> Option<u64> {
    let whole = (0.0..9_007_199_254_740_992.0)
        .contains(&ms)
        .then_some(ms as u64)?;
    ((whole as f64).to_bits() == ms.to_bits()).then_some(whole)
}

fn payload(
    table_id: &str,
    table_name: &str,
    finished_ms: f64,
    log: &[LogEntry],
) -> Result<String, LinkError> {
    // The log is numbered in order: it replayed as a finished game (`KeptGame::exported`) before it came here.
    let mut out = BitWriter::new();
    match whole_ms(finished_ms) {
        Some(ms) => {
            out.bit(false);
            out.varint(ms, 7);
        }
        None => {
            out.bit(true);
            out.number(finished_ms.to_bits(), 64);
        }
    }
    out.text(table_id);
    out.text(table_name);
    let dice = log
        .iter()
        .find_map(|entry| match &entry.event {
            Event::Played {
                play: Play::Roll(dice) | Play::EnterDice(dice),
                ..
            } => Some(dice.count()),
            _ => None,
        })
        .unwrap_or(DICE);
    out.bit(dice != DICE);
    out.varint(log.len() as u64, 7);
    let mut entries = Entries::new(dice);
    for entry in log {
        entries.write(&mut out, &entry.event);
    }
    Ok(frame::to_base64(&frame::frame(LINK_FORMAT, &out.into_bytes())?))
}

/// The game a link (or its payload alone) carries, replayed by the rules.
pub fn decode(link_or_payload: &str) -> Result<KeptGame, LinkError> {
    let payload = payload_of(link_or_payload)?;
    // Refused before anything is decoded (8 players of Yahtzee take about 1,700).
    if payload.len() > MAX_PAYLOAD_CHARS {
        return Err(LinkError::TooLong(payload.len()));
    }
    let (bytes, canonical) = frame::from_base64(payload)?;
    let (version, body) = frame::unframe(&bytes, canonical)?;
    if version != LINK_FORMAT {
        return Err(LinkError::UnknownVersion(version));
    }
    let mut input = BitReader::new(body);
    let finished_ms = match input.bit()? {
        false => input.varint(7)? as f64,
        true => f64::from_bits(input.number(64)?),
    };
    let table_id = input.text()?;
    let table_name = input.text()?;
    let mut entries = Entries::new(if input.bit()? { DICE + 1 } else { DICE });
    let count = input.varint(7)?;
    // Each entry takes bits: a count beyond them ends the loop as soon as they run out.
    let mut log = Vec::new();
    for seq in 1..=count {
        log.push(LogEntry {
            seq,
            event: entries.read(&mut input)?,
        });
    }
    if !input.at_padding() {
        return Err(LinkError::Unreadable("more bits than its entries".into()));
    }
    let game = KeptGame::new(&table_id, &table_name, &log, finished_ms);
    game.read().map_err(LinkError::Refused)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_longer_than_any_game_is_refused_before_it_is_read() {
        let long = "A".repeat(MAX_PAYLOAD_CHARS + 1);
        assert_eq!(decode(&long), Err(LinkError::TooLong(MAX_PAYLOAD_CHARS + 1)));
        assert_ne!(
            decode(&long[..MAX_PAYLOAD_CHARS]),
            Err(LinkError::TooLong(MAX_PAYLOAD_CHARS))
        );
    }

    /// A game of one, played to its end with the same dice each turn.
    fn game() -> KeptGame {
        use fivedice_rules::{Dice, Rules, RulesetId};
        let mut log = vec![
            Event::Joined {
                seat: 0,
                name: "Zoë".into(),
                computer: false,
                level: None,
            },
            Event::RulesChosen {
                rules: Rules::new(RulesetId::Yacht),
                dice: fivedice_rules::DiceMode::App,
            },
            Event::Started {
                first_player_roll: Default::default(),
                dice_commitment: None,
            },
        ];
        let dice: Dice = "6 6 6 6 6".parse().unwrap();
        for cell in RulesetId::Yacht.ruleset().cells {
            log.push(Event::Played {
                seat: 0,
                play: Play::Roll(dice),
            });
            log.push(Event::Played {
                seat: 0,
                play: Play::Score(cell.category.into()),
            });
        }
        let log: Vec<LogEntry> = log
            .into_iter()
            .zip(1..)
            .map(|(event, seq)| LogEntry { seq, event })
            .collect();
        KeptGame::new("1700000000000-1", "Zoë's table", &log, 1_700_000_123_456.0)
    }

    #[test]
    fn a_game_round_trips_and_its_end_is_exact_whatever_it_is() {
        let game = game();
        assert_eq!(decode(&encode(&game).unwrap()), Ok(game.clone()));
        for finished_ms in [0.0, -0.0, 1.5, -3.0, 1e300, f64::MAX] {
            let mut odd = game.clone();
            odd.finished_ms = finished_ms;
            let back = decode(&encode(&odd).unwrap()).unwrap();
            assert_eq!(back.finished_ms.to_bits(), finished_ms.to_bits());
        }
    }

    #[test]
    fn a_later_format_is_refused_by_its_version_once_its_checks_hold() {
        let body = frame::from_base64(&encode(&game()).unwrap()).unwrap().0;
        let (_, body) = frame::unframe(&body, true).unwrap();
        let later = frame::to_base64(&frame::frame(2, body).unwrap());
        assert_eq!(decode(&later), Err(LinkError::UnknownVersion(2)));
        // Extra bits after the entries: checked, and still not what this version writes.
        let mut longer = body.to_vec();
        longer.push(0x80);
        let longer = frame::to_base64(&frame::frame(LINK_FORMAT, &longer).unwrap());
        assert!(matches!(decode(&longer), Err(LinkError::Unreadable(_))));
    }

    #[test]
    fn a_link_whose_game_the_rules_refuse_is_refused() {
        // Well formed and checked, but the game is not over: no game comes back.
        let log: Vec<LogEntry> = [
            Event::Joined {
                seat: 0,
                name: "Zoë".into(),
                computer: false,
                level: None,
            },
            Event::Left { seat: 0 },
        ]
        .into_iter()
        .zip(1..)
        .map(|(event, seq)| LogEntry { seq, event })
        .collect();
        let unfinished = payload("1700000000000-1", "t", 0.0, &log).unwrap();
        assert!(
            matches!(decode(&unfinished), Err(LinkError::Refused(reason)) if reason.contains("not over"))
        );
        // Nor one the rules would not have played: a roll before the game started.
        let mut early = log.clone();
        early[1].event = Event::Played {
            seat: 0,
            play: Play::Roll("1 2 3 4 5".parse().unwrap()),
        };
        let early = payload("1700000000000-1", "t", 0.0, &early).unwrap();
        assert!(matches!(decode(&early), Err(LinkError::Refused(_))));
    }

    #[test]
    fn a_log_out_of_order_is_refused_not_renumbered() {
        let log = [1, 2, 4].map(|seq| LogEntry {
            seq,
            event: Event::Left { seat: 0 },
        });
        assert_eq!(
            encode_log("t", "t", 0.0, &log),
            Err(LinkError::Misnumbered {
                expected: 3,
                found: 4
            })
        );
    }

    #[test]
    fn the_payload_is_found_in_a_whole_address() {
        let payload = "AQAAEx0";
        for text in [
            "AQAAEx0",
            " replay=AQAAEx0\n",
            "https://fivedice.example/#replay=AQAAEx0",
            "https://fivedice.example/index.html?lang=fr#lang=fr&replay=AQAAEx0&x=1",
        ] {
            assert_eq!(payload_of(text), Ok(payload), "{text}");
        }
        for text in [
            "",
            "https://fivedice.example/",
            "https://fivedice.example/#room=x",
            "#replay=",
            "AQ AA",
            "AQ==",
        ] {
            assert_eq!(payload_of(text), Err(LinkError::NotALink), "{text}");
        }
        let game = game();
        let address = link("https://fivedice.example/app/#old", &game).unwrap();
        assert!(
            address.starts_with("https://fivedice.example/app/#replay="),
            "{address}"
        );
        assert_eq!(decode(&address), Ok(game));
    }
}
