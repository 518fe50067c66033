//! The choice of a game, shared by the setup screen and an online room's lobby: the ruleset, its Joker rule,
//! whose dice (the hooks `data-setup="rules|joker|dice-mode"` are the same in both), and the computer players'
//! levels; Generala's house rules, and another upper bonus where the sheet offers one (Maxi Yatzy's 50 at 75).
//!
//! Each select shows its value twice over: its options' `selected` for the first drawing, and its `value`
//! property whenever the value changes or the lobby redraws for the room's answer. A browser stops following an
//! option's `selected` once the player has chosen in the select, so the property alone keeps what is shown
//! the room's choice.

use fivedice_rules::{Column, DiceMode, HouseRules, Joker, RulesetId};
use fivedice_worker::Level;
use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::shown::shown_when;
use crate::i18n;
use crate::store::GameStore;

#[component]
pub fn RulesetSelect(
    #[prop(into)] value: Signal<RulesetId>,
    #[prop(into, optional)] disabled: Signal<bool>,
    on_choose: Callback<RulesetId>,
) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    view! {
        <label>
            <span>{words.game}</span>
            <select
                data-setup="rules"
                prop:value=move || value.get().id()
                disabled=move || disabled.get()
                on:change=move |event| {
                    if let Ok(id) = event_target_value(&event).parse::<RulesetId>() {
                        on_choose.run(id);
                    }
                }
            >
                {RulesetId::ALL
                    .into_iter()
                    .map(|id| {
                        view! {
                            <option value=id.id() selected=move || value.get() == id>
                                {words.game_name(id.ruleset())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Every computer player's level as a select's options, strongest first, each with its mean score on this
/// ruleset (the Winner, who plays for the chance to win, with what it plays for). Column Yam's and Maxi
/// Yatzy's players are estimates (no mean to show), and the Winner, who needs exact odds, plays neither.
#[component]
pub fn LevelOptions(
    #[prop(into)] ruleset: Signal<RulesetId>,
    /// The game is played by estimate, not exactly (column Yam, Maxi Yatzy).
    #[prop(into)]
    by_estimate: Signal<bool>,
    /// The level chosen until the player chooses another (none: the select's own first option).
    #[prop(into)]
    first_chosen: Option<Level>,
) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    Level::ALL
        .into_iter()
        .map(|level| {
            let hidden = move || level == Level::Winner && by_estimate.get();
            // Every option says it is a computer; the Winner's mean would make it look the weakest of three.
            let label = move || match (by_estimate.get(), level, level.mean_score(ruleset.get())) {
                (false, Level::Winner, _) => words.winner_computer.to_string(),
                (false, _, Some(mean)) => (words.bot_with_mean)(words.level(level), &words.number(mean, 0)),
                _ => (words.bot)(words.level(level)),
            };
            view! {
                <option value=level.id() hidden=hidden disabled=hidden selected=first_chosen == Some(level)>
                    {label}
                </option>
            }
        })
        .collect_view()
}

#[component]
pub fn JokerSelect(
    #[prop(into)] value: Signal<Joker>,
    #[prop(into, optional)] disabled: Signal<bool>,
    on_choose: Callback<Joker>,
) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let option = move |joker: Joker, label: &'static str| {
        view! {
            <option value=joker.id() selected=move || value.get() == joker>
                {label}
            </option>
        }
    };
    view! {
        <label>
            <span>{words.joker_rule}</span>
            <select
                data-setup="joker"
                prop:value=move || value.get().id()
                disabled=move || disabled.get()
                on:change=move |event| {
                    if let Ok(choice) = event_target_value(&event).parse::<Joker>() {
                        on_choose.run(choice);
                    }
                }
            >
                {option(Joker::Forced, words.joker_forced)}
                {option(Joker::Free, words.joker_free)}
                {option(Joker::None, words.joker_none)}
            </select>
        </label>
    }
}

/// The app's dice (with `app_label`, which says who rolls them) or the players' own (a score pad).
#[component]
pub fn DiceModeSelect(
    #[prop(into)] value: Signal<DiceMode>,
    #[prop(into, optional)] disabled: Signal<bool>,
    app_label: &'static str,
    on_choose: Callback<DiceMode>,
) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    view! {
        <label>
            <span>{words.dice}</span>
            <select
                data-setup="dice-mode"
                prop:value=move || value.get().id()
                disabled=move || disabled.get()
                on:change=move |event| {
                    on_choose.run(if event_target_value(&event) == "pad" { DiceMode::Pad } else { DiceMode::App })
                }
            >
                <option value="app" selected=move || value.get() == DiceMode::App>
                    {app_label}
                </option>
                <option value="pad" selected=move || value.get() == DiceMode::Pad>
                    {words.own_dice}
                </option>
            </select>
        </label>
    }
}

/// Column Yam: one column, or several, each with its rule, in the order the table taps them (the usual Down,
/// Free, Up to begin with). Shown for a ruleset played in columns; column Yam is a chunk of its own, fetched
/// when a table first chooses a game played in columns.
#[component]
pub fn ColumnChoice(
    in_columns: RwSignal<bool>,
    columns: RwSignal<Vec<Column>>,
    #[prop(into, optional)] disabled: Signal<bool>,
) -> impl IntoView {
    lazy(column_choice_part, (in_columns, columns, disabled))
}

type ColumnChoiceArgs = (RwSignal<bool>, RwSignal<Vec<Column>>, Signal<bool>);

#[wasm_split_helpers::wasm_split(columns, fallible)]
fn column_choice_part() -> Loaded<ColumnChoiceArgs> {
    Ok(|(in_columns, columns, disabled)| {
        super::lazy::add_styles("option-styles", OPTION_STYLES);
        view! { <ColumnChoiceFields in_columns columns disabled /> }.into_any()
    })
}

#[component]
fn ColumnChoiceFields(
    in_columns: RwSignal<bool>,
    columns: RwSignal<Vec<Column>>,
    disabled: Signal<bool>,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let toggle = move |column: Column| {
        columns.update(|chosen| match chosen.iter().position(|&other| other == column) {
            Some(index) => {
                chosen.remove(index);
            }
            None => chosen.push(column),
        })
    };
    view! {
        <label>
            <span>{words.sheet}</span>
            <select
                data-setup="sheet"
                disabled=move || disabled.get()
                on:change=move |event| in_columns.set(event_target_value(&event) == "columns")
            >
                <option value="one" selected=move || !in_columns.get()>
                    {words.one_column}
                </option>
                <option value="columns" selected=move || in_columns.get()>
                    {words.in_columns}
                </option>
            </select>
        </label>
        {shown_when(move || in_columns.get(), move || {
            view! {
                <fieldset class="column-choice">
                    <legend>{words.columns_in_order}</legend>
                    {Column::ALL
                        .into_iter()
                        .map(|column| {
                            let place = move || columns.with(|chosen| chosen.iter().position(|&other| other == column));
                            view! {
                                <button
                                    type="button"
                                    class="secondary column-toggle"
                                    data-column-choice=column.id()
                                    aria-pressed=move || place().is_some().to_string()
                                    disabled=move || disabled.get()
                                    on:click=move |_| toggle(column)
                                >
                                    <span class="order" aria-hidden="true">
                                        {move || place().map(|index| format!("{}.", index + 1))}
                                    </span>
                                    {format!("{} {}", column.symbol(), crate::i18n::label(language, column.label()))}
                                </button>
                            }
                        })
                        .collect_view()}
                </fieldset>
            }
            .into_any()
        })}
    }
}

/// Generala's house rules, as the table plays them: the first roll's bonus, a generala on the first roll
/// winning, the double generala, 3-4-5-6-1. A chunk of its own, fetched when a table first chooses Generala.
/// In a room, each device sees the host's choice, `disabled` for all but the host.
#[component]
pub fn HouseRulesChoice(
    house: RwSignal<HouseRules>,
    #[prop(into, optional)] disabled: Signal<bool>,
) -> impl IntoView {
    lazy(house_rules_part, (house, disabled))
}

#[wasm_split_helpers::wasm_split(generala, fallible)]
fn house_rules_part() -> Loaded<(RwSignal<HouseRules>, Signal<bool>)> {
    Ok(|(house, disabled)| {
        super::lazy::add_styles("option-styles", OPTION_STYLES);
        house_rules_fields(house, disabled).into_any()
    })
}

fn house_rules_fields(house: RwSignal<HouseRules>, disabled: Signal<bool>) -> impl IntoView {
    let words = expect_context::<GameStore>().speech().words_of(i18n::house_words);
    let flag = move |hook: &'static str,
                     text: &'static str,
                     get: fn(&HouseRules) -> bool,
                     set: fn(&mut HouseRules, bool)| {
        view! {
            <label class="check">
                <input
                    type="checkbox"
                    data-setup=hook
                    disabled=move || disabled.get()
                    prop:checked=move || house.with(get)
                    on:change=move |event| house.update(|house| set(house, event_target_checked(&event)))
                />
                <span>{text}</span>
            </label>
        }
    };
    view! {
        <fieldset class="house-rules">
            <legend>{words.house_rules}</legend>
            <label>
                <span>{words.first_roll_bonus}</span>
                <select
                    data-setup="first-roll-bonus"
                    disabled=move || disabled.get()
                    prop:value=move || house.with(|house| house.first_roll_bonus.to_string())
                    on:change=move |event| {
                        if let Ok(bonus) = event_target_value(&event).parse() {
                            house.update(|house| house.first_roll_bonus = bonus);
                        }
                    }
                >
                    {HouseRules::FIRST_ROLL_BONUSES
                        .map(|bonus| {
                            view! {
                                <option value=bonus.to_string() selected=move || house.with(|house| house.first_roll_bonus == bonus)>
                                    {format!("+{bonus}")}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            {flag("first-roll-wins", words.first_roll_wins, |house| house.first_roll_wins, |house, on| house.first_roll_wins = on)}
            {flag("double", words.double, |house| house.double, |house, on| house.double = on)}
            {flag("ace-after-six", words.ace_after_six, |house| house.ace_after_six, |house, on| house.ace_after_six = on)}
        </fieldset>
    }
}

/// The other upper bonus a table may play, where the sheet offers one (Maxi Yatzy's 50 at 75, as some Swedish
/// sheets print it, instead of its 100 at 84): checked, the table plays it. A chunk of its own, fetched when a
/// table first chooses such a game. In a room, each device sees the host's choice, `disabled` for all but the
/// host.
#[component]
pub fn UpperBonusChoice(
    ruleset: RulesetId,
    other: RwSignal<bool>,
    #[prop(into, optional)] disabled: Signal<bool>,
) -> impl IntoView {
    lazy(upper_bonus_part, (ruleset, other, disabled))
}

#[wasm_split_helpers::wasm_split(maxi, fallible)]
fn upper_bonus_part() -> Loaded<(RulesetId, RwSignal<bool>, Signal<bool>)> {
    Ok(|(ruleset, other, disabled)| {
        super::lazy::add_styles("option-styles", OPTION_STYLES);
        upper_bonus_check(ruleset, other, disabled).into_any()
    })
}

/// The styles of a game's options, added with each chunk that shows them (a constant, so each chunk has its copy
/// and the first download none).
pub(super) const OPTION_STYLES: &str = include_str!("../../style/options.css");

fn upper_bonus_check(ruleset: RulesetId, other: RwSignal<bool>, disabled: Signal<bool>) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let bonus = ruleset.ruleset().other_upper_bonuses.first().copied();
    bonus.map(|bonus| {
        view! {
            <div class="upper-bonus">
                <label class="check">
                    <input
                        type="checkbox"
                        data-setup="upper-bonus"
                        disabled=move || disabled.get()
                        prop:checked=move || other.get()
                        on:change=move |event| other.set(event_target_checked(&event))
                    />
                    <span>{(words.bonus_at)(bonus.points, bonus.threshold)}</span>
                </label>
            </div>
        }
    })
}
