//! The states a turn can start from, and where each one's value lives in the table.
//!
//! A state is the set of filled cells, the upper total capped at the bonus threshold (0 on a sheet with no
//! bonus, so one lane), and (only where the Yahtzee bonus is played) whether the five-of-a-kind cell holds its
//! full value. States sharing their filled cells and cell flag form a *group*: the turn solver handles a group's
//! upper totals together, as lanes of a vector. Only reachable upper totals get a lane, and all the totals from
//! which the bonus is out of reach (or from which no upper cell is left to write) share one lane: what is to
//! come is the same from each of them.

use fivedice_rules::{Pattern, Rules, Section, Sheet, UpperBonus};

/// Upper totals are capped at the bonus threshold; every bonus's threshold is 63, so 64 lanes.
pub(crate) const UPPER_LANES: usize = 64;
/// Masks and cell numbers are sized for this many cells at most (Yatzy has 15).
pub(crate) const MAX_CELLS: usize = 16;

pub(crate) struct StateSpace {
    pub(crate) rules: Rules,
    /// Bit `i` of a mask is `ruleset.cells[i]`.
    pub(crate) cell_count: usize,
    /// The face each upper cell counts (by cell number), 0 for lower cells.
    pub(crate) face_of_cell: Vec<u8>,
    pub(crate) upper_cells: u32,
    pub(crate) five_box: usize,
    /// Whether the five-of-a-kind cell's value (full or 0) changes what is to come: with the Yahtzee bonus, or
    /// a second five of a kind that pays only after a first (Generala's double).
    pub(crate) flag_counts: bool,
    pub(crate) threshold: u16,
    pub(crate) upper_bonus: f32,
    /// Only the first open cell may be written (Forced Yatzy).
    fills_in_order: bool,
    /// For each set of filled upper cells (bit `i` = upper cell `i` in sheet order): its lanes.
    upper_lanes: Vec<UpperLanes>,
    /// Where each group's values start in the table; one past the end for the last.
    offsets: Vec<u32>,
}

/// The lanes of one set of filled upper cells: the upper total each stands for, and each total's lane.
struct UpperLanes {
    /// The first lane stands for every total from which the bonus is out of reach, when there are such totals.
    totals: Vec<u16>,
    /// The lane of each total; `None` for totals no sheet with these cells filled reaches.
    lane_of_total: [Option<u8>; UPPER_LANES],
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
            cells.len() <= MAX_CELLS,
            "masks and tables are sized for {MAX_CELLS} cells"
        );
        let face_of_cell: Vec<u8> = cells
            .iter()
            .map(|cell| match cell.pattern {
                Pattern::Face { face } if cell.section == Section::Upper => face.value(),
                _ => 0,
            })
            .collect();
        let upper_cells = bits(face_of_cell.iter().map(|&face| face > 0));
        let bonus = ruleset.upper_bonus.unwrap_or(UpperBonus::NONE);
        let threshold = bonus.threshold;
        assert!(usize::from(threshold) < UPPER_LANES, "upper totals are 64 lanes");
        let five_box_category = ruleset.all_alike_cell();
        let five_box = cells
            .iter()
            .position(|cell| cell.category == five_box_category)
            .expect("the five-of-a-kind cell is a cell");
        let upper_faces: Vec<u16> = face_of_cell
            .iter()
            .filter(|&&face| face > 0)
            .map(|&face| u16::from(face))
            .collect();
        let upper_lanes = (0..1u32 << upper_faces.len())
            .map(|filled| {
                let is_filled = |i: usize| filled >> i & 1 == 1;
                let mut reachable = 1u64;
                let mut still_to_come = 0;
                for (i, &face) in upper_faces.iter().enumerate() {
                    if is_filled(i) {
                        reachable = (0..=5).fold(0, |next, count| {
                            next | shift_capped(reachable, count * face, threshold)
                        });
                    } else {
                        still_to_come += 5 * face;
                    }
                }
                UpperLanes::new(reachable, still_to_come, threshold)
            })
            .collect();
        let mut space = StateSpace {
            rules,
            cell_count: cells.len(),
            face_of_cell,
            upper_cells,
            five_box,
            flag_counts: (rules.has_yahtzee_bonus() && ruleset.extra_five_of_a_kind.is_some())
                || ruleset.second_five_of_a_kind.is_some(),
            threshold,
            upper_bonus: f32::from(bonus.points),
            fills_in_order: ruleset.fills_in_order,
            upper_lanes,
            offsets: Vec::new(),
        };
        let mut offset = 0u32;
        space.offsets.push(0);
        for group in 0..space.group_count() {
            offset += space.stored_lanes(space.group(group)) as u32;
            space.offsets.push(offset);
        }
        space
    }

    /// Whether the rules let `cell` be written next on a sheet with the cells of `mask` filled: any open cell,
    /// or only the first open one on a sheet filled in order.
    pub(crate) fn may_write(&self, mask: u32, cell: usize) -> bool {
        mask >> cell & 1 == 0 && (!self.fills_in_order || cell == (!mask).trailing_zeros() as usize)
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

    fn lanes_of(&self, mask: u32) -> &UpperLanes {
        &self.upper_lanes[compress(mask, self.upper_cells) as usize]
    }

    /// The upper total each lane of a group's cells stands for.
    pub(crate) fn lane_totals(&self, mask: u32) -> &[u16] {
        &self.lanes_of(mask).totals
    }

    /// The lane of an upper total (capped or not), `None` if no sheet with these cells reaches it.
    pub(crate) fn lane(&self, mask: u32, upper_total: u16) -> Option<usize> {
        self.lanes_by_total(mask)[usize::from(upper_total.min(self.threshold))]
    }

    /// The lane of every capped upper total, `None` for totals no sheet with these cells reaches.
    pub(crate) fn lanes_by_total(&self, mask: u32) -> [Option<usize>; UPPER_LANES] {
        self.lanes_of(mask)
            .lane_of_total
            .map(|lane| lane.map(usize::from))
    }

    /// Every reachable state: each group's reachable upper totals, merged or not (the classic count).
    pub(crate) fn reachable_states(&self) -> usize {
        (0..self.group_count())
            .map(|index| self.group(index))
            .filter(|&group| self.stored_lanes(group) > 0)
            .map(|group| self.lanes_of(group.mask).lane_of_total.iter().flatten().count())
            .sum()
    }

    /// How many values a group stores: one a lane; none for a full cell before the cell is filled, nor for a
    /// sheet filled in order with a gap above a filled cell (no game reaches it).
    pub(crate) fn stored_lanes(&self, group: Group) -> usize {
        let five_box_filled = group.mask >> self.five_box & 1 == 1;
        let gap = self.fills_in_order && group.mask & (group.mask + 1) != 0;
        if gap || (group.five_box_full && !five_box_filled) {
            0
        } else {
            self.lane_totals(group.mask).len()
        }
    }

    /// Where the value of a group at an upper total lives; `None` if that total cannot be reached.
    pub(crate) fn slot(&self, group: Group, upper_total: u16) -> Option<usize> {
        let lane = self.lane(group.mask, upper_total)?;
        let range = self.group_range(group);
        (lane < range.len()).then_some(range.start + lane)
    }

    pub(crate) fn group_range(&self, group: Group) -> std::ops::Range<usize> {
        let index = self.group_index(group);
        self.offsets[index] as usize..self.offsets[index + 1] as usize
    }

    /// The group and capped upper total of a sheet.
    pub(crate) fn locate(&self, sheet: &Sheet) -> (Group, u16) {
        let ruleset = self.rules.ruleset();
        let mask = bits(ruleset.cells.iter().map(|cell| !sheet.is_open(cell.category)));
        // The flag is whether the five-of-a-kind cell holds points, where that changes what is to come.
        let group = Group {
            mask,
            five_box_full: self.flag_counts && self.rules.five_of_a_kind_held(sheet),
        };
        (group, sheet.totals(ruleset).upper.min(self.threshold))
    }
}

