//! What the value picker offers on the box it is open on: read by the picker alone, so it travels with the
//! picker's chunk.

use fivedice_rules::{Column, ExtraFiveOfAKind, Place, Preview};
use leptos::prelude::*;

use crate::store::play::Picker;
use crate::table::Table;

/// What the picker open on a cell offers: the values (the dice's score, or every value the cell can hold on
/// a score pad without dice), and the Yahtzee bonus a score pad may add.
#[derive(Clone, Debug, PartialEq)]
pub struct PickerOffers {
    pub place: Place,
    pub seat: usize,
    pub offers: Vec<u16>,
    /// Score pad without dice: values are written by hand, and dice may be entered instead.
    pub by_hand: bool,
    /// The bonus the player may add with this cell (score pad without dice), if the rules allow one now.
    pub bonus: Option<ExtraFiveOfAKind>,
    /// The sheet lets the player cross the cell out on purpose instead of scoring the dice (Yam).
    pub cross_out: bool,
    /// Column Yam: the box may be announced now (right after the turn's first roll).
    pub announce: bool,
    /// Generala on a score pad: whether the box can say it was made on the first roll and so wins (the
    /// generala boxes, where a generala on the first roll wins).
    pub first_roll_wins: bool,
    /// The values to show as made on the turn's first roll (Generala's bonus): on a score pad, those only a first
    /// roll makes; with the app's dice, the dice's score where the first roll pays more.
    pub first_roll_only: Vec<u16>,
}

/// What the picker open on a cell of `table` offers, rebuilt only when that changes.
pub(super) fn follow(
    table: RwSignal<Option<Table>>,
    picker: RwSignal<Option<Picker>>,
) -> Memo<Option<PickerOffers>> {
    Memo::new(move |_| {
        let place = picker.with(|picker| picker.map(|p| p.place))?;
        table.with(|table| {
            let game = table.as_ref()?.game()?;
            let preview = game.preview(place).ok()?;
            let by_hand = preview == Preview::Write;
            let offers = match preview {
                Preview::Scores(points) => vec![points],
                Preview::Write => game.offers(place.category).ok()?,
            };
            let cross_out = offers != [0] && game.check_cross_out(place).is_ok();
            let rules = game.rules();
            let bonus = rules.ruleset().extra_five_of_a_kind;
            let later = |&value: &u16| rules.can_hold(place.category, value, false) == Ok(true);
            // The values only a first roll makes (by hand), or the dice's score where the first roll pays more.
            let first_roll_only = match by_hand {
                true => offers.iter().copied().filter(|value| !later(value)).collect(),
                false => offers
                    .iter()
                    .copied()
                    .filter(|&value| {
                        value > 0 && game.on_first_roll() && rules.first_roll_pays_more(place.category)
                    })
                    .collect(),
            };
            let five_box = [
                Some(rules.ruleset().all_alike_cell()),
                rules.ruleset().second_five_of_a_kind,
            ];
            Some(PickerOffers {
                place,
                seat: game.current_seat(),
                offers,
                by_hand,
                bonus: bonus.filter(|_| by_hand && game.bonus_available()),
                cross_out,
                announce: place.column == Column::Announced && game.check_announce(place.category).is_ok(),
                first_roll_wins: by_hand
                    && rules.first_roll_wins()
                    && five_box.contains(&Some(place.category)),
                first_roll_only,
            })
        })
    })
}
