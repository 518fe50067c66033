//! What a cell asks of the dice, and what it pays: the small pure functions every ruleset is built from.

use serde::Serialize;

use crate::dice::{DICE, Face, FaceCounts};

/// The shape of dice a cell asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Pattern {
    /// Any dice; the dice showing `face` count (Aces to Sixes).
    Face { face: Face },
    /// At least `count` dice showing one face.
    OfAKind { count: u8 },
    /// Two different faces, each on at least two dice (the highest two where six dice show three).
    TwoPairs,
    /// Three different faces, each on two dice (Maxi Yatzy).
    ThreePairs,
    /// Two groups of different faces, `larger` dice of one and `smaller` of the other (Maxi Yatzy's full house
    /// 3+2, villa 3+3 and tower 4+2).
    Groups { larger: u8, smaller: u8 },
    /// Three dice of one face and two of another; five equal faces count too where `five_equal` says so.
    FullHouse { five_equal: bool },
    /// `length` faces in an unbroken sequence, the other dice anything.
    Run { length: u8 },
    /// The five faces from `lowest` up, the ace following the six (3-4-5-6-1 from 3); on five dice exactly
    /// those, a sixth die anything.
    Straight { lowest: u8 },
    /// Generala's straight: exactly 1-2-3-4-5 or 2-3-4-5-6, or 3-4-5-6-1 where the table counts it.
    Straights { ace_after_six: bool },
    /// Any dice at all.
    Any,
}

/// What a cell pays when its pattern is met (it pays 0 otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "points")]
pub enum Points {
    /// The sum of all the dice.
    AllDice,
    /// The sum of the dice that make the pattern (a pair pays its two dice).
    MatchingDice,
    /// A fixed number of points.
    Fixed(u16),
}

impl Pattern {
    /// The sum of the dice that make the pattern, or `None` when the dice do not make it.
    pub fn matching_sum(self, dice: FaceCounts) -> Option<u16> {
        let points = |face: Face, count: u8| u16::from(face.value()) * u16::from(count);
        // Each of the five faces from `lowest` up, counting on past six to one.
        let straight = |lowest: u8| {
            Face::ALL.into_iter().all(|face| {
                let above = (face.value() + 6 - lowest) % 6;
                above >= DICE as u8 || dice.of(face) > 0
            })
        };
        // The highest faces showing at least `count` dice each, highest first.
        let pairs = |count: usize| {
            let faces: Vec<Face> = Face::ALL
                .into_iter()
                .rev()
                .filter(|&face| dice.of(face) >= 2)
                .collect();
            (faces.len() >= count).then(|| faces[..count].iter().map(|&face| points(face, 2)).sum::<u16>())
        };
        match self {
            Pattern::Face { face } => Some(points(face, dice.of(face))),
            Pattern::OfAKind { count } => Face::ALL
                .into_iter()
                .rev()
                .find(|&face| dice.of(face) >= count)
                .map(|face| points(face, count)),
            Pattern::TwoPairs => pairs(2),
            Pattern::ThreePairs => pairs(3),
            Pattern::Groups { larger, smaller } => {
                let mut best = None;
                for big in Face::ALL {
                    for small in Face::ALL {
                        if big != small && dice.of(big) >= larger && dice.of(small) >= smaller {
                            best = best.max(Some(points(big, larger) + points(small, smaller)));
                        }
                    }
                }
                best
            }
            Pattern::FullHouse { five_equal } => {
                let counts = dice.as_array();
                let full = (counts.contains(&3) && counts.contains(&2))
                    || (five_equal && counts.contains(&(DICE as u8)));
                full.then(|| dice.sum())
            }
            Pattern::Run { length } => {
                let longest = Face::ALL
                    .into_iter()
                    .scan(0u8, |run, face| {
                        *run = if dice.of(face) > 0 { *run + 1 } else { 0 };
                        Some(*run)
                    })
                    .max()
                    .unwrap_or(0);
                (longest >= length).then(|| dice.sum())
            }
            Pattern::Straight { lowest } => straight(lowest).then(|| dice.sum()),
            Pattern::Straights { ace_after_six } => {
                let lowest: &[u8] = if ace_after_six { &[1, 2, 3] } else { &[1, 2] };
                lowest.iter().any(|&lowest| straight(lowest)).then(|| dice.sum())
            }
            Pattern::Any => Some(dice.sum()),
        }
    }

    /// Whether the Joker rule lets five equal faces stand in for this pattern.
    pub fn joker_fills(self) -> bool {
        matches!(
            self,
            Pattern::FullHouse { .. }
                | Pattern::Run { .. }
                | Pattern::Straight { .. }
                | Pattern::Straights { .. }
        )
    }
}

/// The points a cell with this pattern and pay gives for these dice; `joker` counts the pattern as met.
pub fn score(pattern: Pattern, points: Points, dice: FaceCounts, joker: bool) -> u16 {
    let matched = match pattern.matching_sum(dice) {
        Some(sum) => Some(sum),
        None if joker && pattern.joker_fills() => Some(dice.sum()),
        None => None,
    };
    match (matched, points) {
        (None, _) => 0,
        (Some(_), Points::AllDice) => dice.sum(),
        (Some(sum), Points::MatchingDice) => sum,
        (Some(_), Points::Fixed(points)) => points,
    }
}
