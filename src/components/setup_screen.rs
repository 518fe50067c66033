//! The start screen: set up a table (game, dice, players, name), resume a game in progress, see past games.

use fivedice_rules::{DiceMode, Rules, RulesetId};
use leptos::prelude::*;

use super::Deferred;

use super::game_choice::{DiceModeSelect, LevelOptions, RulesetSelect};
use super::game_options::{GameOptions, GameOptionsFields, NoRules};
use super::how_to_play::HowToPlay;
use super::join_room_card::JoinRoomCard;
use super::perfect_play::PerfectPlay;
use super::saved_games::{History, TablesInProgress, YourData};
use super::shown::shown_when;
use super::statistics::Statistics;
use crate::i18n::Language;
use crate::setup_draft::SetupDraft;
use crate::store::{GameStore, table_name_for};
use crate::table::{DEFAULT_BOT_DELAY_MS, NewGameRequest};
use fivedice_worker::Level;

#[component]
pub fn SetupScreen() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    // The form as the player left it (a reload, the next visit), kept again at every change.
    let draft = store.tables().setup_draft();
    // An event's invitation opened here: the table plays in it, at the event's game, unless the players say it
    // is not for the event.
    // (Decided as the screen is built: "Not for this event" opens the plain address again.)
    let invitation = store.events().invitation();
    let invited = invitation.is_some();
    let event_rules = invitation.as_ref().map(|invited| invited.rules);
    let options = GameOptions {
        ruleset: RwSignal::new(draft.ruleset),
        joker: RwSignal::new(draft.joker),
        house: RwSignal::new(draft.house),
        other_bonus: RwSignal::new(draft.upper_bonus.is_some()),
        in_columns: RwSignal::new(draft.in_columns),
        columns: RwSignal::new(draft.columns),
    };
    let GameOptions {
        ruleset,
        joker,
        house,
        other_bonus,
        in_columns,
        columns,
    } = options;
    // The rules as chosen (an event's table plays the event's).
    let chosen_rules = move || match event_rules {
        Some(rules) => Ok(rules),
        None => options.rules(),
    };
    let mode = RwSignal::new(draft.mode);
    let (typed, kinds): (Vec<String>, Vec<Option<Level>>) = draft.seats.into_iter().unzip();
    let names = RwSignal::new(typed);
    let seats = Memo::new(move |_| names.with(Vec::len));
    // Each seat's computer player (`None`: a person), kept the same length as `names`.
    let computers = RwSignal::new(kinds);
    let bot_delay = RwSignal::new(draft.bot_delay_ms);
    let any_computer = move || computers.with(|seats| seats.iter().any(Option::is_some));
    let table_name = RwSignal::new(draft.table_name);
    // A table of an event: whether it plays in a room of phones (set up there) instead of on this device.
    let event_table = super::event::EventTableForm {
        table_name,
        in_room: RwSignal::new(false),
        dice: mode,
    };
    let max_players = move || ruleset.get().ruleset().max_players;
    Effect::new(move |_| {
        let seats = names
            .with(|names| computers.with(|kinds| names.iter().cloned().zip(kinds.iter().copied()).collect()));
        store.tables().keep_setup_draft(&SetupDraft {
            ruleset: ruleset.get(),
            joker: joker.get(),
            mode: mode.get(),
            in_columns: in_columns.get(),
            columns: columns.get(),
            seats,
            bot_delay_ms: bot_delay.get(),
            table_name: table_name.get(),
            house: house.get(),
            upper_bonus: ruleset
                .get()
                .ruleset()
                .other_upper_bonuses
                .first()
                .copied()
                .filter(|_| other_bonus.get()),
        });
    });
    let setup_error = store.notices().setup_error();
    // A seat left unnamed: "Player 3", or "Computer 3" where a computer plays it (never on a score pad, where
    // the people at the table roll).
    let computer_at = move |seat: usize| {
        let level = computers.with(|seats| seats.get(seat).copied().flatten());
        level.filter(|_| mode.get() == DiceMode::App)
    };
    let unnamed = move |seat: usize| match computer_at(seat) {
        Some(_) => (words.computer_n)(seat + 1),
        None => (words.player_n)(seat + 1),
    };
    // The players as they will sit: each name typed, or the seat's own.
    let players = move || {
        names.with(|names| {
            let named = |(seat, name): (usize, &String)| match name.trim() {
                "" => unnamed(seat),
                name => name.to_string(),
            };
            names.iter().enumerate().map(named).collect::<Vec<String>>()
        })
    };
    // A refusal is of the setup as it was: any change of it takes the refusal away.
    Effect::watch(
        move || {
            names.track();
            computers.track();
            ruleset.track();
            mode.track();
        },
        move |_, _, _| store.notices().dismiss_setup_error(),
        false,
    );

    let start = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let rules = match untrack(chosen_rules) {
            Ok(rules) => rules,
            Err(NoRules::Rules(error)) => return store.notices().refuse_setup(error.to_string()),
            Err(NoRules::NoColumn) => return store.notices().refuse_setup(words.no_column.into()),
        };
        let players = untrack(players);
        let computer = (0..players.len())
            .map(|seat| untrack(|| computer_at(seat)))
            .collect();
        let request = NewGameRequest {
            rules,
            mode: mode.get_untracked(),
            players,
            seed: None,
            computer,
            bot_delay_ms: bot_delay.get_untracked(),
            event: store.events().invitation().map(|invited| invited.link),
        };
        store.tables().start(request, table_name.get_untracked());
    };

    view! {
        <div class="setup">
            <header class="brand">
                <h1 lang="en">"Five Dice"</h1>
                <p>{words.tagline}</p>
                <LanguageSwitch />
                <super::settings::Settings />
            </header>
            // The first task paints the header; the new game's card and the rest come in tasks of their own.
            <Deferred>
            <TablesInProgress />
            <form
                class="card new-game"
                on:submit=start
                on:pointerdown=|_| super::fetch_table_ahead()
                on:focusin=|_| super::fetch_table_ahead()
                aria-labelledby="new-game-title"
            >
                <h2 id="new-game-title">{words.new_game}</h2>
                {invitation.clone().map(|invited| super::event::invitation_banner(invited, event_table))}
                {event_rules.is_none().then(|| view! {
                <RulesetSelect
                    value=ruleset
                    on_choose=Callback::new(move |id: RulesetId| {
                        options.choose(id);
                        names.update(|names| names.truncate(id.ruleset().max_players));
                        computers.update(|seats| seats.truncate(id.ruleset().max_players));
                    })
                />
                <GameOptionsFields options />
                })}
                <HowToPlay rules=Signal::derive(move || chosen_rules().ok()) />
                <DiceModeSelect value=mode app_label=words.app_dice on_choose=Callback::new(move |choice| mode.set(choice)) />
                <label>
                    <span>{words.table_name}</span>
                    <input
                        data-setup="table-name"
                        placeholder=move || table_name_for(&players())
                        maxlength="40"
                        prop:value=move || table_name.get()
                        on:input=move |event| table_name.set(event_target_value(&event))
                    />
                </label>
                {invitation.clone().map(|invited| super::event::room_opener(invited, event_table))}
                <fieldset class="players">
                    <legend>{words.players}</legend>
                    // The rows follow the count of seats; a row drawn again shows the level chosen for its seat.
                    {move || {
                        (0..seats.get())
                            .map(|seat| {
                                view! {
                                    <div class="seat">
                                        <input
                                            data-setup="player-name"
                                            aria-label=(words.player_n_name)(seat + 1)
                                            placeholder=move || unnamed(seat)
                                            maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                                            prop:value=move || names.with(|names| names.get(seat).cloned().unwrap_or_default())
                                            on:input=move |event| {
                                                let name = event_target_value(&event);
                                                names.update(|names| {
                                                    if let Some(slot) = names.get_mut(seat) {
                                                        *slot = name;
                                                    }
                                                })
                                            }
                                        />
                                        <select
                                            data-setup="player-kind"
                                            aria-label=(words.player_n_is)(seat + 1)
                                            disabled=move || mode.get() == DiceMode::Pad
                                            on:change=move |event| {
                                                let level = event_target_value(&event).parse::<Level>().ok();
                                                computers.update(|seats| {
                                                    if let Some(slot) = seats.get_mut(seat) {
                                                        *slot = level;
                                                    }
                                                })
                                            }
                                        >
                                            <option value="human">{words.a_person}</option>
                                            <LevelOptions
                                                ruleset
                                                by_estimate=Signal::derive(move || {
                                                    options.column_game() || !fivedice_worker::solves_exactly(Rules::new(ruleset.get()))
                                                })
                                                first_chosen=computers.with_untracked(|seats| seats.get(seat).copied().flatten())
                                            />
                                        </select>
                                    </div>
                                }
                            })
                            .collect_view()
                    }}
                    {shown_when(move || mode.get() == DiceMode::Pad, move || {
                        view! {
                            <p class="muted" data-setup-note="bots-need-app-dice">{words.bots_need_app_dice}</p>
                        }
                        .into_any()
                    })}
                    {shown_when(any_computer, move || {
                        view! {
                            <label class="bot-speed">
                                <span>{words.bots_move}</span>
                                <select
                                    data-setup="bot-speed"
                                    on:change=move |event| {
                                        if let Ok(delay) = event_target_value(&event).parse::<u32>() {
                                            bot_delay.set(delay);
                                        }
                                    }
                                >
                                    {[(1400, words.pace_slow), (DEFAULT_BOT_DELAY_MS, words.pace_calm), (250, words.pace_quick), (0, words.pace_instant)]
                                        .into_iter()
                                        .map(|(delay, label)| {
                                            view! {
                                                <option value=delay.to_string() selected=move || bot_delay.get() == delay>
                                                    {label}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            </label>
                            <p class="muted">
                                {words.bots_aim}
                            </p>
                        }
                        .into_any()
                    })}
                    <div class="player-buttons">
                        <button
                            type="button"
                            class="secondary"
                            data-action="add-player"
                            disabled=move || { names.with(Vec::len) >= max_players() }
                            on:click=move |_| {
                                names.update(|names| names.push(String::new()));
                                computers.update(|seats| seats.push(None));
                            }
                        >
                            {words.add_player}
                        </button>
                        <button
                            type="button"
                            class="secondary"
                            data-action="remove-player"
                            disabled=move || { names.with(Vec::len) <= 1 }
                            on:click=move |_| {
                                names.update(|names| {
                                    names.pop();
                                });
                                computers.update(|seats| {
                                    seats.pop();
                                });
                            }
                        >
                            {words.remove_player}
                        </button>
                    </div>
                </fieldset>
                <p class="error" role="alert">{move || setup_error.get()}</p>
                <button type="submit" class="primary start" data-action="start">{words.start}</button>
            </form>
            </Deferred>
            // Below the fold: each card in a task of its own, after the first paint. A guest who came by an
            // event's invitation sees the table's form alone ("Not for this event" brings the rest back).
            {(!invited).then(|| view! {
                <Deferred>
                    <JoinRoomCard />
                </Deferred>
                <Deferred>
                    <History />
                </Deferred>
                <Deferred>
                    <Statistics />
                </Deferred>
                <Deferred>
                    <PerfectPlay />
                </Deferred>
                <Deferred>
                    <YourData />
                </Deferred>
            })}
        </div>
    }
}

/// English or French, saved on this device; the screens are rebuilt in the language chosen.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let language = store.speech().language();
    view! {
        <div class="language-switch" role="group" aria-label=store.words().language>
            {Language::ALL
                .into_iter()
                .map(|choice| {
                    view! {
                        <button
                            class="tab"
                            lang=choice.id()
                            data-language=choice.id()
                            aria-pressed=move || (language.get() == choice).to_string()
                            on:click=move |_| store.speech().set_language(choice)
                        >
                            {choice.own_name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
