//! The table in play: whose turn it is, the dice, the sheet, the picker, and the standings at the end.

use fivedice_rules::{Category, DiceMode, Language, Rules, RulesetId};
use leptos::prelude::*;

use super::coach_panel::{CoachLine, GameAnalysis, PassedVerdict};
use super::dice_tray::DiceTray;
use super::hint::HintPanel;
use super::hint_shown::HintShown;
use super::how_to_play::HowToPlay;
use super::joker_note::JokerNote;
use super::lazy::{Loaded, lazy};
use super::odds::Odds;
use super::pips::Pips;
use super::player_name;
use super::room_lobby::RoomBar;
use super::score_sheet::ScoreSheet;
use super::shown::{either_when, shown_when};
use super::standings::Standings;
use super::table_news::TableNews;
use super::value_picker::ValuePicker;
use super::who_starts::{FirstPlayerBanner, WhoStartsOnPad};
use super::{Deferred, after_next_paint};
use crate::store::GameStore;
use crate::store::Reading as _;
use crate::store::TakenBack;

#[component]
pub fn PlayScreen() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    // Back goes from the table to the start screen, and Forward back to the table (one on this device).
    let id = store.table().table_id().get_untracked();
    let reopen = id.map(|id| std::rc::Rc::new(move || store.tables().resume(&id)) as std::rc::Rc<dyn Fn()>);
    crate::back::layer(move || store.tables().leave(), reopen);
    let over = store.table().is_over();
    let over = move || over.get();
    let name = store.table().table_name();
    let name = move || name.get().unwrap_or_default();
    let rules = store.table().rules();
    let rules_name = move || {
        rules
            .get()
            .map(|rules| words.game_name(rules.ruleset()))
            .unwrap_or_default()
    };
    // The Joker rule in force, where the ruleset has one: arguments end at the table.
    let joker = move || {
        rules.get().and_then(|rules| {
            let extra = rules.ruleset().extra_five_of_a_kind.is_some();
            extra.then(|| (words.joker_in_force)(rules.joker()))
        })
    };
    let first_seat_open = store.table().first_seat_open();
    provide_context(HintShown::new(store));
    // The engine's worker and its kept table load once the table is on screen, not before.
    after_next_paint(move || store.advisor().prepare_hints());
    store.computers().keep_playing();
    let still_playing = store.table().is_over();
    let plays_in_event = store.table().plays_in_event();
    crate::wake_lock::keep_awake_while(
        Signal::derive(move || !still_playing.get()),
        crate::keys::keep_early(),
    );
    view! {
        <div
            class="play"
            // In play, the screen is the table, its sheet in a frame beside the dice; a finished game, and a
            // score pad choosing who starts, scroll as a page (what they show is long).
            class:framed=move || !over() && !first_seat_open.get()
            class:wedding=move || rules.get().is_some_and(|rules| rules.id() == RulesetId::Yardzee)
        >
            <header class="topbar">
                <button class="link" data-action="tables" on:click=move |_| store.tables().leave()>
                    {words.tables}
                </button>
                <h1>{name}</h1>
                <span class="rules-name">
                    {rules_name} <small class="joker-in-force" data-joker-in-force>{joker}</small>
                </span>
                <HowToPlay rules=Signal::derive(move || rules.get()) />
            </header>
            <RoomBar />
            {shown_when(move || plays_in_event.get(), super::event::handing_badge)}
            <div class="play-main">
                <div class="play-side">
                    {shown_when(move || first_seat_open.get(), || view! { <WhoStartsOnPad /> }.into_any())}
                    <FirstPlayerBanner />
                    {either_when(
                        over,
                        || view! { <Standings /> <GameAnalysis /> }.into_any(),
                        || view! { <TurnPanel /> }.into_any(),
                    )}
                </div>
                // The sheet is the biggest part of the screen: it renders in a task of its own.
                <Deferred>
                    <ScoreSheet />
                </Deferred>
            </div>
            <ValuePicker />
            <TableNews />
        </div>
    }
}

