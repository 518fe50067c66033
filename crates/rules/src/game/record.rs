//! A game's saved form: its log, replayed through the rules when it is read, so a save the rules would not
//! have produced is refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{DiceMode, Entry, FORMAT_VERSION, Game, GameError, Play, SetupError, Turn};
use crate::dice::{Face, MAX_DICE};
use crate::rules::Rules;

/// The saved form of a game: the log, not the sheets, which are rebuilt (and so checked) when it is read.
#[derive(Serialize, Deserialize)]
pub(super) struct GameRecord {
    version: u32,
    rules: Rules,
    mode: DiceMode,
    players: Vec<String>,
    first_seat: usize,
    turn: Turn,
    log: Vec<Entry>,
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        GameRecord {
            version: FORMAT_VERSION,
            rules: game.rules,
            mode: game.mode,
            players: game.players,
            first_seat: game.first_seat,
            turn: game.turn,
            log: game.log,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = LoadError;

    /// Replays the log through the rules, so a save that the rules would not have produced is refused.
    fn try_from(record: GameRecord) -> Result<Game, LoadError> {
        if record.version != FORMAT_VERSION {
            return Err(LoadError::Version(record.version));
        }
        let mut game = Game::new(record.rules, record.mode, &record.players, record.first_seat)
            .map_err(LoadError::Setup)?;
        for (index, entry) in record.log.iter().enumerate() {
            let bad = |reason: GameError| LoadError::Entry { index, reason };
            game.replay_turn(&entry.turn)?;
            game.play(&game.writing(entry)).map_err(bad)?;
            if game.log.last() != Some(entry) {
                return Err(bad(GameError::ValueNotOffered {
                    category: entry.category,
                    value: entry.points,
                }));
            }
        }
        game.replay_turn(&record.turn)?;
        Ok(game)
    }
}

impl Game {
    /// The plays that rebuild this game from its start (a new game with the same players, rules and first
    /// seat): each turn as it stood when its box was written, then the turn in play. A log of events written
    /// before plays were logged one by one is rebuilt from this.
    pub fn plays(&self) -> Vec<Play> {
        let mut plays = Vec::new();
        for entry in &self.log {
            plays.extend(self.turn_plays(&entry.turn));
            plays.push(self.writing(entry));
        }
        plays.extend(self.turn_plays(&self.turn));
        plays
    }

    /// The play that wrote an entry on the dice of its turn.
    fn writing(&self, entry: &Entry) -> Play {
        let place = entry.place();
        let crossed_out =
            entry.points == 0 && self.mode == DiceMode::App && self.rules.ruleset().cross_out_any_cell;
        match entry.turn.dice {
            Some(_) if crossed_out => Play::CrossOut(place),
            Some(_) => Play::Score(place),
            None => Play::Write {
                place,
                value: entry.points,
                bonus: entry.bonus,
                first_roll: entry.first_roll,
            },
        }
    }

    /// Plays that leave a fresh turn as `turn` stands: its first roll, the announcement, the holds, then the
    /// rerolls (a reroll of the same faces is a roll like any other); on a score pad, the dice entered.
    fn turn_plays(&self, turn: &Turn) -> Vec<Play> {
        let Some(dice) = turn.dice else {
            return Vec::new();
        };
        if self.mode == DiceMode::Pad {
            return vec![Play::EnterDice(dice)];
        }
        let holds = (0..MAX_DICE).filter(|&die| turn.held[die]).map(Play::Hold);
        let announcement = turn.announced.map(Play::Announce);
        // Five alike made on a later roll did not land on the first, where landing there would have won the
        // game: that first roll shows another face on one die, which the next roll turns.
        let won_if_first = self.rules.first_roll_wins() && dice.counts().all_alike().is_some();
        let (first, turned) = match won_if_first && turn.rolls_used > 1 {
            true => {
                let other = Face::ALL[usize::from(dice.face(0).map_or(1, Face::value)) % Face::ALL.len()];
                (dice.with_face(0, other), Some(Play::Roll(dice)))
            }
            false => (dice, None),
        };
        let rerolls =
            (1 + usize::from(turned.is_some())..usize::from(turn.rolls_used)).map(|_| Play::Roll(dice));
        std::iter::once(Play::Roll(first))
            .chain(announcement)
            .chain(turned)
            .chain(holds)
            .chain(rerolls)
            .collect()
    }

    /// Plays a saved turn through the rules: refused unless they lead to exactly that turn.
    fn replay_turn(&mut self, turn: &Turn) -> Result<(), LoadError> {
        for play in self.turn_plays(turn) {
            self.play(&play).map_err(|_| LoadError::Turn)?;
        }
        if self.turn != *turn {
            return Err(LoadError::Turn);
        }
        Ok(())
    }
}

/// Why a saved game cannot be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Version(u32),
    Setup(SetupError),
    Entry { index: usize, reason: GameError },
    Turn,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Version(version) => write!(
                f,
                "saved game format {version} is not known (this version reads {FORMAT_VERSION})"
            ),
            LoadError::Setup(error) => write!(f, "saved game has bad players: {error}"),
            LoadError::Entry { index, reason } => {
                write!(f, "saved game entry {index} is not legal: {reason}")
            }
            LoadError::Turn => f.write_str("saved game has an impossible turn"),
        }
    }
}

impl std::error::Error for LoadError {}
