//! The words of sharing a finished game (its picture, its replay link) and of the replay a link opens: in the
//! share and replay chunks with those screens, since a first visit never needs them. Each language's
//! `share_<tag>.rs` holds a value.

use super::{Language, share_de, share_en, share_es, share_fr};

/// Sharing's and the replay's words in the language asked.
pub fn share_words(language: Language) -> &'static ShareWords {
    match language {
        Language::English => &share_en::SHARE_WORDS,
        Language::French => &share_fr::SHARE_WORDS,
        Language::Spanish => &share_es::SHARE_WORDS,
        Language::German => &share_de::SHARE_WORDS,
    }
}

pub struct ShareWords {
    /// The share dialog's title.
    pub share_game: &'static str,
    /// The picture's text for those who cannot see it: (the game's name, the winners' names).
    pub picture_of: fn(&str, &str) -> String,
    pub share_picture: &'static str,
    /// Above the link: what it does.
    pub link_replays: &'static str,
    pub share_link: &'static str,
    pub link_copied: &'static str,
    /// Where neither a share sheet nor the clipboard took the link.
    pub copy_from_box: &'static str,
    /// A game a link cannot carry: (why).
    pub no_link: fn(&str) -> String,
    /// The history's way of sharing the game as a file, as before links.
    pub as_file: &'static str,
    pub picture_failed: &'static str,
    /// On the picture, under the standings.
    pub made_with: &'static str,
    /// The replay's title: (the table's name).
    pub replay_of: fn(&str) -> String,
    /// Where the replay is: (the step, of how many).
    pub move_of: fn(usize, usize) -> String,
    pub before_first_roll: &'static str,
    /// What a step did: (the player, the dice or a die's face, a box's name, its points).
    pub rolled: fn(&str, &str) -> String,
    /// A roll after the first: (the player, the keep as the coach names it, the dice rolled).
    pub kept_and_rolled: fn(&str, &str, &str) -> String,
    pub held: fn(&str, u8) -> String,
    pub released: fn(&str, u8) -> String,
    pub wrote: fn(&str, u16, &str) -> String,
    pub crossed_out: fn(&str, &str) -> String,
    pub announced: fn(&str, &str) -> String,
    pub entered: fn(&str, &str) -> String,
    pub cleared: fn(&str) -> String,
    pub took_back: fn(&str) -> String,
    pub starts: fn(&str) -> String,
    /// The replay's buttons.
    pub to_start: &'static str,
    pub previous: &'static str,
    pub next: &'static str,
    pub to_end: &'static str,
    /// While the engine weighs the decision shown.
    pub weighing: &'static str,
    /// Under a replay of a game the engine only estimates (column Yam, Maxi Yatzy): why no verdict shows.
    pub not_weighed: &'static str,
    pub keep_game: &'static str,
    pub kept: &'static str,
    pub open_app: &'static str,
    /// The history's mark on a game kept from a link.
    pub shared_mark: &'static str,
    /// A link that shows nothing: the title, then why.
    pub cannot_replay: &'static str,
    pub link_cut: &'static str,
    pub link_damaged: &'static str,
    pub link_newer: &'static str,
    pub link_unreadable: &'static str,
}
