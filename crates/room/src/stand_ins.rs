//! The record of who played: how many of each person's turns a computer standing in for them played, read
//! from the room's log for the standings at the end of a game ("Cat · 9 of 13 turns by a computer"). A turn counts once its box is written for the seat while a computer stands in, and stops
//! counting if that box is taken back.

use fivedice_rules::{Play, Undoable};

use crate::error::RoomError;
use crate::name::RoomName;
use crate::room::{Event, LogEntry, Room};

/// Per seat, the turns a computer standing in played, as the log `entries` of room `name` tells.
pub fn computer_turns(name: RoomName, entries: &[LogEntry]) -> Result<Vec<usize>, RoomError> {
    let mut room = Room::new(name);
    let mut turns: Vec<usize> = Vec::new();
    // The game log's places of the boxes a computer wrote, with their seats.
    let mut by_computer: Vec<(usize, usize)> = Vec::new();
    for entry in entries {
        let taken_back = match (&entry.event, room.game().map(|game| game.undoable())) {
            (Event::Played { play: Play::Undo, .. }, Some(Ok(Undoable::Entry(place)))) => Some(place),
            _ => None,
        };
        let stood_in = match &entry.event {
            Event::Played { seat, play } if play.writes_a_box() => room
                .seats()
                .get(*seat)
                .filter(|person| person.stand_in.is_some())
                .map(|_| *seat),
            _ => None,
        };
        room.apply_entry(entry)?;
        turns.resize(room.seats().len(), 0);
        if let Some(place) = taken_back
            && let Some(at) = by_computer.iter().position(|(written, _)| *written == place)
        {
            let (_, seat) = by_computer.remove(at);
            turns[seat] = turns[seat].saturating_sub(1);
        }
        // The box just written is the one an undo would take back now.
        if let (Some(seat), Some(Ok(Undoable::Entry(place)))) =
            (stood_in, room.game().map(|game| game.undoable()))
        {
            by_computer.push((place, seat));
            turns[seat] += 1;
        }
    }
    Ok(turns)
}
