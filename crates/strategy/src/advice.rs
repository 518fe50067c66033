//! Advice within a turn: the exact expected final score of every keep and every cell, ranked.

use std::fmt;

use fivedice_rules::{Category, DICE, Dice, Face, FaceCounts, Move, Scores, Sheet};
use serde::{Deserialize, Serialize};

use crate::keeps::{KEEPS, faces_of};
use crate::lanes::Lanes;
use crate::table::ValueTable;
use crate::turn::{Outcomes, REROLLS, SINGLE};

/// Dice set aside before a reroll, by how many of each face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keep(pub(crate) [u8; 6]);

impl Keep {
    /// The dice kept, lowest first.
    pub fn faces(&self) -> Vec<Face> {
        faces_of(self.0)
    }

    /// Which dice of the tray to hold for this keep (the first dice showing each kept face).
    pub fn holds(&self, dice: Dice) -> [bool; DICE] {
        dice.holds(&self.faces())
    }
}

/// One decision: keep some dice and roll the rest, or write the dice in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Keep(Keep),
    Cell(Category),
}

impl From<Choice> for Move {
    fn from(choice: Choice) -> Move {
        match choice {
            Choice::Keep(keep) => Move::Keep(keep.faces()),
            Choice::Cell(category) => Move::cell(category),
        }
    }
}

/// The engine's word on a move made: the best move of its situation, and the expected points the move gave
/// up against it (0 for the best). Saved with the game by the app's coach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub best: Move,
    pub loss: f64,
}

/// A choice with what it is worth under optimal play from then on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    pub choice: Choice,
    /// The points still to come, this turn included (the five-of-a-kind bonus of these dice too).
    pub expected_remaining: f64,
    /// The sheet's total so far plus `expected_remaining`.
    pub expected_final: f64,
}

/// Every option of one situation, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub rolls_left: u8,
    /// The sheet's grand total now, with bonuses banked.
    pub sheet_total: u16,
    pub options: Vec<Rated>,
}

impl Advice {
    pub fn best(&self) -> &Rated {
        &self.options[0]
    }

    /// The expected points a choice gives up against the best one; `None` if it is not an option here.
    pub fn loss(&self, choice: Choice) -> Option<f64> {
        let rated = self.options.iter().find(|rated| rated.choice == choice)?;
        Some(self.best().expected_remaining - rated.expected_remaining)
    }

    /// The option that makes this move (as the page and the saves write it), if it is one here.
    pub fn option(&self, played: &Move) -> Option<&Rated> {
        self.options
            .iter()
            .find(|rated| Move::from(rated.choice) == *played)
    }
}

/// Why there is no advice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdviceError {
    SheetFull,
    /// With dice on the table there are 0 to 2 rolls left.
    RollsLeft(u8),
}

impl fmt::Display for AdviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdviceError::SheetFull => f.write_str("the sheet is full: the game is over"),
            AdviceError::RollsLeft(rolls) => {
                write!(
                    f,
                    "{rolls} rolls left is impossible with dice on the table (0 to {REROLLS})"
                )
            }
        }
    }
}

impl std::error::Error for AdviceError {}

/// One turn solved for one sheet: answers every situation of the turn without solving again.
pub struct TurnAdvisor<'t> {
    table: &'t ValueTable,
    sheet: Sheet,
    sheet_total: u16,
    lane: usize,
    outcomes: Outcomes,
    /// The value of every keep with `r` rerolls left after it, at index `r`.
    keep_values: [Vec<f32>; REROLLS],
    expected_remaining: f32,
}

impl ValueTable {
    /// Solves the turn about to start on this sheet.
    pub fn turn(&self, sheet: &Sheet) -> Result<TurnAdvisor<'_>, AdviceError> {
        let model = &self.model;
        let ruleset = model.space.rules.ruleset();
        if sheet.is_full(ruleset) {
            return Err(AdviceError::SheetFull);
        }
        let (group, upper) = model.space.locate(sheet);
        let lane = model
            .space
            .lane(group.mask, upper)
            .expect("a sheet the rules accept has a reachable upper total");
        // As in the table: five of a kind scores as on the empty sheet until its cell is filled.
        let five_box = ruleset.five_of_a_kind_cell();
        let five_of_a_kind: Vec<Scores> = match sheet.is_open(five_box) {
            true => Vec::new(),
            false => (model.five_of_a_kind_rolls.iter())
                .map(|&roll| model.space.rules.scores(sheet, model.graph.roll(roll)))
                .collect(),
        };
        let answers = five_of_a_kind
            .iter()
            .map(|scores| (scores.bonus, scores.cells.as_slice()));
        let mut outcomes = Outcomes::new();
        outcomes.prepare(model, &self.values, group, answers);
        let mut keeps = vec![Lanes::<SINGLE>::splat(0.0); KEEPS];
        let mut keep_values: [Vec<f32>; REROLLS] = Default::default();
        let first = lane / Lanes::<SINGLE>::COUNT * Lanes::<SINGLE>::COUNT;
        let start = outcomes.solve_block(model, first, &mut keeps, |rerolls, values| {
            keep_values[rerolls] = values.iter().map(|lanes| lanes.lane(lane - first)).collect();
        });
        Ok(TurnAdvisor {
            table: self,
            sheet: sheet.clone(),
            sheet_total: sheet.totals(ruleset).grand,
            lane,
            outcomes,
            keep_values,
            expected_remaining: start.lane(lane - first),
        })
    }

    /// Every option with these dice and rolls left on this sheet, best first.
    pub fn advise(&self, sheet: &Sheet, dice: FaceCounts, rolls_left: u8) -> Result<Advice, AdviceError> {
        self.turn(sheet)?.advise(dice, rolls_left)
    }
}

impl TurnAdvisor<'_> {
    /// The expected points to come before the turn's first roll.
    pub fn expected_remaining(&self) -> f64 {
        f64::from(self.expected_remaining)
    }

    /// Every keep (with rolls left) or every cell the rules allow (with none), best first.
    pub fn advise(&self, dice: FaceCounts, rolls_left: u8) -> Result<Advice, AdviceError> {
        let model = &self.table.model;
        let options: Vec<(Choice, f32)> = match usize::from(rolls_left) {
            0 => {
                let scores = model.space.rules.scores(&self.sheet, dice);
                let cells = self.outcomes.cell_values(model, &scores, self.lane);
                cells
                    .into_iter()
                    .map(|(category, value)| (Choice::Cell(category), value))
                    .collect()
            }
            rolls if rolls <= REROLLS => {
                let values = &self.keep_values[rolls - 1];
                let keeps = model.graph.keeps_within(dice);
                keeps
                    .map(|keep| (Choice::Keep(Keep(model.graph.counts(keep))), values[keep]))
                    .collect()
            }
            _ => return Err(AdviceError::RollsLeft(rolls_left)),
        };
        let mut options: Vec<Rated> = options
            .into_iter()
            .map(|(choice, value)| Rated {
                choice,
                expected_remaining: f64::from(value),
                expected_final: f64::from(self.sheet_total) + f64::from(value),
            })
            .collect();
        options.sort_by(|a, b| b.expected_remaining.total_cmp(&a.expected_remaining));
        Ok(Advice {
            rolls_left,
            sheet_total: self.sheet_total,
            options,
        })
    }
}
