//! The history keeps its newest games whole and older ones as their sheets only: for every game of the family,
//! played at random with the app's dice, the sheets alone make the same sheets, totals and standings, take
//! less space, read back as text, and are never made twice.

use fivedice_rules::{
    Column, Columns, DiceMode, Face, FirstPlayerRoll, Game, HouseRules, Joker, Place, Play, Rules, RulesetId,
};
use fivedice_saved::{
    ExportedGame, FinishedGame, GAMES_KEPT_WHOLE, KeptGame, SavedHistory, history_from_text, history_to_text,
    keep_older_as_sheets, log_of,
};
use fivedice_strategy::Rng;

/// One seed drives a whole game: the computer players' generator picks the moves too.
struct Chooser(Rng);

impl Chooser {
    fn next(&mut self, below: usize) -> usize {
        self.0.below(below as u64) as usize
    }
}

/// Every kind of sheet the family plays, with each option that changes how a box is written.
fn every_rules() -> Vec<Rules> {
    let mut rules = Vec::new();
    for ruleset in [RulesetId::Yahtzee, RulesetId::Yardzee] {
        for joker in Joker::ALL {
            for bonus in [false, true] {
                rules.push(Rules::with_options(ruleset, joker, bonus).unwrap());
            }
        }
    }
    for ruleset in RulesetId::ALL {
        rules.push(Rules::new(ruleset));
    }
    rules.push(
        Rules::new(RulesetId::Yam)
            .with_columns(Columns::new(&Column::ALL).unwrap())
            .unwrap(),
    );
    rules.push(
        Rules::new(RulesetId::Generala)
            .with_house(HouseRules {
                first_roll_bonus: 10,
                first_roll_wins: false,
                double: false,
                ace_after_six: true,
            })
            .unwrap(),
    );
    rules
}

/// Every box of the sheet, in every column.
fn places(game: &Game) -> Vec<Place> {
    let ruleset = game.rules().ruleset();
    game.rules()
        .columns()
        .iter()
        .flat_map(|column| {
            ruleset
                .cells
                .iter()
                .map(move |cell| Place::new(column, cell.category))
        })
        .collect()
}

/// A whole game with the app's dice, each turn one to three rolls (and, now and then, an announcement), then
/// the first box the rules take from a random start: scored, or else crossed out. Three turns in four roll
/// three times holding the face most rolled. A `lucky` game's dice always come all alike (a face a turn), so
/// that every five of a kind after the first earns its bonus where the rules pay one.
fn played(rules: Rules, players: usize, chooser: &mut Chooser, lucky: bool) -> Game {
    let names: Vec<String> = (0..players).map(|seat| format!("Player {seat}")).collect();
    let mut game = Game::new(rules, DiceMode::App, &names, chooser.next(players)).unwrap();
    let places = places(&game);
    let categories: Vec<_> = rules.ruleset().cells.iter().map(|cell| cell.category).collect();
    while !game.is_over() {
        let for_five_alike = chooser.next(4) != 0;
        let rolls = if for_five_alike { 3 } else { 1 + chooser.next(3) };
        for roll in 0..rolls {
            if roll == 1 && chooser.next(3) == 0 {
                let _ = game.play(&Play::Announce(categories[chooser.next(categories.len())]));
            }
            let most = game.turn().dice.map(|dice| {
                let faces = dice.faces();
                let count = |face: &Face| faces.iter().filter(|&other| other == face).count();
                *faces.iter().max_by_key(|face| count(face)).unwrap()
            });
            for die in 0..game.dice() {
                let hold = match most {
                    Some(most) if for_five_alike => game.turn().dice.unwrap().faces()[die] == most,
                    Some(_) => chooser.next(2) == 1,
                    None => false,
                };
                if hold {
                    let _ = game.play(&Play::Hold(die));
                }
            }
            let turn_face = Face::ALL[game.log().len() % 6];
            let Ok(draw) = game.draw(&mut || {
                if lucky {
                    turn_face
                } else {
                    Face::ALL[chooser.next(6)]
                }
            }) else {
                break;
            };
            game.play(&draw).unwrap();
        }
        // Five alike go to their own box first, where it is open: the bonus needs it written.
        let five_alike = game
            .turn()
            .dice
            .is_some_and(|dice| dice.counts().all_alike().is_some());
        let all_alike_cell = rules.ruleset().all_alike_cell();
        let start = chooser.next(places.len());
        let first = places
            .iter()
            .copied()
            .filter(|place| five_alike && place.category == all_alike_cell);
        let written = first
            .chain((0..places.len()).map(|at| places[(start + at) % places.len()]))
            .flat_map(|place| [Play::Score(place), Play::CrossOut(place)])
            .any(|play| game.play(&play).is_ok());
        assert!(written, "some box takes the turn: {game:?}");
    }
    game
}

