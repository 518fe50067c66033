//! A finished game played through the rules for the tests: a room's log written entry by entry, each turn by
//! the engine, a seeded random player or a score pad, so that only a log the rules accept is made.

use fivedice_room::{DiceSeed, Event, LogEntry, Room, RoomName};
use std::sync::OnceLock;

use fivedice_rules::{DiceMode, Face, FirstPlayerRoll, Game, Place, Play, Rules, RulesetId};
use fivedice_saved::KeptGame;
use fivedice_strategy::{Bot, Level, Rng, Step, ValueTable};

/// The players, seated in this order.
const NAMES: &str = "Zoë José Anna Bartholomew Chloé Dmitri Eve Fatima";

/// A room's log being written, each event applied to the room it makes: only a log the rules accept is made.
pub struct PlayedRoom {
    room: Room,
    pub log: Vec<LogEntry>,
    /// A sealed room's seed, which every die comes from; else `rng`'s.
    seed: Option<DiceSeed>,
    rng: Rng,
}

impl PlayedRoom {
    /// Players seated (the last of three or more a computer, at its level), the rules chosen, the roll-off.
    pub fn new(players: usize, rules: Rules, dice: DiceMode, seed: Option<DiceSeed>, rng: u64) -> PlayedRoom {
        let room = Room::new(RoomName::parse("Replayed").unwrap());
        let mut table = PlayedRoom {
            room,
            log: Vec::new(),
            seed,
            rng: Rng::new(rng),
        };
        for (seat, name) in NAMES.split(' ').take(players).enumerate() {
            let computer = players > 2 && seat == players - 1;
            table.push(Event::Joined {
                seat,
                name: name.to_string(),
                computer,
                level: computer.then_some(Level::Optimal),
            });
        }
        table.push(Event::RulesChosen { rules, dice });
        let first_player_roll = FirstPlayerRoll::roll(players, &mut table.dice());
        let dice_commitment = table.seed.as_ref().map(DiceSeed::commitment);
        table.push(Event::Started {
            first_player_roll,
            dice_commitment,
        });
        table
    }

    pub fn push(&mut self, event: Event) {
        self.room
            .apply(&event)
            .unwrap_or_else(|error| panic!("{event}: {error}"));
        let seq = self.log.len() as u64 + 1;
        self.log.push(LogEntry { seq, event });
    }

    pub fn game(&self) -> &Game {
        self.room.game().expect("started")
    }

