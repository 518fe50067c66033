//! Events: every change to a room, as its log keeps them and every device applies them. Applying checks each
//! event against the room and the rules crate again, so a log the host would not have written is refused.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use fivedice_rules::notation::{escape, first_word, unescape};
use fivedice_rules::{DiceMode, FirstPlayerRoll, Game, NotationError, Play, Rules};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use super::decide::roll_off;
use super::{Phase, Room, Seat};
use crate::error::{Inconsistency, RoomError};

/// One change to a room: what the log stores and what every device applies. Events name seats, never
/// tokens; a roll carries the dice the host drew, so replaying never draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Joined {
        seat: usize,
        name: String,
        #[serde(default, skip_serializing_if = "Not::not")]
        computer: bool,
        /// A computer's level ([`STAND_IN`](super::STAND_IN)'s in logs written before seats carried one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<Level>,
    },
    Left {
        seat: usize,
    },
    RulesChosen {
        rules: Rules,
        dice: DiceMode,
    },
    /// The roll-off for the first player, as the host drew it; the game starts with it. A host that seals
    /// its dice commits here to the seed it draws them from ([`crate::dice_seed`]).
    Started {
        first_player_roll: FirstPlayerRoll,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice_commitment: Option<String>,
    },
    /// A computer stands in for the seat's person (at the stand-in's level, until given back, in logs from
    /// before either was chosen).
    TakenOver {
        seat: usize,
        #[serde(default = "super::decide::stand_in")]
        level: Level,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        one_turn: bool,
    },
    GivenBack {
        seat: usize,
    },
    /// The host's device was away too long: this person hosts now (starts the game, plays the computers).
    HostChanged {
        seat: usize,
    },
    /// A seated device asked for a link that moves this away seat to another device (the link's code is kept
    /// beside the log, where no device reads it).
    HandOverOffered {
        seat: usize,
    },
    /// The seat's person plays on another device now, which opened the link: the seat's old token no longer
    /// holds it, and a computer standing in for the seat gives it back.
    HandedOver {
        seat: usize,
    },
    /// A play of the game, by the seat it belongs to.
    Played {
        seat: usize,
        play: Play,
    },
    /// Once the game is over, the seed a sealed room's dice came from, so every device can check them.
    DiceRevealed {
        seed: String,
    },
}

impl Event {
    /// Whether an action decided before this event may have been decided on a room that no longer is.
    pub(super) fn makes_older_actions_stale(&self) -> bool {
        // A hold changes nothing another tap could have been based on, so a player can tap several dice in
        // a row without waiting for each echo.
        // Nor does a seat offered or moved to another device: no play depends on which device holds a seat.
        !matches!(
            self,
            Event::Played {
                play: Play::Hold(_) | Play::Release(_),
                ..
            } | Event::HandOverOffered { .. }
                | Event::HandedOver { .. }
        )
    }

    /// Where a seat is once this event is applied: the seats above one that left move down one, and the one
    /// that left is gone. (A lobby left with only computers empties: the room's seat count says so.)
    pub fn seat_after(&self, seat: usize) -> Option<usize> {
        match self {
            Event::Left { seat: left } if seat == *left => None,
            Event::Left { seat: left } if seat > *left => Some(seat - 1),
            _ => Some(seat),
        }
    }
}

/// An event written as one line of the notation (see `fivedice_rules::notation`): `joined 0 person Anna`
/// (`computer`, `computer:<level>`: a computer, with its level), `left 2`, `rules_chosen app <rules>`,
/// `started <who starts>` (`started sealed:<commitment> <who starts>`), `taken_over 1`, `given_back 1`,
/// `host_changed 1`, `hand_over_offered 1`, `handed_over 1`,
/// `played 0 roll 3,5,2,6,1`, `dice_revealed <seed>`. A name ends the line, escaped.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Joined {
                seat,
                name,
                computer,
                level,
            } => {
                let kind = if *computer { "computer" } else { "person" };
                match level {
                    Some(level) => write!(f, "joined {seat} {kind}:{} {}", level.id(), escape(name)),
                    None => write!(f, "joined {seat} {kind} {}", escape(name)),
                }
            }
            Event::Left { seat } => write!(f, "left {seat}"),
            Event::RulesChosen { rules, dice } => write!(f, "rules_chosen {} {rules}", dice.id()),
            Event::Started {
                first_player_roll,
                dice_commitment: None,
            } => write!(f, "started {first_player_roll}"),
            Event::Started {
                first_player_roll,
                dice_commitment: Some(commitment),
            } => write!(f, "started sealed:{commitment} {first_player_roll}"),
            // As before levels were chosen when the stand-in is the one it was then.
            Event::TakenOver {
                seat,
                level: super::STAND_IN,
                one_turn: false,
            } => write!(f, "taken_over {seat}"),
            Event::TakenOver {
                seat,
                level,
                one_turn,
            } => {
                write!(
                    f,
                    "taken_over {seat} {}{}",
                    level.id(),
                    if *one_turn { " turn" } else { "" }
                )
            }
            Event::GivenBack { seat } => write!(f, "given_back {seat}"),
            Event::HostChanged { seat } => write!(f, "host_changed {seat}"),
            Event::HandOverOffered { seat } => write!(f, "hand_over_offered {seat}"),
            Event::HandedOver { seat } => write!(f, "handed_over {seat}"),
            Event::Played { seat, play } => write!(f, "played {seat} {play}"),
            Event::DiceRevealed { seed } => write!(f, "dice_revealed {seed}"),
        }
    }
}

