//! What the rules let a five-of-a-kind score on each group's sheet, asked once for every group.
//!
//! Only five equal faces score differently from one sheet to another (the Joker and the bonus), and only once
//! the five-of-a-kind cell is filled: before that no Joker applies and no bonus is due, so they score as on
//! the empty sheet (a test holds the rules to this). For every group with the cell filled, the table builder
//! asks the rules about these six rolls. Sheets are made by writing one cell more at each step, depth first with
//! the five-of-a-kind cell decided first; the values written are the placeholders, values the rules offer.
//! (Not through a game: a sheet filled in order never reaches most groups, whose values are then never read.)

use fivedice_rules::{Category, Scores, Sheet};

use crate::states::Group;
use crate::turn::TurnModel;

/// The rules' answers, group by group and roll by roll, in flat lists.
pub(crate) struct FiveOfAKindAnswers {
    /// Where each group's answers start in `answers` (none for a group with the cell open); one more ends the last.
    group_starts: Vec<u32>,
    /// Per (group, five-of-a-kind roll): the bonus and where its cells end in `cells` (they start where the
    /// previous answer's end).
    answers: Vec<(u16, u32)>,
    cells: Vec<(Category, u16)>,
}

impl FiveOfAKindAnswers {
    pub(crate) fn ask(model: &TurnModel) -> FiveOfAKindAnswers {
        let space = &model.space;
        // The placeholders are what the first roll, five aces, scores: the five-of-a-kind cell's full value.
        assert!(model.placeholders[space.five_box] > 0);
        let mut by_group: Vec<Vec<Scores>> = vec![Vec::new(); space.group_count()];
        let five_box = space.rules.ruleset().cells[space.five_box].category;
        let fullness: &[bool] = if space.flag_counts {
            &[false, true]
        } else {
            &[false]
        };
        for &five_box_full in fullness {
            let value = if five_box_full {
                model.placeholders[space.five_box]
            } else {
                0
            };
            let group = Group {
                mask: 1 << space.five_box,
                five_box_full,
            };
            let sheet = Sheet::new().with_written(five_box, value);
            visit(model, &sheet, 0, group, &mut by_group);
        }
        let mut flat = FiveOfAKindAnswers {
            group_starts: vec![0],
            answers: Vec::new(),
            cells: Vec::new(),
        };
        for group in by_group {
            for scores in group {
                flat.cells.extend(scores.cells);
                flat.answers.push((scores.bonus, flat.cells.len() as u32));
            }
            flat.group_starts.push(flat.answers.len() as u32);
        }
        flat
    }

    /// For each five-of-a-kind roll of the model, in order, unless the group's cell is open: the bonus, and the
    /// cells allowed with their scores.
    pub(crate) fn of_group(&self, group: usize) -> impl Iterator<Item = (u16, &[(Category, u16)])> + '_ {
        let answers = self.group_starts[group] as usize..self.group_starts[group + 1] as usize;
        answers.map(|answer| {
            let start = match answer {
                0 => 0,
                _ => self.answers[answer - 1].1 as usize,
            };
            let (bonus, end) = self.answers[answer];
            (bonus, &self.cells[start..end as usize])
        })
    }
}

/// Decides cells `cell..` other than the five-of-a-kind cell (left open, or written), and asks at every leaf.
fn visit(model: &TurnModel, sheet: &Sheet, cell: usize, group: Group, by_group: &mut [Vec<Scores>]) {
    let space = &model.space;
    if cell == space.cell_count {
        if space.stored_lanes(group) == 0 {
            return;
        }
        let rolls = model.five_of_a_kind_rolls.iter();
        by_group[space.group_index(group)] = rolls
            .map(|&roll| space.rules.scores(sheet, model.graph.roll(roll)))
            .collect();
        return;
    }
    visit(model, sheet, cell + 1, group, by_group);
    if cell != space.five_box {
        let category = space.rules.ruleset().cells[cell].category;
        let written = sheet.with_written(category, model.placeholders[cell]);
        let mask = group.mask | 1 << cell;
        visit(model, &written, cell + 1, Group { mask, ..group }, by_group);
    }
}
