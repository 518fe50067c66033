//! Random command sequences never panic, every refusal leaves the room unchanged, and replaying the
//! accepted events (also through JSON) rebuilds the room exactly.

mod common;

use common::{Script, room_name};
use fivedice_room::{Action, LogEntry, Room, RulesChoice};
use fivedice_rules::{Category, Dice, DiceMode, Joker, Play, RulesetId};
use fivedice_strategy::Level;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Command {
    Join(String),
    Act {
        actor: usize,
        stale_by: u64,
        action: Action,
    },
    /// The action by whichever seat may play now, so random sequences get deep into games.
    OnTurn(Action),
    /// The seat to play scores the first cell the rules offer for its dice (or writes a 0 on a pad).
    ScoreOffered,
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "Anna", "anna", " Ben ", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy"
        ])
        .prop_map(String::from),
        "[a-zA-Z ]{0,34}",
    ]
}

fn action() -> impl Strategy<Value = Action> {
    let category = prop::sample::select(Category::ALL.to_vec());
    let ruleset = prop::sample::select(RulesetId::ALL.to_vec());
    let joker = prop::option::of(prop::sample::select(Joker::ALL.to_vec()));
    let mode = prop_oneof![Just(DiceMode::App), Just(DiceMode::Pad)];
    let dice =
        prop::array::uniform5(1u8..=6).prop_map(|values| Dice::from_values(&values).expect("faces 1 to 6"));
    prop_oneof![
        // Play dominates, so random sequences get deep into games.
        6 => Just(Action::Roll),
        3 => (0usize..6).prop_map(|die| Action::Play(Play::Hold(die))),
        6 => category.clone().prop_map(|category| Action::Play(Play::Score(category.into()))),
        2 => (category.clone(), 0u16..60, any::<bool>())
            .prop_map(|(category, value, bonus)| Action::Play(Play::Write { place: category.into(), value, bonus, first_roll: false })),
        1 => dice.prop_map(|dice| Action::Play(Play::EnterDice(dice))),
        1 => Just(Action::Play(Play::ClearDice)),
        1 => Just(Action::Play(Play::Undo)),
        2 => Just(Action::Start),
        1 => Just(Action::Leave),
        1 => (name(), prop::sample::select(Level::ALL.to_vec())).prop_map(|(name, level)| Action::AddComputer { name, level }),
        1 => (0usize..9).prop_map(|seat| Action::RemoveComputer { seat }),
        1 => (ruleset, joker, prop::option::of(any::<bool>()), mode).prop_map(
            |(ruleset, joker, yahtzee_bonus, dice)| Action::ChooseRules(RulesChoice {joker, yahtzee_bonus, ..RulesChoice::of(ruleset, dice)})
        ),
        1 => (0usize..9, prop::sample::select(Level::ALL.to_vec()), any::<bool>())
            .prop_map(|(seat, level, one_turn)| Action::TakeOver { seat, level, one_turn }),
        1 => (0usize..9).prop_map(|seat| Action::GiveBack { seat }),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        2 => name().prop_map(Command::Join),
        8 => (0usize..9, prop_oneof![8 => Just(0u64), 1 => 1u64..4], action())
            .prop_map(|(actor, stale_by, action)| Command::Act { actor, stale_by, action }),
        8 => action().prop_map(Command::OnTurn),
        8 => Just(Command::ScoreOffered),
    ]
}

/// The seat that may act for the turn now (its own, or the host for a computer).
fn turn_actor(room: &Room) -> usize {
    let Some(seat) = room.seat_to_play() else {
        return 0;
    };
    let all: Vec<usize> = (0..room.seats().len()).collect();
    room.acting_seat(&all).unwrap_or(seat)
}

/// What the seat to play would tap to end its turn: the first offered cell, or a 0 on a pad.
fn offered_score(room: &Room) -> Action {
    let Some(game) = room.game() else {
        return Action::Start;
    };
    match game.scores() {
        Some(scores) => match scores.cells.first() {
            Some(&(category, _)) => Action::Play(Play::Score(category.into())),
            None => Action::Roll,
        },
        None if game.mode() == DiceMode::Pad => {
            let open = game.rules().ruleset().cells.iter().find(|cell| {
                game.sheets()
                    .get(game.current_seat())
                    .is_some_and(|sheet| sheet.is_open(cell.category))
            });
            match open {
                Some(cell) => Action::Play(Play::Write {
                    place: cell.category.into(),
                    value: 0,
                    bonus: false,
                    first_roll: false,
                }),
                None => Action::Roll,
            }
        }
        None => Action::Roll,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_commands_keep_the_room_replayable(
        commands in prop::collection::vec(command(), 1..400),
        faces in prop::collection::vec(1u8..=6, 1..40),
        away in prop::collection::vec(prop::option::of(0u64..300_000), 0..9),
    ) {
        let mut room = Room::new(room_name("Random"));
        let mut log: Vec<LogEntry> = Vec::new();
        let mut outside = Script::new(&faces);
        outside.away = away;
        for command in &commands {
            let before = room.clone();
            let result = match command {
                Command::Join(name) => room.join(name),
                Command::Act { actor, stale_by, action } => {
                    let at = room.seq().saturating_sub(*stale_by);
                    room.act(*actor, at, action, &mut outside)
                }
                Command::OnTurn(action) => room.act(turn_actor(&room), room.seq(), action, &mut outside),
                Command::ScoreOffered => {
                    let action = offered_score(&room);
                    room.act(turn_actor(&room), room.seq(), &action, &mut outside)
                }
            };
            match result {
                Ok(entry) => {
                    prop_assert_eq!(entry.seq, before.seq() + 1);
                    log.push(entry);
                }
                Err(error) => {
                    prop_assert_eq!(&room, &before, "refused {:?} ({}) changed the room", command, error);
                    prop_assert!(!error.to_string().is_empty());
                }
            }
        }
        let replayed = Room::replay(room.name().clone(), &log).expect("the accepted log replays");
        prop_assert_eq!(&replayed, &room);
        let json = serde_json::to_string(&log).expect("serialises");
        let parsed: Vec<LogEntry> = serde_json::from_str(&json).expect("parses");
        prop_assert_eq!(&parsed, &log);
        let replayed = Room::replay(room.name().clone(), &parsed).expect("the parsed log replays");
        prop_assert_eq!(&replayed, &room);
    }
}
