//! What dice score in each open cell of a sheet under these rules, what the Joker calls for, and what a cell
//! can hold.

use super::*;

impl Rules {
    /// What each open cell of `sheet` scores for `dice` made after the turn's first roll, leaving out the cells
    /// the forced Joker forbids and, on a sheet filled in order, every cell but the next.
    pub fn scores(&self, sheet: &Sheet, dice: FaceCounts) -> Scores {
        self.scores_rolled(sheet, dice, false)
    }

    /// What each open cell of `sheet` scores for `dice`, made on the turn's first roll or not (Generala pays a
    /// bonus for the first), leaving out what [`Rules::scores`] leaves out.
    pub fn scores_rolled(&self, sheet: &Sheet, dice: FaceCounts, first_roll: bool) -> Scores {
        let ruleset = self.ruleset();
        let five_box = ruleset.all_alike_cell();
        let five = dice.all_alike();
        let joker_rolled = five.is_some() && !sheet.is_open(five_box) && self.joker != Joker::None;
        let open = ruleset.cells.iter().filter(|cell| {
            sheet.is_open(cell.category) && Column::Free.check_order(ruleset, sheet, cell.category).is_ok()
        });
        let score = |cell: &Cell, joker: bool| {
            let natural = pattern::score(cell.pattern, cell.points, dice, joker);
            let paid = self.pays(cell, natural, first_roll) * u16::from(self.pays_on(sheet, cell.category));
            (cell.category, paid)
        };
        let cells = match (five, joker_rolled, self.joker) {
            (Some(face), true, Joker::Forced) => {
                let matching = ruleset.upper_cell(face);
                let lower_open = ruleset
                    .cells_in(Section::Lower)
                    .any(|cell| sheet.is_open(cell.category));
                let allowed = |cell: &&Cell| {
                    if sheet.is_open(matching) {
                        cell.category == matching
                    } else if lower_open {
                        cell.section == Section::Lower
                    } else {
                        true
                    }
                };
                open.filter(allowed).map(|cell| score(cell, true)).collect()
            }
            (Some(face), true, Joker::Free) => {
                let joker = !sheet.is_open(ruleset.upper_cell(face));
                open.map(|cell| score(cell, joker)).collect()
            }
            _ => open.map(|cell| score(cell, false)).collect(),
        };
        Scores {
            cells,
            bonus: self.bonus_for(sheet, dice),
        }
    }

    /// What the dice score in every cell of the sheet, in sheet order, as on an empty sheet (no Joker, no
    /// order, no five-of-a-kind bonus, no second five of a kind), made on the turn's first roll or not: what
    /// the strategy engine tabulates once.
    pub fn natural_scores(
        &self,
        dice: FaceCounts,
        first_roll: bool,
    ) -> impl Iterator<Item = (Category, u16)> + use<> {
        let rules = *self;
        let empty = Sheet::new();
        self.ruleset().cells.iter().map(move |cell| {
            let natural = pattern::score(cell.pattern, cell.points, dice, false);
            let paid =
                rules.pays(cell, natural, first_roll) * u16::from(rules.pays_on(&empty, cell.category));
            (cell.category, paid)
        })
    }

    /// What a cell pays for dice that make `natural` there: with Generala's bonus where they were made on the
    /// turn's first roll.
    fn pays(&self, cell: &Cell, natural: u16, first_roll: bool) -> u16 {
        match first_roll {
            true => self.first_roll_score(cell.category, natural),
            false => natural,
        }
    }

    /// What dice that score `natural` in a cell score there when made on the turn's first roll: with
    /// Generala's bonus in its straight, full and poker (where they make it).
    pub fn first_roll_score(&self, category: Category, natural: u16) -> u16 {
        match self.house {
            Some(house) if natural > 0 && self.first_roll_pays_more(category) => {
                natural + house.first_roll_bonus
            }
            _ => natural,
        }
    }

    /// Whether this cell pays on this sheet: the second five of a kind (Generala's double) only once the
    /// five-of-a-kind cell holds its points; every other cell always.
    pub fn pays_on(&self, sheet: &Sheet, category: Category) -> bool {
        self.ruleset().second_five_of_a_kind != Some(category) || self.five_of_a_kind_held(sheet)
    }

    /// Whether the sheet's five-of-a-kind cell holds points (written in full, not crossed out): what a further
    /// five of a kind's bonus, and a second five of a kind's box, wait for.
    pub fn five_of_a_kind_held(&self, sheet: &Sheet) -> bool {
        let five_box = self.ruleset().all_alike_cell();
        sheet.get(five_box).is_some_and(|points| points > 0)
    }

    /// Whether five alike made on a turn's first roll win the game at once (Generala, as most tables play it).
    pub fn first_roll_wins(&self) -> bool {
        self.house.is_some_and(|house| house.first_roll_wins)
    }

