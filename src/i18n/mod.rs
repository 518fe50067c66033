//! Every word the app shows, in each language it speaks.
//!
//! [`Words`] is one struct with a field per phrase; each language is a file holding a `Words` value (`en.rs`,
//! `fr.rs`, `es.rs`, `de.rs`), with its chunked parts' words (`parts_<tag>.rs`), How to play's phrases
//! (`guide_<tag>.rs`) and its refusals (`refusals_<tag>.rs`) beside it. A phrase missing from a language does
//! not compile. Phrases that take a value are functions, so each language words its own plurals and order. The
//! sheet's own labels (cells, sections, bonuses) are ruleset data in the rules crate
//! ([`fivedice_rules::Label`]), shared with the command line.
//!
//! A fifth language: copy a language's four files to its tag, translate them, and add the language to
//! `fivedice_rules::Language`: the compiler then asks for its sheet labels, its chunk in [`here`] and
//! [`fetch`], its parts' words and its guide.

mod de;
mod en;
mod es;
mod events;
mod events_de;
mod events_en;
mod events_es;
mod events_fr;
mod fr;
mod guide;
mod guide_de;
mod guide_en;
mod guide_es;
mod guide_fr;
mod on_demand;
mod parts;
mod parts_de;
mod parts_en;
mod parts_es;
mod parts_fr;
mod refusals;
mod refusals_de;
mod refusals_en;
mod refusals_es;
mod refusals_fr;
mod share;
mod share_de;
mod share_en;
mod share_es;
mod share_fr;

pub use events::{EventWords, event_words};
pub use guide::{Guide, GuideSection};
pub use on_demand::{fetch, here};
pub use parts::*;
pub use refusals::{BoxName, address_refused, box_name, refused};
pub use share::{ShareWords, share_words};

use crate::engine::EngineError;
use crate::storage::{LoadProblem, SaveRefused};
use crate::table::saved::FileError;
use fivedice_room::Refusal;
pub use fivedice_rules::Language;
use fivedice_rules::{Category, Column, Joker, JokerCall, Label, Move, Points, Rules, Ruleset, SetupError};

/// The words of a language once they are here ([`here`]); a language still on its way reads in English.
pub fn words(language: Language) -> &'static Words {
    here(language).unwrap_or(&en::WORDS)
}

/// A word of a sheet in a language, once its words are here (in English until then): so the first download
/// holds English's sheet words only, each other language's coming with its chunk.
pub fn label(language: Language, label: Label) -> &'static str {
    (words(language).labels)(label)
}

/// The phrases of the app, screen by screen.
pub struct Words {
    /// The language these words are in.
    pub speaks: Language,
    /// The words printed on the sheets, in this language.
    pub labels: fn(Label) -> &'static str,
    // Numbers and dates.
    /// The decimal mark: "." or ",".
    pub decimal_mark: char,
    /// A date and time, from year, month (1–12), day, hour and minute.
    pub date_time: fn(i32, u32, u32, u32, u32) -> String,
    /// A number as a percentage: "18.3%".
    pub percent: fn(&str) -> String,

    // The start screen.
    pub tagline: &'static str,
    pub language: &'static str,
    pub new_game: &'static str,
    pub game: &'static str,
    /// Column Yam at setup: the sheet (one column, or columns), the columns in order, and their refusals.
    pub sheet: &'static str,
    pub one_column: &'static str,
    pub in_columns: &'static str,
    pub columns_in_order: &'static str,
    pub no_column: &'static str,
    pub joker_rule: &'static str,
    pub joker_forced: &'static str,
    pub joker_free: &'static str,
    pub joker_none: &'static str,
    pub dice: &'static str,
    pub app_dice: &'static str,
    pub own_dice: &'static str,
    pub table_name: &'static str,
    pub players: &'static str,
    pub player_n: fn(usize) -> String,
    pub player_n_name: fn(usize) -> String,
    pub player_n_is: fn(usize) -> String,
    pub a_person: &'static str,
    /// A computer player's level as the setup offers it, with its mean: ("Strong", "254").
    pub bot_with_mean: fn(&str, &str) -> String,
    /// The Winner as the setup offers it: its mean says nothing of how hard it is to beat.
    pub winner_computer: &'static str,
    /// A computer player of this level, on the sheet and where no mean is shown.
    pub bot: fn(&str) -> String,
    pub computer_player: fn(&str) -> String,
    pub level_winner: &'static str,
    pub level_optimal: &'static str,
    pub level_strong: &'static str,
    pub level_casual: &'static str,
    pub bots_move: &'static str,
    pub pace_slow: &'static str,
    pub pace_calm: &'static str,
    pub pace_quick: &'static str,
    pub pace_instant: &'static str,
    pub bots_aim: &'static str,
    pub add_player: &'static str,
    pub remove_player: &'static str,
    pub start: &'static str,

