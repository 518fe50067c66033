//! The entries of a replay link: each event of the log as a short code, the common plays of a turn in a few
//! bits, and any event without a code of its own as its text notation, so every log is carried exactly.
//!
//! The fields of an entry (a box, a seat, a roll-off, a seed) and the format's own tables are in `fields.rs`.

use fivedice_room::Event;
use fivedice_rules::{Dice, DiceMode, Face, Play};

use super::LinkError;
use super::bits::{BitReader, BitWriter};
use super::fields::{
    LEVELS, category_code, has_column_code, level_code, read_category, read_place, read_roll_off, read_seat,
    read_seed, seed_bytes, unreadable, write_place, write_roll_off,
};

// The kinds of entry, as prefix codes: the most frequent shortest.
const ROLL: (u64, u32) = (0b0, 1);
const HOLD: (u64, u32) = (0b10, 2);
const SCORE: (u64, u32) = (0b110, 3);
const OTHER_PLAY: (u64, u32) = (0b1110, 4);
const OTHER_EVENT: (u64, u32) = (0b1111, 4);

// After OTHER_PLAY, 3 bits.
const CROSS_OUT: u64 = 0;
const WRITE: u64 = 1;
const ENTER_DICE: u64 = 2;
const CLEAR_DICE: u64 = 3;
const ANNOUNCE: u64 = 4;
const UNDO: u64 = 5;

// After OTHER_EVENT, 3 bits.
const JOINED: u64 = 0;
const RULES_CHOSEN: u64 = 1;
const STARTED: u64 = 2;
const DICE_REVEALED: u64 = 3;
const TEXT: u64 = 4;

/// What the entries' codes lean on, the same on both sides: the seat of the last play (most plays are by the
/// same seat or the next) and how many dice a roll has.
pub struct Entries {
    previous_seat: usize,
    dice: usize,
}

/// The bits a roll of `dice` dice takes: the faces as one number in base 6 (6⁵ = 7,776 < 2¹³; 6⁶ < 2¹⁶).
fn dice_width(dice: usize) -> u32 {
    (6u64.pow(dice as u32) - 1).ilog2() + 1
}

impl Entries {
    /// Entries whose rolls have `dice` dice (five, or six: Maxi Yatzy).
    pub fn new(dice: usize) -> Entries {
        Entries {
            previous_seat: 0,
            dice,
        }
    }

    /// Whether a play has a code of its own: every play but who starts, with a roll of the log's dice count,
    /// a die that exists and a category of the format's table.
    fn fits(&self, play: &Play) -> bool {
        match play {
            Play::Roll(dice) | Play::EnterDice(dice) => dice.count() == self.dice,
            Play::Hold(die) | Play::Release(die) => *die < 8,
            // A column or box this format has no code for goes as text, never as another one.
            Play::Score(place) | Play::CrossOut(place) | Play::Write { place, .. } => {
                category_code(place.category).is_some() && has_column_code(place.column)
            }
            Play::Announce(category) => category_code(*category).is_some(),
            Play::ClearDice | Play::Undo => true,
            Play::FirstPlayer(_) => false,
        }
    }

    /// One event, as its code (or its text).
    pub fn write(&mut self, out: &mut BitWriter, event: &Event) {
        match event {
            Event::Played { seat, play } if self.fits(play) => self.write_play(out, *seat, play),
            Event::Joined {
                seat,
                name,
                computer,
                level,
            } if *computer || level.is_none() => {
                other_event(out, JOINED);
                out.varint(*seat as u64, 3);
                out.bit(*computer);
                if *computer {
                    out.bit(level.is_some());
                    if let Some(level) = level {
                        out.number(level_code(*level), 2);
                    }
                }
                out.text(name);
            }
            Event::RulesChosen { rules, dice } => {
                other_event(out, RULES_CHOSEN);
                out.bit(match dice {
                    DiceMode::App => false,
                    DiceMode::Pad => true,
                });
                out.text(&rules.to_string());
            }
            Event::Started {
                first_player_roll,
                dice_commitment,
            } if dice_commitment
                .as_deref()
                .is_none_or(|hex| seed_bytes(hex).is_some()) =>
            {
                other_event(out, STARTED);
                let commitment = dice_commitment.as_deref().and_then(seed_bytes);
                out.bit(commitment.is_some());
                out.bytes(commitment.as_deref().unwrap_or_default());
                write_roll_off(out, first_player_roll);
            }
            Event::DiceRevealed { seed } if seed_bytes(seed).is_some() => {
                other_event(out, DICE_REVEALED);
                out.bytes(&seed_bytes(seed).unwrap_or_default());
            }
            _ => {
                other_event(out, TEXT);
                out.text(&event.to_string());
            }
        }
        if let Event::Played { seat, .. } = event {
            self.previous_seat = *seat;
        }
    }

