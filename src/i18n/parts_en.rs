//! English: the words of the parts fetched as chunks of their own (rooms, the analysis, the statistics, a
//! hint, the score pad, the chances to win, Generala's house rules).

use fivedice_rules::RulesetId;

use super::en::{plural, rolls_left};
use super::{
    AnalysisWords, HintWords, HouseWords, NewsWords, OddsWords, PadWords, ParWords, RoomWords, SettingsWords,
    StatisticsWords,
};

/// The room's phrases (in the rooms chunk).
pub static ROOM_WORDS: RoomWords = RoomWords {
    server_dice: "The room's server rolls the app's dice, the same for every device.",
    table_game: "This table’s game",
    events_game: "Every table of the event plays its game, with these rules.",
    room_title: |name| format!("Room “{name}”"),
    room_offline: "Offline: reconnecting…",
    joining: "Joining…",
    type_your_name: "Type your name to take a seat at this table.",
    join_room_of: |host, room| match host {
        Some(host) => format!("Join {host}’s room “{room}”"),
        None => format!("Join the room “{room}”"),
    },
    watching: "Watching",
    you_host: "You host: choose the game, then start when everyone is here.",
    waiting_for: |host| format!("Waiting for {host} to start the game."),
    waiting_for_host: "Waiting for the host.",
    add_computer: "Add a computer player",
    remove_computer: |name| format!("Remove {name}"),
    computer_level: "Level of the computer player to add",
    someone_else_here: "Someone else at this device",
    their_name: "Their name",
    join_too: "Join too",
    players_missing: |missing| {
        format!(
            "{} needed to start.",
            plural(missing, "more player", "more players")
        )
    },
    start_game: "Start game",
    leave_room: "← Leave the room",
    tag_host: "host",
    tag_you: "you",
    tag_your_turn: "your turn",
    tag_computer: "computer",
    tag_stand_in: "a computer plays",
    tag_away: "away",
    let_computer_play: "Let a computer play",
    computer_plays_turn: "A computer plays this turn",
    stand_in_level: "Level of the computer that plays for them",
    give_seat_back: "Give the seat back",
    move_to_another_device: |name| format!("Move {name} to another device"),
    hand_over_how: |name| {
        format!(
            "Open this link on the new device, or point its camera at the code: it takes {name}'s seat where the game stands. It works once, for ten minutes."
        )
    },
    hand_over_code: "QR code of the link that moves the seat",
    moved_elsewhere: |name| format!("{name} plays on another device now: this one watches."),
    waits_for_away: |name| {
        format!("{name}'s device is away: move {name} to another device, or let a computer play.")
    },
    ask_to_come_back: "That's me: ask to come back",
    asked_to_come_back: "Asked: the table will let you in.",
    asks_to_come_back: |name| format!("{name} asks to come back on a new device"),
    let_in: "Let in",
    say_no: "No",
    online_room: "Online room",
    room_bar_offline: "offline — reconnecting…",
    room_bar_watching: "watching",
    came_late: "This game started before you came: you are watching it, every roll and box as it is played.",
    choose_another_name: "Choose another name to join",
    invite: "Invite",
    invite_code: "QR code of the room's address",
    invite_how: "Point a phone's camera at the code, or send the link: it opens this room.",
    copy_link: "Copy the link",
    link_copied: "The room's link is copied: paste it in a message.",
    link_not_copied: "The link could not be copied here: press and hold it to copy it.",
    dice_sealed: "Dice anyone can check:",
    dice_sealed_how: "Before the first roll the server committed to the secret its dice come from; at the end it reveals it, and this device checks every roll.",
    dice_checked: |rolls| format!("Dice checked ✓ — all {rolls} rolls came from the sealed secret"),
    dice_check_failed: |seq| format!("Dice check failed: move {seq} does not come from the sealed secret"),
};

pub static ANALYSIS_WORDS: AnalysisWords = AnalysisWords {
    turns_by_computer: |turns, of| format!("{turns} of {of} turns by a computer"),
    nothing_to_regret: "Nothing to regret: every decision was the best one, or within a tenth of a point of it.",
    how_it_went: "How the game went",
    kept_legend: " the dice kept; ",
    best_keeps_legend: " the dice the best play keeps.",
    measured_against: "Points lost are measured against perfect solitaire play: the best for each player's own score.",
    expected_lost: |points| format!("{points} expected points lost"),
    in_decisions: |made| format!(" in {}", plural(made, "decision", "decisions")),
    rest_failed: |reason| format!(" (the rest could not be worked out: {reason})"),
    still_working: " (still working some out…)",
    round_dice_rolls: |round, dice, left| format!("Round {round}, dice {dice}, {}: ", rolls_left(left)),
    best_was: |play, best, lost| format!("{play} — best: {best} (−{lost})"),
    die_position: |die, face, kept, best| {
        format!(
            "Die {die}: {face}{}{}",
            if kept { ", kept" } else { "" },
            if best { ", best keeps it" } else { "" }
        )
    },
};

