//! Statistics per player and ruleset, and a chart of scores over time (plain SVG).

use fivedice_rules::RulesetId;
use leptos::prelude::*;

use crate::stats::{player_stats, score_series};
use crate::store::GameStore;

const COLOURS: [&str; 8] = [
    "#1f5f4a", "#d9822b", "#2a6ef5", "#b3412e", "#7b4fb3", "#3c8d2f", "#b58900", "#5b6560",
];

#[component]
pub fn Statistics() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let history = store.history();
    let rulesets = Memo::new(move |_| {
        let mut seen: Vec<RulesetId> = Vec::new();
        history.with(|games| {
            for game in games {
                let id = game.game.rules().id();
                if !seen.contains(&id) {
                    seen.push(id);
                }
            }
        });
        seen
    });
    let chosen = RwSignal::new(None::<RulesetId>);
    let shown = move || chosen.get().or_else(|| rulesets.with(|ids| ids.first().copied()));
    move || {
        let ruleset = shown()?;
        let rows = history.with(|games| player_stats(games));
        let rows = rows
            .into_iter()
            .filter(|row| row.ruleset == ruleset)
            .map(|row| {
                view! {
                    <tr>
                        <th scope="row">{row.name}</th>
                        <td>{row.games}</td>
                        <td>{row.wins}</td>
                        <td>{row.best}</td>
                        <td>{words.number(row.average, 1)}</td>
                        <td>{(words.percent)(&words.number(row.bonus_rate * 100.0, 0))}</td>
                        <td>{row.yahtzees}</td>
                    </tr>
                }
            })
            .collect_view();
        let tabs = rulesets
            .get()
            .into_iter()
            .map(|id| {
                view! {
                    <button
                        class="tab"
                        data-stats-rules=id.id()
                        aria-pressed=move || (shown() == Some(id)).to_string()
                        on:click=move |_| chosen.set(Some(id))
                    >
                        {id.ruleset().name}
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <section class="card statistics" aria-labelledby="stats-title">
                <h2 id="stats-title">{words.statistics}</h2>
                <div class="tabs" role="group" aria-label=words.game>{tabs}</div>
                <div class="scroll-x">
                    <table class="history stats" data-stats=ruleset.id()>
                        <thead>
                            <tr>
                                <th scope="col">{words.player}</th>
                                <th scope="col">{words.games}</th>
                                <th scope="col">{words.wins}</th>
                                <th scope="col">{words.best}</th>
                                <th scope="col">{words.average}</th>
                                <th scope="col">{words.upper_bonus}</th>
                                <th scope="col">{(words.five_of_a_kinds)(ruleset)}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <ScoreChart ruleset />
            </section>
        })
    }
}

/// Each player's totals, game after game, as lines on a plain SVG chart.
#[component]
fn ScoreChart(ruleset: RulesetId) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let series = store
        .history()
        .with_untracked(|games| score_series(games, ruleset));
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
    let x = move |index: usize| {
        let span = games.max(2) as i32 - 1;
        left + (width - left - 10) * index as i32 / span
    };
    let y = move |total: i32| (height - bottom) - (height - bottom - 10) * total / scale;
    let grid = (0..=4)
        .map(|step| {
            let value = scale * step / 4;
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
            // A player's line starts where their first game falls among the ruleset's games.
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
                aria-label=(words.scores_over_games)(games, ruleset.ruleset().name)
            >
                {grid}
                {lines}
            </svg>
            <figcaption class="legend">{legend}</figcaption>
        </figure>
    }
}
