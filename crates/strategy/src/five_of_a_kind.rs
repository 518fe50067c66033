//! What the rules let a five-of-a-kind score on each group's sheet, asked once for every group.
//!
//! Only five equal faces score differently from one sheet to another (the Joker and the bonus), so these six
//! rolls are the only ones the table builder asks the rules about per group. Sheets are made by writing and
//! taking back cells on a score-pad game, depth first, so each group costs the rules one check of one cell.

use fivedice_rules::{Category, DiceMode, Game, Scores};

use crate::states::Group;
use crate::turn::TurnModel;

/// The rules' answers, group by group and roll by roll, in one flat list.
pub(crate) struct FiveOfAKindAnswers {
    /// Where the answers of (group, five-of-a-kind roll) start in `cells`; one more entry ends the last.
    starts: Vec<u32>,
    bonus: Vec<u16>,
    cells: Vec<(Category, u16)>,
}

impl FiveOfAKindAnswers {
    pub(crate) fn ask(model: &TurnModel) -> FiveOfAKindAnswers {
        let rolls = model.five_of_a_kind_rolls.len();
        // The placeholders are what the first roll, five aces, scores: the five-of-a-kind box's full value.
        assert!(model.placeholders[model.space.five_box] > 0);
        let mut by_group: Vec<Vec<Scores>> = vec![Vec::new(); model.space.group_count()];
        let mut pad =
            Game::new(model.space.rules, DiceMode::Pad, &["solver"], 0).expect("one player always fits");
        let empty = Group {
            mask: 0,
            five_box_full: false,
        };
        visit(model, &mut pad, 0, empty, &mut by_group);
        let mut answers = FiveOfAKindAnswers {
            starts: vec![0],
            bonus: Vec::with_capacity(by_group.len() * rolls),
            cells: Vec::new(),
        };
        for scores in by_group.iter().flat_map(|group| {
            // Groups no sheet reaches (a full box before the box is filled) are never solved.
            let padding = rolls - group.len();
            group.iter().cloned().chain((0..padding).map(|_| Scores {
                cells: Vec::new(),
                bonus: 0,
            }))
        }) {
            answers.bonus.push(scores.bonus);
            answers.cells.extend(scores.cells);
            answers.starts.push(answers.cells.len() as u32);
        }
        answers
    }

    /// For each five-of-a-kind roll of the model, in order: the bonus and the cells allowed with their scores.
    pub(crate) fn of_group(
        &self,
        model: &TurnModel,
        group: usize,
    ) -> impl Iterator<Item = (u16, &[(Category, u16)])> + '_ {
        let rolls = model.five_of_a_kind_rolls.len();
        (group * rolls..(group + 1) * rolls).map(|answer| {
            let range = self.starts[answer] as usize..self.starts[answer + 1] as usize;
            (self.bonus[answer], &self.cells[range])
        })
    }
}

/// Decides cells `cell..` of the sheet (left open, or written) and records the answers at every leaf.
fn visit(model: &TurnModel, pad: &mut Game, cell: usize, group: Group, by_group: &mut [Vec<Scores>]) {
    let space = &model.space;
    if cell == space.cell_count {
        let sheet = &pad.sheets()[0];
        by_group[space.group_index(group)] = model
            .five_of_a_kind_rolls
            .iter()
            .map(|&roll| space.rules.scores(sheet, model.graph.roll(roll)))
            .collect();
        return;
    }
    visit(model, pad, cell + 1, group, by_group);
    let category = space.rules.ruleset().cells[cell].category;
    let mask = group.mask | 1 << cell;
    // The five-of-a-kind box is written as 0 and, where the bonus makes it matter, at its full value.
    let writes: &[(u16, bool)] = match cell == space.five_box {
        true if space.flag_counts => &[(0, false), (model.placeholders[cell], true)],
        true => &[(0, false)],
        false => &[(model.placeholders[cell], false)],
    };
    for &(value, five_box_full) in writes {
        let five_box_full = five_box_full || group.five_box_full;
        pad.write(category, value, false)
            .expect("placeholders are values the rules offer");
        visit(model, pad, cell + 1, Group { mask, five_box_full }, by_group);
        pad.undo().expect("the cell just written can be taken back");
    }
}
