//! One player's score sheet and its totals.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::category::Category;
use crate::ruleset::{Ruleset, Section};

/// The cells a player has written, and how many five-of-a-kind bonuses they earned.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sheet {
    cells: BTreeMap<Category, u16>,
    bonus_count: u16,
}

impl Sheet {
    pub fn new() -> Sheet {
        Sheet::default()
    }

    /// The value written in a cell, or `None` while it is open.
    pub fn get(&self, category: Category) -> Option<u16> {
        self.cells.get(&category).copied()
    }

    pub fn is_open(&self, category: Category) -> bool {
        !self.cells.contains_key(&category)
    }

    pub fn filled(&self) -> impl Iterator<Item = (Category, u16)> + '_ {
        self.cells.iter().map(|(&category, &value)| (category, value))
    }

    /// How many five-of-a-kind bonuses (Yahtzee bonus, ♥) this sheet holds.
    pub fn bonus_count(&self) -> u16 {
        self.bonus_count
    }

    /// The first box still open, in sheet order: the next one where boxes are filled from the top.
    pub fn first_open(&self, ruleset: &Ruleset) -> Option<Category> {
        let mut cells = ruleset.cells.iter().map(|cell| cell.category);
        cells.find(|&category| self.is_open(category))
    }

    /// How many boxes of the sheet are still open.
    pub fn open_count(&self, ruleset: &Ruleset) -> usize {
        ruleset
            .cells
            .iter()
            .filter(|cell| self.is_open(cell.category))
            .count()
    }

    pub fn is_full(&self, ruleset: &Ruleset) -> bool {
        ruleset.cells.iter().all(|cell| !self.is_open(cell.category))
    }

    /// This sheet with one more box written, as it would stand: for the strategy engine to weigh a move.
    /// (Legality is the game's: `Game` writes only what the rules allow.)
    pub fn with_written(&self, category: Category, value: u16) -> Sheet {
        let mut after = self.clone();
        after.write(category, value, false);
        after
    }

    pub(crate) fn write(&mut self, category: Category, value: u16, bonus: bool) {
        self.cells.insert(category, value);
        self.bonus_count += u16::from(bonus);
    }

    pub(crate) fn erase(&mut self, category: Category, bonus: bool) {
        self.cells.remove(&category);
        self.bonus_count -= u16::from(bonus);
    }

    /// Every total of the sheet under `ruleset`.
    pub fn totals(&self, ruleset: &Ruleset) -> Totals {
        let section_total = |section| {
            ruleset
                .cells_in(section)
                .filter_map(|cell| self.get(cell.category))
                .sum::<u16>()
        };
        let upper = section_total(Section::Upper);
        let lower = section_total(Section::Lower);
        let bonus = ruleset
            .upper_bonus
            .filter(|bonus| upper >= bonus.threshold)
            .map_or(0, |bonus| bonus.points);
        // "On par" is each face's share of the bonus's threshold, for the faces written so far: three of each
        // for 63, four for Maxi Yatzy's 84, and the nearest whole points towards its 75.
        let threshold = ruleset.upper_bonus.map_or(63, |bonus| bonus.threshold);
        let par: u16 = ruleset
            .cells_in(Section::Upper)
            .filter(|cell| !self.is_open(cell.category))
            .map(|cell| match cell.pattern {
                crate::pattern::Pattern::Face { face } => (threshold * u16::from(face.value()) + 10) / 21,
                _ => 0,
            })
            .sum();
        let five_of_a_kind_bonus = ruleset
            .extra_five_of_a_kind
            .map_or(0, |extra| extra.bonus * self.bonus_count);
        let all_alike_cell = self.get(ruleset.all_alike_cell()).unwrap_or(0);
        Totals {
            five_of_a_kinds: u16::from(all_alike_cell > 0) + self.bonus_count,
            upper,
            upper_vs_par: i32::from(upper) - i32::from(par),
            upper_needed: ruleset
                .upper_bonus
                .map_or(0, |bonus| bonus.threshold.saturating_sub(upper)),
            bonus,
            lower,
            five_of_a_kind_bonus,
            grand: upper + bonus + lower + five_of_a_kind_bonus,
        }
    }
}

/// The totals of a sheet, as printed at its foot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// The sum of the upper cells.
    pub upper: u16,
    /// Points above (positive) or below (negative) three of each face in the upper cells written so far.
    pub upper_vs_par: i32,
    /// Points the upper section still lacks for its bonus (0 once earned).
    pub upper_needed: u16,
    /// The upper bonus, counted the moment the upper total reaches the threshold.
    pub bonus: u16,
    /// The sum of the lower cells.
    pub lower: u16,
    /// The Yahtzee bonuses (100 each), where the ruleset has them.
    pub five_of_a_kind_bonus: u16,
    pub grand: u16,
    /// Five-of-a-kinds scored: the five-of-a-kind cell written with points, and every bonus.
    pub five_of_a_kinds: u16,
}

/// A player's totals over the columns of their sheet: each column's figures added up.
impl std::iter::Sum for Totals {
    fn sum<I: Iterator<Item = Totals>>(columns: I) -> Totals {
        columns.fold(Totals::default(), |all, column| Totals {
            upper: all.upper + column.upper,
            upper_vs_par: all.upper_vs_par + column.upper_vs_par,
            upper_needed: all.upper_needed + column.upper_needed,
            bonus: all.bonus + column.bonus,
            lower: all.lower + column.lower,
            five_of_a_kind_bonus: all.five_of_a_kind_bonus + column.five_of_a_kind_bonus,
            grand: all.grand + column.grand,
            five_of_a_kinds: all.five_of_a_kinds + column.five_of_a_kinds,
        })
    }
}