    /// How the Joker rule bears on these dice on this sheet, if it does: why some cells are closed now, or pay
    /// in full. `None` unless a further five-of-a-kind is on the table under a Joker rule.
    pub fn joker_call(&self, sheet: &Sheet, dice: FaceCounts) -> Option<JokerCall> {
        let ruleset = self.ruleset();
        let face = dice.all_alike()?;
        if sheet.is_open(ruleset.all_alike_cell()) {
            return None;
        }
        let upper = ruleset.upper_cell(face);
        let lower_open = ruleset
            .cells_in(Section::Lower)
            .any(|cell| sheet.is_open(cell.category));
        match self.joker {
            Joker::None => None,
            Joker::Forced if sheet.is_open(upper) => Some(JokerCall::UpperCell(upper)),
            Joker::Forced if lower_open => Some(JokerCall::LowerCell(upper)),
            Joker::Forced => Some(JokerCall::ZeroAbove(upper)),
            Joker::Free if sheet.is_open(upper) => Some(JokerCall::NaturalWhileOpen(upper)),
            Joker::Free => Some(JokerCall::FullValue(upper)),
        }
    }

    /// The five-of-a-kind bonus these dice earn on this sheet: a further five-of-a-kind while the cell holds its 50.
    pub fn bonus_for(&self, sheet: &Sheet, dice: FaceCounts) -> u16 {
        match self.ruleset().extra_five_of_a_kind {
            Some(extra) if dice.all_alike().is_some() && self.bonus_available(sheet) => extra.bonus,
            _ => 0,
        }
    }

    /// Whether a further five-of-a-kind earns a bonus on this sheet (its five-of-a-kind cell holds 50, not 0).
    pub fn bonus_available(&self, sheet: &Sheet) -> bool {
        self.yahtzee_bonus && self.ruleset().extra_five_of_a_kind.is_some() && self.five_of_a_kind_held(sheet)
    }

    /// A sheet with these cells written, each checked against what the cell can hold.
    pub fn sheet(&self, filled: &[(Category, u16)]) -> Result<Sheet, RulesError> {
        let mut sheet = Sheet::new();
        for &(category, value) in filled {
            if !self.offers(category)?.contains(&value) {
                return Err(RulesError::ValueNotOffered(category, value));
            }
            if !sheet.is_open(category) {
                return Err(RulesError::FilledTwice(category));
            }
            sheet.write(category, value, false);
        }
        let ruleset = self.ruleset();
        let mut cells = ruleset.cells.iter().map(|cell| cell.category);
        if ruleset.fills_in_order
            && let Some(open) = cells.find(|&cell| sheet.is_open(cell))
            && let Some(filled) = cells.find(|&cell| !sheet.is_open(cell))
        {
            return Err(RulesError::FilledOutOfOrder { filled, open });
        }
        Ok(sheet)
    }

    /// Every value the cell can hold on a score pad under these rules: what some roll scores there,
    /// with or without the Joker, on the turn's first roll or later, found by scoring all 252 rolls.
    pub fn offers(&self, category: Category) -> Result<Vec<u16>, RulesError> {
        let later = self.possible_scores(category, false)?;
        let values: BTreeSet<u16> = later.chain(self.possible_scores(category, true)?).collect();
        Ok(values.into_iter().collect())
    }

    /// Whether some roll scores `value` in the cell, on the turn's first roll or after it (stops at the first
    /// that does).
    pub fn can_hold(&self, category: Category, value: u16, first_roll: bool) -> Result<bool, RulesError> {
        Ok(self
            .possible_scores(category, first_roll)?
            .any(|score| score == value))
    }

    /// Whether dice made on the turn's first roll pay more in this cell (Generala's straight, full and poker).
    pub fn first_roll_pays_more(&self, category: Category) -> bool {
        self.house.is_some()
            && self
                .ruleset()
                .first_roll
                .is_some_and(|rule| rule.bonus_cells.contains(&category))
    }

    fn possible_scores(
        &self,
        category: Category,
        first_roll: bool,
    ) -> Result<impl Iterator<Item = u16> + use<>, RulesError> {
        let rules = *self;
        let cell = self.cell(category)?;
        let joker_cases: &'static [bool] = if self.joker == Joker::None {
            &[false]
        } else {
            &[false, true]
        };
        Ok(FaceCounts::all(self.ruleset().dice).flat_map(move |dice| {
            joker_cases.iter().map(move |&joker| {
                let joker = joker && dice.all_alike().is_some();
                rules.pays(
                    cell,
                    pattern::score(cell.pattern, cell.points, dice, joker),
                    first_roll,
                )
            })
        }))
    }
}
