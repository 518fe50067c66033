//! The score sheet: a column per player, a row per box, the totals at the foot of each section.

use fivedice_rules::{Category, Cell, DiceMode, Game, Ruleset, Section, Totals};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::hint::HintShown;
use crate::store::GameStore;
use fivedice_worker::HintChoice;

#[component]
pub fn ScoreSheet() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let (ruleset, players, computers) = store.table.with_untracked(|table| {
        let table = table.as_ref().expect("the sheet is shown with a table");
        let seats = 0..table.game.players().len();
        let computers: Vec<_> = seats.map(|seat| table.computer_at(seat)).collect();
        (
            table.game.rules().ruleset(),
            table.game.players().to_vec(),
            computers,
        )
    });
    let seats = players.len();
    let current = move || store.game(Game::current_seat);
    let over = move || store.game(Game::is_over).unwrap_or(false);
    let wrap = NodeRef::<leptos::html::Div>::new();
    // On a narrow screen the sheet scrolls sideways: bring the current player's column into view.
    Effect::new(move |_| {
        let (Some(seat), Some(wrap)) = (current(), wrap.get()) else {
            return;
        };
        let Ok(Some(header)) = wrap.query_selector(&format!("thead th:nth-child({})", seat + 2)) else {
            return;
        };
        let Ok(Some(corner)) = wrap.query_selector("thead th.corner") else {
            return;
        };
        let (header, corner): (web_sys::HtmlElement, web_sys::HtmlElement) =
            match (header.dyn_into(), corner.dyn_into()) {
                (Ok(header), Ok(corner)) => (header, corner),
                _ => return,
            };
        let visible = wrap.client_width() - corner.offset_width();
        let left = header.offset_left() - corner.offset_width();
        if left < wrap.scroll_left() || left + header.offset_width() > wrap.scroll_left() + visible {
            wrap.set_scroll_left(left - (visible - header.offset_width()) / 2);
        }
    });
    let headers = players
        .into_iter()
        .enumerate()
        .map(|(seat, name)| {
            view! {
                <th scope="col" class="player" class:current=move || !over() && current() == Some(seat)>
                    <span class="name">{name}</span>
                    {computers[seat]
                        .map(|level| {
                            view! {
                                <span class="computer" title=format!("Computer player: {}", level.name()) aria-hidden="true">
                                    {format!("{} bot", level.name())}
                                </span>
                            }
                        })}
                </th>
            }
        })
        .collect_view();
    view! {
        <div class="sheet-wrap" node_ref=wrap>
            <table class="sheet" data-seats=seats.to_string()>
                <thead>
                    <tr>
                        <th scope="col" class="corner">{ruleset.name}</th>
                        {headers}
                    </tr>
                </thead>
                <tbody>
                    {section_rows(ruleset, Section::Upper, seats)}
                    {total_row("Upper total", "upper", seats, |t| t.upper.to_string())}
                    {total_row(
                        bonus_label(ruleset),
                        "bonus",
                        seats,
                        |t| t.bonus.to_string(),
                    )}
                    <ParRow seats />
                    {section_rows(ruleset, Section::Lower, seats)}
                    {total_row("Lower total", "lower", seats, |t| t.lower.to_string())}
                    {ruleset
                        .extra_five_of_a_kind
                        .map(|extra| {
                            total_row(
                                extra.bonus_label,
                                "yahtzee-bonus",
                                seats,
                                |t| t.five_of_a_kind_bonus.to_string(),
                            )
                        })}
                    {total_row("Grand total", "grand", seats, |t| t.grand.to_string())}
                </tbody>
            </table>
        </div>
    }
}

fn bonus_label(ruleset: &Ruleset) -> &'static str {
    match ruleset.upper_bonus.points {
        50 => "Bonus (50 at 63)",
        _ => "Bonus (35 at 63)",
    }
}

