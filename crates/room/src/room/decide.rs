//! Commands: what a seat asks of the room, checked against the room and the rules crate into the one event
//! it would cause. Deciding never changes the room; the host applies the event once it is kept.

use fivedice_rules::{DiceMode, Face, FirstPlayerRoll, Game, Play, Rules, SetupError, Undoable};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use super::choice::RulesChoice;
use super::{Event, Phase, Room, STAND_IN, TAKE_OVER_AFTER_MS};
use crate::error::RoomError;

/// What a room cannot know by itself, supplied by whoever hosts it (the server, or the page for a table on
/// one device).
pub trait Outside {
    /// A freshly drawn die: the server uses the operating system's random source, the page its table's
    /// generator, tests a script.
    fn roll_die(&mut self) -> Face;
    /// How long the person at `seat` has been away, in milliseconds; `None` while a device holding the seat
    /// is connected.
    fn away_ms(&self, seat: usize) -> Option<u64>;
}

/// What a seat asks of the room. The acting seat comes from the token the host checked, never from the
/// action itself; plays are for the seat whose turn it is (an undo for the seat that wrote last; who starts
/// is the host's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Host, lobby: a computer player of this level joins; the host's device will play it.
    AddComputer {
        name: String,
        /// Devices from before levels asked for none: the stand-in's.
        #[serde(default = "stand_in")]
        level: Level,
    },
    /// Host, lobby: a computer player added leaves its seat (seats above it move down one).
    RemoveComputer { seat: usize },
    /// Host, lobby: the game and its options.
    ChooseRules(RulesChoice),
    /// Host, lobby: the room rolls for the first player and the game begins.
    Start,
    /// Any seat, lobby: give the seat up. Seats above it move down one; a leaving host passes the role on.
    Leave,
    /// The next person present, lobby or play: takes the host's place once the host's device has been away
    /// long enough (so that nobody waits for a tablet that died: to start the game, or to play the computers).
    BecomeHost,
    /// Any person seated, in play: a computer player takes over a seat whose person has been away long enough,
    /// at the level chosen, for that seat's turn only or until the seat is given back.
    TakeOver {
        seat: usize,
        /// Devices from before levels were chosen asked for none: the stand-in's.
        #[serde(default = "stand_in")]
        level: Level,
        #[serde(default)]
        one_turn: bool,
    },
    /// Any person seated, in play: the seat's person plays again.
    GiveBack { seat: usize },
    /// Roll the dice that are not held: the room draws them.
    Roll,
    /// Any other play of the game (a roll is [`Action::Roll`]: the room draws the dice, no device sends them).
    Play(Play),
}

impl Action {
    /// A computer at the stand-in's level takes over `seat` until it is given back.
    pub fn take_over(seat: usize) -> Action {
        Action::TakeOver {
            seat,
            level: STAND_IN,
            one_turn: false,
        }
    }

    /// The choice of exactly these rules, played with these dice.
    pub fn choosing(rules: Rules, dice: DiceMode) -> Action {
        Action::ChooseRules(RulesChoice::exactly(rules, dice))
    }
}

pub(super) fn stand_in() -> Level {
    STAND_IN
}

impl Room {
    /// The event a new seat joining as `name` causes: a person (any device may join, also for a second
    /// person), or a computer player at its level (who may seat one is the host's to say: [`RoomHost`]).
    ///
    /// [`RoomHost`]: crate::RoomHost
    pub fn decide_join(&self, name: &str, computer: Option<Level>) -> Result<Event, RoomError> {
        self.expect_lobby_for_joining()?;
        let name = self.check_new_name(name)?;
        Ok(Event::Joined {
            seat: self.seats.len(),
            name,
            computer: computer.is_some(),
            level: computer,
        })
    }

