//! The notation: a play, the rules a game is played by, who starts and a decision, each written as a short
//! line of text, as a device keeps its games (one line a play, like a score sheet's log). Every type reads
//! back exactly what it wrote (`text.parse::<Play>()` of `play.to_string()`); anything else is a
//! [`NotationError`], never a panic.
//!
//! - a play: `roll 3,5,2,6,1` · `hold 2` · `release 2` · `announce yam` · `score down:aces` ·
//!   `cross_out aces` · `write aces 3` (`write aces 3 bonus`: with the five-of-a-kind bonus;
//!   `write straight 25 first_roll`: made on the turn's first roll) ·
//!   `enter_dice 6,6,6,5,4` · `clear_dice` · `first_player 1 0:3,1:5 0:6,1:2` · `undo`
//! - rules: `yahtzee forced bonus free` (the ruleset, the Joker, `bonus` or `no_bonus`, the columns), and
//!   Generala's house rules after them: `generala none no_bonus free house:5,wins,double` (the first roll's
//!   bonus, then `wins`, `double` and `ace_after_six` where the table plays them), and another upper bonus
//!   the sheet offers after those: `maxi-yatzy none no_bonus free upper:50at75`
//! - who starts: `1 0:3,1:5 0:6,1:2` (the first seat, then each round of the roll-off, `seat:face` each)
//! - a decision: `keep:2,6,6` · `cell:down:sixes` · `announce:yam` (as [`Move::id`] writes it)
//! - a dice mode: `app` · `pad`
//!
//! Names and other free text go at the end of a line, escaped ([`escape`]) so that a line stays one line.

use std::fmt;
use std::str::FromStr;

use crate::category::Category;
use crate::column::{Columns, Place};
use crate::dice::{Dice, Face};
use crate::game::{DiceMode, Play};
use crate::moves::Move;
use crate::rules::{HouseRules, Joker, Rules};
use crate::ruleset::{RulesetId, UpperBonus};
use crate::start::FirstPlayerRoll;

/// Text that is not the notation of what it was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What the text was read as: "play", "rules", …
    pub what: &'static str,
    pub text: String,
}

impl NotationError {
    pub fn new(what: &'static str, text: &str) -> NotationError {
        NotationError {
            what,
            text: text.to_string(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable {}: {:?}", self.what, self.text)
    }
}

impl std::error::Error for NotationError {}

/// The first word of a line and the rest after one space (empty if none).
pub fn first_word(line: &str) -> (&str, &str) {
    line.split_once(' ').unwrap_or((line, ""))
}

/// Free text made safe for the end of a line: a backslash, a line feed and a carriage return are written
/// `\\`, `\n` and `\r`.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// The text [`escape`] wrote; `None` for an escape it never writes.
pub fn unescape(escaped: &str) -> Option<String> {
    let mut text = String::with_capacity(escaped.len());
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        text.push(match c {
            '\\' => match chars.next()? {
                '\\' => '\\',
                'n' => '\n',
                'r' => '\r',
                _ => return None,
            },
            c => c,
        });
    }
    Some(text)
}

/// Faces as one word: `3,5,2,6,1`.
pub struct Faces<'a>(pub &'a [Face]);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, face) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

impl DiceMode {
    pub fn id(self) -> &'static str {
        match self {
            DiceMode::App => "app",
            DiceMode::Pad => "pad",
        }
    }
}

impl FromStr for DiceMode {
    type Err = NotationError;
    fn from_str(id: &str) -> Result<DiceMode, NotationError> {
        match id {
            "app" => Ok(DiceMode::App),
            "pad" => Ok(DiceMode::Pad),
            _ => Err(NotationError::new("dice mode", id)),
        }
    }
}

