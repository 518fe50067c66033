//! The sheet's par row: how far each player's upper section is from the pace that makes its bonus, and, a tap
//! on its name away, what that means (a note of its own chunk, fetched when it is asked; the sheet shows it).

use fivedice_rules::{Column, Columns, Rules, UpperBonus};
use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::Loaded;
use crate::i18n;
use crate::store::GameStore;
use crate::store::Reading as _;

/// How far each player (each column) is from "on par" (three of each face for 63, four for 84), until the bonus
/// is earned; its name opens what par means.
/// `places`: each seat's columns, in the sheet's order.
pub(super) fn par_row(
    places: impl Iterator<Item = (usize, Column)>,
    columns: Columns,
    each: Option<u16>,
    open: RwSignal<bool>,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let cells = places
        .map(|(seat, column)| {
            let totals = store.table().totals_in(seat, (!columns.is_one()).then_some(column));
            let totals = move || totals.get();
            let text = move || match totals() {
                Some(totals) if totals.bonus > 0 => "✓".to_string(),
                Some(totals) if totals.upper_vs_par > 0 => format!("+{}", totals.upper_vs_par),
                Some(totals) if totals.upper_vs_par < 0 => format!("−{}", -totals.upper_vs_par),
                Some(_) => "±0".to_string(),
                None => String::new(),
            };
            let title = move || {
                totals()
                    .map(|totals| match totals.upper_needed {
                        0 => words.bonus_earned.to_string(),
                        needed => (words.more_for_bonus)(needed.into()),
                    })
                    .unwrap_or_default()
            };
            view! {
                <td class="par" class:behind=move || totals().is_some_and(|t| t.upper_vs_par < 0 && t.bonus == 0) title=title>
                    {text}
                </td>
            }
        })
        .collect_view();
    view! {
        <tr class="par-row">
            <th scope="row">
                <button class="link" data-action="what-is-par" aria-haspopup="dialog" on:click=move |_| open.set(true)>
                    {(words.par_row)(each)}
                </button>
            </th>
            {cells}
        </tr>
    }
}

/// What par means, for the bonus of this sheet (whose rules have one).
#[wasm_split_helpers::wasm_split(par, fallible)]
pub(super) fn par_note_part() -> Loaded<(Rules, RwSignal<bool>)> {
    Ok(|(rules, open)| {
        let bonus = rules.ruleset().upper_bonus.unwrap_or(UpperBonus::NONE);
        par_note(bonus, open).into_any()
    })
}

fn par_note(bonus: UpperBonus, open: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let par_words = store.speech().words_of(i18n::par_words);
    let close = move || open.set(false);
    crate::back::layer(close, None);
    let each = bonus.dice_of_each_face();
    view! {
        <Dialog close=Callback::new(move |()| close()) labelled_by="par-title">
            <div class="picker" data-par-note>
                <h2 id="par-title">{(words.par_row)(each)}</h2>
                <p>{(par_words.explain)(each, bonus.threshold)}</p>
                <div class="picker-actions">
                    <button class="secondary" data-action="close-par" on:click=move |_| close()>
                        {words.close}
                    </button>
                </div>
            </div>
        </Dialog>
    }
}