fn kept(game: &Game, at: usize) -> KeptGame {
    let table_id = format!("1700000000000-{at}");
    let roll_off = FirstPlayerRoll {
        rounds: Vec::new(),
        first_seat: game.first_seat(),
    };
    let log = log_of(&table_id, game, &roll_off).unwrap();
    KeptGame::new(&table_id, "Friday night", &log, 1.7e12 - at as f64)
}

fn size(game: &KeptGame) -> usize {
    history_to_text(std::slice::from_ref(game)).len()
}

#[test]
fn a_game_kept_as_its_sheets_reads_as_the_same_game_in_less_space() {
    let mut chooser = Chooser(Rng::new(43));
    let mut sizes = (0, 0);
    // How often the boxes that a sheet alone could get wrong were written: with a bonus, on a first roll,
    // in the announced column.
    let mut seen = (0, 0, 0);
    for rules in every_rules() {
        for (players, lucky) in [(1, true), (1, false), (2, false), (4, false)] {
            let game = played(rules, players, &mut chooser, lucky);
            for entry in game.log() {
                seen.0 += usize::from(entry.bonus);
                seen.1 += usize::from(entry.first_roll);
                seen.2 += usize::from(entry.column == Column::Announced);
            }
            let whole = kept(&game, players);
            assert!(whole.keeps_dice());
            let sheets = whole
                .sheets_only()
                .unwrap_or_else(|reason| panic!("{rules:?}: {reason}"));
            let read: FinishedGame = sheets.read().unwrap();
            assert_eq!(read.game.mode(), DiceMode::Pad, "{rules:?}");
            assert_eq!(read.game.rules(), rules);
            assert_eq!(read.game.players(), game.players());
            assert_eq!(read.game.sheets(), game.sheets(), "{rules:?}");
            assert_eq!(read.game.standings(), game.standings(), "{rules:?}");
            let boxes = |game: &Game| -> Vec<_> {
                game.log()
                    .iter()
                    .map(|entry| (entry.place(), entry.points, entry.bonus, entry.first_roll))
                    .collect()
            };
            assert_eq!(boxes(&read.game), boxes(&game), "{rules:?}");
            for seat in 0..players {
                assert_eq!(read.game.totals(seat), game.totals(seat), "{rules:?}");
            }
            assert_eq!(
                (read.table_id, read.table_name, read.finished_ms),
                (
                    whole.table_id.clone(),
                    whole.table_name.clone(),
                    whole.finished_ms
                )
            );
            assert!(size(&sheets) < size(&whole), "{rules:?}");
            // Kept so, there is nothing more to leave out.
            assert!(!sheets.keeps_dice());
            assert!(sheets.sheets_only().is_err());
            sizes = (sizes.0 + size(&whole), sizes.1 + size(&sheets));
        }
    }
    assert!(seen.0 > 0 && seen.1 > 0 && seen.2 > 0, "{seen:?}");
    // Over the family, the sheets take well under half the space of the whole games.
    assert!(sizes.1 * 2 < sizes.0, "{sizes:?}");
}

