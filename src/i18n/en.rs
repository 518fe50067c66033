//! English.

use fivedice_rules::{Column, Joker, JokerCall, Label, Language, Points};

use fivedice_room::Refusal;

use super::{Words, refusals_en as refusals};
use crate::engine::EngineError;
use crate::storage::SaveRefused;
use crate::table::saved::FileError;

pub(super) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

pub(super) fn rolls_left(left: u8) -> String {
    plural(usize::from(left), "roll left", "rolls left")
}

pub static WORDS: Words = Words {
    speaks: Language::English,
    labels: Label::english,
    decimal_mark: '.',
    percent: |number| format!("{number}%"),
    date_time: |year, month, day, hour, minute| {
        format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
    },

    tagline: "Yahtzee, Yardzee, Yam, Yatzy, Maxi Yatzy, Yacht and Generala — around one tablet.",
    language: "Language",
    new_game: "New game",
    game: "Game",
    sheet: "Sheet",
    one_column: "One column",
    in_columns: "Columns (column Yam)",
    columns_in_order: "Columns, in the order tapped",
    no_column: "Choose at least one column.",
    joker_rule: "Joker rule",
    joker_forced: "Forced (official)",
    joker_free: "Free choice",
    joker_none: "No Joker restriction",
    dice: "Dice",
    app_dice: "The app's dice",
    own_dice: "Our own dice (score pad)",
    table_name: "Table name",
    players: "Players",
    player_n: |seat| format!("Player {seat}"),
    player_n_name: |seat| format!("Player {seat} name"),
    player_n_is: |seat| format!("Player {seat} is"),
    a_person: "A person",
    bot_with_mean: |level, mean| format!("{level} computer · ~{mean} pts"),
    winner_computer: "Winner computer · plays to win",
    bot: |level| format!("{level} computer"),
    computer_player: |level| format!("Computer player: {level}"),
    level_winner: "Winner",
    level_optimal: "Optimal",
    level_strong: "Strong",
    level_casual: "Casual",
    bots_move: "Computer players move",
    pace_slow: "Slowly",
    pace_calm: "At a calm pace",
    pace_quick: "Quickly",
    pace_instant: "Instantly",
    bots_aim: "The Winner is the hardest to beat: it plays to finish first. The others play for their best score (the points they make on average); Optimal plays perfect solitaire.",
    add_player: "Add player",
    remove_player: "Remove player",
    start: "Start",

    games_in_progress: "Games in progress",
    table_summary: |ruleset, players, round, rounds, turn| {
        format!("{ruleset} · {players} · round {round} of {rounds} · {turn}'s turn")
    },
    last_played: |when| format!("Last played {when}"),
    delete: "Delete",
    delete_this_game: "Delete this game?",
    keep: "Keep",
    finished_games: "Finished games",
    finished: "Finished",
    table: "Table",
    scores: "Scores",
    share: "Share",
    your_games_as_file: "Your games, as a file",
    games_live_here: "Games live in this browser. Export them to keep a copy or to move them to another device.",
    export_all: "Export all",
    import_file: "Import a file",
    unreadable_kept: "Some saved data could not be read. It is kept aside, untouched: ",
    download_it: "download it",
    storage_nearly_full: |tenths, quota| {
        format!(
            "This browser's storage for the app is nearly full (about {}.{} of {quota} MB): export your games to keep a copy of them.",
            tenths / 10,
            tenths % 10
        )
    },

    perfect_title: "How well can one play?",
    perfect_intro: "The strategy engine works out the best possible play for every situation, on this device, and tells the average score a perfect solitaire player makes.",
    work_it_out: "Work it out",
    n_of_total: |done, total| format!("{done} of {total}"),
    perfect_averages: "A perfect player averages ",
    points_at: |ruleset| format!(" points at {ruleset} "),
    worked_out_in: |seconds| format!("(worked out in {seconds} s)"),
    read_from_device_in: |seconds| format!("(read from this device in {seconds} s)"),

    play_online: "Play online",
    looking_for_server: "Looking for a room server…",
    no_room_server: "Online rooms are not offered at this address: play around this device, passing it from player to player.",
    rooms_need_network: "You are offline: online rooms need the network. Play around this device meanwhile.",
    same_room_name: "Each player on their own device: type the same room name to sit at one table.",
    your_name: "Your name",
    room_name: "Room name",
    join: "Join",
    organise_event: "Organise an event: many tables, one big screen",
    your_event: |name| format!("Your event “{name}”"),
    computer_n: |seat| format!("Computer {seat}"),
    not_your_seat_here: "This device does not hold that seat.",
    not_sent_offline: "Not connected to the room: the move was not sent. Reconnecting…",
    not_this_devices_turn: "It is not this device's turn.",

    tables: "← Tables",
    turn: "Turn",
    turn_tools: "Help for the turn",
    pass_to: |name| format!("Pass to {name}"),
    pad_dice_entered: |name| format!("{name}'s turn — dice entered: tap a cell"),
    pad_tap_cell: |name| format!("{name}'s turn — tap a cell to write the score"),
    roll_the_dice: |name| format!("{name}'s turn — roll the dice"),
    roll_n_of: |name, used, all| format!("{name}'s turn — roll {used} of {all}"),
    choose_cell: |name, used, all| format!("{name}'s turn — roll {used} of {all}: choose a cell"),
    roll_for: |name, label, used, all| match used {
        0 => format!("{name}'s turn — roll for {label}"),
        used => format!("{name}'s turn — roll {used} of {all} for {label}"),
    },
    die_n_face: |die, face| format!("Die {die}: {face}"),
    die_n_blank: |die| format!("Die {die}: not rolled"),
    clear_dice: "Clear dice",
    who_starts: "Who starts? ",
    tie_roll_again: " — tie, roll again: ",
    starts: |name| format!("{name} starts."),
    rolled: |name, face| format!("{name} rolled {face}"),
    undo_cell: |name, cell, points| format!("Undo {name}'s {cell} ({points})"),
    dice_tray: "Dice",
    no_rolls_left: "No rolls left",
    reconnecting: "Reconnecting…",
    roll_first: |rolls| format!("Roll ({})", rolls_left(rolls)),
    roll_again: |left| format!("Roll again ({})", rolls_left(left)),
    held: "HELD",
    joker_in_force: |joker| match joker {
        Joker::Forced => "Joker: forced (official)",
        Joker::Free => "Joker: free choice",
        Joker::None => "No Joker restriction",
    },

    joker_call: |call, five, upper| match call {
        JokerCall::UpperCell(_) => format!("{five} with {upper} open: it must go in {upper}."),
        JokerCall::LowerCell(_) => {
            format!(
                "Joker: {upper} is filled, so an open lower cell; full house and straights score in full."
            )
        }
        JokerCall::ZeroAbove(_) => {
            format!("Joker: {upper} and the lower cells are filled: a 0 in an open upper cell.")
        }
        JokerCall::NaturalWhileOpen(_) => {
            format!(
                "Joker: any open cell; full house and straights score in full only once {upper} is filled."
            )
        }
        JokerCall::FullValue(_) => "Joker: any open cell; full house and straights score in full.".into(),
    },

    score_sheet: "Score sheet",
    upper_total: "Upper total",
    lower_total: "Lower total",
    grand_total: "Grand total",
    saved_rolls: "Saved rolls",
    bonus_at: |points, threshold| format!("Bonus ({points} at {threshold})"),
    par_row: |each| match each {
        Some(each) => format!("Par ({each} of each)"),
        None => "Par".into(),
    },
    bonus_earned: "Bonus earned",
    more_for_bonus: |needed| format!("{needed} more for the bonus"),
    cell_scores: |cell, value| format!("{cell}: score {value}"),
    cell_write: |cell| format!("{cell}: write a score"),
    announce_offer: "Announce",
    announce_explained: |cell| {
        format!(
            "Announce {cell}: you roll on for it, and this turn then ends in this box, with whatever the dice make there (0 if nothing). Undo takes it back until you roll."
        )
    },
    write_now: |points| format!("Write {points} now"),
    announced_status: |name, cell, used, rolls| format!("{name} announced {cell} — roll {used} of {rolls}"),
    view_sheet: "Sheet",
    by_computer: |turns| plural(turns, "turn", "turns") + " by a computer",
    columns_legend: "The columns",
    column_in_short: |column| match column {
        Column::Down => "boxes in order, top to bottom",
        Column::Free => "any box, in any order",
        Column::Up => "boxes in order, bottom to top",
        Column::Dry => "only with the turn's first roll",
        Column::Announced => "announce the box after the first roll, then roll for it",
    },
    type_value: "Type the value",
    shared_as_download: |name| {
        format!(
            "Saved to this device's downloads as {name}: send that file to anyone, and they open it with Import in Five Dice."
        )
    },
    joker_summary: |rule| format!("{rule} · change"),
    bots_need_app_dice: "Computer players roll the app's dice: choose “The app's dice” to seat one.",
    points_short: |points| match points {
        Points::Fixed(points) => points.to_string(),
        Points::AllDice => "total of all dice".into(),
        Points::MatchingDice => "total of those dice".into(),
    },
    coach_for: |name| format!("Coach for {name}:"),
    wrote: |name, points, cell| format!("{name} wrote {points} in {cell}."),
    their_turn: |name, used, rolls| match used {
        0 => format!("{name}'s turn"),
        _ => format!("{name}'s turn — roll {used} of {rolls}"),
    },
    computer_turn: |name, used, rolls| match used {
        0 => format!("{name} (computer) is playing…"),
        _ => format!("{name} (computer) is playing — roll {used} of {rolls}"),
    },
    undo_announcement: |name, cell| format!("Undo {name}'s announcement ({cell})"),

    cross_out: "Cross out",
    crossed_out: "Crossed out (0)",
    bonus_toggle: |points, mark| match mark {
        Some(mark) => format!("+{points} bonus {mark}"),
        None => format!("+{points} Yahtzee bonus"),
    },
    enter_dice: "Enter dice",
    cancel: "Cancel",
    confirm: "Confirm",

    game_over: "Game over",
    won_on_first_roll: |name| format!("{name} wins with a generala on the first roll!"),
    on_first_roll: |value| format!("{value} · first roll"),
    first_roll_toggle: "Made on the first roll (wins)",
    saves_rolls: |saved| {
        format!(
            "Writing now saves {} for your later turns.",
            plural(usize::from(saved), "roll", "rolls")
        )
    },
    winner: "Winner",
    rematch: "Rematch",

    hint: "Hint",

    hint_needs_dice: "For a hint, tap a box and enter the dice",
    working_out: "Working out the best play…",
    odds_on: "Chances to win: shown",
    odds_off: "Chances to win: hidden",
    coach_switch: |name, on| format!("Coach for {name}: {}", if on { "on" } else { "off" }),
    best_play: |play| format!("{play}: the best play."),
    gave_up: |play, points, best| format!("{play}: gave up {points} points (best: {best})."),
    lost_so_far: |points| format!("{points} points lost so far."),
    keep_faces: |faces| format!("Keep {faces}"),
    roll_all_again: "Roll all the dice again",
    keep_all: "Keep all the dice",
    announce_cell: |cell| format!("Announce {cell}"),

    dismiss: "Dismiss message",
    new_version: "A new version is ready.",
    update_now: "Update now",
    later: "Later",
    changed_in_other_tab: "This game was changed in another tab: showing its latest state.",
    cannot_save: "This browser does not let the app save games: play on, but a reload loses the game.",
    earlier_saves_wait: "Games saved by an earlier version of Five Dice open once the app can reach the network: they are kept.",
    save_refused: |refused| match refused {
        SaveRefused::NoStorage => "This browser keeps no saved games here.",
        SaveRefused::FullOrBlocked => "The browser's storage is full or blocked: games are not being saved.",
    },
    unreadable_found: |problem| {
        let reason = &problem.reason;
        let kept = match problem.kept_aside {
            true => "It was kept aside: download it from the start screen.",
            false => "It was left untouched.",
        };
        match problem.recovered {
            true => {
                format!("Saved data could not be read ({reason}); its previous save was read instead. {kept}")
            }
            false => format!("Saved data could not be read ({reason}). {kept}"),
        }
    },
    update_app: "This table runs a newer version of Five Dice: reload the app to update it.",
    nothing_imported: |reason| format!("Nothing was imported: {reason}."),
    imported: |games, tables, already| {
        format!(
            "Imported {} and {}; {} already here.",
            plural(games, "finished game", "finished games"),
            plural(tables, "game in progress", "games in progress"),
            plural(already, "was", "were"),
        )
    },
    file_refused: |error| match error {
        FileError::NotFiveDice => "this is not a Five Dice file".into(),
        FileError::UnknownFormat(Some(format)) => format!("file format {format} is not known"),
        FileError::UnknownFormat(None) => "the file says no format".into(),
        FileError::Damaged(what) => format!("part of the file is damaged ({what})"),
    },
    export_to_keep: "Export your games to keep them.",
    engine_failed: |error| match error {
        EngineError::CannotStart => "the strategy engine cannot start in this browser".into(),
        EngineError::Stopped => {
            "the strategy engine stopped (an older browser, or the app not fully downloaded)".into()
        }
        EngineError::Unreachable => "the strategy engine could not be reached".into(),
        EngineError::Unreadable(why) => format!("the strategy engine's answer could not be read ({why})"),
        EngineError::WrongAnswer => "the strategy engine answered another question".into(),
        EngineError::NoAdvice => "no advice came back".into(),
        EngineError::NoDice => "roll the dice first".into(),
        EngineError::Refused(why) => format!("the strategy engine could not answer ({why})"),
    },
    coach_failed: |reason| format!("The coach could not judge a decision: {reason}"),
    computer_failed: |reason| format!("A computer player could not move: {reason}"),
    setup_refused: refusals::setup_refused,
    refusal: |refusal: &Refusal| refusal.to_string(),
    bad_address: |reason| format!("This address cannot be followed: {reason}."),

    how_to_play: "How to play",
    close: "Close",
    settings: "Settings",
    fetching: "Fetching…",
    not_fetched_offline: "This part of the app needs the network the first time it is opened, and this device is offline.",
    try_again: "Try again",
};
