//! The game store: the one place the app's state lives. Every tap calls one method here; the method asks the
//! rules crate to apply it, and on success replaces the state and saves it at once. The view derives from it.

use fivedice_rules::{Category, Dice, DiceMode, Game, GameError};
use leptos::prelude::*;

use crate::coach::{Answer, Coach};
use crate::files;
use crate::launch::{NewGameRequest, parse_launch};
use crate::storage::{Storage, Unreadable};
use crate::table::{Bundle, Decision, FinishedGame, Table, Verdict};
use fivedice_worker::{BotLevel, HintChoice, RatedOption};

/// The value picker open on a box: which box, the value chosen in it so far, and (score pad) whether the
/// player adds a Yahtzee bonus with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picker {
    pub category: Category,
    pub chosen: Option<u16>,
    pub bonus: bool,
}

#[derive(Clone, Copy)]
pub struct GameStore {
    /// The table in play; `None` on the start screen.
    pub table: RwSignal<Option<Table>>,
    pub picker: RwSignal<Option<Picker>>,
    /// A message for the player (a refused action, a storage problem); they dismiss it.
    pub notice: RwSignal<Option<String>>,
    /// Why the last attempt to start a game failed, shown on the setup screen.
    pub setup_error: RwSignal<Option<String>>,
    pub history: RwSignal<Vec<FinishedGame>>,
    /// Saved tables not yet finished, for the start screen.
    pub tables_in_progress: RwSignal<Vec<Table>>,
    /// Saved data that could not be read, kept aside for the player to download.
    pub unreadable: RwSignal<Vec<Unreadable>>,
    /// Set once saving has failed, so the player is told only once.
    save_failed: RwSignal<bool>,
    /// A computer player's turn is being played.
    computer_busy: StoredValue<bool>,
    computer_plan: StoredValue<Option<ComputerPlan>>,
    /// The strategy engine's worker: hints, the coach and computer players.
    pub coach: Coach,
}

/// What the computer player decided at a point of its turn, to carry out at its next step.
#[derive(Clone, Debug, PartialEq)]
struct ComputerPlan {
    /// Entries written and rolls used when it decided.
    at: (usize, u8),
    /// The faces it keeps to roll the rest, or `None` to stop rolling and take a box.
    keep: Option<Vec<u8>>,
}

/// The one choice a computer player's move comes back with.
fn bot_choice(answer: Result<Answer, String>) -> Result<HintChoice, String> {
    match answer {
        Ok(Answer::Advice(options)) => options
            .into_iter()
            .next()
            .map(|option| option.choice)
            .ok_or_else(|| "no move came back".to_string()),
        Ok(Answer::Solved { .. }) => Err("no move came back".into()),
        Err(message) => Err(message),
    }
}

/// What a choice (rated among `chosen_among`) gave up against the best of `options`, both of one situation.
fn verdict_of(options: &[RatedOption], chosen_among: &[RatedOption], choice: &HintChoice) -> Option<Verdict> {
    let best = options.first()?;
    let chosen = chosen_among.iter().find(|option| option.choice == *choice)?;
    Some(Verdict {
        best: best.choice.clone(),
        loss: (best.expected_remaining - chosen.expected_remaining).max(0.0),
    })
}

/// A repeatable seed for a computer player's decision: the same table at the same point decides the same.
fn computer_seed(table: &Table) -> u64 {
    let point = (table.game.log().len() as u64) << 8 | u64::from(table.game.turn().rolls_used);
    // FNV-1a over the table id, then the point in the game.
    table.id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    }) ^ point
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Today's date as the default name of a table, e.g. "2026-11-29".
pub fn today() -> String {
    let date = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date()
    )
}