impl UpperLanes {
    /// Lanes for the `reachable` totals (as bits) when at most `still_to_come` upper points can still be scored.
    fn new(reachable: u64, still_to_come: u16, threshold: u16) -> UpperLanes {
        // Nothing to come from these totals depends on the total: no upper cell is left, or even filling every
        // upper cell left to the top cannot reach the bonus.
        let settled = |total: u16| still_to_come == 0 || total + still_to_come < threshold;
        let mut lanes = UpperLanes {
            totals: Vec::new(),
            lane_of_total: [None; UPPER_LANES],
        };
        let reachable_totals = (0..=threshold).filter(|&total| reachable >> total & 1 == 1);
        for total in reachable_totals {
            let lane = match settled(total) {
                true if !lanes.totals.is_empty() => 0,
                _ => {
                    lanes.totals.push(total);
                    lanes.totals.len() - 1
                }
            };
            lanes.lane_of_total[usize::from(total)] = Some(lane as u8);
        }
        lanes
    }
}

/// Bits set where the items are true, first item lowest.
fn bits(items: impl Iterator<Item = bool>) -> u32 {
    items
        .enumerate()
        .fold(0, |bits, (i, set)| bits | u32::from(set) << i)
}

/// The bits of `value` selected by `selector`, packed together (lowest first).
fn compress(value: u32, mut selector: u32) -> u32 {
    let mut packed = 0;
    let mut out = 0;
    while selector != 0 {
        let bit = selector.trailing_zeros();
        packed |= (value >> bit & 1) << out;
        out += 1;
        selector &= selector - 1;
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
    fn lanes_are_reachable_totals_with_the_settled_ones_merged() {
        let space = StateSpace::new(Rules::new(RulesetId::Yahtzee));
        // Twos alone: 0, 2, ..., 10, and the bonus still within reach from each.
        let twos = Group {
            mask: 0b10,
            five_box_full: false,
        };
        assert_eq!(space.lane_totals(twos.mask), [0, 2, 4, 6, 8, 10]);
        assert_eq!(space.slot(twos, 6), Some(space.group_range(twos).start + 3));
        assert_eq!(space.slot(twos, 5), None);
        // Fours, fives and sixes filled: aces to threes add at most 30, so every total below 33 is settled.
        let high = Group {
            mask: 0b11_1000,
            five_box_full: false,
        };
        let totals = space.lane_totals(high.mask);
        assert_eq!(totals[..3], [0, 33, 34]);
        assert_eq!(space.lane(high.mask, 32), Some(0));
        assert_eq!(space.lane(high.mask, 70), space.lane(high.mask, 63));
        // A complete upper section stores one value whatever its total.
        let upper_done = Group {
            mask: 0b11_1111,
            five_box_full: false,
        };
        assert_eq!(space.group_range(upper_done).len(), 1);
        assert_eq!(space.slot(upper_done, 70), space.slot(upper_done, 12));
        // The full-cell flag only exists once the cell is filled.
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
