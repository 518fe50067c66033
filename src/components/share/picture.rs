//! A finished game as a picture for a family's chat: the table's name, the game and its day, the standings, and
//! the sheets as written, drawn on a canvas in the page in the game's own look (the felt and paper, the wedding
//! sheet's rose and hearts, Yam's squared French pad) and the player's language. A phone's width (1080 px),
//! portrait; a PNG, as a `data:` address.

use fivedice_rules::{Column, Game, Language, RulesetId, Section};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::i18n::{ShareWords, Words, label};
use crate::table::FinishedGame;

/// A phone's screen width, and the least height: a portrait picture (4:5) however short the sheet.
const WIDTH: f64 = 1080.0;
const LEAST_HEIGHT: f64 = 1350.0;
const MARGIN: f64 = 48.0;
const HEADER: f64 = 210.0;
const STANDING: f64 = 64.0;
const ROW: f64 = 44.0;
const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/// The colours of a game's sheet.
struct Look {
    /// The header's band (none on a pad of paper), and its words' colour.
    band: Option<&'static str>,
    on_band: &'static str,
    paper: &'static str,
    ink: &'static str,
    soft: &'static str,
    line: &'static str,
    /// The winners' rows, and the grand total's.
    highlight: &'static str,
    /// Yam's squared paper: its grid lines and the red margin.
    squared: Option<(&'static str, &'static str)>,
    hearts: bool,
}

fn look(ruleset: RulesetId) -> Look {
    match ruleset {
        RulesetId::Yardzee => Look {
            band: Some("#7a2e4f"),
            on_band: "#fffafc",
            paper: "#fffafc",
            ink: "#3b1a2a",
            soft: "#7a5566",
            line: "#f0d6e0",
            highlight: "#fde4ee",
            squared: None,
            hearts: true,
        },
        RulesetId::Yam => Look {
            band: None,
            on_band: "#1a3a8a",
            paper: "#ffffff",
            ink: "#1a3a8a",
            soft: "#4a5f99",
            line: "#b9cdeb",
            highlight: "#e8f0fc",
            squared: Some(("#d6e4f5", "#e06666")),
            hearts: false,
        },
        _ => Look {
            band: Some("#1f5f4a"),
            on_band: "#ffffff",
            paper: "#fffdf6",
            ink: "#1d2421",
            soft: "#5b6560",
            line: "#e7dfc8",
            highlight: "#fff1cf",
            squared: None,
            hearts: false,
        },
    }
}

/// What the picture says, in the player's words.
pub struct Said<'a> {
    pub words: &'static Words,
    pub share: &'static ShareWords,
    pub language: Language,
    /// When the game ended, as the language writes it.
    pub when: &'a str,
}

/// The picture of `finished`, as a PNG `data:` address.
pub fn draw(finished: &FinishedGame, said: &Said) -> Result<String, String> {
    let failed = |_| said.share.picture_failed.to_string();
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or(said.share.picture_failed)?;
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(failed)?
        .dyn_into()
        .map_err(|_| said.share.picture_failed.to_string())?;
    let game = &finished.game;
    let rows = sheet_rows(game);
    let columns = game.rules().columns().len();
    let height = (HEADER
        + 24.0
        + game.players().len() as f64 * STANDING
        + 40.0
        + (rows.len() + 1 + usize::from(columns > 1)) as f64 * ROW
        + 90.0)
        .max(LEAST_HEIGHT);
    canvas.set_width(WIDTH as u32);
    canvas.set_height(height as u32);
    let pen: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|context| context.dyn_into().ok())
        .ok_or(said.share.picture_failed)?;
    let look = look(game.rules().id());
    paper(&pen, &look, height);
    header(&pen, &look, finished, said);
    let below = standings(&pen, &look, game, HEADER + 24.0);
    sheet(&pen, &look, game, said, &rows, below + 40.0);
    write(
        &pen,
        said.share.made_with,
        WIDTH / 2.0,
        height - 40.0,
        &format!("24px {FONT}"),
        look.soft,
        "center",
    );
    canvas.to_data_url().map_err(failed)
}

fn write(pen: &CanvasRenderingContext2d, text: &str, x: f64, y: f64, font: &str, colour: &str, align: &str) {
    pen.set_font(font);
    pen.set_fill_style_str(colour);
    pen.set_text_align(align);
    pen.set_text_baseline("middle");
    // A text the canvas cannot draw is left out of the picture rather than failing it.
    let _ = pen.fill_text(text, x, y);
}

