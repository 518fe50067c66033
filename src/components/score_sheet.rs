//! The score sheet: a column per player (column Yam: the player's columns side by side, each headed by its
//! mark), a row per cell, the totals at the foot of each section.

use fivedice_rules::{
    Category, Cell, Column, Columns, Language, Move, Place, Preview, Ruleset, RulesetId, Section, Totals,
};
use leptos::prelude::*;

use super::hint_shown::HintShown;
use super::lazy::{Loaded, lazy};
use super::par::{par_note_part, par_row};
use super::shown::shown_when;
use super::written_sheet::cell_hook;
use crate::store::GameStore;
use crate::store::Reading as _;

#[component]
pub fn ScoreSheet() -> impl IntoView {
    let store = expect_context::<GameStore>();
    // The sheet is built for one table: its rules and players do not change while it is shown.
    let Some(rules) = store.table().rules().get_untracked() else {
        return ().into_any();
    };
    let ruleset = rules.ruleset();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let players = store.table().players().get_untracked();
    let seats = players.len();
    let columns = rules.columns();
    let plain = columns.is_one();
    let span = columns.len();
    let current = store.table().current_seat();
    let par_open = RwSignal::new(false);
    let wrap = NodeRef::<leptos::html::Div>::new();
    // On a narrow screen the sheet scrolls sideways: bring the current player's column into view. Measured
    // after the next paint, when the layout is done, so that showing the sheet never forces one of its own.
    let follow = move || {
        if let (Some(seat), Some(wrap)) = (current.get_untracked(), wrap.get_untracked()) {
            super::after_next_paint(move || show_column(&wrap, seat));
        }
    };
    Effect::new(move |_| {
        current.get();
        wrap.track();
        follow();
    });
    // A tablet turned the other way up lays the sheet out anew.
    let turned = window_event_listener(leptos::ev::resize, move |_| follow());
    on_cleanup(move || turned.remove());
    let headers = players
        .into_iter()
        .enumerate()
        .map(|(seat, name)| {
            view! {
                <th
                    scope="colgroup"
                    colspan=span.to_string()
                    class="player"
                    class:current=move || current.get() == Some(seat)
                    // A tap shows the whole name where the column shortens it.
                    tabindex="-1"
                >
                    <span class="name" title=name.clone()>{name.clone()}</span>
                    {store
                        .table().computer_at(seat)
                        .get_untracked()
                        .map(|level| {
                            view! {
                                <span class="computer" title=(words.computer_player)(words.level(level)) aria-hidden="true">
                                    {(words.bot)(words.level(level))}
                                </span>
                            }
                        })}
                </th>
            }
        })
        .collect_view();
    view! {
        // A region of its own that scrolls: the keyboard reaches it while no box is open (then the boxes are its
        // one tab stop: `crate::focus::one_stop_in_the_sheet`).
        <div class="sheet-wrap" node_ref=wrap tabindex="0" role="region" aria-label=words.score_sheet>
            <table class="sheet" class:plain=plain data-seats=seats.to_string()>
                <thead>
                    <tr>
                        <th scope="col" class="corner" rowspan=if plain { "1" } else { "2" }>
                            {words.game_name(ruleset)}
                        </th>
                        {headers}
                    </tr>
                    {(!plain).then(|| column_heads(columns, seats, language))}
                </thead>
                <tbody>
                    {section_rows(ruleset, language, Section::Upper, seats, columns)}
                    {total_row(words.upper_total, "upper", seats, columns, |t| t.upper, None)}
                    // A sheet without an upper bonus (Yacht) has neither its row nor the pace towards it.
                    {ruleset
                        .upper_bonus
                        .map(|bonus| {
                            view! {
                                {total_row(
                                    (words.bonus_at)(bonus.points, bonus.threshold),
                                    "bonus",
                                    seats,
                                    columns,
                                    |t| t.bonus,
                                    None,
                                )}
                                {par_row(places(columns, seats), columns, bonus.dice_of_each_face(), par_open)}
                            }
                        })}
                    {section_rows(ruleset, language, Section::Lower, seats, columns)}
                    {total_row(words.lower_total, "lower", seats, columns, |t| t.lower, None)}
                    {ruleset
                        .extra_five_of_a_kind
                        .map(|extra| {
                            let marks = extra.bonus_mark.map(|mark| (mark, extra.bonus));
                            total_row(
                                crate::i18n::label(language, extra.bonus_label),
                                "yahtzee-bonus",
                                seats,
                                columns,
                                |t| t.five_of_a_kind_bonus,
                                marks,
                            )
                        })}
                    {total_row(words.grand_total, "grand", seats, Columns::ONE, |t| t.grand, None)}
                    {(ruleset.saves_rolls).then(|| view! { <super::saved_rolls::SavedRollsRow seats /> })}
                </tbody>
            </table>
            {(!plain).then(|| lazy(column_legend_part, columns))}
        </div>
        // What par means, asked from its row: outside the sheet's frame, which would clip it.
        {shown_when(move || par_open.get(), move || lazy(par_note_part, (rules, par_open)))}
    }
    .into_any()
}

