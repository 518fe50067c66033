//! A game's options as a form chooses them, the new game's form and the organiser's alike: its Joker,
//! Generala's house rules, the other upper bonus a sheet offers (Maxi Yatzy), the columns (Yam). The rules are
//! made of them by the rules crate.

use fivedice_rules::{Column, Columns, HouseRules, Joker, Rules, RulesError, RulesetId};
use leptos::prelude::*;

use super::game_choice::{ColumnChoice, HouseRulesChoice, JokerSelect, UpperBonusChoice};
use super::shown::shown_when;
use crate::store::GameStore;

/// The game and its options, each as the form holds it.
#[derive(Clone, Copy)]
pub struct GameOptions {
    pub ruleset: RwSignal<RulesetId>,
    pub joker: RwSignal<Joker>,
    pub house: RwSignal<HouseRules>,
    /// Whether the table plays the other upper bonus its sheet offers.
    pub other_bonus: RwSignal<bool>,
    /// Whether a sheet played in columns is (and in which, in order).
    pub in_columns: RwSignal<bool>,
    pub columns: RwSignal<Vec<Column>>,
}

/// Why the options make no rules: the rules crate's reason, or no column chosen for a sheet in columns.
pub enum NoRules {
    Rules(RulesError),
    NoColumn,
}

impl GameOptions {
    /// A form's options as they start: `rules`' own, and the usual columns where it has one.
    pub fn of(rules: Rules) -> GameOptions {
        let columns = rules.columns();
        GameOptions {
            ruleset: RwSignal::new(rules.id()),
            joker: RwSignal::new(rules.joker()),
            house: RwSignal::new(rules.house().unwrap_or(HouseRules::DEFAULT)),
            other_bonus: RwSignal::new(rules.other_upper_bonus().is_some()),
            in_columns: RwSignal::new(!columns.is_one()),
            columns: RwSignal::new(match columns.is_one() {
                true => Columns::USUAL.to_vec(),
                false => columns.as_slice().to_vec(),
            }),
        }
    }

    /// Another game chosen: the rule printed on its sheet goes with it.
    pub fn choose(&self, id: RulesetId) {
        self.ruleset.set(id);
        self.joker.set(Joker::printed_on(id));
    }

    /// Whether the game chosen is played in columns, as chosen (tracked).
    pub fn column_game(&self) -> bool {
        self.ruleset.get().ruleset().plays_in_columns && self.in_columns.get()
    }

    /// The rules the options make, the columns left out (tracked).
    pub fn rules_without_columns(&self) -> Result<Rules, RulesError> {
        let id = self.ruleset.get();
        let joker = id.ruleset().extra_five_of_a_kind.map(|_| self.joker.get());
        let rules = Rules::from_choices(id, joker, None)?;
        let rules = match rules.house() {
            Some(_) => rules.with_house(self.house.get())?,
            None => rules,
        };
        match id
            .ruleset()
            .other_upper_bonuses
            .first()
            .filter(|_| self.other_bonus.get())
        {
            Some(&bonus) => rules.with_upper_bonus(bonus),
            None => Ok(rules),
        }
    }

    /// The rules the options make, with the columns (tracked).
    pub fn rules(&self) -> Result<Rules, NoRules> {
        let rules = self.rules_without_columns().map_err(NoRules::Rules)?;
        if !self.column_game() {
            return Ok(rules);
        }
        let columns = Columns::new(&self.columns.get()).map_err(|_| NoRules::NoColumn)?;
        rules.with_columns(columns).map_err(NoRules::Rules)
    }
}

/// The chosen game's options: the Joker (folded: the rule printed on the sheet is chosen already, so a newcomer
/// need not read about it to start), the columns, the house rules, the other upper bonus, each where the game
/// has it.
#[component]
pub fn GameOptionsFields(options: GameOptions) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let (ruleset, joker) = (options.ruleset, options.joker);
    let (in_columns, columns) = (options.in_columns, options.columns);
    let (house, other_bonus) = (options.house, options.other_bonus);
    let has_joker = move || ruleset.get().ruleset().extra_five_of_a_kind.is_some();
    let plays_in_columns = move || ruleset.get().ruleset().plays_in_columns;
    let has_house_rules = move || Rules::new(ruleset.get()).house().is_some();
    let offers_upper_bonus = move || !ruleset.get().ruleset().other_upper_bonuses.is_empty();
    view! {
        {shown_when(has_joker, move || {
            view! {
                <details class="rule-options">
                    <summary data-action="rule-options">
                        {move || (words.joker_summary)((words.joker_in_force)(joker.get()))}
                    </summary>
                    <JokerSelect value=joker on_choose=Callback::new(move |choice| joker.set(choice)) />
                </details>
            }
            .into_any()
        })}
        {shown_when(plays_in_columns, move || view! { <ColumnChoice in_columns columns /> }.into_any())}
        {shown_when(has_house_rules, move || view! { <HouseRulesChoice house /> }.into_any())}
        {shown_when(offers_upper_bonus, move || {
            view! { <UpperBonusChoice ruleset=ruleset.get_untracked() other=other_bonus /> }.into_any()
        })}
    }
}
