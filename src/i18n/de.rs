//! Deutsch.

use fivedice_rules::{Column, Joker, JokerCall, Label, Language, Points};

use super::{Words, refusals_de as refusals};
use crate::engine::EngineError;
use crate::storage::SaveRefused;
use crate::table::saved::FileError;

/// A count with its noun: German is singular for exactly one ("1 Wurf", "0 Würfe", "2 Würfe").
pub(super) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

pub(super) fn rolls_left(left: u8) -> String {
    plural(usize::from(left), "Wurf übrig", "Würfe übrig")
}

pub static WORDS: Words = Words {
    speaks: Language::German,
    labels: Label::german,
    decimal_mark: ',',
    percent: |number| format!("{number}\u{a0}%"),
    date_time: |year, month, day, hour, minute| {
        format!("{day:02}.{month:02}.{year:04} {hour:02}:{minute:02}")
    },

    tagline: "Kniffel, Yardzee, Yam, Yatzy, Maxi-Yatzy, Yacht und Generala — rund um ein Tablet.",
    language: "Sprache",
    new_game: "Neues Spiel",
    game: "Spiel",
    sheet: "Block",
    one_column: "Eine Spalte",
    in_columns: "In Spalten (Spalten-Yam)",
    columns_in_order: "Spalten, in der angetippten Reihenfolge",
    no_column: "Wähle mindestens eine Spalte.",
    joker_rule: "Joker-Regel",
    joker_forced: "Pflicht (offiziell)",
    joker_free: "Freie Wahl",
    joker_none: "Ohne Einschränkung",
    dice: "Würfel",
    app_dice: "Würfel der App",
    own_dice: "Eigene Würfel (Block)",
    table_name: "Tischname",
    players: "Spieler",
    player_n: |seat| format!("Spieler {seat}"),
    player_n_name: |seat| format!("Name von Spieler {seat}"),
    player_n_is: |seat| format!("Spieler {seat} ist"),
    a_person: "Ein Mensch",
    bot_with_mean: |level, mean| format!("Computer ({level}) · ~{mean} Pkt."),
    winner_computer: "Computer (ehrgeizig) · spielt auf Sieg",
    bot: |level| format!("Computer ({level})"),
    computer_player: |level| format!("Computerspieler: {level}"),
    level_winner: "ehrgeizig",
    level_optimal: "optimal",
    level_strong: "stark",
    level_casual: "locker",
    bots_move: "Computerspieler spielen",
    pace_slow: "Langsam",
    pace_calm: "In Ruhe",
    pace_quick: "Schnell",
    pace_instant: "Sofort",
    bots_aim: "Der ehrgeizige Computer ist am schwersten zu schlagen: Er spielt auf Sieg. Die anderen spielen auf ihre beste Punktzahl (die Punkte, die sie im Schnitt erreichen); der optimale spielt perfekt, als wäre er allein.",
    add_player: "Spieler hinzufügen",
    remove_player: "Spieler entfernen",
    start: "Los geht’s",

    games_in_progress: "Laufende Spiele",
    table_summary: |ruleset, players, round, rounds, turn| {
        format!("{ruleset} · {players} · Runde {round} von {rounds} · {turn} ist dran")
    },
    last_played: |when| format!("Zuletzt gespielt: {when}"),
    delete: "Löschen",
    delete_this_game: "Dieses Spiel löschen?",
    keep: "Behalten",
    finished_games: "Beendete Spiele",
    finished: "Beendet",
    table: "Tisch",
    scores: "Punkte",
    share: "Teilen",
    your_games_as_file: "Deine Spiele als Datei",
    games_live_here: "Die Spiele sind in diesem Browser gespeichert. Exportiere sie, um eine Kopie zu behalten oder sie auf ein anderes Gerät zu bringen.",
    export_all: "Alle exportieren",
    import_file: "Datei importieren",
    unreadable_kept: "Einige gespeicherte Daten sind nicht lesbar. Sie liegen unverändert beiseite: ",
    download_it: "herunterladen",
    storage_nearly_full: |tenths, quota| {
        format!(
            "Der Speicher dieses Browsers für die App ist fast voll (etwa {},{} von {quota} MB): Exportiere deine Spiele, um eine Kopie zu behalten.",
            tenths / 10,
            tenths % 10
        )
    },

    perfect_title: "Wie gut kann man spielen?",
    perfect_intro: "Die Strategie-Engine berechnet auf diesem Gerät den bestmöglichen Zug für jede Lage und nennt die Punktzahl, die man mit perfektem Spiel allein im Schnitt erreicht.",
    work_it_out: "Berechnen",
    n_of_total: |done, total| format!("{done} von {total}"),
    perfect_averages: "Wer perfekt spielt, erreicht im Schnitt ",
    points_at: |ruleset| format!(" Punkte bei {ruleset} "),
    worked_out_in: |seconds| format!("(berechnet in {seconds} s)"),
    read_from_device_in: |seconds| format!("(von diesem Gerät gelesen in {seconds} s)"),

    play_online: "Online spielen",
    looking_for_server: "Suche einen Raum-Server …",
    no_room_server: "Unter dieser Adresse gibt es keine Online-Räume: Spiel an diesem Gerät und reich es von Spieler zu Spieler weiter.",
    rooms_need_network: "Du bist offline: Online-Räume brauchen das Netz. Spiel so lange an diesem Gerät.",
    same_room_name: "Jeder an seinem eigenen Gerät: Gib denselben Raumnamen ein wie die anderen, um an einem Tisch zu sitzen.",
    your_name: "Dein Name",
    room_name: "Raumname",
    join: "Beitreten",
    organise_event: "Eine Veranstaltung ausrichten: viele Tische, eine große Anzeige",
    your_event: |name| format!("Deine Veranstaltung „{name}“"),
    computer_n: |seat| format!("Computer {seat}"),
    not_your_seat_here: "Dieser Platz gehört nicht zu diesem Gerät.",
    not_sent_offline: "Nicht mit dem Raum verbunden: Der Zug wurde nicht gesendet. Verbinde neu …",
    not_this_devices_turn: "Dieses Gerät ist nicht dran.",

    tables: "← Tische",
    turn: "Zug",
    turn_tools: "Hilfen für den Zug",
    pass_to: |name| format!("Weitergeben an {name}"),
    pad_dice_entered: |name| format!("{name} ist dran — Würfel eingegeben: Tippe auf ein Feld"),
    pad_tap_cell: |name| format!("{name} ist dran — tippe auf ein Feld, um die Punkte einzutragen"),
    roll_the_dice: |name| format!("{name} ist dran — würfle"),
    roll_n_of: |name, used, all| format!("{name} ist dran — Wurf {used} von {all}"),
    choose_cell: |name, used, all| format!("{name} ist dran — Wurf {used} von {all}: Wähle ein Feld"),
    roll_for: |name, label, used, all| match used {
        0 => format!("{name} ist dran — würfle für „{label}“"),
        used => format!("{name} ist dran — Wurf {used} von {all} für „{label}“"),
    },
    die_n_face: |die, face| format!("Würfel {die}: {face}"),
    die_n_blank: |die| format!("Würfel {die}: nicht gewürfelt"),
    clear_dice: "Würfel löschen",
    who_starts: "Wer beginnt? ",
    tie_roll_again: " — Gleichstand, noch mal würfeln: ",
    starts: |name| format!("{name} beginnt."),
    rolled: |name, face| format!("{name} würfelt {face}"),
    undo_cell: |name, cell, points| format!("Rückgängig: {cell} von {name} ({points})"),
    dice_tray: "Würfel",
    no_rolls_left: "Keine Würfe mehr",
    reconnecting: "Verbinde neu …",
    roll_first: |rolls| format!("Würfeln ({})", rolls_left(rolls)),
    roll_again: |left| format!("Noch mal würfeln ({})", rolls_left(left)),
    held: "BEHALTEN",
    joker_in_force: |joker| match joker {
        Joker::Forced => "Joker: Pflicht (offiziell)",
        Joker::Free => "Joker: freie Wahl",
        Joker::None => "Joker ohne Einschränkung",
    },

    joker_call: |call, five, upper| match call {
        JokerCall::UpperCell(_) => format!("{five}, und {upper} ist noch frei: Der Wurf muss in {upper}."),
        JokerCall::LowerCell(_) => {
            format!(
                "Joker: {upper} ist belegt, also ein freies Feld im unteren Teil; Full House und Straßen zählen voll."
            )
        }
        JokerCall::ZeroAbove(_) => {
            format!(
                "Joker: {upper} und der untere Teil sind belegt: eine 0 in ein freies Feld im oberen Teil."
            )
        }
        JokerCall::NaturalWhileOpen(_) => {
            format!(
                "Joker: jedes freie Feld; Full House und Straßen zählen erst voll, wenn {upper} belegt ist."
            )
        }
        JokerCall::FullValue(_) => "Joker: jedes freie Feld; Full House und Straßen zählen voll.".into(),
    },

    score_sheet: "Spielblock",
    upper_total: "Summe oben",
    lower_total: "Summe unten",
    grand_total: "Endsumme",
    saved_rolls: "Aufgehobene Würfe",
    bonus_at: |points, threshold| format!("Bonus (+{points} ab {threshold})"),
    par_row: |each| match each {
        Some(each) => format!("Ziel (je {each}-mal)"),
        None => "Ziel".into(),
    },
    bonus_earned: "Bonus erreicht",
    more_for_bonus: |needed| format!("Noch {needed} bis zum Bonus"),
    cell_scores: |cell, value| format!("{cell}: {value} eintragen"),
    cell_write: |cell| format!("{cell}: Punkte eintragen"),
    announce_offer: "Ansagen",
    announce_explained: |cell| {
        format!(
            "{cell} ansagen: Du würfelst dafür weiter, und dieser Zug endet dann in diesem Feld, mit dem, was die Würfel dort ergeben (0, wenn nichts). „Rückgängig“ nimmt die Ansage zurück, bis du würfelst."
        )
    },
    write_now: |points| format!("Jetzt {points} eintragen"),
    announced_status: |name, cell, used, rolls| {
        format!("{name} hat {cell} angesagt — Wurf {used} von {rolls}")
    },
    view_sheet: "Block",
    by_computer: |turns| plural(turns, "Zug", "Züge") + " von einem Computer gespielt",
    columns_legend: "Die Spalten",
    column_in_short: |column| match column {
        Column::Down => "Felder der Reihe nach, von oben nach unten",
        Column::Free => "jedes Feld, in beliebiger Reihenfolge",
        Column::Up => "Felder der Reihe nach, von unten nach oben",
        Column::Dry => "nur mit dem ersten Wurf des Zugs",
        Column::Announced => "Feld nach dem ersten Wurf ansagen, dann dafür würfeln",
    },
    type_value: "Wert eingeben",
    shared_as_download: |name| {
        format!(
            "In den Downloads dieses Geräts als {name} gespeichert: Schick die Datei an wen du willst, geöffnet wird sie in Five Dice mit „Importieren“."
        )
    },
    joker_summary: |rule| format!("{rule} · ändern"),
    bots_need_app_dice: "Computerspieler würfeln mit den Würfeln der App: Wähle „Würfel der App“, um einen dazuzunehmen.",
    points_short: |points| match points {
        Points::Fixed(points) => points.to_string(),
        Points::AllDice => "Summe aller Würfel".into(),
        Points::MatchingDice => "Summe dieser Würfel".into(),
    },
    coach_for: |name| format!("Trainer für {name}:"),
    wrote: |name, points, cell| format!("{name} hat {points} bei {cell} eingetragen."),
    their_turn: |name, used, rolls| match used {
        0 => format!("{name} ist dran"),
        _ => format!("{name} ist dran — Wurf {used} von {rolls}"),
    },
    computer_turn: |name, used, rolls| match used {
        0 => format!("{name} (Computer) spielt …"),
        _ => format!("{name} (Computer) spielt — Wurf {used} von {rolls}"),
    },
    undo_announcement: |name, cell| format!("Rückgängig: Ansage von {name} ({cell})"),

    cross_out: "Streichen",
    crossed_out: "Gestrichen (0)",
    bonus_toggle: |points, mark| match mark {
        Some(mark) => format!("+{points} Bonus {mark}"),
        None => format!("+{points} Kniffel-Bonus"),
    },
    enter_dice: "Würfel eingeben",
    cancel: "Abbrechen",
    confirm: "Bestätigen",

    game_over: "Spiel vorbei",
    won_on_first_roll: |name| format!("{name} gewinnt mit einer Generala im ersten Wurf!"),
    on_first_roll: |value| format!("{value} · erster Wurf"),
    first_roll_toggle: "Im ersten Wurf (gewinnt)",
    saves_rolls: |saved| {
        format!(
            "Jetzt eintragen hebt {} für deine späteren Züge auf.",
            plural(usize::from(saved), "Wurf", "Würfe")
        )
    },
    winner: "Gewinner",
    rematch: "Revanche",

    hint: "Tipp",

    hint_needs_dice: "Für einen Tipp: Tippe auf ein Feld und gib die Würfel ein",
    working_out: "Berechne den besten Zug …",
    odds_on: "Gewinnchancen: angezeigt",
    odds_off: "Gewinnchancen: ausgeblendet",
    coach_switch: |name, on| format!("Trainer für {name}: {}", if on { "an" } else { "aus" }),
    best_play: |play| format!("{play}: der beste Zug."),
    gave_up: |play, points, best| format!("{play}: {points} Punkte verschenkt (am besten: {best})."),
    lost_so_far: |points| format!("Bisher {points} Punkte verloren."),
    keep_faces: |faces| format!("{faces} behalten"),
    roll_all_again: "Alle Würfel neu würfeln",
    keep_all: "Alle Würfel behalten",
    announce_cell: |cell| format!("{cell} ansagen"),

    dismiss: "Meldung schließen",
    new_version: "Eine neue Version ist bereit.",
    update_now: "Jetzt aktualisieren",
    later: "Später",
    changed_in_other_tab: "Dieses Spiel wurde in einem anderen Tab geändert: Hier ist sein neuester Stand.",
    cannot_save: "Dieser Browser lässt die App keine Spiele speichern: Spiel ruhig weiter, aber beim Neuladen geht das Spiel verloren.",
    earlier_saves_wait: "Spiele, die eine frühere Version von Five Dice gespeichert hat, öffnen sich, sobald die App das Netz erreicht: Sie bleiben erhalten.",
    save_refused: |refused| match refused {
        SaveRefused::NoStorage => "Dieser Browser speichert hier keine Spiele.",
        SaveRefused::FullOrBlocked => {
            "Der Speicher des Browsers ist voll oder gesperrt: Die Spiele werden nicht gespeichert."
        }
    },
    unreadable_found: |problem| {
        let reason = &problem.reason;
        let kept = match problem.kept_aside {
            true => "Sie wurden beiseitegelegt: Lade sie über den Startbildschirm herunter.",
            false => "Sie wurden nicht angerührt.",
        };
        match problem.recovered {
            true => format!(
                "Gespeicherte Daten sind nicht lesbar ({reason}); stattdessen wurde ihre vorige Sicherung gelesen. {kept}"
            ),
            false => format!("Gespeicherte Daten sind nicht lesbar ({reason}). {kept}"),
        }
    },
    update_app: "An diesem Tisch läuft eine neuere Version von Five Dice: Lade die App neu, um sie zu aktualisieren.",
    nothing_imported: |reason| format!("Es wurde nichts importiert: {reason}."),
    imported: |games, tables, already| {
        format!(
            "Importiert: {} und {}; {} schon vorhanden.",
            plural(games, "beendetes Spiel", "beendete Spiele"),
            plural(tables, "laufendes Spiel", "laufende Spiele"),
            plural(already, "war", "waren"),
        )
    },
    file_refused: |error| match error {
        FileError::NotFiveDice => "das ist keine Datei von Five Dice".into(),
        FileError::UnknownFormat(Some(format)) => format!("das Dateiformat {format} ist unbekannt"),
        FileError::UnknownFormat(None) => "die Datei nennt kein Format".into(),
        FileError::Damaged(what) => format!("ein Teil der Datei ist beschädigt ({what})"),
    },
    export_to_keep: "Exportiere deine Spiele, um sie zu behalten.",
    engine_failed: |error| {
        match error {
        EngineError::CannotStart => "die Strategie-Engine kann in diesem Browser nicht starten".into(),
        EngineError::Stopped => {
            "die Strategie-Engine hat angehalten (ein älterer Browser, oder die App ist nicht vollständig geladen)"
                .into()
        }
        EngineError::Unreachable => "die Strategie-Engine ist nicht erreichbar".into(),
        EngineError::Unreadable(why) => format!("die Antwort der Strategie-Engine ist nicht lesbar ({why})"),
        EngineError::WrongAnswer => "die Strategie-Engine hat eine andere Frage beantwortet".into(),
        EngineError::NoAdvice => "es kam kein Rat zurück".into(),
        EngineError::NoDice => "würfle zuerst".into(),
        EngineError::Refused(why) => format!("die Strategie-Engine konnte nicht antworten ({why})"),
    }
    },
    coach_failed: |reason| format!("Der Trainer konnte eine Entscheidung nicht bewerten: {reason}"),
    computer_failed: |reason| format!("Ein Computerspieler konnte nicht ziehen: {reason}"),
    refusal: refusals::refusal,
    setup_refused: refusals::setup_refused,
    bad_address: |reason| format!("Diese Adresse lässt sich nicht öffnen: {reason}."),

    how_to_play: "Spielregeln",
    close: "Schließen",
    settings: "Einstellungen",
    fetching: "Wird geladen …",
    not_fetched_offline: "Dieser Teil der App braucht beim ersten Öffnen das Netz, und dieses Gerät ist offline.",
    try_again: "Erneut versuchen",
};
