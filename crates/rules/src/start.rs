//! Who starts: every player rolls one die; the highest starts, and players tied for highest roll again.

use serde::{Deserialize, Serialize};

use crate::dice::DiceSource;
use crate::dice::Face;

/// The roll-off for the first player, kept so the table can see how it went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstPlayerRoll {
    /// Each round: the seats that rolled, with their die. Empty for a single player.
    pub rounds: Vec<Vec<(usize, Face)>>,
    pub first_seat: usize,
}

/// A typed roll-off round with a tie for the highest: those seats roll again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiedRollOff(pub Vec<usize>);

impl FirstPlayerRoll {
    /// The table's own roll-off, typed in: the rounds so far, each the seats that rolled with their die. The
    /// highest of the last round starts; a tie for the highest asks those seats to roll again.
    pub fn typed(rounds: Vec<Vec<(usize, Face)>>) -> Result<FirstPlayerRoll, TiedRollOff> {
        let last = rounds.last().cloned().unwrap_or_default();
        let best = last.iter().map(|&(_, face)| face).max();
        let leaders: Vec<usize> = last
            .iter()
            .filter(|&&(_, face)| Some(face) == best)
            .map(|&(seat, _)| seat)
            .collect();
        match leaders.as_slice() {
            [first_seat] => Ok(FirstPlayerRoll {
                first_seat: *first_seat,
                rounds,
            }),
            _ => Err(TiedRollOff(leaders)),
        }
    }

    pub fn roll(players: usize, source: &mut impl DiceSource) -> FirstPlayerRoll {
        let mut rounds = Vec::new();
        let mut contenders: Vec<usize> = (0..players).collect();
        while contenders.len() > 1 {
            let round: Vec<(usize, Face)> =
                contenders.iter().map(|&seat| (seat, source.roll_die())).collect();
            let best = round.iter().map(|&(_, face)| face).max().unwrap_or(Face::ALL[0]);
            contenders = round
                .iter()
                .filter(|&&(_, face)| face == best)
                .map(|&(seat, _)| seat)
                .collect();
            rounds.push(round);
        }
        FirstPlayerRoll {
            rounds,
            first_seat: contenders.first().copied().unwrap_or(0),
        }
    }
}