    fn write_play(&self, out: &mut BitWriter, seat: usize, play: &Play) {
        let kind = |out: &mut BitWriter, (code, width): (u64, u32), other: Option<u64>| {
            out.number(code, width);
            if let Some(other) = other {
                out.number(other, 3);
            }
            // The seat: the last play's (0), the next one (10), or any (11, then the seat).
            match seat.checked_sub(self.previous_seat) {
                Some(0) => out.bit(false),
                Some(1) => out.number(0b10, 2),
                _ => {
                    out.number(0b11, 2);
                    out.varint(seat as u64, 3);
                }
            }
        };
        match play {
            Play::Roll(dice) => {
                kind(out, ROLL, None);
                self.write_dice(out, *dice);
            }
            Play::Hold(die) | Play::Release(die) => {
                kind(out, HOLD, None);
                out.bit(matches!(play, Play::Release(_)));
                out.number(*die as u64, 3);
            }
            Play::Score(place) => {
                kind(out, SCORE, None);
                write_place(out, *place);
            }
            Play::CrossOut(place) => {
                kind(out, OTHER_PLAY, Some(CROSS_OUT));
                write_place(out, *place);
            }
            Play::Write {
                place,
                value,
                bonus,
                first_roll,
            } => {
                kind(out, OTHER_PLAY, Some(WRITE));
                write_place(out, *place);
                out.varint(u64::from(*value), 4);
                out.bit(*bonus);
                out.bit(*first_roll);
            }
            Play::EnterDice(dice) => {
                kind(out, OTHER_PLAY, Some(ENTER_DICE));
                self.write_dice(out, *dice);
            }
            Play::ClearDice => kind(out, OTHER_PLAY, Some(CLEAR_DICE)),
            Play::Announce(category) => {
                kind(out, OTHER_PLAY, Some(ANNOUNCE));
                out.number(category_code(*category).expect("checked by fits"), 5);
            }
            Play::Undo => kind(out, OTHER_PLAY, Some(UNDO)),
            Play::FirstPlayer(_) => unreachable!("who starts is written as text"),
        }
    }

    fn write_dice(&self, out: &mut BitWriter, dice: Dice) {
        let number = dice
            .faces()
            .iter()
            .fold(0, |number, face| number * 6 + face.index() as u64);
        out.number(number, dice_width(self.dice));
    }

    fn read_dice(&self, input: &mut BitReader) -> Result<Dice, LinkError> {
        let mut number = input.number(dice_width(self.dice))?;
        if number >= 6u64.pow(self.dice as u32) {
            return Err(unreadable("dice beyond six faces"));
        }
        let mut faces = vec![Face::ALL[0]; self.dice];
        for face in faces.iter_mut().rev() {
            *face = Face::ALL[(number % 6) as usize];
            number /= 6;
        }
        Dice::from_faces(&faces).map_err(|_| unreadable("a roll of neither five nor six dice"))
    }