/// `text`, shortened with an ellipsis to fit `width` in the pen's font.
fn fitted(pen: &CanvasRenderingContext2d, text: &str, font: &str, width: f64) -> String {
    pen.set_font(font);
    let fits = |text: &str| {
        pen.measure_text(text)
            .map_or(true, |measured| measured.width() <= width)
    };
    if fits(text) {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let shorter = format!("{}…", chars.iter().collect::<String>().trim_end());
        if fits(&shorter) {
            return shorter;
        }
    }
    String::new()
}

fn rectangle(pen: &CanvasRenderingContext2d, colour: &str, x: f64, y: f64, width: f64, height: f64) {
    pen.set_fill_style_str(colour);
    pen.fill_rect(x, y, width, height);
}

fn paper(pen: &CanvasRenderingContext2d, look: &Look, height: f64) {
    rectangle(pen, look.paper, 0.0, 0.0, WIDTH, height);
    if let Some((grid, margin)) = look.squared {
        for x in (0..=(WIDTH as usize)).step_by(24) {
            rectangle(pen, grid, x as f64, 0.0, 1.0, height);
        }
        for y in (0..=(height as usize)).step_by(24) {
            rectangle(pen, grid, 0.0, y as f64, WIDTH, 1.0);
        }
        rectangle(pen, margin, MARGIN - 16.0, 0.0, 2.0, height);
    }
    if let Some(band) = look.band {
        rectangle(pen, band, 0.0, 0.0, WIDTH, HEADER);
    }
}

fn header(pen: &CanvasRenderingContext2d, look: &Look, finished: &FinishedGame, said: &Said) {
    let title_font = format!("bold 56px {FONT}");
    let hearts = if look.hearts { "♥ " } else { "" };
    let title = fitted(
        pen,
        &format!("{hearts}{}", finished.table_name),
        &title_font,
        WIDTH - 2.0 * MARGIN,
    );
    write(pen, &title, MARGIN, 80.0, &title_font, look.on_band, "left");
    let game = said.words.game_name(finished.game.rules().ruleset());
    let line = format!("{game} · {}", said.when);
    write(
        pen,
        &line,
        MARGIN,
        150.0,
        &format!("32px {FONT}"),
        look.on_band,
        "left",
    );
}

/// The standings, from `top`: where they end.
fn standings(pen: &CanvasRenderingContext2d, look: &Look, game: &Game, top: f64) -> f64 {
    let mut y = top;
    for standing in game.standings() {
        if standing.winner {
            rectangle(
                pen,
                look.highlight,
                MARGIN - 8.0,
                y,
                WIDTH - 2.0 * MARGIN + 16.0,
                STANDING - 6.0,
            );
        }
        let middle = y + (STANDING - 6.0) / 2.0;
        let font = format!("{}36px {FONT}", if standing.winner { "bold " } else { "" });
        write(
            pen,
            &standing.rank.to_string(),
            MARGIN + 8.0,
            middle,
            &font,
            look.soft,
            "left",
        );
        let crown = if standing.winner { "★ " } else { "" };
        let name = fitted(
            pen,
            &format!("{crown}{}", game.players()[standing.seat]),
            &font,
            WIDTH - 2.0 * MARGIN - 260.0,
        );
        write(pen, &name, MARGIN + 72.0, middle, &font, look.ink, "left");
        write(
            pen,
            &standing.total.to_string(),
            WIDTH - MARGIN - 8.0,
            middle,
            &font,
            look.ink,
            "right",
        );
        y += STANDING;
    }
    y
}