#[test]
fn only_the_games_beyond_the_newest_are_kept_as_sheets_and_a_game_that_is_not_whole_stays() {
    let mut chooser = Chooser(Rng::new(7));
    let rules = Rules::new(RulesetId::Yahtzee);
    let mut games: Vec<KeptGame> = (0..GAMES_KEPT_WHOLE + 3)
        .map(|at| kept(&played(rules, 2, &mut chooser, false), at))
        .collect();
    // One older game played on a pad, and one the rules do not finish, stay as they are.
    let pad = Game::new(rules, DiceMode::Pad, &["Ann", "Bo"], 0).unwrap();
    let unfinished = kept(&pad, GAMES_KEPT_WHOLE + 3);
    games.push(unfinished.clone());
    let before = games.clone();
    assert_eq!(keep_older_as_sheets(&mut games), 3);
    assert_eq!(games[..GAMES_KEPT_WHOLE], before[..GAMES_KEPT_WHOLE]);
    for (now, was) in games[GAMES_KEPT_WHOLE..GAMES_KEPT_WHOLE + 3]
        .iter()
        .zip(&before[GAMES_KEPT_WHOLE..])
    {
        assert_eq!(now, &was.sheets_only().unwrap());
        assert_eq!(
            now.read().unwrap().game.standings(),
            was.read().unwrap().game.standings()
        );
    }
    assert_eq!(games.last(), Some(&unfinished));
    assert_eq!(keep_older_as_sheets(&mut games), 0, "nothing is made twice");
    match history_from_text(&history_to_text(&games)) {
        Ok(SavedHistory::Current(read)) => assert_eq!(read, games),
        _ => panic!("the history reads back"),
    }
}

/// A game in which a computer stood in for a person reads back with the turns it played for them: the history
/// and the statistics say so.
#[test]
fn a_game_a_computer_stood_in_for_reads_back_with_the_turns_it_played() {
    let mut chooser = Chooser(Rng::new(7));
    let game = played(Rules::new(RulesetId::Yahtzee), 2, &mut chooser, false);
    let whole = kept(&game, 1).read().expect("reads");
    assert!(whole.computer_turns.is_empty(), "nobody stood in");
    let roll_off = FirstPlayerRoll {
        rounds: Vec::new(),
        first_seat: game.first_seat(),
    };
    let mut log = log_of("1700000000000-2", &game, &roll_off).unwrap();
    // Seat 1's device went away just after the start, and a computer played all its turns.
    let started = log
        .iter()
        .position(|entry| matches!(entry.event, fivedice_room::Event::Started { .. }))
        .expect("a start");
    log.insert(
        started + 1,
        fivedice_room::LogEntry {
            seq: 0,
            event: fivedice_room::Event::TakenOver {
                seat: 1,
                level: fivedice_room::STAND_IN,
                one_turn: false,
            },
        },
    );
    for (at, entry) in log.iter_mut().enumerate() {
        entry.seq = at as u64 + 1;
    }
    let stood_in = KeptGame::new("1700000000000-2", "Friday night", &log, 1.7e12)
        .read()
        .expect("reads");
    assert_eq!(stood_in.computer_turns, [0, 13]);
    assert_eq!(stood_in.game, whole.game);
}

#[test]
fn a_game_kept_from_a_link_stays_marked_as_shared_in_the_history_and_in_a_file() {
    let mut chooser = Chooser(Rng::new(9));
    let mine = kept(&played(Rules::new(RulesetId::Yahtzee), 2, &mut chooser, false), 1);
    let theirs = kept(&played(Rules::new(RulesetId::Yatzy), 3, &mut chooser, false), 2).as_shared();
    assert!(!mine.shared && theirs.shared);
    let text = history_to_text(&[mine.clone(), theirs.clone()]);
    let SavedHistory::Current(read) = history_from_text(&text).unwrap() else {
        panic!("text")
    };
    assert_eq!(read, vec![mine, theirs.clone()]);
    // A file carries the mark too; one without it (before marks) reads as not shared.
    let exported = theirs.exported().unwrap();
    assert_eq!(KeptGame::from_exported(&exported).unwrap(), theirs);
    let json = serde_json::to_string(&exported).unwrap();
    assert!(json.contains("\"shared\":true"));
    let unmarked: ExportedGame = serde_json::from_str(&json.replace(",\"shared\":true", "")).unwrap();
    assert!(!KeptGame::from_exported(&unmarked).unwrap().shared);
    // A mark anywhere but right after its game's line is refused, never taken for another game's.
    let misplaced = text
        .replacen("shared\n", "", 1)
        .replacen("event", "shared\nevent", 2);
    assert!(history_from_text(&misplaced).is_err());
}