impl FromStr for Event {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Event, NotationError> {
        let unreadable = || NotationError::new("event", text);
        let seat = |word: &str| word.parse::<usize>().map_err(|_| unreadable());
        let (word, rest) = first_word(text);
        Ok(match word {
            "joined" => {
                let (seated, rest) = first_word(rest);
                let (kind, name) = first_word(rest);
                let (kind, level) = match kind.split_once(':') {
                    Some((kind, level)) => (kind, Some(level.parse::<Level>().map_err(|_| unreadable())?)),
                    None => (kind, None),
                };
                let computer = match kind {
                    "person" => false,
                    "computer" => true,
                    _ => return Err(unreadable()),
                };
                Event::Joined {
                    seat: seat(seated)?,
                    name: unescape(name).ok_or_else(unreadable)?,
                    computer,
                    level,
                }
            }
            "left" => Event::Left { seat: seat(rest)? },
            "rules_chosen" => {
                let (dice, rules) = first_word(rest);
                Event::RulesChosen {
                    rules: rules.parse().map_err(|_| unreadable())?,
                    dice: dice.parse().map_err(|_| unreadable())?,
                }
            }
            "started" => {
                let (sealed, roll) = first_word(rest);
                let (dice_commitment, roll) = match sealed.strip_prefix("sealed:") {
                    Some(commitment) => (Some(commitment.to_string()), roll),
                    None => (None, rest),
                };
                Event::Started {
                    first_player_roll: roll.parse().map_err(|_| unreadable())?,
                    dice_commitment,
                }
            }
            "taken_over" => {
                let mut words = rest.split(' ');
                let seat = seat(words.next().unwrap_or_default())?;
                let level = match words.next() {
                    Some(level) => level.parse::<Level>().map_err(|_| unreadable())?,
                    None => super::STAND_IN,
                };
                let one_turn = match words.next() {
                    Some("turn") => true,
                    Some(_) => return Err(unreadable()),
                    None => false,
                };
                if words.next().is_some() {
                    return Err(unreadable());
                }
                Event::TakenOver {
                    seat,
                    level,
                    one_turn,
                }
            }
            "given_back" => Event::GivenBack { seat: seat(rest)? },
            "host_changed" => Event::HostChanged { seat: seat(rest)? },
            "hand_over_offered" => Event::HandOverOffered { seat: seat(rest)? },
            "handed_over" => Event::HandedOver { seat: seat(rest)? },
            "dice_revealed" => Event::DiceRevealed { seed: rest.into() },
            "played" => {
                let (seated, play) = first_word(rest);
                Event::Played {
                    seat: seat(seated)?,
                    play: play.parse().map_err(|_| unreadable())?,
                }
            }
            _ => return Err(unreadable()),
        })
    }
}

/// An event with its place in the room's log (the first event is 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub seq: u64,
    pub event: Event,
}

