//! A game's opening: the values and moments of the states its first turn can start and end in (the empty
//! sheet, and every sheet with one box written). They are all the chances to win need while nobody at a
//! table has written a box, so a device can state those at once, from a few hundred numbers kept with the
//! engine, while it builds the whole table and spread.

use fivedice_rules::{Column, Game, Rules};

use crate::table::{Spread, ValueTable};
use crate::turn::HIGHER;

/// The states of a game's opening, each with its expected remainder and higher raw moments, as the table and
/// spread of its rules hold them (bit for bit).
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    rules: Rules,
    /// Each state's place in the table, its value, then its higher moments.
    states: Vec<(u32, [f32; 1 + HIGHER])>,
}

impl Opening {
    /// The opening of these rules, read off their table and its spread.
    pub fn of(table: &ValueTable, spread: &Spread) -> Opening {
        let states = table
            .opening_slots()
            .map(|slot| {
                let moments = spread.moments_at(slot);
                (
                    slot as u32,
                    [table.values()[slot], moments[0], moments[1], moments[2]],
                )
            })
            .collect();
        Opening {
            rules: table.rules(),
            states,
        }
    }

    /// An opening kept elsewhere: `None` unless it names exactly the opening states of these rules.
    pub fn from_states(rules: Rules, states: Vec<(u32, [f32; 1 + HIGHER])>) -> Option<Opening> {
        let table = ValueTable::myopic(rules);
        let expected = table.opening_slots().map(|slot| slot as u32);
        expected
            .eq(states.iter().map(|(slot, _)| *slot))
            .then_some(Opening { rules, states })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn states(&self) -> &[(u32, [f32; 1 + HIGHER])] {
        &self.states
    }

    /// Whether the opening is all the odds of this game need: its rules', and nobody has written a box yet.
    pub fn covers(&self, game: &Game) -> bool {
        game.rules() == self.rules && Opening::holds(game)
    }

    /// Whether a game is still in its opening: nobody has written a box yet (a question that needs no opening
    /// at hand, so that one is only read where it can serve).
    pub fn holds(game: &Game) -> bool {
        let ruleset = game.rules().ruleset();
        let empty = |seat| {
            game.sheet(seat, Column::Free)
                .is_some_and(|sheet| sheet.open_count(ruleset) == ruleset.cells.len())
        };
        (0..game.players().len()).all(empty)
    }

    /// A table and spread that hold the opening's states and nothing else (every other state reads 0): the
    /// odds of a game the opening covers, and nothing more.
    pub fn tables(&self) -> (ValueTable, Spread) {
        let mut table = ValueTable::myopic(self.rules);
        let mut higher = vec![0.0; HIGHER * table.state_count()];
        let count = table.state_count();
        for (slot, [value, moments @ ..]) in &self.states {
            let slot = *slot as usize;
            table.set_value(slot, *value);
            for (moment, value) in moments.iter().enumerate() {
                higher[moment * count + slot] = *value;
            }
        }
        let spread = Spread::from_moments(&table, higher).expect("moments sized for the table");
        (table, spread)
    }
}
