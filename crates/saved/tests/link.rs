//! Replay links: real finished games of the whole family (played by the engine, or by a seeded random player
//! through the rules) come back from their link exactly; an eight-player game of Yahtzee fits in 2,000
//! characters; a link cut or changed is refused with its reason, never read as another game.

use std::sync::OnceLock;

use fivedice_room::{DiceCheck, DiceSeed, Event, LogEntry, Room, RoomName, check_dice};
use fivedice_rules::{
    Column, Columns, DiceMode, Face, FirstPlayerRoll, Game, HouseRules, Place, Play, Rules, RulesetId,
};
use fivedice_saved::KeptGame;
use fivedice_saved::link::{LinkError, decode, encode, encode_log, link, payload_of};
use fivedice_saved::text::read_log;
use fivedice_strategy::{Bot, Level, Rng, Step, ValueTable};

/// The players, seated in this order.
const NAMES: &str = "Zoë José Anna Bartholomew Chloé Dmitri Eve Fatima";

/// A room's log being written, each event applied to the room it makes: only a log the rules accept is made.
struct PlayedRoom {
    room: Room,
    log: Vec<LogEntry>,
    /// A sealed room's seed, which every die comes from; else `rng`'s.
    seed: Option<DiceSeed>,
    rng: Rng,
}

impl PlayedRoom {
    /// Players seated (the last of three or more a computer, at its level), the rules chosen, the roll-off.
    fn new(players: usize, rules: Rules, dice: DiceMode, seed: Option<DiceSeed>, rng: u64) -> PlayedRoom {
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

    fn push(&mut self, event: Event) {
        self.room
            .apply(&event)
            .unwrap_or_else(|error| panic!("{event}: {error}"));
        let seq = self.log.len() as u64 + 1;
        self.log.push(LogEntry { seq, event });
    }

    fn game(&self) -> &Game {
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

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n as u64) as usize
    }

    fn play(&mut self, play: Play) {
        let seat = self.game().current_seat();
        self.push(Event::Played { seat, play });
    }

    fn roll(&mut self) {
        let game = self.room.game().expect("started").clone();
        let play = game.draw(&mut self.dice()).unwrap();
        self.play(play);
    }