impl fmt::Display for FirstPlayerRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first_seat)?;
        for round in &self.rounds {
            f.write_str(" ")?;
            for (index, (seat, face)) in round.iter().enumerate() {
                if index > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seat}:{face}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for FirstPlayerRoll {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<FirstPlayerRoll, NotationError> {
        let unreadable = || NotationError::new("who starts", text);
        let mut words = text.split(' ');
        let first_seat = words
            .next()
            .and_then(|seat| seat.parse().ok())
            .ok_or_else(unreadable)?;
        let rounds = words
            .map(|round| {
                if round.is_empty() {
                    return Some(Vec::new());
                }
                round
                    .split(',')
                    .map(|roll| {
                        let (seat, face) = roll.split_once(':')?;
                        Some((seat.parse().ok()?, Face::new(face.parse().ok()?).ok()?))
                    })
                    .collect::<Option<Vec<(usize, Face)>>>()
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(unreadable)?;
        Ok(FirstPlayerRoll { rounds, first_seat })
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bonus = if self.has_yahtzee_bonus() {
            "bonus"
        } else {
            "no_bonus"
        };
        write!(
            f,
            "{} {} {bonus} {}",
            self.id().id(),
            self.joker().id(),
            self.columns()
        )?;
        if let Some(house) = self.house() {
            write!(f, " house:{house}")?;
        }
        match self.other_upper_bonus() {
            Some(bonus) => write!(f, " upper:{}", bonus.id()),
            None => Ok(()),
        }
    }
}

/// An upper bonus as the address and the command line write it: `50at75`.
impl FromStr for UpperBonus {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<UpperBonus, NotationError> {
        let unreadable = || NotationError::new("upper bonus", text);
        let (points, threshold) = text.split_once('a').ok_or_else(unreadable)?;
        let threshold = threshold.strip_prefix('t').ok_or_else(unreadable)?;
        match (points.parse(), threshold.parse()) {
            (Ok(points), Ok(threshold)) => Ok(UpperBonus { threshold, points }),
            _ => Err(unreadable()),
        }
    }
}

/// Generala's house rules: the first roll's bonus, then the rules the table plays, `5,wins,double`.
impl fmt::Display for HouseRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first_roll_bonus)?;
        let flags = [
            (self.first_roll_wins, "wins"),
            (self.double, "double"),
            (self.ace_after_six, "ace_after_six"),
        ];
        for (_, flag) in flags.into_iter().filter(|&(on, _)| on) {
            write!(f, ",{flag}")?;
        }
        Ok(())
    }
}

impl FromStr for HouseRules {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<HouseRules, NotationError> {
        let unreadable = || NotationError::new("house rules", text);
        let mut words = text.split(',');
        let first_roll_bonus = words.next().and_then(|bonus| bonus.parse().ok());
        let mut house = HouseRules {
            first_roll_bonus: first_roll_bonus.ok_or_else(unreadable)?,
            first_roll_wins: false,
            double: false,
            ace_after_six: false,
        };
        for word in words {
            let flag = match word {
                "wins" => &mut house.first_roll_wins,
                "double" => &mut house.double,
                "ace_after_six" => &mut house.ace_after_six,
                _ => return Err(unreadable()),
            };
            if *flag {
                return Err(unreadable());
            }
            *flag = true;
        }
        Ok(house)
    }
}

