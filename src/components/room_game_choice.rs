//! The game an online room will play, as its host chooses it and the others see it: the ruleset, its Joker
//! rule, column Yam's columns, Generala's house rules, Maxi Yatzy's upper bonus, whose dice, and the host's
//! Start.

use fivedice_rules::{Column, Columns, DiceMode, HouseRules, Joker, RulesetId};
use leptos::prelude::*;

use super::game_choice::{
    ColumnChoice, DiceModeSelect, HouseRulesChoice, JokerSelect, RulesetSelect, UpperBonusChoice,
};
use crate::i18n;
use crate::store::{GameStore, RoomView};

/// Column Yam in a room: whether the sheet is in columns, and which columns in order.
pub type ColumnsChoice = (bool, Vec<Column>);

/// The game the room will play: the host chooses it (the others see the choice), then starts. The host's
/// columns are `host_columns` once chosen, not the room's: toggles tapped in quick succession each reach the
/// room, and the room's echo of the earlier ones must not show them undone.
#[component]
pub fn RoomGameChoice(room: RoomView, host_columns: StoredValue<Option<ColumnsChoice>>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let (words, room_words) = (store.words(), store.speech().words_of(i18n::room_words));
    let (ruleset, joker, dice) = (room.rules.id(), room.rules.joker(), room.dice);
    let has_joker = ruleset.ruleset().extra_five_of_a_kind.is_some();
    // A table of an event plays the event's game: shown, fixed, with no choice the server would refuse.
    let events_game = store.events().invitation().is_some();
    let locked = !room.hosting || events_game;
    // Column Yam: the host's choice of columns, sent to the room as it changes.
    let room_columns = room.rules.columns();
    let (shown_in_columns, shown_columns) =
        host_columns
            .get_value()
            .filter(|_| room.hosting)
            .unwrap_or_else(|| {
                let chosen = match room_columns.is_one() {
                    true => Columns::USUAL.to_vec(),
                    false => room_columns.as_slice().to_vec(),
                };
                (!room_columns.is_one(), chosen)
            });
    let in_columns = RwSignal::new(shown_in_columns);
    let columns = RwSignal::new(shown_columns);
    let chosen_columns = move || match in_columns.get_untracked() {
        true => Columns::new(&columns.get_untracked()).ok(),
        false => Some(Columns::ONE),
    };
    // Generala: the house rules the room plays, changed by the host.
    let room_house = room.rules.house();
    let house = RwSignal::new(room_house.unwrap_or(HouseRules::DEFAULT));
    // Maxi Yatzy: whether the room plays the other upper bonus its sheet offers.
    let other_bonus = RwSignal::new(room.rules.other_upper_bonus().is_some());
    let upper_bonus = move || {
        let other = ruleset.ruleset().other_upper_bonuses.first().copied();
        other.filter(|_| other_bonus.get_untracked())
    };
    // Every choice sends the house rules and the bonus shown; the lobby keeps each for its own game alone.
    let choose = move |ruleset: RulesetId, joker: Joker, dice: DiceMode| {
        let columns = chosen_columns().unwrap_or(room_columns);
        let (house, upper_bonus) = (Some(house.get_untracked()), upper_bonus());
        store
            .lobby()
            .choose_room_rules(ruleset, Some(joker), dice, columns, house, upper_bonus)
    };
    Effect::watch(
        move || (house.get(), other_bonus.get()),
        move |_, _, _| choose(ruleset, joker, dice),
        false,
    );
    Effect::watch(
        move || (in_columns.get(), columns.get()),
        move |_, _, _| {
            host_columns.set_value(Some((in_columns.get_untracked(), columns.get_untracked())));
            // An empty choice waits for a column to be tapped.
            if let Some(chosen) = chosen_columns() {
                let (house, upper) = (Some(house.get_untracked()), upper_bonus());
                store
                    .lobby()
                    .choose_room_rules(ruleset, Some(joker), dice, chosen, house, upper);
            }
        },
        false,
    );
    let missing = room.players_missing;
    // Columns chosen, none tapped: the room still holds the last choice sent, not the one shown, so no start.
    let plays_in_columns = ruleset.ruleset().plays_in_columns;
    let no_column = move || plays_in_columns && in_columns.get() && columns.with(Vec::is_empty);
    let can_start = room.can_start;
    view! {
        <section class="card new-game" aria-labelledby="room-game-title">
            <h2 id="room-game-title">{room_words.table_game}</h2>
            {events_game.then(|| view! { <p class="muted" data-events-game>{room_words.events_game}</p> })}
            <RulesetSelect
                value=ruleset
                disabled=locked
                on_choose=Callback::new(move |id| choose(id, Joker::printed_on(id), dice))
            />
            {has_joker
                .then(|| {
                    view! {
                        <JokerSelect
                            value=joker
                            disabled=locked
                            on_choose=Callback::new(move |choice| choose(ruleset, choice, dice))
                        />
                    }
                })}
            {plays_in_columns
                .then(|| view! { <ColumnChoice in_columns columns disabled=locked /> })}
            {room_house.is_some().then(|| view! { <HouseRulesChoice house disabled=locked /> })}
            {(!ruleset.ruleset().other_upper_bonuses.is_empty())
                .then(|| view! { <UpperBonusChoice ruleset other=other_bonus disabled=locked /> })}
            <DiceModeSelect
                value=dice
                disabled=locked
                app_label=words.app_dice
                on_choose=Callback::new(move |mode| choose(ruleset, joker, mode))
            />
            // Said beside the choice, not in it: a phone's select shows one short line.
            {(dice == DiceMode::App).then(|| view! { <p class="muted">{room_words.server_dice}</p> })}
            {room
                .hosting
                .then(|| {
                    view! {
                        <p class="muted">
                            {(missing > 0).then(|| (room_words.players_missing)(missing))}
                            {move || no_column().then_some(words.no_column)}
                        </p>
                        <button
                            class="primary start"
                            data-action="start-game"
                            disabled=move || !can_start || no_column()
                            on:click=move |_| store.lobby().start_room_game()
                        >
                            {room_words.start_game}
                        </button>
                    }
                })}
        </section>
    }
}