    // Games in progress, finished games, your data.
    pub games_in_progress: &'static str,
    /// "Yahtzee · Anna, Ben · round 3 of 13 · Ben's turn": ruleset, players, round, rounds, whose turn.
    pub table_summary: fn(&str, &str, usize, usize, &str) -> String,
    pub last_played: fn(&str) -> String,
    pub delete: &'static str,
    pub delete_this_game: &'static str,
    pub keep: &'static str,
    pub finished_games: &'static str,
    pub finished: &'static str,
    pub table: &'static str,
    pub scores: &'static str,
    pub share: &'static str,
    pub your_games_as_file: &'static str,
    pub games_live_here: &'static str,
    pub export_all: &'static str,
    pub import_file: &'static str,
    pub unreadable_kept: &'static str,
    pub download_it: &'static str,
    /// The data card, when less than a fifth of the browser's storage for the app is left: (tenths of a
    /// megabyte used, megabytes the browser keeps; whole numbers: a float's formatting is kilobytes of code).
    pub storage_nearly_full: fn(usize, usize) -> String,

    // How well can one play.
    pub perfect_title: &'static str,
    pub perfect_intro: &'static str,
    pub work_it_out: &'static str,
    pub n_of_total: fn(usize, usize) -> String,
    /// "A perfect player averages ", then the score, then " points at Yahtzee ".
    pub perfect_averages: &'static str,
    pub points_at: fn(&str) -> String,
    pub worked_out_in: fn(&str) -> String,
    pub read_from_device_in: fn(&str) -> String,

    // Play online.
    pub play_online: &'static str,
    pub looking_for_server: &'static str,
    /// A static host: no rooms here.
    pub no_room_server: &'static str,
    /// Offline: rooms need the network.
    pub rooms_need_network: &'static str,
    pub same_room_name: &'static str,
    pub your_name: &'static str,
    pub room_name: &'static str,
    pub join: &'static str,
    /// The start screen's way to the organiser's page (many tables, one big screen).
    pub organise_event: &'static str,
    /// The start screen's way back to an event this device organises: (its name).
    pub your_event: fn(&str) -> String,
    pub computer_n: fn(usize) -> String,
    pub not_your_seat_here: &'static str,
    pub not_sent_offline: &'static str,
    pub not_this_devices_turn: &'static str,

    // Playing.
    pub tables: &'static str,
    pub turn: &'static str,
    /// The turn's tools (Hint, Coach, the chances to win), one toolbar.
    pub turn_tools: &'static str,
    pub pass_to: fn(&str) -> String,
    pub pad_dice_entered: fn(&str) -> String,
    pub pad_tap_cell: fn(&str) -> String,
    pub roll_the_dice: fn(&str) -> String,
    /// Name, rolls used, rolls in all; the last one says to choose a cell.
    pub roll_n_of: fn(&str, u8, u8) -> String,
    pub choose_cell: fn(&str, u8, u8) -> String,
    /// On a sheet filled in order: name, the box this turn writes, rolls used, rolls in all.
    pub roll_for: fn(&str, &str, u8, u8) -> String,
    pub die_n_face: fn(usize, u8) -> String,
    pub die_n_blank: fn(usize) -> String,
    pub clear_dice: &'static str,
    pub who_starts: &'static str,
    pub tie_roll_again: &'static str,
    pub starts: fn(&str) -> String,
    /// A player's die in the roll for who starts: (name, face).
    pub rolled: fn(&str, u8) -> String,
    pub undo_cell: fn(&str, &str, u16) -> String,
    pub dice_tray: &'static str,
    pub no_rolls_left: &'static str,
    /// The roll button while an online table's connection is being restored.
    pub reconnecting: &'static str,
    pub roll_first: fn(u8) -> String,
    pub roll_again: fn(u8) -> String,
    pub held: &'static str,
    pub joker_in_force: fn(Joker) -> &'static str,
    /// What the Joker says of the dice now: the call, the five-of-a-kind cell's label, the upper cell's.
    pub joker_call: fn(JokerCall, &str, &str) -> String,