impl FromStr for Rules {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Rules, NotationError> {
        let unreadable = || NotationError::new("rules", text);
        let words: Vec<&str> = text.split(' ').collect();
        let [ruleset, joker, bonus, columns, ref options @ ..] = words[..] else {
            return Err(unreadable());
        };
        // Then Generala's house rules and another upper bonus, each where the table chose it, in that order.
        let (mut house, mut upper_bonus) = (None, None);
        for option in options {
            match option.split_once(':') {
                Some(("house", text)) if house.is_none() && upper_bonus.is_none() => {
                    house = Some(text.parse::<HouseRules>().map_err(|_| unreadable())?);
                }
                Some(("upper", text)) if upper_bonus.is_none() => {
                    upper_bonus = Some(text.parse::<UpperBonus>().map_err(|_| unreadable())?);
                }
                _ => return Err(unreadable()),
            }
        }
        let bonus = match bonus {
            "bonus" => true,
            "no_bonus" => false,
            _ => return Err(unreadable()),
        };
        let ruleset: RulesetId = ruleset.parse().map_err(|_| unreadable())?;
        let joker: Joker = joker.parse().map_err(|_| unreadable())?;
        let columns = Columns::parse_list(columns).map_err(|_| unreadable())?;
        let rules = Rules::with_options(ruleset, joker, bonus).and_then(|rules| rules.with_columns(columns));
        let rules = match house {
            Some(house) => rules.and_then(|rules| rules.with_house(house)),
            None => rules,
        };
        let rules = match upper_bonus {
            Some(bonus) => rules.and_then(|rules| rules.with_upper_bonus(bonus)),
            None => rules,
        };
        rules.map_err(|_| unreadable())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Roll(dice) => write!(f, "roll {}", Faces(dice.faces())),
            Play::Hold(die) => write!(f, "hold {die}"),
            Play::Release(die) => write!(f, "release {die}"),
            Play::Announce(category) => write!(f, "announce {}", category.id()),
            Play::Score(place) => write!(f, "score {place}"),
            Play::CrossOut(place) => write!(f, "cross_out {place}"),
            Play::Write {
                place,
                value,
                bonus,
                first_roll,
            } => {
                write!(f, "write {place} {value}")?;
                if *bonus {
                    f.write_str(" bonus")?;
                }
                if *first_roll {
                    f.write_str(" first_roll")?;
                }
                Ok(())
            }
            Play::EnterDice(dice) => write!(f, "enter_dice {}", Faces(dice.faces())),
            Play::ClearDice => f.write_str("clear_dice"),
            Play::FirstPlayer(roll) => write!(f, "first_player {roll}"),
            Play::Undo => f.write_str("undo"),
        }
    }
}

impl FromStr for Play {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Play, NotationError> {
        let unreadable = || NotationError::new("play", text);
        let place = |word: &str| word.parse::<Place>().map_err(|_| unreadable());
        let dice = |word: &str| word.parse::<Dice>().map_err(|_| unreadable());
        let die = |word: &str| word.parse::<usize>().map_err(|_| unreadable());
        let (word, rest) = first_word(text);
        Ok(match (word, rest) {
            ("roll", rolled) => Play::Roll(dice(rolled)?),
            ("hold", held) => Play::Hold(die(held)?),
            ("release", released) => Play::Release(die(released)?),
            ("announce", category) => Play::Announce(category.parse::<Category>().map_err(|_| unreadable())?),
            ("score", box_scored) => Play::Score(place(box_scored)?),
            ("cross_out", box_crossed) => Play::CrossOut(place(box_crossed)?),
            ("write", written) => {
                let (place_written, value, bonus, first_roll) = match written.split(' ').collect::<Vec<_>>()[..]
                {
                    [place_written, value] => (place_written, value, false, false),
                    [place_written, value, "bonus"] => (place_written, value, true, false),
                    [place_written, value, "first_roll"] => (place_written, value, false, true),
                    [place_written, value, "bonus", "first_roll"] => (place_written, value, true, true),
                    _ => return Err(unreadable()),
                };
                Play::Write {
                    place: place(place_written)?,
                    value: value.parse().map_err(|_| unreadable())?,
                    bonus,
                    first_roll,
                }
            }
            ("enter_dice", entered) => Play::EnterDice(dice(entered)?),
            ("clear_dice", "") => Play::ClearDice,
            ("first_player", roll) => Play::FirstPlayer(roll.parse().map_err(|_| unreadable())?),
            ("undo", "") => Play::Undo,
            _ => return Err(unreadable()),
        })
    }
}

/// Reads what [`Move::id`] writes.
impl FromStr for Move {
    type Err = NotationError;
    fn from_str(id: &str) -> Result<Move, NotationError> {
        let unreadable = || NotationError::new("decision", id);
        let (kind, rest) = id.split_once(':').ok_or_else(unreadable)?;
        Ok(match kind {
            "keep" if rest.is_empty() => Move::Keep(Vec::new()),
            "keep" => Move::Keep(
                rest.split(',')
                    .map(|face| Face::new(face.parse().ok()?).ok())
                    .collect::<Option<Vec<Face>>>()
                    .ok_or_else(unreadable)?,
            ),
            "cell" => Move::Cell(rest.parse().map_err(|_| unreadable())?),
            "announce" => Move::Announce(rest.parse().map_err(|_| unreadable())?),
            _ => return Err(unreadable()),
        })
    }
}
