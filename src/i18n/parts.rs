//! The words of the parts of the app fetched as chunks of their own (an online room, the analysis after a game,
//! the statistics, a hint, the score pad's own parts, the chances to win): each part's phrases are a struct
//! of their own, reached only from the part's code, so that they travel with its chunk instead of the first
//! download. Each language's `parts_<tag>.rs` holds a value of each.

use fivedice_rules::RulesetId;

use super::{Language, parts_de, parts_en, parts_es, parts_fr};

/// One part's words in the language asked: its accessor, its struct's name, the static each language's file
/// holds.
macro_rules! part_words {
    ($(#[$doc:meta])* $accessor:ident -> $part:ident = $words:ident) => {
        $(#[$doc])*
        pub fn $accessor(language: Language) -> &'static $part {
            match language {
                Language::English => &parts_en::$words,
                Language::French => &parts_fr::$words,
                Language::Spanish => &parts_es::$words,
                Language::German => &parts_de::$words,
            }
        }
    };
}

part_words!(
    /// The words of the device's settings (in the settings' chunk).
    settings_words -> SettingsWords = SETTINGS_WORDS
);

/// The phrases of the settings' dialog.
pub struct SettingsWords {
    /// The theme's group, and each choice.
    pub theme: &'static str,
    pub system: &'static str,
    pub light: &'static str,
    pub dark: &'static str,
    /// The touch and sound switches' group, and each switch.
    pub touch: &'static str,
    pub vibrate: &'static str,
    pub sound: &'static str,
    pub shake: &'static str,
    /// Where the device would not let its motion be read.
    pub shake_refused: &'static str,
}

part_words!(
    /// The words of what "Par" means on the sheet (in the chunk of its note, fetched when it is asked).
    par_words -> ParWords = PAR_WORDS
);

/// What the par row of the sheet means.
pub struct ParWords {
    /// Given how many of each face make the upper bonus's threshold (where a whole number does) and the
    /// threshold.
    pub explain: fn(Option<u16>, u16) -> String,
}

part_words!(
    /// The words of an online room's screens (in the rooms chunk with those screens: a first visit never needs
    /// them).
    room_words -> RoomWords = ROOM_WORDS
);

/// The phrases of an online room's lobby, its bar above the sheet and its invitation.
pub struct RoomWords {
    /// Online, under the dice choice: who rolls the app's dice.
    pub server_dice: &'static str,
    /// The heading of the lobby's card where the host chooses the game.
    pub table_game: &'static str,
    /// Under it, at a table of an event: the game is the event's.
    pub events_game: &'static str,
    pub room_title: fn(&str) -> String,
    pub room_offline: &'static str,
    pub joining: &'static str,
    /// An invited device, before it has a seat.
    pub type_your_name: &'static str,
    /// The title of the card that seats an invited device: the host's name (none yet in an empty room), the room.
    pub join_room_of: fn(Option<&str>, &str) -> String,
    pub watching: &'static str,
    pub you_host: &'static str,
    pub waiting_for: fn(&str) -> String,
    pub waiting_for_host: &'static str,
    pub add_computer: &'static str,
    /// The host's button on a computer player in the lobby: (its name).
    pub remove_computer: fn(&str) -> String,
    /// The level of the computer player the host adds next.
    pub computer_level: &'static str,
    pub someone_else_here: &'static str,
    pub their_name: &'static str,
    pub join_too: &'static str,
    pub players_missing: fn(usize) -> String,
    pub start_game: &'static str,
    pub leave_room: &'static str,
    pub tag_host: &'static str,
    pub tag_you: &'static str,
    /// Beside "you" on the seat whose turn it is, so a phone in a room says plainly that it is its turn.
    pub tag_your_turn: &'static str,
    pub tag_computer: &'static str,
    pub tag_stand_in: &'static str,
    pub tag_away: &'static str,
    pub let_computer_play: &'static str,
    /// The same, for the away seat's turn only; and the level of that computer.
    pub computer_plays_turn: &'static str,
    pub stand_in_level: &'static str,
    pub give_seat_back: &'static str,
    /// On an away player's entry, on every seated device: (the player's name).
    pub move_to_another_device: fn(&str) -> String,
    /// The link that moves a seat, as shown: (the player's name).
    pub hand_over_how: fn(&str) -> String,
    pub hand_over_code: &'static str,
    /// On a device whose seat another device took by a link: (the player's name).
    pub moved_elsewhere: fn(&str) -> String,
    /// Why the table waits: the player to play has no device here (their name).
    pub waits_for_away: fn(&str) -> String,
    /// A device that came after the start with an away player's name: it asks for the seat back.
    pub ask_to_come_back: &'static str,
    pub asked_to_come_back: &'static str,
    /// On every seated device, a device asking for a seat back: (the player's name), then the answers.
    pub asks_to_come_back: fn(&str) -> String,
    pub let_in: &'static str,
    pub say_no: &'static str,
    pub online_room: &'static str,
    pub room_bar_offline: &'static str,
    pub room_bar_watching: &'static str,
    /// A latecomer in a room: watching, said as what it is.
    pub came_late: &'static str,
    /// A join refused for its name: the status.
    pub choose_another_name: &'static str,
    /// A room's invitation: the button, the QR code's name, how to use it, copying the link.
    pub invite: &'static str,
    pub invite_code: &'static str,
    pub invite_how: &'static str,
    pub copy_link: &'static str,
    pub link_copied: &'static str,
    pub link_not_copied: &'static str,
    /// Sealed dice: the commitment shown from the start (then the hash), what it means, and the check at the
    /// end: every roll derived from the seed revealed (how many), or the first entry that is not.
    pub dice_sealed: &'static str,
    pub dice_sealed_how: &'static str,
    pub dice_checked: fn(usize) -> String,
    pub dice_check_failed: fn(u64) -> String,
}

part_words!(
    /// The words of the analysis after a game (in its chunk).
    analysis_words -> AnalysisWords = ANALYSIS_WORDS
);

pub struct AnalysisWords {
    /// After the game, for a player none of whose decisions gave up a tenth of a point.
    pub nothing_to_regret: &'static str,
    /// In the standings, beside a person whose seat a computer stood in for: (its turns, the game's turns).
    pub turns_by_computer: fn(usize, usize) -> String,
    pub how_it_went: &'static str,
    pub measured_against: &'static str,
    /// The legend of the dice shown after the game: (a kept die) the dice kept; (a dashed die) the best's.
    pub kept_legend: &'static str,
    pub best_keeps_legend: &'static str,
    pub expected_lost: fn(&str) -> String,
    pub in_decisions: fn(usize) -> String,
    pub rest_failed: fn(&str) -> String,
    pub still_working: &'static str,
    pub round_dice_rolls: fn(usize, &str, u8) -> String,
    pub best_was: fn(&str, &str, &str) -> String,
    pub die_position: fn(usize, u8, bool, bool) -> String,
}

part_words!(
    /// The words of the statistics (in their chunk).
    statistics_words -> StatisticsWords = STATISTICS_WORDS
);

pub struct StatisticsWords {
    pub statistics: &'static str,
    pub player: &'static str,
    pub games: &'static str,
    pub wins: &'static str,
    pub best: &'static str,
    pub average: &'static str,
    pub upper_bonus: &'static str,
    pub five_of_a_kinds: fn(RulesetId) -> &'static str,
    /// "Scores over the last 5 games of Yahtzee".
    pub scores_over_games: fn(usize, &str) -> String,
}

part_words!(
    /// The words of a hint on screen (in the engine's chunk).
    hint_words -> HintWords = HINT_WORDS
);

pub struct HintWords {
    /// The hint's best option: (play, the points expected at the end, whole).
    pub best_option: fn(&str, &str) -> String,
    /// The best option where the hints are estimates of worth, not of points at the end (Maxi Yatzy).
    pub best_estimated: fn(&str) -> String,
    /// Another option: (play, the points it expects fewer than the best).
    pub behind_best: fn(&str, &str) -> String,
    pub hint_honesty: &'static str,
    pub hint_win_honesty: &'static str,
    /// An option with its chance to win: the play, the percentage.
    pub win_option: fn(&str, &str) -> String,
    /// Column Yam: the hint is the column player's estimate.
    /// Why the hints are estimates: in column Yam, and in Maxi Yatzy.
    pub hint_estimate: [&'static str; 2],
}

part_words!(
    /// The words of the score pad's own parts: who starts, the dice typed in (in its chunk).
    pad_words -> PadWords = PAD_WORDS
);

pub struct PadWords {
    pub first_player: &'static str,
    pub or_roll_off: &'static str,
    pub highest_starts: &'static str,
    pub tied_roll_again: fn(&str) -> String,
    /// Highest starts, tapped before every die of the round was typed.
    pub type_every_die: &'static str,
    /// The dice entry's name, given how many dice the game rolls.
    pub enter_dice: fn(usize) -> String,
    pub remove_last_die: &'static str,
    pub a_face: fn(u8) -> String,
}

part_words!(
    /// The words of Generala's house rules at setup (in their chunk).
    house_words -> HouseWords = HOUSE_WORDS
);

pub struct HouseWords {
    pub house_rules: &'static str,
    /// The bonus of a straight, full or poker made on the first roll (chosen beside it: +5 or +10).
    pub first_roll_bonus: &'static str,
    pub first_roll_wins: &'static str,
    pub double: &'static str,
    pub ace_after_six: &'static str,
}

part_words!(
    /// The words of the chances to win (in their chunk).
    odds_words -> OddsWords = ODDS_WORDS
);

pub struct OddsWords {
    /// The hint's two aims, on a table of several players, and what the second assumes.
    pub hint_for_score: &'static str,
    pub hint_for_win: &'static str,
    pub odds_title: &'static str,
    pub odds_honesty: &'static str,
}

part_words!(
    /// The words the table's announcer says what happens with (in its chunk, fetched with the first table).
    news_words -> NewsWords = NEWS_WORDS
);

/// What happens at the table, said aloud to a screen reader; the box written and who starts are the main words'.
pub struct NewsWords {
    /// (player, the faces rolled in order, the faces held through the roll: empty where none).
    pub rolled: fn(&str, &str, &str) -> String,
    /// (die from 1, its face): held, released.
    pub held: fn(usize, u8) -> String,
    pub released: fn(usize, u8) -> String,
    /// A score pad: (player, the faces typed in).
    pub entered: fn(&str, &str) -> String,
    /// Column Yam: (player, the box announced).
    pub announced: fn(&str, &str) -> String,
    /// (player, box).
    pub crossed_out: fn(&str, &str) -> String,
    /// An undo: (player, box, its points; none for an announcement taken back).
    pub undone: fn(&str, &str, Option<u16>) -> String,
    /// The turn passed to (player).
    pub turn: fn(&str) -> String,
    /// The game's end: (the winners' names, how many they are, their total).
    pub over: fn(&str, usize, u16) -> String,
    /// Between the last two names of a list.
    pub and: &'static str,
}
