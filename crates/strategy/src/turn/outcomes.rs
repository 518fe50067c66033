//! What writing each open cell leads to for one group of upper totals, prepared once per group.

use super::*;

/// What writing each open cell leads to for one group: the value of the turn after it, per upper total.
pub(crate) struct Outcomes {
    vectors: Vec<Dense>,
    /// Beside each vector, its higher moments, where the outcomes were prepared with them.
    higher: Vec<[Dense; HIGHER]>,
    first_vector: Vec<usize>,
    open_cells: Vec<usize>,
    /// The rules' answer for each five-of-a-kind roll on this sheet: the bonus and the cells allowed.
    five_of_a_kind: Vec<FiveOfAKind>,
}

/// A five-of-a-kind roll on one sheet: its number, its bonus, and the cells the rules allow with their scores
/// (written later in the turn, and right after its first roll).
struct FiveOfAKind {
    roll: usize,
    bonus: f32,
    cells: Vec<(usize, u16)>,
    first_roll_cells: Vec<(usize, u16)>,
}

impl Outcomes {
    pub(crate) fn new() -> Outcomes {
        Outcomes {
            vectors: Vec::new(),
            higher: Vec::new(),
            first_vector: Vec::new(),
            open_cells: Vec::new(),
            five_of_a_kind: Vec::new(),
        }
    }

    /// Sets up the outcomes of a group from the values of the groups after it and what the rules let each
    /// five-of-a-kind roll score on the group's sheet (the bonus, and the cells allowed with their scores);
    /// with no answers, those rolls score as on the empty sheet.
    ///
    /// With `higher` (the higher moments of the remainder, table by table), each outcome vector gets its
    /// higher moments beside it, for [`Moments`].
    pub(crate) fn prepare<'a>(
        &mut self,
        model: &TurnModel,
        values: &[f32],
        higher: Option<[&[f32]; HIGHER]>,
        group: Group,
        five_of_a_kind: impl Iterator<Item = (u16, &'a [(Category, u16)])>,
    ) {
        let space = &model.space;
        self.vectors.clear();
        self.higher.clear();
        self.first_vector.clear();
        self.open_cells.clear();
        let totals = space.lane_totals(group.mask);
        for cell in 0..space.cell_count {
            self.first_vector.push(self.vectors.len());
            if !space.may_write(group.mask, cell) {
                continue;
            }
            self.open_cells.push(cell);
            let mask = group.mask | 1 << cell;
            let face = u16::from(space.face_of_cell[cell]);
            // The five-of-a-kind cell leads to two groups: written 0, or at its full value.
            let fullness: &[bool] = if cell == space.five_box {
                &[false, true]
            } else {
                &[group.five_box_full]
            };
            for &five_box_full in fullness {
                let after_group = Group { mask, five_box_full };
                let after = expand(space, values, after_group);
                let after_higher = higher.map(|tables| tables.map(|table| expand(space, table, after_group)));
                let counts = if face > 0 { 0..=5 } else { 0..=0 };
                for count in counts {
                    let (vector, higher) =
                        written_outcome(space, &after, after_higher.as_ref(), totals, count * face);
                    self.vectors.push(vector);
                    self.higher.extend(higher);
                }
            }
        }
        self.five_of_a_kind.clear();
        let rules = space.rules;
        for (&roll, (bonus, cells)) in model.five_of_a_kind_rolls.iter().zip(five_of_a_kind) {
            let numbered = |first_roll: bool| {
                let score = |category, score| match first_roll {
                    true => rules.first_roll_score(category, score),
                    false => score,
                };
                cells
                    .iter()
                    .map(|&(category, points)| (model.cell_number(category), score(category, points)))
                    .collect()
            };
            self.five_of_a_kind.push(FiveOfAKind {
                roll,
                bonus: f32::from(bonus),
                cells: numbered(false),
                first_roll_cells: numbered(true),
            });
        }
    }

    /// The vector and added points for writing `score` in `cell`.
    fn outcome(&self, model: &TurnModel, cell: usize, score: u16) -> (&Dense, f32) {
        let (vector, points) = model.space.outcome_of(cell, score);
        (
            &self.vectors[self.first_vector[cell] + usize::from(vector)],
            points,
        )
    }

    /// The expected final remainder of writing each cell the rules allow, at one upper total (a lane).
    pub(crate) fn cell_values(
        &self,
        model: &TurnModel,
        scores: &Scores,
        lane: usize,
    ) -> Vec<(Category, f32)> {
        scores
            .cells
            .iter()
            .map(|&(category, score)| {
                let (vector, points) = self.outcome(model, model.cell_number(category), score);
                let value = f32::from(scores.bonus) + (vector.lane(lane) + points);
                (category, value)
            })
            .collect()
    }

