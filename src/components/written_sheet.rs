//! A game's sheets as they are written, nothing to tap: every box, and each player's totals, read from the rules
//! crate. A finished game's sheet shows it, and a replay at each of its steps. Its boxes carry the table's own
//! hooks (`data-cell`, `data-value`, `data-total`), so a replay's last step reads as the game's table did.

use fivedice_rules::{Column, Game, Language, Section, Totals};
use leptos::prelude::*;

use crate::i18n::{Words, label};

/// The hook of a box (`seat:cell`; `seat:column:cell` on a sheet of columns) or of a total.
pub(super) fn cell_hook(seat: usize, column: Option<Column>, name: &str) -> String {
    match column {
        None => format!("{seat}:{name}"),
        Some(column) => format!("{seat}:{column}:{name}"),
    }
}

/// The sheets of `game` as a `<table>`; `playing`, the seat whose column is marked as the one playing.
pub(super) fn written_sheet(
    game: &Game,
    words: &'static Words,
    language: Language,
    playing: Option<usize>,
) -> impl IntoView + use<> {
    let rules = game.rules();
    let ruleset = rules.ruleset();
    let columns: Vec<Column> = rules.columns().as_slice().to_vec();
    let plain = columns.len() == 1;
    let seats = game.players().len();
    let heads = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            view! {
                <th scope="colgroup" colspan=columns.len().to_string() class:current=playing == Some(seat)>
                    {name.clone()}
                </th>
            }
        })
        .collect_view();
    let column_heads = (!plain).then(|| {
        let marks = (0..seats)
            .flat_map(|_| columns.iter().copied())
            .map(|column| view! { <th scope="col" title=label(language, column.label())>{column.symbol()}</th> })
            .collect_view();
        view! { <tr><td></td>{marks}</tr> }
    });
    let cell_rows = |section: Section| {
        ruleset
            .cells_in(section)
            .map(|cell| {
                let values = (0..seats)
                    .flat_map(|seat| columns.iter().map(move |&column| (seat, column)))
                    .map(|(seat, column)| {
                        let value = game
                            .sheet(seat, column)
                            .and_then(|sheet| sheet.get(cell.category));
                        let hook = cell_hook(seat, (!plain).then_some(column), cell.category.id());
                        let text = value.map(|value| value.to_string()).unwrap_or_default();
                        let shown = text.clone();
                        view! {
                            <td data-cell=hook data-value=text class:current-col=playing == Some(seat)>
                                {shown}
                            </td>
                        }
                    })
                    .collect_view();
                view! { <tr><th scope="row">{label(language, cell.label)}</th>{values}</tr> }
            })
            .collect_view()
    };
    let span = columns.len().to_string();
    // The player's totals; on a sheet of columns only the grand total has the table's hook (a column's own
    // totals are not shown here).
    let total_row = |text: String, hook: &'static str, read: fn(&Totals) -> u16| {
        let values = (0..seats)
            .map(|seat| {
                let value = game.totals(seat).map(|totals| read(&totals).to_string());
                let hook = (plain || hook == "grand").then(|| cell_hook(seat, None, hook));
                view! { <td colspan=span.clone()><span data-total=hook>{value}</span></td> }
            })
            .collect_view();
        view! { <tr class="total" class:grand=hook == "grand"><th scope="row">{text}</th>{values}</tr> }
    };
    // In the sheet's own order: each section's boxes, then its totals.
    let rows = view! {
        {cell_rows(Section::Upper)}
        {total_row(words.upper_total.to_string(), "upper", |t| t.upper)}
        {ruleset.upper_bonus.map(|bonus| total_row((words.bonus_at)(bonus.points, bonus.threshold), "bonus", |t| t.bonus))}
        {cell_rows(Section::Lower)}
        {total_row(words.lower_total.to_string(), "lower", |t| t.lower)}
        {ruleset.extra_five_of_a_kind.map(|extra| total_row(label(language, extra.bonus_label).to_string(), "yahtzee-bonus", |t| t.five_of_a_kind_bonus))}
        {total_row(words.grand_total.to_string(), "grand", |t| t.grand)}
    };
    view! {
        <table class="sheet finished">
            <thead>
                <tr><td></td>{heads}</tr>
                {column_heads}
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