/// A row of the sheet: a box, or a total (the player's, across their columns).
enum Row {
    Cell(&'static fivedice_rules::Cell),
    Total(Total),
}

#[derive(Clone, Copy, PartialEq)]
enum Total {
    Upper,
    Bonus,
    Lower,
    FiveOfAKindBonus,
    Grand,
}

fn sheet_rows(game: &Game) -> Vec<Row> {
    let ruleset = game.rules().ruleset();
    let mut rows: Vec<Row> = ruleset.cells_in(Section::Upper).map(Row::Cell).collect();
    rows.push(Row::Total(Total::Upper));
    if ruleset.upper_bonus.is_some() {
        rows.push(Row::Total(Total::Bonus));
    }
    rows.extend(ruleset.cells_in(Section::Lower).map(Row::Cell));
    rows.push(Row::Total(Total::Lower));
    if ruleset.extra_five_of_a_kind.is_some() {
        rows.push(Row::Total(Total::FiveOfAKindBonus));
    }
    rows.push(Row::Total(Total::Grand));
    rows
}

/// A row's name, in the player's words.
fn row_name(game: &Game, said: &Said, row: &Row) -> String {
    let (ruleset, words) = (game.rules().ruleset(), said.words);
    match row {
        Row::Cell(cell) => label(said.language, cell.label).to_string(),
        Row::Total(Total::Upper) => words.upper_total.to_string(),
        Row::Total(Total::Bonus) => ruleset
            .upper_bonus
            .map(|bonus| (words.bonus_at)(bonus.points, bonus.threshold))
            .unwrap_or_default(),
        Row::Total(Total::Lower) => words.lower_total.to_string(),
        Row::Total(Total::FiveOfAKindBonus) => ruleset
            .extra_five_of_a_kind
            .map(|extra| label(said.language, extra.bonus_label).to_string())
            .unwrap_or_default(),
        Row::Total(Total::Grand) => words.grand_total.to_string(),
    }
}

fn sheet(pen: &CanvasRenderingContext2d, look: &Look, game: &Game, said: &Said, rows: &[Row], top: f64) {
    let columns: Vec<Column> = game.rules().columns().as_slice().to_vec();
    let seats = game.players().len();
    let boxes = (seats * columns.len()) as f64;
    let names: Vec<String> = rows.iter().map(|row| row_name(game, said, row)).collect();
    // The names' column as wide as its longest name (in bold, as the totals are), leaving each box at least
    // 40 px: a name longer than that is shortened.
    let bold_at = |size: f64| format!("bold {size}px {FONT}");
    pen.set_font(&bold_at(26.0));
    let longest = names
        .iter()
        .filter_map(|name| pen.measure_text(name).ok())
        .map(|measured| measured.width())
        .fold(0.0, f64::max);
    let names_width = (longest + 16.0).clamp(200.0, (WIDTH - 2.0 * MARGIN - boxes * 40.0).max(200.0));
    let box_width = (WIDTH - 2.0 * MARGIN - names_width) / boxes;
    let size = (box_width * 0.42).clamp(15.0, 30.0);
    let (font, bold) = (format!("{size}px {FONT}"), bold_at(size));
    let left = MARGIN + names_width;
    let player_width = box_width * columns.len() as f64;
    let mut y = top;
    // The players' names over their columns, and each column's sign under them on a sheet of columns.
    for (seat, name) in game.players().iter().enumerate() {
        let x = left + seat as f64 * player_width;
        let name = fitted(pen, name, &bold, player_width - 6.0);
        write(
            pen,
            &name,
            x + player_width / 2.0,
            y + ROW / 2.0,
            &bold,
            look.ink,
            "center",
        );
    }
    y += ROW;
    if columns.len() > 1 {
        for (index, column) in (0..seats).flat_map(|_| columns.iter()).enumerate() {
            let x = left + index as f64 * box_width + box_width / 2.0;
            write(pen, column.symbol(), x, y + ROW / 2.0, &font, look.soft, "center");
        }
        y += ROW;
    }
    let (label_font, label_bold) = (format!("{}px {FONT}", size.min(26.0)), bold_at(size.min(26.0)));
    for (row, name) in rows.iter().zip(&names) {
        rectangle(pen, look.line, MARGIN - 8.0, y, WIDTH - 2.0 * MARGIN + 16.0, 1.0);
        let middle = y + ROW / 2.0;
        match row {
            Row::Cell(cell) => {
                let name = fitted(pen, name, &label_font, names_width - 12.0);
                write(pen, &name, MARGIN, middle, &label_font, look.ink, "left");
                for (index, (seat, column)) in (0..seats)
                    .flat_map(|seat| columns.iter().map(move |&column| (seat, column)))
                    .enumerate()
                {
                    let value = game
                        .sheet(seat, column)
                        .and_then(|sheet| sheet.get(cell.category));
                    let x = left + index as f64 * box_width + box_width / 2.0;
                    let text = value.map(|value| value.to_string()).unwrap_or_default();
                    write(pen, &text, x, middle, &font, look.ink, "center");
                }
            }
            Row::Total(total) => {
                if *total == Total::Grand {
                    rectangle(
                        pen,
                        look.highlight,
                        MARGIN - 8.0,
                        y + 1.0,
                        WIDTH - 2.0 * MARGIN + 16.0,
                        ROW - 1.0,
                    );
                }
                let name = fitted(pen, name, &label_bold, names_width - 12.0);
                write(pen, &name, MARGIN, middle, &label_bold, look.ink, "left");
                for seat in 0..seats {
                    let Some(totals) = game.totals(seat) else { continue };
                    let value = match total {
                        Total::Upper => totals.upper,
                        Total::Bonus => totals.bonus,
                        Total::Lower => totals.lower,
                        Total::FiveOfAKindBonus => totals.five_of_a_kind_bonus,
                        Total::Grand => totals.grand,
                    };
                    let x = left + seat as f64 * player_width + player_width / 2.0;
                    write(pen, &value.to_string(), x, middle, &bold, look.ink, "center");
                }
            }
        }
        y += ROW;
    }
}
