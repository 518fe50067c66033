//! What an entry of a room's log tells the table, as a person would say it aloud: "Alice rolled 4, 6, 1, 2, 6",
//! "Alice wrote 12 in Fours", "Bob's turn". Read from the room before and after the entry, so that a move made
//! here, by a computer or on another device is told alike. The words are the announcer's (in its chunk).

use fivedice_room::{Event, Room};
use fivedice_rules::{Category, FirstPlayerRoll, Game, Place, Play, Undoable};

/// One thing that happened at the table, in seats, boxes and faces (no language yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// Who starts: the roll-off's rounds (none where nobody rolled) and the first player.
    Starts(FirstPlayerRoll),
    /// The dice after a roll, in order, and the faces that were held through it.
    Rolled {
        seat: usize,
        faces: Vec<u8>,
        held: Vec<u8>,
    },
    /// A die held (die numbered from 0) with its face.
    Held {
        die: usize,
        face: u8,
    },
    Released {
        die: usize,
        face: u8,
    },
    /// A score pad: the dice rolled for real, typed in.
    Entered {
        seat: usize,
        faces: Vec<u8>,
    },
    /// Column Yam: the box the turn will end in.
    Announced {
        seat: usize,
        category: Category,
    },
    Wrote {
        seat: usize,
        place: Place,
        points: u16,
    },
    CrossedOut {
        seat: usize,
        place: Place,
    },
    /// An undo: the box given back with its points, or (column Yam) an announcement taken back.
    Undone {
        seat: usize,
        category: Category,
        points: Option<u16>,
    },
    /// The turn passed to this seat.
    Turn {
        seat: usize,
    },
    /// Five alike on a turn's first roll won the game at once (Generala's servida).
    WonOnFirstRoll {
        seat: usize,
    },
    /// The game is over: the winners (several on a tie) and their total.
    Over {
        winners: Vec<usize>,
        total: u16,
    },
}

/// What `event` told the table, given the room just `before` it and just `after` it.
pub fn news(before: &Room, event: &Event, after: &Room) -> Vec<News> {
    let mut told = Vec::new();
    let (game_before, Some(game)) = (before.game(), after.game()) else {
        return told;
    };
    match event {
        Event::Started {
            first_player_roll, ..
        } if game.players().len() > 1 => {
            told.push(News::Starts(first_player_roll.clone()));
        }
        Event::Played { seat, play } => told.extend(played(*seat, play, game_before, game)),
        _ => {}
    }
    let ended = game.is_over() && !game_before.is_some_and(Game::is_over);
    if ended {
        told.push(over(game));
    } else if matches!(told.last(), Some(News::Wrote { .. } | News::CrossedOut { .. })) {
        told.push(News::Turn {
            seat: game.current_seat(),
        });
    }
    told
}

/// What a play told: `before` is the game as it was (none before it started), `after` as it is.
fn played(seat: usize, play: &Play, before: Option<&Game>, after: &Game) -> Option<News> {
    let faces = |game: &Game| {
        game.turn()
            .dice
            .map(|dice| dice.faces().iter().map(|face| face.value()).collect())
    };
    let face_of = |die: usize| faces(after).and_then(|faces: Vec<u8>| faces.get(die).copied());
    Some(match play {
        Play::Roll(dice) => {
            let held = before.map(|game| game.turn().held).unwrap_or_default();
            let faces: Vec<u8> = dice.faces().iter().map(|face| face.value()).collect();
            let held = faces
                .iter()
                .zip(held)
                .filter(|(_, held)| *held)
                .map(|(face, _)| *face)
                .collect();
            News::Rolled { seat, faces, held }
        }
        Play::Hold(die) => News::Held {
            die: *die,
            face: face_of(*die)?,
        },
        Play::Release(die) => News::Released {
            die: *die,
            face: face_of(*die)?,
        },
        Play::EnterDice(_) => News::Entered {
            seat,
            faces: faces(after)?,
        },
        Play::Announce(category) => News::Announced {
            seat,
            category: *category,
        },
        Play::Score(_) | Play::Write { .. } => {
            let entry = after.log().last()?;
            News::Wrote {
                seat,
                place: entry.place(),
                points: entry.points,
            }
        }
        Play::CrossOut(place) => News::CrossedOut { seat, place: *place },
        Play::Undo => match before?.undoable().ok()? {
            Undoable::Announcement(category) => News::Undone {
                seat,
                category,
                points: None,
            },
            Undoable::Entry(index) => {
                let before = before?;
                let entry = before.log().get(index)?;
                News::Undone {
                    seat: before.seat_of_entry(index),
                    category: entry.category,
                    points: Some(entry.points),
                }
            }
        },
        Play::FirstPlayer(roll) => News::Starts(roll.clone()),
        Play::ClearDice => return None,
    })
}

/// The game's end: a servida's winner, or the best total and who made it.
fn over(game: &Game) -> News {
    if let Some(seat) = game.won_on_first_roll() {
        return News::WonOnFirstRoll { seat };
    }
    let standings = game.standings();
    let winners = standings
        .iter()
        .filter(|standing| standing.winner)
        .map(|standing| standing.seat)
        .collect();
    let total = standings.iter().map(|standing| standing.total).max().unwrap_or(0);
    News::Over { winners, total }
}

#[cfg(test)]
mod tests;