    // The sheet.
    /// The sheet's frame, for assistive technologies.
    pub score_sheet: &'static str,
    pub upper_total: &'static str,
    pub lower_total: &'static str,
    pub grand_total: &'static str,
    /// Maxi Yatzy's row of the rolls each player saved for later turns.
    pub saved_rolls: &'static str,
    pub bonus_at: fn(u16, u16) -> String,
    /// The row of the pace towards the upper bonus, given the dice of each face that make it (3 for 63, 4 for
    /// 84; none for 75).
    pub par_row: fn(Option<u16>) -> String,
    pub bonus_earned: &'static str,
    pub more_for_bonus: fn(i32) -> String,
    pub cell_scores: fn(&str, u16) -> String,
    pub cell_write: fn(&str) -> String,
    /// Column Yam, in the picker of a box that may be announced: the choice, and what it commits to.
    pub announce_offer: &'static str,
    pub announce_explained: fn(&str) -> String,
    /// Column Yam, beside Announce: writing the box now with the first roll's points.
    pub write_now: fn(u16) -> String,
    /// The status once a box is announced: (player, box, rolls used, rolls in all).
    pub announced_status: fn(&str, &str, u8, u8) -> String,
    /// A finished game's button that opens its sheet.
    pub view_sheet: &'static str,
    /// Beside a person in the finished games and the statistics: the turns a computer played for them.
    pub by_computer: fn(usize) -> String,
    /// Column Yam's legend under the sheet: its name, and each column's rule in a few words.
    pub columns_legend: &'static str,
    pub column_in_short: fn(Column) -> &'static str,
    /// The score pad's picker, while the dice rolled are being entered: back to typing the value.
    pub type_value: &'static str,
    /// A finished game shared where no share sheet takes files: saved as this download.
    pub shared_as_download: fn(&str) -> String,
    /// The setup screen's line for the Joker rule chosen, which opens the choice: (the rule in force).
    pub joker_summary: fn(&str) -> String,
    /// Why the setup screen offers no computer players on a score pad.
    pub bots_need_app_dice: &'static str,
    /// What a box pays, in a word or a number, beside a themed sheet's box: 25, "dice total".
    pub points_short: fn(Points) -> String,
    /// The coach's word on the box a player has just written, to them: "Coach for Anna:".
    pub coach_for: fn(&str) -> String,
    /// What a computer, or a player on another device, just wrote: (player, points, box).
    pub wrote: fn(&str, u16, &str) -> String,
    /// Another device's player's turn, seen here: (player, rolls used, rolls in all).
    pub their_turn: fn(&str, u8, u8) -> String,
    /// A computer player's turn: (player, rolls used, rolls in all).
    pub computer_turn: fn(&str, u8, u8) -> String,
    /// Undo of an announcement: (player, box).
    pub undo_announcement: fn(&str, &str) -> String,

    // The picker.
    pub cross_out: &'static str,
    /// A box crossed out on purpose, as the sheet names it.
    pub crossed_out: &'static str,
    pub bonus_toggle: fn(u16, Option<&str>) -> String,
    pub enter_dice: &'static str,
    pub cancel: &'static str,
    pub confirm: &'static str,

    // The game's end.
    pub game_over: &'static str,
    /// Generala: the game won at once by a generala on the first roll: (the winner's name).
    pub won_on_first_roll: fn(&str) -> String,
    /// Generala, on a score pad: the value of a box made on the first roll ("35 · first roll"), and the toggle
    /// that says a generala was.
    pub on_first_roll: fn(u16) -> String,
    pub first_roll_toggle: &'static str,
    /// Maxi Yatzy, in the picker: the rolls that writing now saves for the player's later turns.
    pub saves_rolls: fn(u8) -> String,
    pub winner: &'static str,
    pub rematch: &'static str,

    // Hint, coach, analysis.
    pub hint: &'static str,
    /// On a score pad, why Hint waits: the dice are entered in a box's picker.
    pub hint_needs_dice: &'static str,
    pub working_out: &'static str,
    /// The switch of the chances to win, and their heading.
    pub odds_on: &'static str,
    pub odds_off: &'static str,
    /// The coach's switch for the player to play: (their name, whether it is on).
    pub coach_switch: fn(&str, bool) -> String,
    pub best_play: fn(&str) -> String,
    pub gave_up: fn(&str, &str, &str) -> String,
    pub lost_so_far: fn(&str) -> String,
    pub keep_faces: fn(&str) -> String,
    pub roll_all_again: &'static str,
    pub keep_all: &'static str,
    pub announce_cell: fn(&str) -> String,