/// Whose turn it is and what they can do; "Pass to Ben" when the turn has just changed hands.
#[component]
fn TurnPanel() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let players = store.table().players();
    let current = store.table().current_seat();
    let seat = move || current.get().unwrap_or(0);
    let pass_to = store.table().pass_to();
    let computer = store.table().computer_to_play();
    let (mode, turn, rolls) = (store.table().mode(), store.table().turn(), store.table().rolls());
    let next_in_order = store.table().next_in_order();
    let app_dice = move || mode.get() == Some(DiceMode::App);
    let rules = store.table().rules();
    let language = store.speech().language().get_untracked();
    let plays_here = store.table().plays_here();
    let asked = store.table().who_starts_asked();
    let status = move || {
        // A score pad before its table has said who starts: nobody's turn yet.
        if asked.get() {
            return words.who_starts.to_string();
        }
        let name = player_name(players, seat());
        let (dice, announced) = turn.with(|turn| (turn.dice, turn.announced));
        let (used, allowed) = rolls.get();
        let announced = announced
            .and_then(|category| rules.with(|rules| cell_label(rules.as_ref()?, category, language)));
        if computer.get().is_some() {
            return (words.computer_turn)(&name, used, allowed);
        }
        if let Some(label) = announced {
            return (words.announced_status)(&name, &label, used, allowed);
        }
        // Another device plays this turn (or this one only watches): nothing to tell anybody here to do.
        if !plays_here.get() {
            return (words.their_turn)(&name, used, allowed);
        }
        // On a sheet filled in order, the box the turn writes is named from the start.
        let next = next_in_order
            .get()
            .and_then(|category| rules.with(|rules| cell_label(rules.as_ref()?, category, language)));
        if let Some(next) = next
            && dice.is_none_or(|_| used < allowed && mode.get() == Some(DiceMode::App))
        {
            return (words.roll_for)(&name, &next, used, allowed);
        }
        match (mode.get(), used) {
            (Some(DiceMode::Pad), _) if dice.is_some() => (words.pad_dice_entered)(&name),
            (Some(DiceMode::Pad), _) => (words.pad_tap_cell)(&name),
            (_, 0) => (words.roll_the_dice)(&name),
            (_, used) if used >= allowed => (words.choose_cell)(&name, used, allowed),
            (_, used) => (words.roll_n_of)(&name, used, allowed),
        }
    };
    view! {
        <section class="turn" class:computer-turn=move || computer.get().is_some() aria-label=words.turn>
            // Said aloud by the table's news (one live region); focus rests here while nothing is for this device to press.
            <p class="status" tabindex="-1" data-current-seat=move || if asked.get() { String::new() } else { seat().to_string() }>
                {status}
            </p>
            <JokerNote />
            {either_when(app_dice, || view! { <DiceTray /> }.into_any(), || lazy(entered_dice_part, ()))}
            // The moment after a box is written, until the next roll: to whom the device passes, what another
            // wrote, what Undo takes back. Below the dice, so they never move as it comes and goes.
            <div class="moment">
                {move || {
                    pass_to
                        .get()
                        .map(|to| {
                            view! {
                                <p class="pass" tabindex="-1" data-pass-to=to.to_string()>
                                    {(words.pass_to)(&player_name(players, to))}
                                </p>
                            }
                        })
                }}
                <WrittenElsewhere />
                <UndoButton />
            </div>
            // The dice and the roll come first; the hint and the coach follow in a task of their own.
            <Deferred>
                // Nothing to hint or coach while nobody's turn it is (a score pad asking who starts).
                {shown_when(
                    move || !asked.get(),
                    || {
                        view! {
                            // One tab stop: the arrows move between its tools (`crate::focus`).
                            <div class="turn-tools" role="toolbar" aria-label=words.turn_tools>
                                <HintPanel />
                                <CoachLine />
                                <Odds />
                            </div>
                        }
                        .into_any()
                    },
                )}
                <PassedVerdict />
            </Deferred>
        </section>
    }
}

/// A box's name on this sheet, in the language shown.
fn cell_label(rules: &Rules, category: Category, language: Language) -> Option<String> {
    Some(crate::i18n::label(language, rules.ruleset().cell(category)?.label).to_string())
}

/// What a computer, or a player on another device, just wrote, until the next player rolls: the turn is seen
/// to end somewhere, whoever played it. (A person at this device saw their own tap, and Undo names it.)
#[component]
fn WrittenElsewhere() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let (last_written, players, rules) = (
        store.table().last_written(),
        store.table().players(),
        store.table().rules(),
    );
    let played_here = store.table().played_here();
    move || {
        let last = last_written.get()?;
        if played_here(last.seat) {
            return None;
        }
        let label = rules.with(|rules| cell_label(rules.as_ref()?, last.place.category, language))?;
        let text = (words.wrote)(&player_name(players, last.seat), last.points, &label);
        Some(view! { <p class="written-elsewhere" data-written-by=last.seat.to_string()>{text}</p> })
    }
}

/// Score pad: the dice entered for this turn, until they are scored or cleared. In the score pad's chunk,
/// which its choice of who starts fetches.
#[wasm_split_helpers::wasm_split(pad, fallible)]
fn entered_dice_part() -> Loaded<()> {
    Ok(|()| entered_dice().into_any())
}

fn entered_dice() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let turn = store.table().turn();
    move || {
        turn.get().dice.map(|dice| {
            let faces = dice
                .faces()
                .iter()
                .copied()
                .enumerate()
                .map(|(die, face)| {
                    view! {
                        <span class="die small" role="img" aria-label=(words.die_n_face)(die + 1, face.value())>
                            <Pips face=Signal::derive(move || Some(face.value())) />
                        </span>
                    }
                })
                .collect_view();
            view! {
                <div class="entered-dice">
                    {faces}
                    <button class="secondary" data-action="clear-dice" on:click=move |_| store.controls().clear_dice()>
                        {words.clear_dice}
                    </button>
                </div>
            }
        })
    }
}

/// Takes back the last cell written, while the next player has not rolled (a person's cell only; shown with the
/// turn, so never once the game is over: the standings are the last word).
#[component]
fn UndoButton() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let undoable = store.table().undoable();
    let (players, rules) = (store.table().players(), store.table().rules());
    move || {
        let (seat, taken_back) = undoable.get()?;
        let name = player_name(players, seat);
        let ruleset = rules.get()?.ruleset();
        let label = |category| {
            ruleset
                .cell(category)
                .map(|cell| crate::i18n::label(language, cell.label))
        };
        let (text, category) = match taken_back {
            TakenBack::Box(category, points) => {
                ((words.undo_cell)(&name, label(category)?, points), category)
            }
            TakenBack::Announcement(category) => {
                ((words.undo_announcement)(&name, label(category)?), category)
            }
        };
        // The keys' chunk sends the focus to the box given back (`crate::focus::give_back_box`).
        Some(view! {
            <button
                class="undo secondary"
                data-action="undo"
                data-gives-back=category.id()
                on:click=move |_| store.controls().undo()
            >
                {text}
            </button>
        })
    }
}