impl Room {
    /// The room its log describes; the entries must be numbered 1, 2, 3, … in order.
    pub fn replay<'a>(
        name: crate::RoomName,
        entries: impl IntoIterator<Item = &'a LogEntry>,
    ) -> Result<Room, RoomError> {
        let mut room = Room::new(name);
        for entry in entries {
            room.apply_entry(entry)?;
        }
        Ok(room)
    }

    /// Applies the next entry of a log, checking that it is the next one.
    pub fn apply_entry(&mut self, entry: &LogEntry) -> Result<(), RoomError> {
        let expected = self.seq + 1;
        if entry.seq != expected {
            return Err(RoomError::OutOfOrder {
                expected,
                got: entry.seq,
            });
        }
        self.apply(&entry.event)
    }

    /// The one way a room changes. Every event is checked against the room and the rules crate again, so a
    /// log the host would not have written (corrupt, or from another version) is refused with the room
    /// unchanged rather than replayed into nonsense.
    pub fn apply(&mut self, event: &Event) -> Result<(), RoomError> {
        let mut next = self.clone();
        next.change(event)?;
        next.seq += 1;
        if event.makes_older_actions_stale() {
            next.stale_before = next.seq;
        }
        *self = next;
        Ok(())
    }

    fn change(&mut self, event: &Event) -> Result<(), RoomError> {
        match event {
            Event::Joined {
                seat,
                name,
                computer,
                level,
            } => {
                self.expect_lobby_for_joining()?;
                if *seat != self.seats.len() {
                    return Err(RoomError::Inconsistent(Inconsistency::SeatOutOfPlace));
                }
                if self.check_new_name(name)? != *name {
                    return Err(RoomError::Inconsistent(Inconsistency::UntrimmedName));
                }
                if level.is_some() && !computer {
                    return Err(RoomError::Inconsistent(Inconsistency::LevelOfPerson));
                }
                if self.seats.is_empty() {
                    self.host = 0;
                }
                self.seats.push(Seat {
                    name: name.clone(),
                    computer: computer.then(|| level.unwrap_or(super::STAND_IN)),
                    stand_in: None,
                });
            }
            Event::Left { seat } => {
                self.expect_lobby()?;
                if *seat >= self.seats.len() {
                    return Err(RoomError::NoSuchSeat(*seat));
                }
                self.remove_seat(*seat);
            }
            Event::RulesChosen { rules, dice } => {
                self.expect_lobby()?;
                self.check_seats_fit(*rules)?;
                self.rules = *rules;
                self.dice = *dice;
            }
            // The commitment stays in the log, where the check reads it.
            Event::Started {
                first_player_roll, ..
            } => {
                self.expect_lobby()?;
                let mut drawn = first_player_roll.rounds.iter().flatten().map(|&(_, face)| face);
                let mut exhausted = false;
                let replayed = roll_off(self.seats.len(), || {
                    drawn.next().unwrap_or_else(|| {
                        exhausted = true;
                        fivedice_rules::Face::ALL[0]
                    })
                });
                if exhausted || replayed != *first_player_roll {
                    return Err(RoomError::Inconsistent(Inconsistency::RollOff));
                }
                let names: Vec<&str> = self.seats.iter().map(|seat| seat.name.as_str()).collect();
                let game = Game::new(self.rules, self.dice, &names, first_player_roll.first_seat)
                    .map_err(RoomError::Setup)?;
                self.game = Some(game);
                self.first_player_roll = Some(first_player_roll.clone());
            }
            Event::TakenOver {
                seat,
                level,
                one_turn,
            } => {
                self.expect_playing()?;
                let taken = self.seats.get_mut(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if taken.computer_plays() {
                    return Err(RoomError::AlreadyComputer { seat: *seat });
                }
                taken.stand_in = Some(super::StandIn {
                    level: *level,
                    one_turn: *one_turn,
                });
            }
            Event::GivenBack { seat } => {
                self.expect_playing()?;
                let given = self.seats.get_mut(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if given.stand_in.is_none() {
                    return Err(RoomError::NoStandIn { seat: *seat });
                }
                given.stand_in = None;
            }
            Event::HostChanged { seat } => {
                if self.phase() == Phase::Finished {
                    return Err(RoomError::GameOver);
                }
                self.expect_person(*seat)?;
                self.host = *seat;
            }
            // A seat moves to another device while the game is played, and a person's only.
            Event::HandOverOffered { seat } | Event::HandedOver { seat } => {
                self.expect_playing()?;
                self.expect_person(*seat)?;
                if matches!(event, Event::HandedOver { .. }) {
                    self.seats[*seat].stand_in = None;
                }
            }
            Event::Played { seat, play } => {
                // The dice of a game taken back could be foretold from its seed.
                if self.dice_revealed && matches!(play, Play::Undo) {
                    return Err(RoomError::DiceRevealed);
                }
                if self.seat_for_play(play)? != *seat {
                    return Err(RoomError::Inconsistent(Inconsistency::NotTheSeatToPlay));
                }
                if let Some(game) = self.game.as_mut() {
                    game.play(play)?;
                }
                // A computer asked to play one turn gives the seat back with the box it writes.
                let stand_in = &mut self.seats[*seat].stand_in;
                if stand_in.is_some_and(|stand_in| stand_in.one_turn) && play.writes_a_box() {
                    *stand_in = None;
                }
                if let Play::FirstPlayer(roll) = play {
                    self.first_player_roll = Some(roll.clone());
                }
            }
            // Whether the seed is the one committed to is the check's to say (`dice_seed::check_dice`).
            Event::DiceRevealed { .. } => {
                if self.phase() != Phase::Finished {
                    return Err(RoomError::Inconsistent(Inconsistency::EarlyReveal));
                }
                if self.dice_revealed {
                    return Err(RoomError::Inconsistent(Inconsistency::Reveal));
                }
                self.dice_revealed = true;
            }
        }
        Ok(())
    }
}
