//! Advice within a turn: the exact expected final score of every keep and every cell, ranked.

use std::fmt;

use fivedice_rules::{Category, Dice, Face, FaceCounts, MAX_DICE, Move, Scores, Sheet};
use serde::{Deserialize, Serialize};

use crate::keeps::{FIRST_ROLL, KEEPS, OUTCOMES, ROLLS, faces_of};
use crate::lanes::Lanes;
use crate::table::ValueTable;
use crate::turn::{Outcomes, REROLLS, SINGLE, Scratch, TurnModel};

/// Dice set aside before a reroll, by how many of each face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keep(pub(crate) [u8; 6]);

impl Keep {
    /// The dice kept, lowest first.
    pub fn faces(&self) -> Vec<Face> {
        faces_of(self.0)
    }

    /// Which dice of the tray to hold for this keep (the first dice showing each kept face).
    pub fn holds(&self, dice: Dice) -> [bool; MAX_DICE] {
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
    /// The turn has not rolled yet: there are no dice to advise on.
    NoDice,
}

impl fmt::Display for AdviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdviceError::SheetFull => f.write_str("the sheet is full: the game is over"),
            AdviceError::NoDice => f.write_str("no dice are on the table yet"),
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
        let five_box = ruleset.all_alike_cell();
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
        outcomes.prepare(model, &self.values, None, group, answers);
        let mut scratch = Scratch::<Lanes<SINGLE>>::new(model);
        let mut keep_values: [Vec<f32>; REROLLS] = Default::default();
        let first = lane / Lanes::<SINGLE>::COUNT * Lanes::<SINGLE>::COUNT;
        let start = outcomes.solve_block(model, first, &mut scratch, |rerolls, values| {
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

    /// Every keep (with rolls left) or every cell the rules allow (with none; and right after the first roll
    /// where a box written then pays more, beside the keeps), best first.
    pub fn advise(&self, dice: FaceCounts, rolls_left: u8) -> Result<Advice, AdviceError> {
        let model = &self.table.model;
        let cells = |first_roll: bool| {
            let scores = model.space.rules.scores_rolled(&self.sheet, dice, first_roll);
            let cells = self.outcomes.cell_values(model, &scores, self.lane);
            cells
                .into_iter()
                .map(|(category, value)| (Choice::Cell(category), value))
        };
        let options: Vec<(Choice, f32)> = match usize::from(rolls_left) {
            0 => cells(false).collect(),
            rolls if rolls <= REROLLS => {
                let values = &self.keep_values[rolls - 1];
                let keeps = model.graph.keeps_within(dice);
                let keeps = keeps.map(|keep| (Choice::Keep(Keep(model.graph.counts(keep))), values[keep]));
                let first_roll = rolls == REROLLS && model.first_roll_pays();
                // Boxes first: on a tie, writing now beats keeping every die (five alike on the first roll,
                // written now, win a table's game).
                cells(true).filter(|_| first_roll).chain(keeps).collect()
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

/// One way a turn can end under the table's play, with its probability: the cell written, its score, and the
/// five-of-a-kind bonus the last roll earned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ending {
    pub category: Category,
    pub score: u16,
    pub bonus: u16,
    pub probability: f64,
}

impl TurnAdvisor<'_> {
    /// Every way the turn can end under the table's play (the optimal bot's, ties and all), with its
    /// probability: from the turn's start, or from these dice with these rolls left. The probabilities flow
    /// forward through the same keeps the values flowed back through.
    pub fn endings(&self, from: Option<(FaceCounts, u8)>) -> Result<Vec<Ending>, AdviceError> {
        let model = &self.table.model;
        let graph = &model.graph;
        let (mut rolls, mut rolls_left) = match from {
            None => {
                let chance = |&ways: &u16| f64::from(ways) / f64::from(OUTCOMES);
                (graph.roll_ways.iter().map(chance).collect(), REROLLS)
            }
            Some((_, rolls_left)) if usize::from(rolls_left) > REROLLS => {
                return Err(AdviceError::RollsLeft(rolls_left));
            }
            Some((dice, rolls_left)) => {
                let mut rolls = vec![0.0; ROLLS];
                rolls[graph.roll_number(dice)] = 1.0;
                (rolls, usize::from(rolls_left))
            }
        };
        let mut keeps = vec![0.0; KEEPS];
        let mut endings: Vec<Ending> = Vec::new();
        while rolls_left > 0 {
            let values = &self.keep_values[rolls_left - 1];
            let first_roll = rolls_left == REROLLS && model.first_roll_pays();
            keeps.fill(0.0);
            for (roll, &chance) in rolls.iter().enumerate().filter(|(_, chance)| **chance > 0.0) {
                let mut best = None;
                for &keep in &graph.within[roll] {
                    let value = values[usize::from(keep)];
                    if best.is_none_or(|(top, _)| value > top) {
                        best = Some((value, usize::from(keep)));
                    }
                }
                let (value, keep) = best.expect("every roll holds the empty keep");
                // A box written right after the first roll, where that pays more than any keep (Generala).
                let written = first_roll.then(|| self.outcomes.best_cell(model, roll, self.lane, true));
                match written {
                    Some((cell, score, bonus, worth)) if worth > value => {
                        add_ending(&mut endings, model, (cell, score, bonus), chance);
                    }
                    _ => keeps[keep] += chance,
                }
            }
            // The dice not kept are rolled: smaller keeps first, each passes its chance on a die at a time.
            for keep in 0..FIRST_ROLL {
                let share = keeps[keep] / 6.0;
                if share > 0.0 {
                    for bigger in graph.add_die[keep] {
                        keeps[usize::from(bigger)] += share;
                    }
                }
            }
            rolls.copy_from_slice(&keeps[FIRST_ROLL..]);
            rolls_left -= 1;
        }
        for (roll, &chance) in rolls.iter().enumerate().filter(|(_, chance)| **chance > 0.0) {
            let (cell, score, bonus, _) = self.outcomes.best_cell(model, roll, self.lane, false);
            add_ending(&mut endings, model, (cell, score, bonus), chance);
        }
        Ok(endings)
    }

    /// The sheet this turn is played on.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// Every cell a roll (by number) may be written in on this sheet, in sheet order, later in the turn or
    /// right after its first roll, with its score and the five-of-a-kind bonus the roll earns.
    pub(crate) fn cells_of_roll(
        &self,
        roll: usize,
        first_roll: bool,
    ) -> impl Iterator<Item = (Category, u16, u16)> + '_ {
        let cells = self.table.model.space.rules.ruleset().cells;
        (self.outcomes.cells_of_roll(&self.table.model, roll, first_roll))
            .map(|(cell, score, bonus)| (cells[cell].category, score, bonus))
    }
}

/// Adds the chance of a turn ending in this cell (by number), with this score and bonus, to the endings.
fn add_ending(
    endings: &mut Vec<Ending>,
    model: &TurnModel,
    (cell, score, bonus): (usize, u16, u16),
    chance: f64,
) {
    let category = model.space.rules.ruleset().cells[cell].category;
    let same =
        |ending: &&mut Ending| (ending.category, ending.score, ending.bonus) == (category, score, bonus);
    match endings.iter_mut().find(same) {
        Some(ending) => ending.probability += chance,
        None => endings.push(Ending {
            category,
            score,
            bonus,
            probability: chance,
        }),
    }
}
