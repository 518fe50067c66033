//! The states a turn can start from, and where each one's value lives in the table.
//!
//! A state is the set of filled cells, the upper total capped at the bonus threshold, and (only where the
//! Yahtzee bonus is played) whether the five-of-a-kind box holds its full value. States sharing their filled
//! cells and box flag form a *group*: the turn solver handles a group's upper totals together, as lanes of a
//! vector. Only reachable upper totals are stored, and once every upper cell is filled the total no longer
//! changes anything, so such a group stores a single value.

use fivedice_rules::{Pattern, Rules, Section, Sheet};

/// Upper totals are capped at the bonus threshold; every ruleset's threshold is 63, so 64 lanes.
pub const UPPER_LANES: usize = 64;

pub(crate) struct StateSpace {
    pub(crate) rules: Rules,
    /// Bit `i` of a mask is `ruleset.cells[i]`.
    pub(crate) cell_count: usize,
    /// The face each upper cell counts (by cell number), 0 for lower cells.
    pub(crate) face_of_cell: Vec<u8>,
    pub(crate) upper_cells: u32,
    pub(crate) five_box: usize,
    /// Whether the five-of-a-kind box's value (full or 0) changes what is to come: only with the Yahtzee bonus.
    pub(crate) flag_counts: bool,
    pub(crate) threshold: u16,
    pub(crate) upper_bonus: f32,
    /// For each set of filled upper cells (bit `i` = upper cell `i` in sheet order): the reachable capped totals.
    reachable_upper: Vec<u64>,
    /// Where each group's values start in the table; one past the end for the last.
    offsets: Vec<u32>,
}

/// One group: filled cells and the five-of-a-kind flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) mask: u32,
    pub(crate) five_box_full: bool,
}

impl StateSpace {
    pub(crate) fn new(rules: Rules) -> StateSpace {
        let ruleset = rules.ruleset();
        let cells = ruleset.cells;
        assert!(
            cells.len() <= 16,
            "masks and indices are sized for at most 16 cells"
        );
        let face_of_cell: Vec<u8> = cells
            .iter()
            .map(|cell| match cell.pattern {
                Pattern::Face { face } if cell.section == Section::Upper => face.value(),
                _ => 0,
            })
            .collect();
        let upper_cells = bits(face_of_cell.iter().map(|&face| face > 0));
        let threshold = ruleset.upper_bonus.threshold;
        assert!(usize::from(threshold) < UPPER_LANES, "upper totals are 64 lanes");
        let five_box_category = ruleset.five_of_a_kind_box();
        let five_box = cells
            .iter()
            .position(|cell| cell.category == five_box_category)
            .expect("the five-of-a-kind box is a cell");
        let upper_faces: Vec<u16> = face_of_cell
            .iter()
            .filter(|&&face| face > 0)
            .map(|&face| u16::from(face))
            .collect();
        let reachable_upper = (0..1u32 << upper_faces.len())
            .map(|filled| {
                let mut totals = 1u64;
                for (_, &face) in upper_faces
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| filled >> i & 1 == 1)
                {
                    let mut next = 0u64;
                    for count in 0..=5 {
                        next |= shift_capped(totals, count * face, threshold);
                    }
                    totals = next;
                }
                totals
            })
            .collect();
        let mut space = StateSpace {
            rules,
            cell_count: cells.len(),
            face_of_cell,
            upper_cells,
            five_box,
            flag_counts: rules.has_yahtzee_bonus() && ruleset.extra_five_of_a_kind.is_some(),
            threshold,
            upper_bonus: f32::from(ruleset.upper_bonus.points),
            reachable_upper,
            offsets: Vec::new(),
        };
        let mut offset = 0u32;
        space.offsets.push(0);
        for group in 0..space.group_count() {
            offset += space.stored_totals(space.group(group)).count_ones();
            space.offsets.push(offset);
        }
        space
    }

    pub(crate) fn full_mask(&self) -> u32 {
        (1 << self.cell_count) - 1
    }

    fn flag_values(&self) -> usize {
        if self.flag_counts { 2 } else { 1 }
    }

    pub(crate) fn group_count(&self) -> usize {
        (1usize << self.cell_count) * self.flag_values()
    }

    pub(crate) fn group_index(&self, group: Group) -> usize {
        group.mask as usize * self.flag_values() + usize::from(group.five_box_full && self.flag_counts)
    }

    pub(crate) fn group(&self, index: usize) -> Group {
        Group {
            mask: (index / self.flag_values()) as u32,
            five_box_full: index % self.flag_values() == 1,
        }
    }

    /// The number of values the table stores.
    pub(crate) fn state_count(&self) -> usize {
        *self.offsets.last().expect("offsets are never empty") as usize
    }

    /// The reachable capped upper totals of a group's filled upper cells, as bits.
    pub(crate) fn reachable(&self, mask: u32) -> u64 {
        self.reachable_upper[compress(mask, self.upper_cells) as usize]
    }

    /// Whether the upper total of this group still matters: some upper cell is open.
    pub(crate) fn upper_open(&self, mask: u32) -> bool {
        mask & self.upper_cells != self.upper_cells
    }

    /// The upper totals a group stores a value for, as bits: none for an impossible flag, only 0 (standing for
    /// every total) once the upper section is complete.
    pub(crate) fn stored_totals(&self, group: Group) -> u64 {
        let five_box_filled = group.mask >> self.five_box & 1 == 1;
        if group.five_box_full && !five_box_filled {
            0
        } else if self.upper_open(group.mask) {
            self.reachable(group.mask)
        } else {
            1
        }
    }

    /// How many lanes the solver needs for a group: up to its highest reachable total.
    pub(crate) fn lanes(&self, group: Group) -> usize {
        let totals = self.stored_totals(group);
        (u64::BITS - totals.leading_zeros()) as usize
    }

    /// Where the value of a group at an upper total lives; `None` if that total cannot be reached.
    pub(crate) fn slot(&self, group: Group, upper_total: u16) -> Option<usize> {
        let totals = self.stored_totals(group);
        let lane = if self.upper_open(group.mask) {
            upper_total.min(self.threshold)
        } else {
            0
        };
        let bit = 1u64 << lane;
        let start = self.offsets[self.group_index(group)] as usize;
        (totals & bit != 0).then(|| start + (totals & (bit - 1)).count_ones() as usize)
    }

    pub(crate) fn group_range(&self, group: Group) -> std::ops::Range<usize> {
        let index = self.group_index(group);
        self.offsets[index] as usize..self.offsets[index + 1] as usize
    }

    /// The group and capped upper total of a sheet.
    pub(crate) fn locate(&self, sheet: &Sheet) -> (Group, u16) {
        let ruleset = self.rules.ruleset();
        let mask = bits(ruleset.cells.iter().map(|cell| !sheet.is_open(cell.category)));
        let group = Group {
            mask,
            five_box_full: self.rules.bonus_available(sheet),
        };
        (group, sheet.totals(ruleset).upper.min(self.threshold))
    }
}

