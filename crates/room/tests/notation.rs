//! Every event reads back from the notation exactly as written, names included (any text, on one line); a
//! whole room's log, written and read back, replays to the same room.

use fivedice_room::{Event, Room, RoomName};
use fivedice_rules::{Column, Columns, DiceMode, Face, FirstPlayerRoll, Play, Rules, RulesetId};
use fivedice_strategy::Level;
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Rules> {
    let yam = Rules::new(RulesetId::Yam)
        .with_columns(Columns::new(&[Column::Down, Column::Free, Column::Up]).unwrap())
        .unwrap();
    prop_oneof![
        prop::sample::select(RulesetId::ALL.to_vec()).prop_map(Rules::new),
        Just(yam),
    ]
}

fn face() -> impl Strategy<Value = Face> {
    prop::sample::select(Face::ALL.to_vec())
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![
        prop::array::uniform5(face()).prop_map(|faces| Play::Roll(fivedice_rules::Dice::new(faces))),
        (0usize..5).prop_map(Play::Hold),
        Just(Play::Undo),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let roll = (
        0usize..6,
        prop::collection::vec(prop::collection::vec((0usize..6, face()), 1..4), 0..3),
    )
        .prop_map(|(first_seat, rounds)| FirstPlayerRoll { rounds, first_seat });
    prop_oneof![
        (
            0usize..8,
            any::<String>(),
            any::<bool>(),
            prop::option::of(prop::sample::select(Level::ALL.to_vec()))
        )
            .prop_map(|(seat, name, computer, level)| Event::Joined {
                seat,
                name,
                computer,
                level
            }),
        (0usize..8).prop_map(|seat| Event::Left { seat }),
        (rules(), prop::sample::select(vec![DiceMode::App, DiceMode::Pad]))
            .prop_map(|(rules, dice)| Event::RulesChosen { rules, dice }),
        (roll, prop::option::of("[0-9a-f]{64}")).prop_map(|(first_player_roll, dice_commitment)| {
            Event::Started {
                first_player_roll,
                dice_commitment,
            }
        }),
        "[0-9a-f]{64}".prop_map(|seed| Event::DiceRevealed { seed }),
        (
            0usize..8,
            prop::sample::select(Level::ALL.to_vec()),
            any::<bool>()
        )
            .prop_map(|(seat, level, one_turn)| Event::TakenOver {
                seat,
                level,
                one_turn
            }),
        (0usize..8).prop_map(|seat| Event::GivenBack { seat }),
        (0usize..8).prop_map(|seat| Event::HandOverOffered { seat }),
        (0usize..8).prop_map(|seat| Event::HandedOver { seat }),
        (0usize..8, play()).prop_map(|(seat, play)| Event::Played { seat, play }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn an_event_reads_back_as_written_on_one_line(event in event()) {
        let written = event.to_string();
        prop_assert!(!written.contains('\n') && !written.contains('\r'));
        prop_assert_eq!(written.parse::<Event>(), Ok(event));
    }

    #[test]
    fn anything_else_is_refused_never_a_panic(text in any::<String>()) {
        let _ = text.parse::<Event>();
    }
}

#[test]
fn a_rooms_log_written_and_read_back_replays_to_the_same_room() {
    let name = RoomName::parse("friday").unwrap();
    let events = [
        "joined 0 person Anna",
        "joined 1 computer:optimal Computer \\\\ 1",
        "rules_chosen app yahtzee forced bonus free",
        "started 1 0:3,1:5",
        "played 1 roll 6,6,6,5,4",
        "played 1 hold 0",
    ];
    let mut room = Room::new(name.clone());
    for written in events {
        let event: Event = written.parse().unwrap();
        assert_eq!(event.to_string(), written);
        room.apply(&event).unwrap();
    }
    assert_eq!(room.seats()[1].name, "Computer \\ 1");
    assert!(room.game().unwrap().turn().held[0]);
    for refused in [
        "joined 0 robot Anna",
        "joined x person A",
        "rules_chosen dice yam",
        "played 0",
        "sat 1",
    ] {
        assert_eq!(refused.parse::<Event>().unwrap_err().text, refused);
    }
}