pub static STATISTICS_WORDS: StatisticsWords = StatisticsWords {
    statistics: "Statistics",
    player: "Player",
    games: "Games",
    wins: "Wins",
    best: "Best",
    average: "Average",
    upper_bonus: "Upper bonus",
    five_of_a_kinds: |ruleset| match ruleset {
        RulesetId::Yahtzee => "Yahtzees",
        RulesetId::Yardzee => "Honeymoons",
        RulesetId::Yam => "Yams",
        RulesetId::Yatzy | RulesetId::ForcedYatzy => "Yatzys",
        RulesetId::Yacht => "Yachts",
        RulesetId::Generala => "Generalas",
        RulesetId::MaxiYatzy => "Maxi Yatzys",
    },
    scores_over_games: |games, ruleset| {
        format!(
            "Scores over the last {} of {ruleset}",
            plural(games, "game", "games")
        )
    },
};

pub static HINT_WORDS: HintWords = HintWords {
    best_option: |play, points| format!("{play} — best: about {points} points at the end"),
    best_estimated: |play| format!("{play} — best"),
    behind_best: |play, points| format!("{play}: {points} points fewer at the end"),
    hint_honesty: "The points you can expect to finish with if you play your best from here: for your own score, not your chance to beat the others.",
    hint_win_honesty: "Your chance to finish first against the others' scores as they stand, if they play for their \
                       best score from here.",
    win_option: |play, percent| format!("{play}: {percent} to win"),
    hint_estimate: [
        "Approximate in column Yam: no one can work out exact play over several columns, so each column \
                    is valued as if played alone and the turn is played for their sum. Good advice, not perfect.",
        "Approximate in Maxi Yatzy: six dice, twenty boxes and saved rolls are too much to work out exactly on a \
         device, so this advice weighs each box's usual worth, the bonus and the rolls you save. Good advice, not \
         perfect.",
    ],
};

pub static PAD_WORDS: PadWords = PadWords {
    first_player: "First player",
    or_roll_off: "Or roll off with your own dice: type each player's die, and the highest starts.",
    highest_starts: "Highest starts",
    tied_roll_again: |names| format!("Tie for the highest: {names} roll again."),
    type_every_die: "Type every player’s die first.",
    enter_dice: |dice| format!("Enter the {} dice rolled", if dice == 6 { "six" } else { "five" }),
    remove_last_die: "Remove the last die",
    a_face: |face| format!("A {face}"),
};

pub static ODDS_WORDS: OddsWords = OddsWords {
    hint_for_score: "Best score",
    hint_for_win: "Best chance to win",
    odds_title: "Chances to win",
    odds_honesty: "If everyone plays for their best score from here.",
};

pub static HOUSE_WORDS: HouseWords = HouseWords {
    house_rules: "House rules",
    first_roll_bonus: "Straight, full, poker on the first roll",
    first_roll_wins: "A generala on the first roll wins",
    double: "Double Generala (100)",
    ace_after_six: "3-4-5-6-1 is a straight too",
};

pub static SETTINGS_WORDS: SettingsWords = SettingsWords {
    theme: "Theme",
    system: "As this device",
    light: "Light",
    dark: "Dark",
    touch: "Touch and sound",
    vibrate: "Vibrate on a roll, a hold and a box",
    sound: "The dice’s sound",
    shake: "Shake the phone to roll",
    shake_refused: "This device did not let its motion be read: a shake will not roll.",
};

pub static PAR_WORDS: ParWords = ParWords {
    explain: |each, threshold| {
        let pace = match each {
            Some(each) => format!("{each} of each face in the upper section make {threshold}, the bonus"),
            None => {
                format!("An even share of {threshold} for each face of the upper section makes the bonus")
            }
        };
        format!(
            "{pace}. Under each player: how far their upper boxes written so far are above (+) or below (−) that \
             pace. ✓ once the bonus is earned."
        )
    },
};

pub static NEWS_WORDS: NewsWords = NewsWords {
    rolled: |name, faces, held| match held.is_empty() {
        true => format!("{name} rolled {faces}."),
        false => format!("{name} rolled {faces}; held: {held}."),
    },
    held: |die, face| format!("Die {die} held: {face}."),
    released: |die, face| format!("Die {die} released: {face}."),
    entered: |name, faces| format!("{name}’s dice: {faces}."),
    announced: |name, cell| format!("{name} announced {cell}."),
    crossed_out: |name, cell| format!("{name} crossed out {cell}."),
    undone: |name, cell, points| match points {
        Some(points) => format!("Undone: {name}’s {points} in {cell}."),
        None => format!("Undone: {name}’s announcement of {cell}."),
    },
    turn: |name| format!("{name}’s turn."),
    over: |names, count, total| match count {
        1 => format!("Game over: {names} wins with {total}."),
        _ => format!("Game over: {names} win with {total}."),
    },
    and: " and ",
};