    // Messages.
    pub dismiss: &'static str,
    pub new_version: &'static str,
    pub update_now: &'static str,
    pub later: &'static str,
    pub changed_in_other_tab: &'static str,
    pub cannot_save: &'static str,
    /// Games saved by an earlier version wait for their reader, which could not be fetched.
    pub earlier_saves_wait: &'static str,
    pub save_refused: fn(SaveRefused) -> &'static str,
    /// Saved data that could not be read: the technical reason, whether it was kept aside, whether its
    /// previous copy was read instead.
    pub unreadable_found: fn(&LoadProblem) -> String,
    /// The room server runs another version of the app.
    pub update_app: &'static str,
    pub nothing_imported: fn(&str) -> String,
    pub file_refused: fn(&FileError) -> String,
    /// Finished games added, games in progress added, already here.
    pub imported: fn(usize, usize, usize) -> String,
    pub export_to_keep: &'static str,
    /// Why the strategy engine gave no answer: a clause, shown alone or after a colon.
    pub engine_failed: fn(&EngineError) -> String,
    pub coach_failed: fn(&str) -> String,
    pub computer_failed: fn(&str) -> String,
    /// A refusal of the room or its host, in plain words.
    pub refusal: fn(&Refusal) -> String,
    /// Why a table could not be seated with these players.
    pub setup_refused: fn(&SetupError) -> String,
    /// A launch address the app cannot follow, with the technical reason (parameter names are the address's).
    pub bad_address: fn(&str) -> String,

    // Parts fetched on first use (rooms, statistics, the analysis, How to play).
    pub fetching: &'static str,
    /// A part that could not be fetched: offline, and never fetched on this device before.
    pub not_fetched_offline: &'static str,
    pub try_again: &'static str,

    // How to play.
    pub how_to_play: &'static str,
    pub close: &'static str,
    /// The button that opens the device's settings (the theme).
    pub settings: &'static str,
}

/// The "How to play" page for these rules in a language (its phrases are How to play's chunk's own, both
/// languages: the first download holds none of the page's text).
pub fn guide(language: Language, rules: &Rules) -> Guide {
    let phrases = match language {
        Language::English => &guide_en::GUIDE,
        Language::French => &guide_fr::GUIDE,
        Language::Spanish => &guide_es::GUIDE,
        Language::German => &guide_de::GUIDE,
    };
    guide::build(phrases, rules)
}

impl Words {
    /// A game's name as the players of this language know it (Yahtzee is Kniffel in German).
    pub fn game_name(&self, ruleset: &Ruleset) -> &'static str {
        (self.labels)(ruleset.name)
    }

    /// A number with a fixed count of decimals, written with this language's decimal mark: `254.59`, `254,59`.
    pub fn number(&self, value: f64, places: u32) -> String {
        let written = decimals(value, places);
        match self.decimal_mark {
            '.' => written,
            mark => written.replace('.', &mark.to_string()),
        }
    }

    /// A move in plain words: "Keep 6-6-6", "Roll all the dice again", "Sixes".
    pub fn describe(&self, rules: Rules, language: Language, choice: &Move) -> String {
        let cell_label = |category: Category| box_name(rules, language, category);
        match choice {
            Move::Keep(faces) if faces.is_empty() => self.roll_all_again.into(),
            Move::Keep(faces) if faces.len() == rules.ruleset().dice => self.keep_all.into(),
            Move::Keep(faces) => {
                let faces: Vec<String> = faces.iter().rev().map(|face| face.to_string()).collect();
                (self.keep_faces)(&faces.join("-"))
            }
            // On a column sheet, a box is named with its column's mark.
            Move::Cell(place) => match rules.columns().is_one() {
                true => cell_label(place.category),
                false => format!("{} {}", place.column.symbol(), cell_label(place.category)),
            },
            Move::Announce(category) => (self.announce_cell)(&cell_label(*category)),
        }
    }

    /// A chance to win as a percentage with these decimals; a chance short of certain never reads as 0% or
    /// 100%.
    pub fn chance(&self, chance: f64, places: u32) -> String {
        let step = 0.5 / 10f64.powi(places as i32 + 2);
        let number = match chance {
            chance if chance > 0.0 && chance < step => {
                format!("<{}", self.number(2.0 * step * 100.0, places))
            }
            chance if chance < 1.0 && chance > 1.0 - step => {
                format!(">{}", self.number(100.0 - 200.0 * step, places))
            }
            chance => self.number(100.0 * chance, places),
        };
        (self.percent)(&number)
    }

    pub fn level(&self, level: fivedice_worker::Level) -> &'static str {
        match level {
            fivedice_worker::Level::Winner => self.level_winner,
            fivedice_worker::Level::Optimal => self.level_optimal,
            fivedice_worker::Level::Strong => self.level_strong,
            fivedice_worker::Level::Casual => self.level_casual,
        }
    }
}

/// A number with a fixed count of decimals, e.g. `decimals(254.5896, 2)` is "254.59". Written with integers:
/// the float formatting machinery would add kilobytes to the download for a handful of labels.
pub fn decimals(value: f64, places: u32) -> String {
    let scale = 10_i64.pow(places);
    let scaled = (value * scale as f64).round() as i64;
    let sign = if scaled < 0 { "-" } else { "" };
    let (whole, fraction) = (scaled.abs() / scale, scaled.abs() % scale);
    match places {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.{fraction:0width$}", width = places as usize),
    }
}

#[cfg(test)]
mod tests;