/// Bits set where the items are true, first item lowest.
fn bits(items: impl Iterator<Item = bool>) -> u32 {
    items
        .enumerate()
        .fold(0, |bits, (i, set)| bits | u32::from(set) << i)
}

/// The bits of `value` selected by `selector`, packed together (lowest first).
fn compress(value: u32, selector: u32) -> u32 {
    let mut packed = 0;
    let mut out = 0;
    for bit in 0..u32::BITS {
        if selector >> bit & 1 == 1 {
            packed |= (value >> bit & 1) << out;
            out += 1;
        }
    }
    packed
}

/// Totals (as bits) moved up by `points`, those past the cap landing on the cap.
fn shift_capped(totals: u64, points: u16, cap: u16) -> u64 {
    let mut shifted = 0u64;
    for total in 0..=cap {
        if totals >> total & 1 == 1 {
            shifted |= 1 << (total + points).min(cap);
        }
    }
    shifted
}

#[cfg(test)]
mod tests {
    use super::*;
    use fivedice_rules::{Joker, RulesetId};

    #[test]
    fn only_reachable_upper_totals_are_stored() {
        let space = StateSpace::new(Rules::new(RulesetId::Yahtzee));
        // Twos alone: 0, 2, ..., 10.
        let twos = Group {
            mask: 0b10,
            five_box_full: false,
        };
        assert_eq!(space.stored_totals(twos), 0b101_0101_0101);
        assert_eq!(space.lanes(twos), 11);
        assert_eq!(space.slot(twos, 6), Some(space.group_range(twos).start + 3));
        assert_eq!(space.slot(twos, 5), None);
        // A complete upper section stores one value whatever its total.
        let upper_done = Group {
            mask: 0b11_1111,
            five_box_full: false,
        };
        assert_eq!(space.group_range(upper_done).len(), 1);
        assert_eq!(space.slot(upper_done, 70), space.slot(upper_done, 12));
        // The full-box flag only exists once the box is filled.
        let open_box_full = Group {
            mask: 0,
            five_box_full: true,
        };
        assert!(space.group_range(open_box_full).is_empty());
        let without_bonus =
            StateSpace::new(Rules::with_options(RulesetId::Yahtzee, Joker::Forced, false).unwrap());
        assert_eq!(without_bonus.group_count() * 2, space.group_count());
    }
}