impl GameStore {
    /// Reads the game in play, tracked so the view follows it; `None` on the start screen.
    pub fn game<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        self.table
            .with(|table| table.as_ref().map(|table| read(&table.game)))
    }

    /// Loads what is saved, then opens the game the address asks for, or the last game still in progress.
    pub fn open() -> GameStore {
        let store = GameStore {
            table: RwSignal::new(None),
            picker: RwSignal::new(None),
            notice: RwSignal::new(None),
            setup_error: RwSignal::new(None),
            history: RwSignal::new(Vec::new()),
            tables_in_progress: RwSignal::new(Vec::new()),
            unreadable: RwSignal::new(Vec::new()),
            save_failed: RwSignal::new(false),
            computer_busy: StoredValue::new(false),
            computer_plan: StoredValue::new(None),
            coach: Coach::new(),
        };
        let storage = Storage::open();
        let mut problems = Vec::new();
        if !storage.is_available() {
            problems.push(
                "This browser does not let the app save games: play on, but a reload loses the game.".into(),
            );
        }
        let history = storage.history();
        problems.extend(history.problems);
        store.history.set(history.value);
        let tables = storage.tables();
        problems.extend(tables.problems);
        let last = storage.last_table_id();
        let resumed = tables
            .value
            .iter()
            .find(|table| Some(&table.id) == last.as_ref() && !table.game.is_over())
            .cloned();
        let (finished, in_progress): (Vec<Table>, Vec<Table>) =
            tables.value.into_iter().partition(|table| table.game.is_over());
        // A finished table lives on in the history; its saved copy is no longer needed once recorded there.
        for table in finished {
            if store
                .history
                .with_untracked(|games| games.iter().any(|game| game.table_id == table.id))
            {
                storage.delete_table(&table.id);
            }
        }
        store.tables_in_progress.set(in_progress);
        store.unreadable.set(storage.unreadable());
        let listener = window_event_listener(leptos::ev::storage, move |event| {
            store.on_storage_change(event.key())
        });
        // The store lives as long as the page, and so does its ear for other tabs.
        std::mem::forget(listener);
        if !problems.is_empty() {
            store.notice.set(Some(problems.join(" ")));
        }
        let query = web_sys::window()
            .and_then(|window| window.location().search().ok())
            .unwrap_or_default();
        match parse_launch(&query) {
            Some(Ok(request)) => store.start(request, today()),
            Some(Err(message)) => store.setup_error.set(Some(message)),
            None => store.table.set(resumed),
        }
        store
    }

    /// Seats a new table and opens it; a bad request stays on the setup screen with the reason.
    pub fn start(&self, request: NewGameRequest, name: String) {
        let name = match name.trim() {
            "" => today(),
            name => name.to_string(),
        };
        match Table::new(name, &request, now_ms()) {
            Ok(table) => {
                self.setup_error.set(None);
                self.picker.set(None);
                self.save(&table);
                self.table.set(Some(table));
                forget_launch_address();
            }
            Err(error) => {
                self.setup_error.set(Some(error.to_string()));
                forget_launch_address();
            }
        }
    }

    /// Applies one action to the game in play; on success saves and shows the new state, else says why.
    fn act<T>(&self, action: impl FnOnce(&mut Table) -> Result<T, GameError>) -> Option<T> {
        let mut table = self.table.get_untracked()?;
        match action(&mut table) {
            Ok(result) => {
                table.updated_ms = now_ms();
                table.revision += 1;
                if !self.save(&table) {
                    return None;
                }
                self.table.set(Some(table));
                Some(result)
            }
            Err(error) => {
                self.notice.set(Some(capitalised(&error.to_string())));
                None
            }
        }
    }

    /// Saves the table, unless another tab has saved a newer revision of it since: then that one is shown
    /// instead (and false returned), so neither tab silently overwrites the other.
    fn save(&self, table: &Table) -> bool {
        let storage = Storage::open();
        if let Some(newer) = storage.table_since(&table.id, table.revision) {
            self.adopt_newer(newer);
            return false;
        }
        let saved = storage
            .save_table(table)
            .and_then(|()| storage.set_last_table(&table.id));
        if let Err(message) = saved
            && !self.save_failed.get_untracked()
        {
            self.save_failed.set(true);
            self.notice.set(Some(format!(
                "{} Export your games to keep them.",
                capitalised(&message)
            )));
        }
        true
    }

    fn adopt_newer(&self, table: Table) {
        self.picker.set(None);
        self.table.set(Some(table));
        self.notice.set(Some(
            "This game was changed in another tab: showing its latest state.".into(),
        ));
    }

    /// Another tab wrote to storage: if it saved the table open here, show its newer state.
    fn on_storage_change(&self, key: Option<String>) {
        let Some((id, ours)) = self
            .table
            .with_untracked(|t| t.as_ref().map(|t| (t.id.clone(), t.revision)))
        else {
            return;
        };
        if key.is_some_and(|key| key != Storage::table_key(&id)) {
            return;
        }
        if let Some(newer) = Storage::open().table_since(&id, ours + 1) {
            self.adopt_newer(newer);
        }
    }

    /// Whether a computer player is to play: people's taps on the dice and the sheet wait until it is done.
    fn computer_playing(&self) -> bool {
        self.table
            .with_untracked(|table| table.as_ref().and_then(Table::computer_to_play).is_some())
    }

    pub fn roll(&self) {
        if !self.computer_playing() {
            self.roll_dice();
        }
    }

    fn roll_dice(&self) {
        self.picker.set(None);
        let rolled = self.act(|table| {
            let decision = table.keep_decision();
            let Table { game, dice, .. } = table;
            game.roll(&mut || dice.face())?;
            table.decisions.extend(decision);
            Ok(())
        });
        if rolled.is_some() {
            self.judge_last_decision();
        }
    }

    pub fn toggle_hold(&self, die: usize) {
        if !self.computer_playing() {
            self.act(|table| table.game.toggle_hold(die));
        }
    }

    pub fn open_picker(&self, category: Category) {
        if !self.computer_playing() {
            self.pick(category);
        }
    }

    /// Opens the picker on a box; with dice on the table, the one value they score there is chosen already.
    fn pick(&self, category: Category) {
        let Some(table) = self.table.get_untracked() else {
            return;
        };
        let dice = table.game.turn().dice;
        let chosen = table.game.scores().and_then(|scores| scores.get(category));
        if (table.game.mode() == DiceMode::App || dice.is_some()) && chosen.is_none() {
            let reason = match dice {
                None => GameError::NotRolled,
                Some(_) => GameError::CellFilled(category),
            };
            self.notice.set(Some(capitalised(&reason.to_string())));
            return;
        }
        self.picker.set(Some(Picker {
            category,
            chosen,
            bonus: false,
        }));
    }

    /// Score pad: the five faces the player rolled for real; the rules then score them in every open box.
    /// Returns false (and says why) when the dice cannot go in the box the picker is open on.
    pub fn enter_dice(&self, dice: Dice) -> bool {
        if self.act(|table| table.game.enter_dice(dice)).is_none() {
            return false;
        }
        let scores = self
            .table
            .with_untracked(|table| table.as_ref().and_then(|t| t.game.scores()));
        let Some(scores) = scores else { return false };
        let category = self.picker.with_untracked(|picker| picker.map(|p| p.category));
        match category.map(|category| (category, scores.get(category))) {
            Some((_, Some(value))) => {
                self.choose(value);
                true
            }
            Some((category, None)) => {
                self.picker.set(None);
                let reason = GameError::JokerForbids {
                    category,
                    allowed: scores.cells.iter().map(|&(cell, _)| cell).collect(),
                };
                self.notice.set(Some(capitalised(&reason.to_string())));
                false
            }
            None => true,
        }
    }

    /// Score pad: forget the entered dice and go back to writing values by hand.
    pub fn clear_dice(&self) {
        self.picker.set(None);
        self.act(|table| table.game.clear_dice());
    }

    /// Score pad without dice: add (or not) the Yahtzee bonus to the box being written.
    pub fn toggle_bonus(&self) {
        self.picker.update(|picker| {
            if let Some(picker) = picker {
                picker.bonus = !picker.bonus;
            }
        });
    }

    pub fn choose(&self, value: u16) {
        self.picker.update(|picker| {
            if let Some(picker) = picker {
                picker.chosen = Some(value);
            }
        });
    }

    pub fn cancel(&self) {
        self.picker.set(None);
    }

    pub fn confirm(&self) {
        if !self.computer_playing() {
            self.write_chosen();
        }
    }

    /// Writes the chosen value: the rules score the dice (app dice), or check the value (score pad).
    fn write_chosen(&self) {
        let Some(Picker {
            category,
            chosen: Some(value),
            bonus,
        }) = self.picker.get_untracked()
        else {
            return;
        };
        let written = self.act(|table| {
            let decision = table.cell_decision(category);
            match table.game.turn().dice {
                Some(_) => table.game.score(category).map(drop)?,
                None => table.game.write(category, value, bonus).map(drop)?,
            }
            table.decisions.extend(decision);
            Ok(())
        });
        if written.is_some() {
            self.picker.set(None);
            self.judge_last_decision();
            self.record_if_finished();
        }
    }

    /// Turns the coach on or off for a seat.
    pub fn toggle_coach(&self, seat: usize) {
        self.update_table(|table| {
            let players = table.game.players().len();
            table.coached.resize(players, false);
            if let Some(coached) = table.coached.get_mut(seat) {
                *coached = !*coached;
            }
        });
    }

    /// For a coached player: asks the engine what the last decision gave up, and keeps the verdict.
    fn judge_last_decision(&self) {
        let last = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            let index = table.decisions.len().checked_sub(1)?;
            let decision = &table.decisions[index];
            (table.is_coached(decision.seat) && decision.verdict.is_none()).then(|| (index, decision.clone()))
        });
        if let Some((index, decision)) = last {
            self.judge(index, decision);
        }
    }

    /// After the game: every decision of the people at the table gets the engine's verdict.
    pub fn analyse(&self) {
        let pending: Vec<(usize, Decision)> = self.table.with_untracked(|table| {
            let Some(table) = table else { return Vec::new() };
            let decisions = table.decisions.iter().cloned().enumerate();
            decisions
                .filter(|(_, decision)| {
                    decision.verdict.is_none() && table.computer_at(decision.seat).is_none()
                })
                .collect()
        });
        for (index, decision) in pending {
            self.judge(index, decision);
        }
    }

    /// Asks the engine for the best option of the decision's situation and for the value of the choice made;
    /// a box taken with rolls left is valued as the box itself (the options then are keeps, stopping included).
    fn judge(&self, index: usize, decision: Decision) {
        let Some(rules) = self.game(Game::rules) else {
            return;
        };
        let (store, coach) = (*self, self.coach);
        let early_box = matches!(decision.choice, HintChoice::Cell(_)) && decision.rolls_left > 0;
        let asked = decision.clone();
        coach.options(rules, &decision.clone(), decision.rolls_left, move |options| {
            let record = move |verdict: Option<Verdict>| {
                // Only a decision still there as it was (no undo since) gets its verdict.
                store.update_table(|table| {
                    if let Some(kept) = table.decisions.get_mut(index).filter(|kept| **kept == decision) {
                        kept.verdict = verdict;
                    }
                });
            };
            if early_box {
                let choice = asked.choice.clone();
                coach.options(rules, &asked, 0, move |boxes| {
                    record(verdict_of(&options, &boxes, &choice))
                });
            } else {
                record(verdict_of(&options, &options, &asked.choice));
            }
        });
    }

    /// Changes the table outside the game's own moves (coach, verdicts), saving it like any action.
    fn update_table(&self, change: impl FnOnce(&mut Table)) {
        self.act(|table| {
            change(table);
            Ok::<(), GameError>(())
        });
    }

    /// Plays the computer players' turns, one visible action at a time at the table's pace, until a person is
    /// to play. Called whenever the table changes; a turn already being played is left to go on.
    pub fn play_computers(&self) {
        if self.computer_busy.get_value() || !self.computer_playing() {
            return;
        }
        self.computer_busy.set_value(true);
        self.next_computer_step();
    }

    fn next_computer_step(&self) {
        let store = *self;
        let delay = self
            .table
            .with_untracked(|table| table.as_ref().map_or(0, |t| t.bot_delay_ms));
        set_timeout(
            move || store.computer_step(),
            std::time::Duration::from_millis(u64::from(delay)),
        );
    }

    /// One action of the computer player to play: roll, hold what it keeps, or take a box (picker, then confirm).
    fn computer_step(&self) {
        let Some((game, level, seed)) = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            let level = table.computer_to_play()?;
            Some((table.game.clone(), level, computer_seed(table)))
        }) else {
            self.computer_busy.set_value(false);
            return;
        };
        if self.picker.get_untracked().is_some() {
            self.write_chosen();
            return self.next_computer_step();
        }
        let Some(dice) = game.turn().dice else {
            self.roll_dice();
            return self.next_computer_step();
        };
        let now = (game.log().len(), game.turn().rolls_used);
        let planned = self
            .computer_plan
            .get_value()
            .filter(|plan| plan.at == now)
            .map(|plan| plan.keep);
        if let Some(keep) = planned {
            self.computer_plan.set_value(None);
            return match keep {
                Some(_) => {
                    self.roll_dice();
                    self.next_computer_step()
                }
                // Keeping all five: nothing to roll, so the next decision is the box.
                None => self.choose_box(&game, level, seed),
            };
        }
        let rolls_left = game.turn().rolls_left();
        if rolls_left == 0 {
            return self.choose_box(&game, level, seed);
        }
        let (store, held) = (*self, game.turn().held);
        self.coach
            .bot_move(&game, level, rolls_left, seed, move |answer| {
                match bot_choice(answer) {
                    Ok(HintChoice::Keep(faces)) => {
                        let holds = crate::components::dice_to_hold(dice, &faces);
                        for (die, &hold) in holds.iter().enumerate() {
                            if held[die] != hold {
                                store.act(|table| table.game.toggle_hold(die));
                            }
                        }
                        let keep_all = faces.len() == fivedice_rules::DICE;
                        store.computer_plan.set_value(Some(ComputerPlan {
                            at: now,
                            keep: (!keep_all).then_some(faces),
                        }));
                        store.next_computer_step();
                    }
                    Ok(HintChoice::Cell(category)) => store.computer_takes(category),
                    Err(message) => store.computer_failed(message),
                }
            });
    }

    /// The computer player's box for the dice on the table, shown in the picker before it is confirmed.
    fn choose_box(&self, game: &Game, level: BotLevel, seed: u64) {
        let store = *self;
        self.coach
            .bot_move(game, level, 0, seed, move |answer| match bot_choice(answer) {
                Ok(HintChoice::Cell(category)) => store.computer_takes(category),
                Ok(HintChoice::Keep(_)) => {
                    store.computer_failed("a keep came back with no rolls left".into())
                }
                Err(message) => store.computer_failed(message),
            });
    }

    /// Opens the picker on the computer player's box; its next step confirms it.
    fn computer_takes(&self, category: Category) {
        self.pick(category);
        self.next_computer_step();
    }

    fn computer_failed(&self, message: String) {
        self.computer_busy.set_value(false);
        self.notice
            .set(Some(format!("A computer player could not move: {message}")));
    }

    pub fn undo(&self) {
        self.picker.set(None);
        let undone = self.act(|table| {
            let entry = table.game.undo()?;
            table.forget_undone_decisions();
            Ok(entry)
        });
        if undone.is_some() {
            let id = self
                .table
                .with_untracked(|table| table.as_ref().map(|t| t.id.clone()));
            self.history
                .update(|games| games.retain(|game| Some(&game.table_id) != id.as_ref()));
            let _ = Storage::open().save_history(&self.history.get_untracked());
        }
    }

    fn record_if_finished(&self) {
        let Some(table) = self.table.get_untracked().filter(|table| table.game.is_over()) else {
            return;
        };
        self.history.update(|games| {
            games.retain(|game| game.table_id != table.id);
            games.insert(
                0,
                FinishedGame {
                    table_id: table.id.clone(),
                    table_name: table.name.clone(),
                    finished_ms: now_ms(),
                    game: table.game.clone(),
                },
            );
        });
        if let Err(message) = Storage::open().save_history(&self.history.get_untracked()) {
            self.notice.set(Some(message));
        }
    }

    /// The same players and rules at a new table.
    pub fn rematch(&self) {
        let Some(table) = self.table.get_untracked() else {
            return;
        };
        let game: &Game = &table.game;
        let request = NewGameRequest {
            rules: game.rules(),
            mode: game.mode(),
            players: game.players().to_vec(),
            seed: match table.dice {
                crate::dice_source::DiceSource::Seeded { state } => Some(state),
                crate::dice_source::DiceSource::Crypto => None,
            },
            computer: table.computer.clone(),
            bot_delay_ms: table.bot_delay_ms,
        };
        self.close_finished(&table);
        self.start(request, table.name.clone());
    }

    /// Back to the start screen; a game in progress stays saved to resume.
    pub fn leave(&self) {
        self.picker.set(None);
        if let Some(table) = self.table.get_untracked() {
            self.close_finished(&table);
            if !table.game.is_over() {
                self.tables_in_progress.update(|tables| {
                    tables.retain(|t| t.id != table.id);
                    tables.insert(0, table.clone());
                });
            }
        }
        self.table.set(None);
    }

    /// Opens a saved table, as this or another tab last saved it.
    pub fn resume(&self, id: &str) {
        let storage = Storage::open();
        let listed = self
            .tables_in_progress
            .with_untracked(|tables| tables.iter().find(|t| t.id == id).cloned());
        if let Some(table) = storage.table(id).or(listed) {
            let _ = storage.set_last_table(id);
            self.picker.set(None);
            self.table.set(Some(table));
        }
    }

    /// Deletes a game in progress (the start screen asks first).
    pub fn delete(&self, id: &str) {
        Storage::open().delete_table(id);
        self.tables_in_progress
            .update(|tables| tables.retain(|table| table.id != id));
    }

    /// Everything kept: the games in progress (this one included) and the finished ones.
    fn bundle(&self) -> Bundle {
        let mut tables = self.tables_in_progress.get_untracked();
        if let Some(current) = self.table.get_untracked().filter(|table| !table.game.is_over()) {
            tables.retain(|table| table.id != current.id);
            tables.insert(0, current);
        }
        Bundle {
            tables,
            history: self.history.get_untracked(),
        }
    }

    /// Saves everything to one file; it works from memory, so also when the browser's storage does not.
    pub fn export(&self) {
        let file = self.bundle().to_json(now_ms());
        if let Err(message) = files::download(&format!("fivedice-{}.json", today()), &file) {
            self.notice.set(Some(capitalised(&message)));
        }
    }

    /// Saves one finished game as a file of its own, to send to someone.
    pub fn share(&self, table_id: &str) {
        let Some(game) = self
            .history
            .with_untracked(|games| games.iter().find(|g| g.table_id == table_id).cloned())
        else {
            return;
        };
        let name = format!("fivedice-{}-{}.json", game.game.rules().id(), table_id);
        let file = Bundle {
            tables: Vec::new(),
            history: vec![game],
        }
        .to_json(now_ms());
        if let Err(message) = files::download(&name, &file) {
            self.notice.set(Some(capitalised(&message)));
        }
    }

    /// Reads an export (or a shared game), checks all of it, and adds what is not here yet.
    pub fn import(&self, raw: &str) {
        let incoming = match Bundle::from_json(raw) {
            Ok(incoming) => incoming,
            Err(reason) => {
                self.notice.set(Some(format!("Nothing was imported: {reason}.")));
                return;
            }
        };
        let mut here = self.bundle();
        let summary = here.merge(incoming);
        let storage = Storage::open();
        let mut saved = storage.save_history(&here.history);
        for table in &here.tables {
            saved = saved.and_then(|()| storage.save_table(table));
        }
        let current = self
            .table
            .with_untracked(|table| table.as_ref().map(|t| t.id.clone()));
        here.tables.retain(|table| Some(&table.id) != current.as_ref());
        self.tables_in_progress.set(here.tables);
        self.history.set(here.history);
        let warning = saved
            .err()
            .map(|message| format!(" {}", capitalised(&message)))
            .unwrap_or_default();
        self.notice.set(Some(format!("{}{warning}", summary.describe())));
    }

    /// Offers the data that could not be read as a file, exactly as it was stored.
    pub fn download_unreadable(&self) {
        let kept: serde_json::Map<String, serde_json::Value> = self
            .unreadable
            .get_untracked()
            .into_iter()
            .map(|item| (item.key, serde_json::Value::from(item.raw)))
            .collect();
        let file = serde_json::Value::Object(kept).to_string();
        if let Err(message) = files::download("fivedice-unreadable-data.json", &file) {
            self.notice.set(Some(capitalised(&message)));
        }
    }

    /// A finished table lives on in the history; its saved copy goes.
    fn close_finished(&self, table: &Table) {
        if table.game.is_over() {
            Storage::open().delete_table(&table.id);
        }
    }
}

/// Replaces the `?new=1…` address with the plain one, so a reload resumes instead of starting again.
fn forget_launch_address() {
    let Some(window) = web_sys::window() else { return };
    let Ok(path) = window.location().pathname() else {
        return;
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

fn capitalised(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
