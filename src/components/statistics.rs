//! Statistics per player and kind of game (ruleset, and column Yam's columns), and a chart of scores over time
//! (plain SVG).

use leptos::prelude::*;

use super::lazy::{Loaded, lazy_when};
use crate::i18n;
use crate::stats::{GameKind, player_stats, score_series};
use crate::store::GameStore;
use crate::table::FinishedGame;

const COLOURS: [&str; 8] = [
    "#1f5f4a", "#d9822b", "#2a6ef5", "#b3412e", "#7b4fb3", "#3c8d2f", "#b58900", "#5b6560",
];

/// The card, once there are finished games to count (a chunk of its own, fetched then).
#[component]
pub fn Statistics() -> impl IntoView {
    let history = expect_context::<GameStore>().kept().history();
    let some = move || history.with(|games| !games.is_empty());
    lazy_when(some, statistics_part, ())
}

#[wasm_split_helpers::wasm_split(statistics, fallible)]
fn statistics_part() -> Loaded<()> {
    Ok(|()| {
        super::finished_sheet::add_history_styles();
        super::lazy::add_styles("statistics-styles", include_str!("../../style/statistics.css"));
        view! { <StatisticsCard /> }.into_any()
    })
}

#[component]
fn StatisticsCard() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let statistics_words = store.speech().words_of(i18n::statistics_words);
    let history = store.kept().finished_games();
    let kinds = Memo::new(move |_| {
        let mut seen: Vec<GameKind> = Vec::new();
        history.with(|games| {
            for game in games {
                let kind = GameKind::of(game.game.rules());
                if !seen.contains(&kind) {
                    seen.push(kind);
                }
            }
        });
        seen
    });
    let chosen = RwSignal::new(None::<GameKind>);
    let shown = move || {
        chosen
            .get()
            .or_else(|| kinds.with(|kinds| kinds.first().copied()))
    };
    move || {
        let kind = shown()?;
        let rows = history.with(|games| player_stats(games));
        let rows = rows
            .into_iter()
            .filter(|row| row.kind == kind)
            .map(|row| {
                view! {
                    // Each figure names itself too: a phone shows a player's figures as a card, not a wide row.
                    <tr>
                        <th scope="row">{row.name}</th>
                        <td data-label=statistics_words.games>
                            {row.games}
                            {(row.computer_turns > 0).then(|| view! {
                                <span class="by-computer" data-computer-turns=row.computer_turns.to_string()>
                                    {(words.by_computer)(row.computer_turns)}
                                </span>
                            })}
                        </td>
                        <td data-label=statistics_words.wins>{row.wins}</td>
                        <td data-label=statistics_words.best>{row.best}</td>
                        <td data-label=statistics_words.average>{words.number(row.average, 1)}</td>
                        <td data-label=statistics_words.upper_bonus>{(words.percent)(&words.number(row.bonus_rate * 100.0, 0))}</td>
                        <td data-label=(statistics_words.five_of_a_kinds)(kind.ruleset)>{row.yahtzees}</td>
                    </tr>
                }
            })
            .collect_view();
        let tabs = kinds
            .get()
            .into_iter()
            .map(|tab| {
                view! {
                    <button
                        class="tab"
                        data-stats-rules=tab.id()
                        aria-pressed=move || (shown() == Some(tab)).to_string()
                        on:click=move |_| chosen.set(Some(tab))
                    >
                        {tab.name(words.speaks)}
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <section class="card statistics" aria-labelledby="stats-title">
                <h2 id="stats-title">{statistics_words.statistics}</h2>
                <div class="tabs" role="group" aria-label=words.game>{tabs}</div>
                <div class="scroll-x">
                    <table class="history stats" data-stats=kind.id()>
                        <thead>
                            <tr>
                                <th scope="col">{statistics_words.player}</th>
                                <th scope="col">{statistics_words.games}</th>
                                <th scope="col">{statistics_words.wins}</th>
                                <th scope="col">{statistics_words.best}</th>
                                <th scope="col">{statistics_words.average}</th>
                                <th scope="col">{statistics_words.upper_bonus}</th>
                                <th scope="col">{(statistics_words.five_of_a_kinds)(kind.ruleset)}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <ScoreChart kind games=history />
            </section>
        })
    }
}

/// Each player's totals, game after game, as lines on a plain SVG chart.
#[component]
fn ScoreChart(kind: GameKind, games: Memo<Vec<FinishedGame>>) -> impl IntoView {
    let speech = expect_context::<GameStore>().speech();
    let statistics_words = speech.words_of(i18n::statistics_words);
    let language = speech.language().get_untracked();
    let series = games.with_untracked(|games| score_series(games, kind));
    let games = series.iter().map(|(_, totals)| totals.len()).max().unwrap_or(0);
    let top = series
        .iter()
        .flat_map(|(_, totals)| totals.iter().copied())
        .max()
        .unwrap_or(0);
    // Round the scale up to a multiple of 50, so the grid lines fall on round numbers.
    let scale = i32::from(top.div_ceil(50).max(1) * 50);
    // Whole SVG units are fine enough for a 600 × 220 chart, and keep float formatting out of the download.
    let (width, height, left, bottom) = (600, 220, 40, 20);
    // One game stands in the middle; more spread over the width.
    let x = move |index: usize| match games {
        0 | 1 => (left + width - 10) / 2,
        _ => left + (width - left - 10) * index as i32 / (games as i32 - 1),
    };
    let y = move |total: i32| (height - bottom) - (height - bottom - 10) * total / scale;
    // Grid lines on round numbers: every 50 points, every 100 on a scale past 300.
    let step = if scale > 300 { 100 } else { 50 };
    let grid = (0..=scale / step)
        .map(|line| {
            let value = line * step;
            let at = y(value);
            view! {
                <line x1=left x2=width - 10 y1=at y2=at class="grid" />
                <text x=left - 6 y=at + 4 text-anchor="end">{value}</text>
            }
        })
        .collect_view();
    let lines = series
        .iter()
        .enumerate()
        .map(|(index, (name, totals))| {
            let colour = COLOURS[index % COLOURS.len()];
            // A player's line starts where their first game falls among this kind's games.
            let offset = games - totals.len();
            let points = totals
                .iter()
                .enumerate()
                .map(|(game, &total)| format!("{},{}", x(game + offset), y(i32::from(total))))
                .collect::<Vec<_>>()
                .join(" ");
            let dots = totals
                .iter()
                .enumerate()
                .map(|(game, &total)| {
                    view! {
                        <circle cx=x(game + offset) cy=y(i32::from(total)) r="3.5" fill=colour>
                            <title>{format!("{name}: {total}")}</title>
                        </circle>
                    }
                })
                .collect_view();
            view! {
                <polyline points=points fill="none" stroke=colour stroke-width="2.5" />
                {dots}
            }
        })
        .collect_view();
    let legend = series
        .iter()
        .enumerate()
        .map(|(index, (name, _))| {
            let colour = COLOURS[index % COLOURS.len()];
            view! {
                <span class="legend-item">
                    <span class="swatch" style=format!("background:{colour}")></span>
                    {name.clone()}
                </span>
            }
        })
        .collect_view();
    view! {
        <figure class="chart">
            <svg
                viewBox=format!("0 0 {width} {height}")
                role="img"
                aria-label=(statistics_words.scores_over_games)(games, &kind.name(language))
            >
                {grid}
                {lines}
            </svg>
            <figcaption class="legend">{legend}</figcaption>
        </figure>
    }
}