    /// The next event.
    pub fn read(&mut self, input: &mut BitReader) -> Result<Event, LinkError> {
        let event = match (input.bit()?, input.bit()?) {
            (false, first_of_roll) => {
                // A roll's code is the single 0: the bit read after it was the seat's first.
                let seat = self.seat_after(input, first_of_roll)?;
                let play = Play::Roll(self.read_dice(input)?);
                Event::Played { seat, play }
            }
            (true, false) => {
                let seat = self.read_seat_code(input)?;
                let release = input.bit()?;
                let die = input.number(3)? as usize;
                let play = if release {
                    Play::Release(die)
                } else {
                    Play::Hold(die)
                };
                Event::Played { seat, play }
            }
            (true, true) => match (input.bit()?, input.bit()?) {
                (false, first_of_seat) => {
                    let seat = self.seat_after(input, first_of_seat)?;
                    Event::Played {
                        seat,
                        play: Play::Score(read_place(input)?),
                    }
                }
                (true, false) => self.read_other_play(input)?,
                (true, true) => read_other_event(input)?,
            },
        };
        if let Event::Played { seat, .. } = event {
            self.previous_seat = seat;
        }
        Ok(event)
    }

    fn read_seat_code(&self, input: &mut BitReader) -> Result<usize, LinkError> {
        let first = input.bit()?;
        self.seat_after(input, first)
    }

    /// The seat, its code's first bit read already.
    fn seat_after(&self, input: &mut BitReader, first: bool) -> Result<usize, LinkError> {
        if !first {
            return Ok(self.previous_seat);
        }
        match input.bit()? {
            false => (self.previous_seat.checked_add(1)).ok_or_else(|| unreadable("a seat beyond any table")),
            true => read_seat(input),
        }
    }

    fn read_other_play(&self, input: &mut BitReader) -> Result<Event, LinkError> {
        let kind = input.number(3)?;
        let seat = self.read_seat_code(input)?;
        let play = match kind {
            CROSS_OUT => Play::CrossOut(read_place(input)?),
            WRITE => Play::Write {
                place: read_place(input)?,
                value: u16::try_from(input.varint(4)?)
                    .map_err(|_| unreadable("a box's value beyond any sheet"))?,
                bonus: input.bit()?,
                first_roll: input.bit()?,
            },
            ENTER_DICE => Play::EnterDice(self.read_dice(input)?),
            CLEAR_DICE => Play::ClearDice,
            ANNOUNCE => Play::Announce(read_category(input)?),
            UNDO => Play::Undo,
            _ => return Err(unreadable("a play's code no version writes")),
        };
        Ok(Event::Played { seat, play })
    }
}

fn other_event(out: &mut BitWriter, kind: u64) {
    out.number(OTHER_EVENT.0, OTHER_EVENT.1);
    out.number(kind, 3);
}

fn read_other_event(input: &mut BitReader) -> Result<Event, LinkError> {
    Ok(match input.number(3)? {
        JOINED => {
            let seat = read_seat(input)?;
            let computer = input.bit()?;
            let level = match computer && input.bit()? {
                true => Some(LEVELS[input.number(2)? as usize]),
                false => None,
            };
            Event::Joined {
                seat,
                computer,
                level,
                name: input.text()?,
            }
        }
        RULES_CHOSEN => {
            let dice = if input.bit()? {
                DiceMode::Pad
            } else {
                DiceMode::App
            };
            let rules = input.text()?;
            Event::RulesChosen {
                rules: rules
                    .parse()
                    .map_err(|_| unreadable("rules this version does not know"))?,
                dice,
            }
        }
        STARTED => {
            let dice_commitment = match input.bit()? {
                true => Some(read_seed(input)?),
                false => None,
            };
            Event::Started {
                first_player_roll: read_roll_off(input)?,
                dice_commitment,
            }
        }
        DICE_REVEALED => Event::DiceRevealed {
            seed: read_seed(input)?,
        },
        TEXT => input
            .text()?
            .parse()
            .map_err(|_| unreadable("an event this version does not know"))?,
        _ => return Err(unreadable("an event's code no version writes")),
    })
}

#[cfg(test)]
#[path = "entries_tests.rs"]
mod tests;
