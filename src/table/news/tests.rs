use fivedice_room::{Action, Event, LogEntry, Outside, Room, RoomName};
use fivedice_rules::{Category, Column, DiceMode, Face, Place, Play, Rules, RulesetId};

use super::{News, news};

/// Dice from a script, in order.
struct Script(Vec<u8>);

impl Outside for Script {
    fn roll_die(&mut self) -> Face {
        Face::new(self.0.remove(0)).expect("a face")
    }

    fn away_ms(&self, _seat: usize) -> Option<u64> {
        None
    }
}

/// A room of Alice and Bob at `rules` (app dice), started on a roll-off of 5 against 1, then `faces` to roll.
fn started(rules: RulesetId, faces: &[u8]) -> (Room, Script) {
    let mut room = Room::new(RoomName::parse("news").expect("a name"));
    room.join("Alice").expect("Alice joins");
    room.join("Bob").expect("Bob joins");
    let mut dice = Script([&[5, 1], faces].concat());
    let choose = Action::choosing(Rules::new(rules), DiceMode::App);
    for action in [choose, Action::Start] {
        room.act(0, room.seq(), &action, &mut dice).expect("accepted");
    }
    (room, dice)
}

/// What `seat`'s `action` told the table; the room moves on.
fn told(room: &mut Room, dice: &mut Script, seat: usize, action: Action) -> Vec<News> {
    let before = room.clone();
    let LogEntry { event, .. } = room.act(seat, room.seq(), &action, dice).expect("accepted");
    news(&before, &event, room)
}

fn play(play: Play) -> Action {
    Action::Play(play)
}

#[test]
fn the_start_tells_the_roll_off_and_who_starts() {
    let mut room = Room::new(RoomName::parse("news").expect("a name"));
    room.join("Alice").expect("Alice joins");
    room.join("Bob").expect("Bob joins");
    let mut dice = Script(vec![2, 6]);
    let choose = Action::choosing(Rules::new(RulesetId::Yahtzee), DiceMode::App);
    room.act(0, room.seq(), &choose, &mut dice).expect("chosen");
    let told = told(&mut room, &mut dice, 0, Action::Start);
    let [News::Starts(roll)] = told.as_slice() else {
        panic!("{told:?}")
    };
    assert_eq!(roll.first_seat, 1);
    assert_eq!(roll.rounds.len(), 1);
}

#[test]
fn a_roll_tells_the_faces_in_order_and_those_held_through_it() {
    let (mut room, mut dice) = started(RulesetId::Yahtzee, &[4, 6, 1, 2, 6, 3, 5, 1]);
    let first = told(&mut room, &mut dice, 0, Action::Roll);
    assert_eq!(
        first,
        [News::Rolled {
            seat: 0,
            faces: vec![4, 6, 1, 2, 6],
            held: vec![]
        }]
    );
    assert_eq!(
        told(&mut room, &mut dice, 0, play(Play::Hold(1))),
        [News::Held { die: 1, face: 6 }]
    );
    told(&mut room, &mut dice, 0, play(Play::Hold(4)));
    told(&mut room, &mut dice, 0, play(Play::Hold(0)));
    assert_eq!(
        told(&mut room, &mut dice, 0, play(Play::Release(0))),
        [News::Released { die: 0, face: 4 }]
    );
    let second = told(&mut room, &mut dice, 0, Action::Roll);
    assert_eq!(
        second,
        [News::Rolled {
            seat: 0,
            faces: vec![3, 6, 5, 1, 6],
            held: vec![6, 6]
        }]
    );
}

#[test]
fn a_box_written_tells_its_points_and_whose_turn_follows_and_an_undo_what_it_gave_back() {
    let (mut room, mut dice) = started(RulesetId::Yahtzee, &[4, 4, 1, 4, 6]);
    told(&mut room, &mut dice, 0, Action::Roll);
    let fours = Place::new(Column::Free, Category::Fours);
    let wrote = told(&mut room, &mut dice, 0, play(Play::Score(fours)));
    assert_eq!(
        wrote,
        [
            News::Wrote {
                seat: 0,
                place: fours,
                points: 12
            },
            News::Turn { seat: 1 }
        ]
    );
    let undone = told(&mut room, &mut dice, 0, play(Play::Undo));
    assert_eq!(
        undone,
        [News::Undone {
            seat: 0,
            category: Category::Fours,
            points: Some(12)
        }]
    );
}

#[test]
fn a_servida_ends_the_game_on_the_roll_and_says_who_won() {
    let (mut room, mut dice) = started(RulesetId::Generala, &[3, 3, 3, 3, 3]);
    let told = told(&mut room, &mut dice, 0, Action::Roll);
    assert_eq!(
        told,
        [
            News::Rolled {
                seat: 0,
                faces: vec![3; 5],
                held: vec![]
            },
            News::WonOnFirstRoll { seat: 0 }
        ]
    );
}

#[test]
fn the_last_box_tells_the_winner_and_their_total_instead_of_a_next_turn() {
    // Yacht, one box each left: Alice 5 dice of 6 in Yacht… the game is played to its last box.
    let (mut room, mut dice) = started(RulesetId::Yacht, &[6; 5 * 24]);
    let mut last = Vec::new();
    while room.game().is_some_and(|game| !game.is_over()) {
        let seat = room.seat_to_play().expect("a seat to play");
        told(&mut room, &mut dice, seat, Action::Roll);
        let game = room.game().expect("a game");
        let (cell, _) = game
            .scores()
            .expect("scores")
            .cells
            .into_iter()
            .next()
            .expect("an open box");
        last = told(&mut room, &mut dice, seat, play(Play::Score(cell.into())));
    }
    let game = room.game().expect("a game");
    let best = game
        .standings()
        .into_iter()
        .map(|standing| standing.total)
        .max()
        .expect("a total");
    // Both wrote the same boxes with the same dice: a tie.
    assert_eq!(
        last.last(),
        Some(&News::Over {
            winners: vec![0, 1],
            total: best
        })
    );
    assert!(!last.iter().any(|news| matches!(news, News::Turn { .. })));
}

#[test]
fn what_tells_nothing_says_nothing() {
    let (room, _) = started(RulesetId::Yahtzee, &[]);
    let before = room.clone();
    assert_eq!(news(&before, &Event::Left { seat: 1 }, &room), []);
}
