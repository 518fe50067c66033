//! The final standings: totals, ranks (ties share), winners, and what to play next. In the chunk of a game's
//! end, with its analysis: fetched when a game ends (the service worker keeps it for offline play).

use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::pips::Pips;
use super::player_name;
use super::shown::shown_when;
use crate::store::GameStore;
use crate::store::Reading as _;

#[component]
pub fn Standings() -> impl IntoView {
    lazy(standings_part, ())
}

#[wasm_split_helpers::wasm_split(analysis, fallible)]
fn standings_part() -> Loaded<()> {
    Ok(|()| {
        add_analysis_styles();
        standings().into_any()
    })
}

/// The styles of the game's end (the standings, the analysis), which their chunk brings.
pub(super) fn add_analysis_styles() {
    super::lazy::add_styles("analysis-styles", include_str!("../../style/analysis.css"));
}

fn standings() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let (standings, players) = (store.table().standings(), store.table().players());
    // An online room plays one game; the next is a new room.
    let online = store.table().online_table();
    // Generala: a generala on the first roll ended the game at once; the standings say why.
    let won_on_first_roll = store.table().won_on_first_roll();
    // A person a computer stood in for: the standings say how much of their game it played.
    let (computer_turns, rounds) = (store.table().computer_turns(), store.table().rounds());
    let analysis_words = store.speech().words_of(crate::i18n::analysis_words);
    // The finished game being shared (its picture, its replay link), by its table's id.
    let sharing = RwSignal::new(None::<String>);
    let kept_as = store.table().kept_as();
    let rows = move || {
        let by_computer = computer_turns.get();
        standings
            .get()
            .into_iter()
            .map(|standing| {
                let name = player_name(players, standing.seat);
                let turns = by_computer.get(standing.seat).copied().filter(|&turns| turns > 0);
                view! {
                    <li
                        data-standing=standing.rank.to_string()
                        data-seat=standing.seat.to_string()
                        data-winner=standing.winner.to_string()
                        data-computer-turns=turns.map(|turns| turns.to_string())
                        class:winner=standing.winner
                    >
                        <span class="rank">{standing.rank}</span>
                        <span class="name">
                            <span class="who" title=name.clone()>{name.clone()}</span>
                            {turns
                                .map(|turns| {
                                    view! {
                                        <span class="by-computer">
                                            {(analysis_words.turns_by_computer)(turns, rounds.get_untracked())}
                                        </span>
                                    }
                                })}
                        </span>
                        <span class="total">{standing.total}</span>
                        {standing.winner.then(|| view! { <span class="crown">{words.winner}</span> })}
                    </li>
                }
            })
            .collect::<Vec<_>>()
    };
    view! {
        <section
            class="standings"
            data-game-over="true"
            tabindex="-1"
            data-won-by=move || won_on_first_roll.with(|won| won.as_ref().map(|_| "servida"))
            aria-labelledby="standings-title"
        >
            <h2 id="standings-title">{words.game_over}</h2>
            {move || {
                won_on_first_roll
                    .get()
                    .map(|(seat, faces)| {
                        let name = player_name(players, seat);
                        let dice = (!faces.is_empty()).then(|| {
                            let said = faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                            view! {
                                <span class="winning-dice" role="img" aria-label=said.clone() data-winning-dice=said>
                                    {faces.into_iter().map(|face| view! { <span class="die"><Pips face=Some(face) /></span> }).collect::<Vec<_>>()}
                                </span>
                            }
                        });
                        view! {
                            <p class="won-on-first-roll" data-won-on-first-roll=seat.to_string()>
                                {(words.won_on_first_roll)(&name)}
                                {dice}
                            </p>
                        }
                    })
            }}
            <ol>{rows}</ol>
            <div class="standings-actions">
                {shown_when(move || !online.get(), move || {
                    view! {
                        <button class="primary" data-action="rematch" on:click=move |_| store.tables().rematch()>
                            {words.rematch}
                        </button>
                    }
                    .into_any()
                })}
                <button class="secondary" data-action="share-game" on:click=move |_| sharing.set(kept_as.get_untracked())>
                    {words.share}
                </button>
                <button class="secondary" data-action="new-game" on:click=move |_| store.tables().leave()>
                    {words.new_game}
                </button>
            </div>
            {move || sharing.get().map(|id| super::share::share_dialog(id, sharing, false))}
        </section>
    }
}
