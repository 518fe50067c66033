//! The dice a player can keep: every multiset of 0 to 5 faces, and the two ways keeps connect.
//!
//! A keep of five dice is a roll. Keeps are numbered by size, smallest first, so the rolls are the last
//! [`ROLLS`] keeps and every keep's one-die-bigger neighbours have larger numbers than the keep itself.

use fivedice_rules::{DICE, Face, FaceCounts};

/// Every multiset of 0 to 5 faces: 1 + 6 + 21 + 56 + 126 + 252.
pub const KEEPS: usize = 462;
/// The distinct rolls of five dice.
pub const ROLLS: usize = 252;
/// The number of the first five-dice keep: rolls are keeps `FIRST_ROLL..KEEPS`.
pub const FIRST_ROLL: usize = KEEPS - ROLLS;
/// Ordered outcomes of five dice (6^5): the denominator of every roll's probability.
pub const OUTCOMES: u32 = 7776;

/// Counts of each face are below 6, so a base-6 number names a keep.
const CODES: usize = 6 * 6 * 6 * 6 * 6 * 6;

/// The keeps, their one-die neighbours, and the probability weight of each roll.
pub(crate) struct KeepGraph {
    counts: Vec<[u8; 6]>,
    /// For each keep below five dice: the keep with one more die showing each face.
    pub(crate) add_die: Vec<[u16; 6]>,
    /// Every keep of one die or more with the keeps one die smaller (one per face it holds), as runs of
    /// `1 + faces` numbers: smaller keeps first, and runs of one length together, as `(faces, runs)`.
    pub(crate) drop_die: Vec<(usize, Vec<u16>)>,
    /// For each roll: in how many of the 7776 ordered outcomes it shows.
    pub(crate) roll_ways: Vec<u16>,
    /// For each roll: the keeps that can be set aside from it, in keep order.
    pub(crate) within: Vec<Vec<u16>>,
}

fn code(counts: &[u8; 6]) -> usize {
    counts.iter().rev().fold(0, |code, &n| code * 6 + usize::from(n))
}

impl KeepGraph {
    pub(crate) fn new() -> KeepGraph {
        let mut counts = Vec::with_capacity(KEEPS);
        for size in 0..=DICE as u8 {
            share(&mut [0; 6], 0, size, &mut counts);
        }
        assert_eq!(counts.len(), KEEPS);
        let mut index_by_code = vec![u16::MAX; CODES];
        for (index, keep) in counts.iter().enumerate() {
            index_by_code[code(keep)] = index as u16;
        }
        let neighbour = |keep: &[u8; 6], face: usize, change: i8| {
            let mut next = *keep;
            next[face] = next[face].wrapping_add_signed(change);
            index_by_code[code(&next)]
        };
        let add_die = counts[..FIRST_ROLL]
            .iter()
            .map(|keep| std::array::from_fn(|face| neighbour(keep, face, 1)))
            .collect();
        let mut drop_die: Vec<(usize, Vec<u16>)> = Vec::new();
        for size in 1..=DICE {
            for faces in 1..=size.min(6) {
                let runs = (0..KEEPS)
                    .filter(|&keep| {
                        let counts = &counts[keep];
                        let held = counts.iter().filter(|&&n| n > 0).count();
                        counts.iter().map(|&n| usize::from(n)).sum::<usize>() == size && held == faces
                    })
                    .flat_map(|keep| {
                        let held = (0..6).filter(|&face| counts[keep][face] > 0);
                        let smaller = held.map(|face| neighbour(&counts[keep], face, -1));
                        std::iter::once(keep as u16).chain(smaller).collect::<Vec<u16>>()
                    });
                drop_die.push((faces, runs.collect()));
            }
        }
        let factorial = |n: u8| (1..=u16::from(n)).product::<u16>();
        let roll_ways = counts[FIRST_ROLL..]
            .iter()
            .map(|roll| factorial(DICE as u8) / roll.iter().map(|&n| factorial(n)).product::<u16>())
            .collect();
        let within = counts[FIRST_ROLL..]
            .iter()
            .map(|roll| {
                let fits = |keep: &[u8; 6]| keep.iter().zip(roll).all(|(kept, shown)| kept <= shown);
                (0..KEEPS as u16)
                    .filter(|&keep| fits(&counts[usize::from(keep)]))
                    .collect()
            })
            .collect();
        KeepGraph {
            counts,
            add_die,
            drop_die,
            roll_ways,
            within,
        }
    }

    /// The number of the keep holding these counts of each face.
    pub(crate) fn keep_number(&self, counts: [u8; 6]) -> usize {
        self.counts
            .iter()
            .position(|keep| *keep == counts)
            .expect("every keep of up to five dice is numbered")
    }

    /// The number of a roll among the rolls (`0..ROLLS`).
    pub(crate) fn roll_number(&self, dice: FaceCounts) -> usize {
        let dice = dice.as_array();
        (self.counts[FIRST_ROLL..].iter())
            .position(|roll| *roll == dice)
            .expect("every five dice are a roll")
    }

    /// How many dice of each face keep `keep` holds.
    pub(crate) fn counts(&self, keep: usize) -> [u8; 6] {
        self.counts[keep]
    }

    pub(crate) fn roll(&self, roll: usize) -> FaceCounts {
        FaceCounts::from_counts(self.counts[FIRST_ROLL + roll]).expect("rolls hold five dice")
    }

    /// Every keep that can be set aside from `dice` (the whole roll and nothing included).
    pub(crate) fn keeps_within(&self, dice: FaceCounts) -> impl Iterator<Item = usize> + '_ {
        let within = &self.within[self.roll_number(dice)];
        within.iter().map(|&keep| usize::from(keep))
    }
}

/// Pushes every way to share `left` dice among faces `face..6`, in a fixed order.
fn share(counts: &mut [u8; 6], face: usize, left: u8, keeps: &mut Vec<[u8; 6]>) {
    if face == 5 {
        counts[face] = left;
        keeps.push(*counts);
        return;
    }
    for n in (0..=left).rev() {
        counts[face] = n;
        share(counts, face + 1, left - n, keeps);
    }
}

/// The faces of a keep, lowest first.
pub(crate) fn faces_of(counts: [u8; 6]) -> Vec<Face> {
    Face::ALL
        .iter()
        .flat_map(|&face| std::iter::repeat_n(face, usize::from(counts[face.index()])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_grow_one_die_at_a_time_and_rolls_weigh_7776_outcomes() {
        let graph = KeepGraph::new();
        for keep in 0..FIRST_ROLL {
            for (face, &bigger) in graph.add_die[keep].iter().enumerate() {
                assert!(usize::from(bigger) > keep);
                let mut expected = graph.counts(keep);
                expected[face] += 1;
                assert_eq!(graph.counts(usize::from(bigger)), expected);
            }
        }
        let ways: u32 = graph.roll_ways.iter().map(|&w| u32::from(w)).sum();
        assert_eq!(ways, OUTCOMES);
        let mut rolls: Vec<FaceCounts> = (0..ROLLS).map(|roll| graph.roll(roll)).collect();
        let mut every_roll: Vec<FaceCounts> = FaceCounts::all(DICE).collect();
        rolls.sort_unstable();
        every_roll.sort_unstable();
        assert_eq!(rolls, every_roll);
        let full_house = FaceCounts::from_counts([0, 0, 3, 0, 2, 0]).unwrap();
        assert_eq!(graph.keeps_within(full_house).count(), 4 * 3);
    }
}