    /// The event `actor`'s action causes. `at` is the seq of the last event the actor's device had seen:
    /// starting and playing (holds aside) are refused as stale if the room changed since.
    pub fn decide(
        &self,
        actor: usize,
        at: u64,
        action: &Action,
        outside: &mut impl Outside,
    ) -> Result<Event, RoomError> {
        if actor >= self.seats.len() {
            return Err(RoomError::NoSuchSeat(actor));
        }
        match action {
            Action::AddComputer { name, level } => {
                self.expect_host(actor)?;
                self.decide_join(name, Some(*level))
            }
            Action::RemoveComputer { seat } => {
                self.expect_host(actor)?;
                self.expect_lobby()?;
                let removed = self.seats.get(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if removed.computer.is_none() {
                    return Err(RoomError::NotComputer { seat: *seat });
                }
                Ok(Event::Left { seat: *seat })
            }
            Action::ChooseRules(choice) => {
                self.expect_host(actor)?;
                self.expect_lobby()?;
                let rules = choice.rules().map_err(RoomError::Rules)?;
                self.check_seats_fit(rules)?;
                Ok(Event::RulesChosen {
                    rules,
                    dice: choice.dice,
                })
            }
            Action::Start => {
                self.expect_host(actor)?;
                self.expect_lobby()?;
                self.expect_fresh(at)?;
                let players = self.seats.len();
                let ruleset = self.rules.ruleset();
                if players < ruleset.min_players {
                    return Err(RoomError::Setup(SetupError::PlayerCount {
                        count: players,
                        min: ruleset.min_players,
                        max: ruleset.max_players,
                    }));
                }
                let first_player_roll = roll_off(players, || outside.roll_die());
                Ok(Event::Started {
                    first_player_roll,
                    dice_commitment: None,
                })
            }
            Action::Leave => {
                self.expect_lobby()?;
                Ok(Event::Left { seat: actor })
            }
            Action::BecomeHost => {
                if self.phase() == Phase::Finished {
                    return Err(RoomError::GameOver);
                }
                self.expect_person(actor)?;
                let host = self.host;
                let host_away = outside.away_ms(host);
                if host_away.is_none_or(|away| away < TAKE_OVER_AFTER_MS) {
                    return Err(RoomError::NotAwayLongEnough {
                        seat: host,
                        away_ms: host_away,
                    });
                }
                if self.next_person_here(|seat| outside.away_ms(*seat).is_some()) != Some(actor) {
                    return Err(RoomError::NotHost);
                }
                Ok(Event::HostChanged { seat: actor })
            }
            Action::TakeOver {
                seat,
                level,
                one_turn,
            } => {
                self.expect_person(actor)?;
                self.expect_playing()?;
                let taken = self.seats.get(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if taken.computer_plays() {
                    return Err(RoomError::AlreadyComputer { seat: *seat });
                }
                let away_ms = outside.away_ms(*seat);
                if away_ms.is_none_or(|away| away < TAKE_OVER_AFTER_MS) {
                    return Err(RoomError::NotAwayLongEnough { seat: *seat, away_ms });
                }
                Ok(Event::TakenOver {
                    seat: *seat,
                    level: *level,
                    one_turn: *one_turn,
                })
            }
            Action::GiveBack { seat } => {
                self.expect_playing()?;
                let given = self.seats.get(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                self.expect_person(actor)?;
                if given.stand_in.is_none() {
                    return Err(RoomError::NoStandIn { seat: *seat });
                }
                Ok(Event::GivenBack { seat: *seat })
            }
            Action::Roll => {
                // Whose turn and what the device saw are checked before a die is drawn.
                let (game, seat) = self.expect_turn(actor, at, Whose::ToPlay)?;
                let play = game.draw(&mut || outside.roll_die())?;
                Ok(Event::Played { seat, play })
            }
            Action::Play(Play::Roll(_)) => Err(RoomError::DiceAreDrawn),
            Action::Play(play) => self.decide_play(actor, at, play.clone()),
        }
    }

    /// Decides and applies a person's join: for hosts that keep no log, and for tests.
    pub fn join(&mut self, name: &str) -> Result<super::LogEntry, RoomError> {
        let event = self.decide_join(name, None)?;
        self.record(event)
    }

    /// Decides and applies an action: for hosts that keep no log, and for tests.
    pub fn act(
        &mut self,
        actor: usize,
        at: u64,
        action: &Action,
        outside: &mut impl Outside,
    ) -> Result<super::LogEntry, RoomError> {
        let event = self.decide(actor, at, action, outside)?;
        self.record(event)
    }

    fn record(&mut self, event: Event) -> Result<super::LogEntry, RoomError> {
        self.apply(&event)?;
        Ok(super::LogEntry { seq: self.seq, event })
    }

    /// A play of the game: by the seat it belongs to (or the host for a seat a computer plays), on a room
    /// the actor has seen, and legal by the rules.
    fn decide_play(&self, actor: usize, at: u64, play: Play) -> Result<Event, RoomError> {
        let (game, seat) = self.expect_turn(actor, at, Whose::of(&play))?;
        game.check(&play)?;
        Ok(Event::Played { seat, play })
    }

    /// The game and the seat a play of `whose` is for, if `actor` may play it for that seat on a room as it
    /// saw it (`at`).
    fn expect_turn(&self, actor: usize, at: u64, whose: Whose) -> Result<(&Game, usize), RoomError> {
        let game = self.game_for(whose)?;
        let seat = self.seat_of(game, whose)?;
        match whose {
            Whose::Host => self.expect_host(actor)?,
            Whose::ToPlay | Whose::TakenBack => self.expect_plays_for(actor, seat)?,
        }
        self.expect_fresh(at)?;
        Ok((game, seat))
    }

    /// The seat a play belongs to now: the one to play, the one that wrote last for an undo, the host for who
    /// starts.
    pub fn seat_for_play(&self, play: &Play) -> Result<usize, RoomError> {
        let whose = Whose::of(play);
        self.seat_of(self.game_for(whose)?, whose)
    }

    /// The game a play is for: once started, and while it goes on. After the end the rules say what is left:
    /// the last box written taken back, and the dice that won as they landed written in a box, as older
    /// versions had the winner do (their logs replay).
    pub(super) fn game_for(&self, whose: Whose) -> Result<&Game, RoomError> {
        let game = self.game.as_ref().ok_or(RoomError::NotStarted)?;
        let rules_say = whose == Whose::TakenBack || (whose == Whose::ToPlay && game.won_in_hand());
        if game.is_over() && !rules_say {
            return Err(RoomError::GameOver);
        }
        Ok(game)
    }

    pub(super) fn seat_of(&self, game: &Game, whose: Whose) -> Result<usize, RoomError> {
        match whose {
            Whose::ToPlay => Ok(game.current_seat()),
            Whose::TakenBack => match game.undoable()? {
                Undoable::Announcement(_) => Ok(game.current_seat()),
                Undoable::Entry(entry) => Ok(game.seat_of_entry(entry)),
            },
            Whose::Host => self.host().ok_or(RoomError::NotHost),
        }
    }
}

/// Whose a play is: the seat to play's, the one whose box or announcement an undo takes back, or the host's
/// (who starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Whose {
    ToPlay,
    TakenBack,
    Host,
}

impl Whose {
    pub(super) fn of(play: &Play) -> Whose {
        match play {
            Play::Undo => Whose::TakenBack,
            Play::FirstPlayer(_) => Whose::Host,
            _ => Whose::ToPlay,
        }
    }
}

/// Rounds of ties after which the roll-off stops drawing. Fair dice tie that long with a probability below
/// 10^-30; the cap is there so that a constant script (a test) or a forged log cannot make the roll-off, or
/// its replay, loop forever.
const MAX_ROLL_OFF_ROUNDS: usize = 40;

/// The roll-off for the first player with dice from `draw`. Past the cap the dice count down 6, 5, … 1 and
/// round again: any six draws in a row then differ, so at most two more rounds settle it.
pub(crate) fn roll_off(players: usize, mut draw: impl FnMut() -> Face) -> FirstPlayerRoll {
    let limit = players.saturating_mul(MAX_ROLL_OFF_ROUNDS);
    let mut drawn = 0usize;
    let mut capped_die = || {
        drawn += 1;
        if drawn <= limit {
            draw()
        } else {
            let countdown = (drawn - limit - 1) % Face::ALL.len();
            Face::ALL[Face::ALL.len() - 1 - countdown]
        }
    };
    FirstPlayerRoll::roll(players, &mut capped_die)
}
