//! The entries' tests: any sequence of events reads back exactly, and a turn's plays take a few bits.

use fivedice_rules::{Category, Column, FirstPlayerRoll, Place, Rules, RulesetId};
use fivedice_strategy::Level;
use proptest::prelude::*;

use super::*;

fn round_trip(dice: usize, events: &[Event]) -> (Vec<Event>, usize) {
    let mut out = BitWriter::new();
    let mut entries = Entries::new(dice);
    for event in events {
        entries.write(&mut out, event);
    }
    let bytes = out.into_bytes();
    let mut input = BitReader::new(&bytes);
    let mut entries = Entries::new(dice);
    let read = events.iter().map(|_| entries.read(&mut input).unwrap()).collect();
    assert!(input.at_padding());
    (read, bytes.len())
}

fn dice(count: usize) -> impl Strategy<Value = Dice> {
    proptest::collection::vec(0usize..6, count).prop_map(|faces| {
        Dice::from_faces(&faces.iter().map(|&face| Face::ALL[face]).collect::<Vec<_>>()).unwrap()
    })
}

fn place() -> impl Strategy<Value = Place> {
    (0usize..30, 0usize..5)
        .prop_map(|(category, column)| Place::new(Column::ALL[column], Category::ALL[category]))
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![
        dice(5).prop_map(Play::Roll),
        dice(6).prop_map(Play::Roll),
        (0usize..10).prop_map(Play::Hold),
        (0usize..10).prop_map(Play::Release),
        place().prop_map(Play::Score),
        place().prop_map(Play::CrossOut),
        (place(), any::<u16>(), any::<bool>(), any::<bool>()).prop_map(
            |(place, value, bonus, first_roll)| {
                Play::Write {
                    place,
                    value,
                    bonus,
                    first_roll,
                }
            }
        ),
        dice(5).prop_map(Play::EnterDice),
        Just(Play::ClearDice),
        (0usize..30).prop_map(|category| Play::Announce(Category::ALL[category])),
        Just(Play::Undo),
        (0usize..4).prop_map(|first_seat| Play::FirstPlayer(FirstPlayerRoll {
            rounds: Vec::new(),
            first_seat
        })),
    ]
}

fn roll_off() -> impl Strategy<Value = FirstPlayerRoll> {
    let round = proptest::collection::vec((0usize..12, 0usize..6), 0..5);
    (proptest::collection::vec(round, 0..4), 0usize..12).prop_map(|(rounds, first_seat)| FirstPlayerRoll {
        rounds: rounds
            .into_iter()
            .map(|round| {
                round
                    .into_iter()
                    .map(|(seat, face)| (seat, Face::ALL[face]))
                    .collect()
            })
            .collect(),
        first_seat,
    })
}

fn event() -> impl Strategy<Value = Event> {
    let seed = prop_oneof!["[0-9a-f]{64}", "[0-9a-fA-F]{0,70}"];
    prop_oneof![
        6 => (0usize..10, play()).prop_map(|(seat, play)| Event::Played { seat, play }),
        1 => (0usize..10, "[^\n]{1,12}", any::<bool>(), proptest::option::of(0usize..4)).prop_map(
            |(seat, name, computer, level)| Event::Joined { seat, name, computer, level: level.map(|level| LEVELS[level]) }
        ),
        1 => (0usize..RulesetId::ALL.len(), any::<bool>()).prop_map(|(ruleset, pad)| Event::RulesChosen {
            rules: Rules::new(RulesetId::ALL[ruleset]),
            dice: if pad { DiceMode::Pad } else { DiceMode::App },
        }),
        1 => (roll_off(), proptest::option::of(seed.clone())).prop_map(|(first_player_roll, dice_commitment)| {
            Event::Started { first_player_roll, dice_commitment }
        }),
        1 => seed.prop_map(|seed| Event::DiceRevealed { seed }),
        1 => (0usize..10).prop_map(|seat| Event::Left { seat }),
        1 => (0usize..10, any::<bool>()).prop_map(|(seat, one_turn)| Event::TakenOver { seat, level: Level::Strong, one_turn }),
        1 => (0usize..10).prop_map(|seat| Event::GivenBack { seat }),
        1 => (0usize..10).prop_map(|seat| Event::HandedOver { seat }),
    ]
}

proptest! {
    /// Any sequence of events, whatever their order (the codec checks no rule: the replay does), reads
    /// back exactly: compact codes and text alike.
    #[test]
    fn random_events_read_back_exactly(dice in 5usize..=6, events in proptest::collection::vec(event(), 0..60)) {
        prop_assert_eq!(round_trip(dice, &events).0, events);
    }
}

#[test]
fn the_common_plays_of_a_turn_take_a_few_bits() {
    let played = |seat, play| Event::Played { seat, play };
    let roll = Play::Roll("3 5 2 6 1".parse().unwrap());
    // A roll by the next seat: 1 + 2 + 13 bits; a hold by the same seat: 2 + 1 + 1 + 3; a roll by it: 1 +
    // 1 + 13; a score: 3 + 1 + 5 + 1. 48 bits: six bytes.
    let turn = [
        played(1, roll.clone()),
        played(1, Play::Hold(4)),
        played(1, roll),
        played(1, Play::Score(Category::Chance.into())),
    ];
    assert_eq!(round_trip(5, &turn), (turn.to_vec(), 6));
}

#[test]
fn a_seat_beyond_any_table_is_unreadable_not_a_panic() {
    let mut out = BitWriter::new();
    // A hold by seat usize::MAX, then a roll by the seat after it.
    out.number(0b10_11, 4);
    out.varint(usize::MAX as u64, 3);
    out.number(0b0_000, 4);
    out.number(0b0_10, 3);
    out.number(0, 13);
    let bytes = out.into_bytes();
    let mut input = BitReader::new(&bytes);
    let mut entries = Entries::new(5);
    assert!(entries.read(&mut input).is_ok());
    assert!(matches!(entries.read(&mut input), Err(LinkError::Unreadable(_))));
}