/// Column Yam: what each column's mark means, under the sheet (in column Yam's chunk).
#[wasm_split_helpers::wasm_split(columns, fallible)]
fn column_legend_part() -> Loaded<Columns> {
    Ok(|columns| {
        super::lazy::add_styles("option-styles", super::game_choice::OPTION_STYLES);
        column_legend(columns).into_any()
    })
}

fn column_legend(columns: Columns) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let items = columns
        .as_slice()
        .iter()
        .map(|&column| {
            view! {
                <li>
                    <strong>{column.symbol()} " " {crate::i18n::label(language, column.label())}</strong>
                    " — "
                    {(words.column_in_short)(column)}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="column-legend" data-column-legend aria-label=words.columns_legend>{items}</ul> }
}

/// Column Yam: each player's columns, headed by their marks (the name in full for assistive technologies).
fn column_heads(columns: Columns, seats: usize, language: Language) -> impl IntoView {
    let heads = (0..seats)
        .flat_map(|_| columns.iter())
        .map(|column| {
            let label = crate::i18n::label(language, column.label());
            view! {
                <th scope="col" class="column-head" data-column=column.id() title=label aria-label=label>
                    {column.symbol()}
                </th>
            }
        })
        .collect_view();
    view! { <tr class="column-heads">{heads}</tr> }
}

/// Each seat's boxes of one row: one per column, in sheet order.
fn places(columns: Columns, seats: usize) -> impl Iterator<Item = (usize, Column)> {
    (0..seats).flat_map(move |seat| columns.iter().map(move |column| (seat, column)))
}

/// A themed sheet's box (Yardzee's "Straight to the ?") with its plain name and points beside it, as the
/// Yahtzee sheet it plays by calls it: "Small straight · 30".
fn plain_rule(
    ruleset: &'static Ruleset,
    cell: &'static Cell,
    language: Language,
    words: &'static crate::i18n::Words,
) -> Option<impl IntoView + use<>> {
    let plain = crate::i18n::label(language, RulesetId::Yahtzee.ruleset().cell(cell.category)?.label);
    // "Ones (Aces)" says its plain name already.
    let themed =
        ruleset.id != RulesetId::Yahtzee.id() && !crate::i18n::label(language, cell.label).contains(plain);
    themed.then(|| {
        view! { <small class="plain-rule">{format!("{plain} · {}", (words.points_short)(cell.points))}</small> }
    })
}

fn section_rows(
    ruleset: &'static Ruleset,
    language: Language,
    section: Section,
    seats: usize,
    columns: Columns,
) -> impl IntoView {
    let label = crate::i18n::label(language, ruleset.section_label(section));
    let words = crate::i18n::words(language);
    let rows = ruleset
        .cells_in(section)
        .map(|cell| {
            view! {
                <tr>
                    <th scope="row" class="label">
                        {crate::i18n::label(language, cell.label)}
                        {plain_rule(ruleset, cell, language, words)}
                    </th>
                    {places(columns, seats)
                        .map(|(seat, column)| {
                            let plain = columns.is_one();
                            view! { <SheetCell seat column cell plain /> }
                        })
                        .collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <tr class="section">
            <th scope="colgroup" colspan=(seats * columns.len() + 1).to_string()>
                <span>{label}</span>
            </th>
        </tr>
        {rows}
    }
}

/// A row of totals, one per column of each seat (a seat's whole sheet when `columns` is one: the grand
/// total of column Yam spans the seat's columns). `marks`: the sheet marks each bonus with a sign of its own
/// (the Yardzee ♥, one per bonus of these points), shown beside the number.
fn total_row(
    label: impl IntoView + 'static,
    id: &'static str,
    seats: usize,
    columns: Columns,
    value: fn(&Totals) -> u16,
    marks: Option<(&'static str, u16)>,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let span = store
        .table()
        .rules()
        .get_untracked()
        .map_or(1, |rules| rules.columns().len())
        / columns.len();
    let cells = places(columns, seats)
        .map(|(seat, column)| {
            let column = (!columns.is_one()).then_some(column);
            let hook = cell_hook(seat, column, id);
            let totals = store.table().totals_in(seat, column);
            let number = move || totals.with(|totals| totals.as_ref().map(value));
            let text = move || number().map(|number| number.to_string()).unwrap_or_default();
            let signs = move || {
                let (mark, points) = marks?;
                let count = usize::from(number()? / points.max(1));
                (count > 0).then(|| mark.repeat(count))
            };
            view! {
                <td colspan=span.to_string()>
                    <span data-total=hook>{text}</span>
                    {marks.map(|_| view! { <span class="marks" data-marks=seat.to_string()>{signs}</span> })}
                </td>
            }
        })
        .collect_view();
    view! {
        <tr class="total" class:grand=id == "grand">
            <th scope="row">{label}</th>
            {cells}
        </tr>
    }
}

/// One box of one player's sheet: its written value, or a button while the current player may write it (or,
/// in the announced column right after the first roll, announce it: the picker offers both). `plain`: a one-column sheet, whose boxes
/// are named `seat:cell`; column Yam's are `seat:column:cell`.
#[component]
fn SheetCell(seat: usize, column: Column, cell: &'static Cell, plain: bool) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let category: Category = cell.category;
    let place = Place::new(column, category);
    let id = cell_hook(seat, (!plain).then_some(column), category.id());
    let written = store.table().cell_value(seat, place);
    let crossed_out = store.table().crossed_out(seat, place);
    let preview = store.table().cell_preview(seat, place);
    let hint = expect_context::<HintShown>();
    let hint_best = move || match hint.best() {
        Some(Move::Cell(best)) => best == place,
        Some(Move::Announce(best)) => column == Column::Announced && best == category,
        _ => false,
    };
    let picker = store.table().picker();
    let picking = move || picker.with(|picker| picker.is_some_and(|p| p.place == place));
    let current = store.table().current_seat();
    let current = move || current.get() == Some(seat);
    let last_written = store.table().last_written();
    let just_written = move || {
        last_written
            .get()
            .is_some_and(|last| (last.seat, last.place) == (seat, place))
    };
    let announced = store.table().announced();
    let announced = move || column == Column::Announced && current() && announced() == Some(category);
    let next_in_order = store.table().next_in_order();
    let next = move || current() && next_in_order.get() == Some(category);
    let button_id = id.clone();
    let label = crate::i18n::label(store.speech().language().get_untracked(), cell.label);
    view! {
        <td
            class="cell"
            class:filled=move || written.get().is_some()
            class:choosable=move || preview.get().is_some()
            class:current-col=current
            class:announced=announced
            class:just-written=just_written
            class:next-in-order=next
            data-announced=move || announced().then_some("true")
            data-cell=move || preview.get().is_none().then(|| id.clone())
            data-value=move || written.get().map(|value| value.to_string()).unwrap_or_default()
        >
            {move || match (written.get(), preview.get()) {
                // A box crossed out on purpose reads as one, not as a 0 the dice made.
                (Some(0), _) if crossed_out.get() => {
                    view! { <span class="crossed" title=words.crossed_out aria-label=words.crossed_out>"✗"</span> }.into_any()
                }
                (Some(value), _) => value.to_string().into_any(),
                (None, Some(preview)) => {
                    let (aria, shown) = match preview {
                        Preview::Scores(value) => ((words.cell_scores)(label, value), Some(value)),
                        Preview::Write => ((words.cell_write)(label), None),
                    };
                    view! {
                        <button
                            class="cell-button"
                            class:picking=picking
                            class:hint-best=hint_best
                            data-cell=button_id.clone()
                            data-value=""
                            data-announced=move || announced().then_some("true")
                            aria-label=aria
                            on:click=move |_| store.controls().open_picker(place)
                        >
                            {shown.map(|value| value.to_string())}
                        </button>
                    }
                        .into_any()
                }
                (None, None) => "".into_any(),
            }}
        </td>
    }
}

/// Scrolls the sheet sideways, if needed, so that the seat's columns are in view beside the row names that
/// stay on screen (measured where they are drawn: the names' column is sticky, the sheet's frame scrolls).
fn show_column(wrap: &web_sys::HtmlDivElement, seat: usize) {
    let Ok(Some(header)) = wrap.query_selector(&format!("thead th:nth-child({})", seat + 2)) else {
        return;
    };
    let Ok(Some(corner)) = wrap.query_selector("thead th.corner") else {
        return;
    };
    let (frame, header, corner) = (
        wrap.get_bounding_client_rect(),
        header.get_bounding_client_rect(),
        corner.get_bounding_client_rect(),
    );
    // What of the frame the columns show in: right of the row names, left of any scroll bar.
    let (from, to) = (corner.right(), frame.left() + f64::from(wrap.client_width()));
    let shift = if header.width() > to - from || header.left() < from {
        header.left() - from
    } else if header.right() > to {
        header.right() - to
    } else {
        return;
    };
    wrap.set_scroll_left(wrap.scroll_left() + shift.round() as i32);
}