    /// The dice of the next entry: the sealed room's (from its seed and the entry's place), or the generator's.
    fn dice(&mut self) -> impl FnMut() -> Face + '_ {
        let mut sealed = self
            .seed
            .as_ref()
            .map(|seed| seed.dice_at(self.log.len() as u64 + 1));
        let rng = &mut self.rng;
        move || {
            use fivedice_rules::DiceSource;
            match &mut sealed {
                Some(sealed) => sealed.roll_die(),
                None => rng.roll_die(),
            }
        }
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n as u64) as usize
    }

    pub fn play(&mut self, play: Play) {
        let seat = self.game().current_seat();
        self.push(Event::Played { seat, play });
    }

    pub fn roll(&mut self) {
        let game = self.room.game().expect("started").clone();
        let play = game.draw(&mut self.dice()).unwrap();
        self.play(play);
    }

    /// A turn by the engine (the strong level: the optimal table, a few points of noise): its holds as a
    /// player taps them.
    pub fn engine_turn(&mut self, table: &ValueTable, bot: &mut Bot) {
        let sheet = self.game().sheets()[self.game().current_seat()].clone();
        let turn = table.turn(&sheet).unwrap();
        self.roll();
        loop {
            let rolled = self.game().turn().dice.unwrap();
            let advice = turn.advise(rolled.counts(), self.game().rolls_left()).unwrap();
            match Step::from(bot.choose(&advice)) {
                Step::Write(place) => return self.play(Play::Score(place)),
                Step::Announce(category) => self.play(Play::Announce(category)),
                Step::Keep(keep) => {
                    let holds: Vec<Play> = self.game().turn().holding(keep.holds(rolled)).collect();
                    holds.into_iter().for_each(|hold| self.play(hold));
                    self.roll();
                }
            }
        }
    }

    /// A turn by a random player: one to three rolls, random holds between them, now and then an
    /// announcement, then the first box the rules take from a random start (scored, else crossed out).
    pub fn random_turn(&mut self) {
        for roll in 0..1 + self.below(3) {
            for die in (0..self.game().dice()).filter(|_| roll > 0) {
                let hold = match self.game().turn().held[die] {
                    true => Play::Release(die),
                    false => Play::Hold(die),
                };
                if self.below(2) == 0 && self.game().check(&hold).is_ok() {
                    self.play(hold);
                }
            }
            if self.game().check_roll().is_err() {
                break;
            }
            self.roll();
            if self.game().is_over() {
                return; // Generala: five alike on the first roll win at once.
            }
            let categories = self.game().rules().ruleset().cells;
            let announce = Play::Announce(categories[self.below(categories.len())].category);
            if roll == 0 && self.below(2) == 0 && self.game().check(&announce).is_ok() {
                self.play(announce);
            }
        }
        self.write_somewhere(&[Play::Score, Play::CrossOut]);
    }

    /// A turn on a score pad: the dice entered (once in three cleared and entered again) and scored, or a
    /// value written by hand (with the bonus, where the sheet earns one, half the time).
    pub fn pad_turn(&mut self) {
        let dice = self.game().dice();
        if self.below(2) == 0 {
            for _ in 0..1 + usize::from(self.below(3) == 0) {
                if self.game().turn().dice.is_some() {
                    self.play(Play::ClearDice);
                }
                let faces: Vec<Face> = (0..dice).map(|_| Face::ALL[self.below(6)]).collect();
                self.play(Play::EnterDice(fivedice_rules::Dice::from_faces(&faces).unwrap()));
            }
            return self.write_somewhere(&[Play::Score]);
        }
        let mut places = self.places();
        let start = self.below(places.len());
        places.rotate_left(start);
        let bonus = self.game().bonus_available() && self.below(2) == 0;
        for place in places {
            let offers = self.game().offers(place.category).unwrap_or_default();
            // The best a box can hold half the time (a Yahtzee then opens its bonus), else any it can.
            let pick = if self.below(2) == 0 {
                offers.len().saturating_sub(1)
            } else {
                self.below(offers.len().max(1))
            };
            let value = offers.get(pick).copied().unwrap_or(0);
            for (value, bonus) in [(value, bonus), (value, false), (0, false)] {
                let write = Play::Write {
                    place,
                    value,
                    bonus,
                    first_roll: false,
                };
                if self.game().check(&write).is_ok() {
                    return self.play(write);
                }
            }
        }
        panic!("no box takes a value");
    }

    fn places(&self) -> Vec<Place> {
        let rules = self.game().rules();
        let cells = rules.ruleset().cells;
        let columns = rules.columns();
        columns
            .iter()
            .flat_map(|column| cells.iter().map(move |cell| Place::new(column, cell.category)))
            .collect()
    }

    fn write_somewhere(&mut self, ways: &[fn(Place) -> Play]) {
        let mut places = self.places();
        let start = self.below(places.len());
        places.rotate_left(start);
        let play = places
            .into_iter()
            .flat_map(|place| ways.iter().map(move |way| way(place)))
            .find(|play| self.game().check(play).is_ok())
            .expect("some box takes the turn");
        self.play(play);
    }

    /// Takes the box just written back (its writer does), and writes the turn again somewhere.
    pub fn undo(&mut self, ways: &[fn(Place) -> Play]) {
        let game = self.game();
        if game.is_over() || !game.can_undo() {
            return;
        }
        let seat = game.seat_of_entry(game.log().len() - 1);
        self.push(Event::Played {
            seat,
            play: Play::Undo,
        });
        self.write_somewhere(ways);
    }

    /// The game played to its end, a turn at a time; a sealed room then reveals its seed.
    pub fn play_out(mut self, mut turn: impl FnMut(&mut PlayedRoom)) -> PlayedRoom {
        while !self.game().is_over() {
            turn(&mut self);
        }
        if let Some(seed) = &self.seed {
            let seed = seed.to_hex();
            self.push(Event::DiceRevealed { seed });
        }
        self
    }

    pub fn kept(&self, at: u64) -> KeptGame {
        KeptGame::new(
            &format!("1700000000000-{at}"),
            "Zoë & José's night",
            &self.log,
            1.7e12 + at as f64,
        )
    }
}

pub fn yahtzee_table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| ValueTable::solve(Rules::new(RulesetId::Yahtzee)))
}

/// A game of Yahtzee with the app's dice, every seat played by the engine; sealed: its dice from a seed.
pub fn engine_game(players: usize, sealed: bool, seed: u64) -> KeptGame {
    let table = yahtzee_table();
    let mut bot = Bot::new(table, Level::Strong.noise(), seed);
    let rules = Rules::new(RulesetId::Yahtzee);
    let dice_seed = sealed.then(|| DiceSeed::new([seed as u8; 32]));
    let played = PlayedRoom::new(players, rules, DiceMode::App, dice_seed, seed)
        .play_out(|table| table.engine_turn(yahtzee_table(), &mut bot));
    played.kept(players as u64)
}

pub fn random_game(rules: Rules, players: usize, seed: u64) -> KeptGame {
    let played = PlayedRoom::new(players, rules, DiceMode::App, None, seed).play_out(PlayedRoom::random_turn);
    played.kept(seed)
}