fn section_rows(ruleset: &'static Ruleset, section: Section, seats: usize) -> impl IntoView {
    let label = match section {
        Section::Upper => ruleset.upper_label,
        Section::Lower => ruleset.lower_label,
    };
    let rows = ruleset
        .cells_in(section)
        .map(|cell| {
            view! {
                <tr>
                    <th scope="row" class="label">
                        {cell.label}
                        {cell.label_fr.map(|french| view! { <small lang="fr">{french}</small> })}
                    </th>
                    {(0..seats).map(|seat| view! { <SheetCell seat cell /> }).collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <tr class="section">
            <th scope="colgroup" colspan=(seats + 1).to_string()>
                <span>{label}</span>
            </th>
        </tr>
        {rows}
    }
}

fn total_row(
    label: &'static str,
    id: &'static str,
    seats: usize,
    value: fn(&Totals) -> String,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let cells = (0..seats)
        .map(|seat| {
            let text = move || {
                store.table.with(|table| {
                    table
                        .as_ref()
                        .and_then(|t| t.game.totals(seat))
                        .map(|totals| value(&totals))
                        .unwrap_or_default()
                })
            };
            view! { <td data-total=format!("{seat}:{id}")>{text}</td> }
        })
        .collect_view();
    view! {
        <tr class="total" class:grand=id == "grand">
            <th scope="row">{label}</th>
            {cells}
        </tr>
    }
}

/// How far each player is from 63 "on par" (three of each face), until the bonus is earned.
#[component]
fn ParRow(seats: usize) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let cells = (0..seats)
        .map(|seat| {
            let totals = move || store.game(|game| game.totals(seat)).flatten();
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
                        0 => "Bonus earned".to_string(),
                        needed => format!("{needed} more for the bonus"),
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
            <th scope="row">"Par (3 of each)"</th>
            {cells}
        </tr>
    }
}

/// One box of one player's column: its written value, or a button while the current player may choose it.
#[component]
fn SheetCell(seat: usize, cell: &'static Cell) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let category: Category = cell.category;
    let id = format!("{seat}:{}", category.id());
    let written = move || {
        store.table.with(|table| {
            table
                .as_ref()
                .and_then(|t| t.game.sheets().get(seat)?.get(category))
        })
    };
    // What the current dice score here, if this player may choose the box now (pad: any open box).
    let choice = move || {
        store.table.with(|table| {
            let game = &table.as_ref()?.game;
            if game.is_over() || game.current_seat() != seat || written().is_some() {
                return None;
            }
            match (game.mode(), game.scores()) {
                // Dice on the table (rolled, or entered on the pad): only the boxes the rules allow.
                (_, Some(scores)) => scores.get(category).map(Some),
                (DiceMode::Pad, None) => Some(None),
                (DiceMode::App, None) => None,
            }
        })
    };
    let hinted = expect_context::<HintShown>();
    let hint_best = move || hinted.best(store) == Some(HintChoice::Cell(category));
    let picking = move || {
        store
            .picker
            .with(|picker| picker.is_some_and(|p| p.category == category))
    };
    let current = move || {
        store.table.with(|table| {
            table
                .as_ref()
                .is_some_and(|t| !t.game.is_over() && t.game.current_seat() == seat)
        })
    };
    let button_id = id.clone();
    let label = cell.label;
    view! {
        <td
            class="cell"
            class:filled=move || written().is_some()
            class:choosable=move || choice().is_some()
            class:current-col=current
            data-cell=move || choice().is_none().then(|| id.clone())
            data-value=move || written().map(|value| value.to_string()).unwrap_or_default()
        >
            {move || match (written(), choice()) {
                (Some(value), _) => value.to_string().into_any(),
                (None, Some(preview)) => {
                    let aria = match preview {
                        Some(value) => format!("{label}: score {value}"),
                        None => format!("{label}: write a score"),
                    };
                    view! {
                        <button
                            class="cell-button"
                            class:picking=picking
                            class:hint-best=hint_best
                            data-cell=button_id.clone()
                            data-value=""
                            aria-label=aria
                            on:click=move |_| store.open_picker(category)
                        >
                            {preview.map(|value| value.to_string())}
                        </button>
                    }
                        .into_any()
                }
                (None, None) => "".into_any(),
            }}
        </td>
    }
}