    /// The cell the table's play writes for a roll, written later in the turn or right after its first roll,
    /// at one upper total (a lane): its number, its score, the five-of-a-kind bonus the roll earns, and its
    /// worth (the points to come, from this cell on). The first best in sheet order, as the bots choose.
    pub(crate) fn best_cell(
        &self,
        model: &TurnModel,
        roll: usize,
        lane: usize,
        first_roll: bool,
    ) -> (usize, u16, u16, f32) {
        let worth = |cell: usize, score: u16, bonus: u16| {
            let (vector, points) = self.outcome(model, cell, score);
            f32::from(bonus) + (vector.lane(lane) + points)
        };
        let mut best: Option<(f32, (usize, u16, u16))> = None;
        for (cell, score, bonus) in self.cells_of_roll(model, roll, first_roll) {
            let worth = worth(cell, score, bonus);
            if best.is_none_or(|(top, _)| worth > top) {
                best = Some((worth, (cell, score, bonus)));
            }
        }
        let (worth, (cell, score, bonus)) = best.expect("a sheet with an open cell has a cell to write");
        (cell, score, bonus, worth)
    }

    /// Every cell a roll may be written in on this group's sheet, in sheet order, later in the turn or right
    /// after its first roll: its number, its score, and the five-of-a-kind bonus the roll earns.
    pub(crate) fn cells_of_roll<'a>(
        &'a self,
        model: &'a TurnModel,
        roll: usize,
        first_roll: bool,
    ) -> Box<dyn Iterator<Item = (usize, u16, u16)> + 'a> {
        let table = model.scores_table(first_roll);
        match self.five_of_a_kind.iter().find(|five| five.roll == roll) {
            Some(five) => {
                let cells = if first_roll {
                    &five.first_roll_cells
                } else {
                    &five.cells
                };
                Box::new(
                    cells
                        .iter()
                        .map(|&(cell, score)| (cell, score, five.bonus as u16)),
                )
            }
            None => Box::new(self.open_cells.iter().map(move |&cell| {
                let Write { vector, points, .. } = model.writes[usize::from(table[roll][cell])];
                let face = u16::from(model.space.face_of_cell[cell]);
                let score = if face > 0 {
                    u16::from(vector) * face
                } else {
                    points as u16
                };
                (cell, score, 0)
            })),
        }
    }

    /// The outcome vector `index` at the block of lanes from `first`, as a worth of type `W`.
    fn vector<W: Worth>(&self, index: usize, first: usize) -> W {
        W::of_vector(&self.vectors[index], self.higher.get(index), first)
    }

    /// The worth of every write into an open cell, for the block of lanes from `first` (writes into filled
    /// cells are left as they are: no roll reads them).
    fn solve_writes<W: Worth>(&self, model: &TurnModel, first: usize, writes: &mut [W]) {
        for &cell in &self.open_cells {
            let run = model.writes_of_cell[cell].clone();
            for (worth, write) in writes[run.clone()].iter_mut().zip(&model.writes[run]) {
                let outcome: W = self.vector(self.first_vector[cell] + usize::from(write.vector), first);
                *worth = outcome.plus(write.points);
            }
        }
    }

    /// The best cell for every roll, written later in the turn or right after its first roll, for the block of
    /// lanes from `first`, from the worth of each write.
    fn score_rolls<W: Worth>(
        &self,
        model: &TurnModel,
        first: usize,
        writes: &[W],
        rolls: &mut [W],
        first_roll: bool,
    ) {
        // Roll by roll, so the best so far stays in registers while the open cells are tried.
        for (roll, numbers) in rolls.iter_mut().zip(model.scores_table(first_roll)) {
            let mut best = W::WORST;
            for &cell in &self.open_cells {
                best = best.better(&writes[usize::from(numbers[cell])]);
            }
            *roll = best;
        }
        for five in &self.five_of_a_kind {
            let mut best = W::WORST;
            let cells = if first_roll {
                &five.first_roll_cells
            } else {
                &five.cells
            };
            for &(cell, score) in cells {
                let (vector, points) = model.space.outcome_of(cell, score);
                let outcome: W = self.vector(self.first_vector[cell] + usize::from(vector), first);
                best = best.better(&outcome.plus(points));
            }
            rolls[five.roll] = best.plus(five.bonus);
        }
    }

    /// Solves the turn for the lanes of a block from `first` and returns its worth at the turn's start.
    /// `observe` sees the worth of every keep with `r` rerolls left after the keep, for `r` = 0 and up.
    pub(crate) fn solve_block<W: Worth>(
        &self,
        model: &TurnModel,
        first: usize,
        scratch: &mut Scratch<W>,
        observe: impl FnMut(usize, &[W]),
    ) -> W {
        let Scratch {
            keeps,
            writes,
            first_roll,
        } = scratch;
        self.solve_writes(model, first, writes);
        self.score_rolls(model, first, writes, &mut keeps[FIRST_ROLL..], false);
        let first_roll = model.first_roll.is_some().then(|| {
            self.score_rolls(model, first, writes, first_roll, true);
            first_roll.as_slice()
        });
        play_keeps(&model.graph, keeps, first_roll, observe)
    }
}