    /// A turn by the engine (the strong level: the optimal table, a few points of noise): its holds as a
    /// player taps them.
    fn engine_turn(&mut self, table: &ValueTable, bot: &mut Bot) {
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
    fn random_turn(&mut self) {
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
    fn pad_turn(&mut self) {
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
    fn undo(&mut self, ways: &[fn(Place) -> Play]) {
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
    fn play_out(mut self, mut turn: impl FnMut(&mut PlayedRoom)) -> PlayedRoom {
        while !self.game().is_over() {
            turn(&mut self);
        }
        if let Some(seed) = &self.seed {
            let seed = seed.to_hex();
            self.push(Event::DiceRevealed { seed });
        }
        self
    }

    fn kept(&self, at: u64) -> KeptGame {
        KeptGame::new(
            &format!("1700000000000-{at}"),
            "Zoë & José's night",
            &self.log,
            1.7e12 + at as f64,
        )
    }
}

fn yahtzee_table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| ValueTable::solve(Rules::new(RulesetId::Yahtzee)))
}

/// A game of Yahtzee with the app's dice, every seat played by the engine; sealed: its dice from a seed.
fn engine_game(players: usize, sealed: bool, seed: u64) -> KeptGame {
    let table = yahtzee_table();
    let mut bot = Bot::new(table, Level::Strong.noise(), seed);
    let rules = Rules::new(RulesetId::Yahtzee);
    let dice_seed = sealed.then(|| DiceSeed::new([seed as u8; 32]));
    let played = PlayedRoom::new(players, rules, DiceMode::App, dice_seed, seed)
        .play_out(|table| table.engine_turn(yahtzee_table(), &mut bot));
    played.kept(players as u64)
}

fn random_game(rules: Rules, players: usize, seed: u64) -> KeptGame {
    let played = PlayedRoom::new(players, rules, DiceMode::App, None, seed).play_out(PlayedRoom::random_turn);
    played.kept(seed)
}

/// Every kind of game, with what it is.
fn every_kind() -> Vec<(&'static str, KeptGame)> {
    let columns = Rules::new(RulesetId::Yam)
        .with_columns(Columns::new(&Column::ALL).unwrap())
        .unwrap();
    let generala = Rules::new(RulesetId::Generala)
        .with_house(HouseRules {
            first_roll_bonus: 10,
            first_roll_wins: true,
            double: true,
            ace_after_six: true,
        })
        .unwrap();
    let pad = PlayedRoom::new(3, Rules::new(RulesetId::Yahtzee), DiceMode::Pad, None, 5)
        .play_out(PlayedRoom::pad_turn);
    let undone = PlayedRoom::new(2, Rules::new(RulesetId::Yatzy), DiceMode::App, None, 6).play_out(|table| {
        table.random_turn();
        if table.below(4) == 0 {
            table.undo(&[Play::Score, Play::CrossOut]);
        }
    });
    let log = undone.kept(14).exported().unwrap().log.unwrap();
    assert!(log.contains(" undo\n"), "a box taken back");
    let sealed = Some(DiceSeed::new([3; 32]));
    let mut taken_over = PlayedRoom::new(2, Rules::new(RulesetId::Yahtzee), DiceMode::App, sealed, 7);
    taken_over.random_turn();
    taken_over.push(Event::TakenOver {
        seat: 1,
        level: Level::Casual,
        one_turn: true,
    });
    vec![
        ("yahtzee, 1 player", engine_game(1, false, 1)),
        ("yahtzee, 4 players", engine_game(4, false, 4)),
        ("yahtzee, sealed, 2 players", engine_game(2, true, 2)),
        ("yatzy", random_game(Rules::new(RulesetId::Yatzy), 3, 8)),
        ("yam, five columns", random_game(columns, 2, 9)),
        ("generala", random_game(generala, 4, 10)),
        ("maxi yatzy", random_game(Rules::new(RulesetId::MaxiYatzy), 2, 11)),
        ("yacht", random_game(Rules::new(RulesetId::Yacht), 1, 12)),
        ("score pad", pad.kept(13)),
        ("an undo", undone.kept(14)),
        (
            "sealed, stood in",
            taken_over.play_out(PlayedRoom::random_turn).kept(15),
        ),
    ]
}

#[test]
fn every_kind_of_finished_game_comes_back_from_its_link_exactly() {
    let mut seen = [false; 4];
    for (what, game) in every_kind() {
        let payload = encode(&game).unwrap_or_else(|error| panic!("{what}: {error}"));
        println!("{what}: a payload of {} characters", payload.len());
        assert_eq!(decode(&payload), Ok(game.clone()), "{what}");
        let address = link("https://fivedice.example/", &game).unwrap();
        assert_eq!(address, format!("https://fivedice.example/#replay={payload}"));
        assert_eq!(payload_of(&address), Ok(payload.as_str()));
        assert_eq!(decode(&address), Ok(game.clone()), "{what}");
        let read = game.read().unwrap();
        assert_eq!(
            decode(&payload).unwrap().read().unwrap().game,
            read.game,
            "{what}"
        );
        let log = game.exported().unwrap().log.unwrap();
        for (seen, mark) in seen
            .iter_mut()
            .zip([" announce ", " bonus\n", " enter_dice ", " dice_revealed "])
        {
            *seen |= log.contains(mark);
        }
        // A sealed game's dice check from the link alone.
        if what.contains("sealed") {
            let back = decode(&payload).unwrap().exported().unwrap().log.unwrap();
            let name = RoomName::parse("checked").unwrap();
            assert!(
                matches!(
                    check_dice(name, &read_log(&back).unwrap()),
                    Ok(DiceCheck::Checked { .. })
                ),
                "{what}"
            );
        }
    }
    assert_eq!(
        seen, [true; 4],
        "announcements, a bonus written, dice entered, a seed revealed"
    );
}

#[test]
fn an_eight_player_game_of_yahtzee_fits_in_two_thousand_characters() {
    let mut lengths = Vec::new();
    for (what, game) in [
        ("1 player", engine_game(1, false, 21)),
        ("2 players", engine_game(2, false, 22)),
        ("4 players", engine_game(4, false, 24)),
        ("8 players", engine_game(8, false, 28)),
        ("2 players, sealed", engine_game(2, true, 32)),
        ("8 players, sealed", engine_game(8, true, 38)),
    ] {
        let payload = encode(&game).unwrap();
        let entries = game.exported().unwrap().log.unwrap().lines().count();
        println!("yahtzee, {what}: {entries} entries, {} characters", payload.len());
        assert_eq!(decode(&payload), Ok(game));
        lengths.push(payload.len());
    }
    assert!(lengths[3] <= 2000, "8 players: {} characters", lengths[3]);
    assert!(
        lengths.windows(2).take(3).all(|pair| pair[0] < pair[1]),
        "{lengths:?}"
    );
}

#[test]
fn a_cut_or_changed_link_is_refused_with_its_reason_never_read_as_another_game() {
    let payload = encode(&engine_game(2, false, 41)).unwrap();
    assert_eq!(decode(""), Err(LinkError::NotALink));
    for cut in 1..payload.len() {
        assert_eq!(decode(&payload[..cut]), Err(LinkError::Cut), "cut to {cut}");
    }
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for at in 0..payload.len() {
        let was = ALPHABET
            .iter()
            .position(|&c| c == payload.as_bytes()[at])
            .unwrap();
        for step in [1, 32, 63] {
            let mut changed = payload.clone().into_bytes();
            changed[at] = ALPHABET[(was + step) % 64];
            let changed = String::from_utf8(changed).unwrap();
            assert_eq!(
                decode(&changed),
                Err(LinkError::Damaged),
                "character {at} changed"
            );
        }
    }
    for extra in ["A", "AA", "AAAA"] {
        assert_eq!(
            decode(&format!("{payload}{extra}")),
            Err(LinkError::Damaged),
            "{extra} added"
        );
    }
    assert_eq!(decode(&format!("{payload}!")), Err(LinkError::NotALink));
    assert_eq!(decode("https://fivedice.example/"), Err(LinkError::NotALink));
    for said in [
        LinkError::NotALink,
        LinkError::Cut,
        LinkError::Damaged,
        LinkError::UnknownVersion(9),
    ] {
        assert!(!said.to_string().contains('\n'), "{said}");
    }
}

#[test]
fn only_a_finished_game_numbered_in_order_makes_a_link() {
    let mut table = PlayedRoom::new(2, Rules::new(RulesetId::Yahtzee), DiceMode::App, None, 51);
    table.random_turn();
    let unfinished = table.kept(51);
    assert!(matches!(encode(&unfinished), Err(LinkError::Refused(reason)) if reason.contains("not over")));
    let mut log = table.log.clone();
    log.swap(0, 1);
    assert_eq!(
        encode_log("t", "t", 0.0, &log),
        Err(LinkError::Misnumbered {
            expected: 1,
            found: 2
        })
    );
}
