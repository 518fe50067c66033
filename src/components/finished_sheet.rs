//! A finished game's sheet, opened from the list of finished games to be looked at: every box as it was
//! written and each player's totals (read from the rules crate), nothing to tap but Close. A chunk of its own.

use fivedice_rules::{Column, Game, Section};
use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::{Loaded, lazy};
use crate::store::GameStore;

/// The dialog for the finished game `game`, while `open` holds it.
pub fn finished_sheet(game: Game, open: RwSignal<Option<String>>) -> impl IntoView {
    lazy(finished_sheet_part, (game, open))
}

#[wasm_split_helpers::wasm_split(history, fallible)]
fn finished_sheet_part() -> Loaded<(Game, RwSignal<Option<String>>)> {
    Ok(|(game, open)| {
        add_history_styles();
        view! { <FinishedSheet game open /> }.into_any()
    })
}

#[component]
fn FinishedSheet(game: Game, open: RwSignal<Option<String>>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let rules = game.rules();
    let ruleset = rules.ruleset();
    let columns: Vec<Column> = rules.columns().as_slice().to_vec();
    let seats = game.players().len();
    let close = move || open.set(None);
    crate::back::layer(close, None);
    let heads = game
        .players()
        .iter()
        .map(|name| view! { <th scope="colgroup" colspan=columns.len().to_string()>{name.clone()}</th> })
        .collect_view();
    let column_heads = (columns.len() > 1).then(|| {
        let marks = (0..seats)
            .flat_map(|_| columns.iter().copied())
            .map(|column| view! { <th scope="col" title=crate::i18n::label(language, column.label())>{column.symbol()}</th> })
            .collect_view();
        view! { <tr><th></th>{marks}</tr> }
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
                        view! { <td>{value.map(|value| value.to_string())}</td> }
                    })
                    .collect_view();
                view! { <tr><th scope="row">{crate::i18n::label(language, cell.label)}</th>{values}</tr> }
            })
            .collect_view()
    };
    let span = columns.len().to_string();
    let total_row = |label: String, read: fn(&fivedice_rules::Totals) -> u16| {
        let values = (0..seats)
            .map(|seat| {
                let value = game.totals(seat).map(|totals| read(&totals));
                view! { <td colspan=span.clone()>{value.map(|value| value.to_string())}</td> }
            })
            .collect_view();
        view! { <tr class="total"><th scope="row">{label}</th>{values}</tr> }
    };
    // In the sheet's own order: each section's boxes, then its totals.
    let rows = view! {
        {cell_rows(Section::Upper)}
        {total_row(words.upper_total.to_string(), |t| t.upper)}
        {ruleset.upper_bonus.map(|bonus| total_row((words.bonus_at)(bonus.points, bonus.threshold), |t| t.bonus))}
        {cell_rows(Section::Lower)}
        {total_row(words.lower_total.to_string(), |t| t.lower)}
        {ruleset.extra_five_of_a_kind.map(|extra| total_row(crate::i18n::label(language, extra.bonus_label).to_string(), |t| t.five_of_a_kind_bonus))}
        {total_row(words.grand_total.to_string(), |t| t.grand)}
    };
    view! {
        <Dialog close=Callback::new(move |()| close()) labelled_by="finished-sheet-title">
            <div class="picker finished-sheet" data-finished-sheet>
                <h2 id="finished-sheet-title">{words.game_name(ruleset)}</h2>
                <div class="scroll-x">
                    <table class="sheet finished">
                        <thead>
                            <tr><th></th>{heads}</tr>
                            {column_heads}
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <div class="picker-actions">
                    <button class="primary" data-action="close-sheet" on:click=move |_| close()>
                        {words.close}
                    </button>
                </div>
            </div>
        </Dialog>
    }
}

/// The styles of the games played (the history's table, the statistics', a finished game's sheet), which
/// the chunks showing them bring.
pub(super) fn add_history_styles() {
    super::lazy::add_styles("history-styles", include_str!("../../style/history.css"));
    // A finished game's sheet is drawn as the table's is (play.css): fetched with the list it is opened from.
    crate::page::ask_table_styles();
}
