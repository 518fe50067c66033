//! German: the words of the parts fetched as chunks of their own (rooms, the analysis, the statistics, a
//! hint, the score pad, the chances to win, Generala's house rules).

use fivedice_rules::RulesetId;

use super::de::{plural, rolls_left};
use super::{
    AnalysisWords, HintWords, HouseWords, NewsWords, OddsWords, PadWords, ParWords, RoomWords, SettingsWords,
    StatisticsWords,
};

/// The room's phrases (in the rooms chunk).
pub static ROOM_WORDS: RoomWords = RoomWords {
    server_dice: "Der Server des Raums würfelt mit den Würfeln der App, für alle Geräte dieselben.",
    table_game: "Das Spiel an diesem Tisch",
    events_game: "Alle Tische der Veranstaltung spielen ihr Spiel, mit diesen Regeln.",
    room_title: |name| format!("Raum „{name}“"),
    room_offline: "Offline: Verbinde neu …",
    joining: "Verbinde …",
    type_your_name: "Gib deinen Namen ein, um an diesem Tisch Platz zu nehmen.",
    join_room_of: |host, room| match host {
        Some(host) => format!("Dem Raum „{room}“ von {host} beitreten"),
        None => format!("Dem Raum „{room}“ beitreten"),
    },
    watching: "Zuschauer",
    you_host: "Du bist Gastgeber: Wähle das Spiel und starte es, wenn alle da sind.",
    waiting_for: |host| format!("Warte darauf, dass {host} das Spiel startet."),
    waiting_for_host: "Warte auf den Gastgeber.",
    add_computer: "Computerspieler hinzufügen",
    remove_computer: |name| format!("{name} entfernen"),
    computer_level: "Stufe des neuen Computerspielers",
    someone_else_here: "Noch jemand an diesem Gerät",
    their_name: "Name",
    join_too: "Auch beitreten",
    players_missing: |missing| match missing {
        1 => "Es fehlt noch 1 Spieler zum Starten.".into(),
        missing => format!("Es fehlen noch {missing} Spieler zum Starten."),
    },
    start_game: "Spiel starten",
    leave_room: "← Raum verlassen",
    tag_host: "Gastgeber",
    tag_you: "du",
    tag_your_turn: "du bist dran",
    tag_computer: "Computer",
    tag_stand_in: "Computer spielt",
    tag_away: "abwesend",
    let_computer_play: "Computer spielen lassen",
    computer_plays_turn: "Ein Computer spielt diesen Zug",
    stand_in_level: "Stufe des Computers, der für sie spielt",
    give_seat_back: "Platz zurückgeben",
    move_to_another_device: |name| format!("{name} auf ein anderes Gerät holen"),
    hand_over_how: |name| {
        format!(
            "Öffne diesen Link auf dem neuen Gerät oder richte seine Kamera auf den Code: Es übernimmt den Platz von {name}, wo das Spiel gerade steht. Er gilt einmal, zehn Minuten lang."
        )
    },
    hand_over_code: "QR-Code des Links, der den Platz verlegt",
    moved_elsewhere: |name| format!("{name} spielt jetzt auf einem anderen Gerät: Dieses schaut zu."),
    waits_for_away: |name| {
        format!(
            "Das Gerät von {name} ist weg: Hol {name} auf ein anderes Gerät oder lass einen Computer spielen."
        )
    },
    ask_to_come_back: "Das bin ich: um Rückkehr bitten",
    asked_to_come_back: "Gefragt: Der Tisch lässt dich herein.",
    asks_to_come_back: |name| format!("{name} bittet, auf einem neuen Gerät zurückzukommen"),
    let_in: "Hereinlassen",
    say_no: "Nein",
    online_room: "Online-Raum",
    room_bar_offline: "offline — verbinde neu …",
    room_bar_watching: "Zuschauer",
    came_late: "Dieses Spiel hat vor deiner Ankunft begonnen: Du schaust zu und siehst jeden Wurf und jedes Feld, sobald es gespielt wird.",
    choose_another_name: "Wähle einen anderen Namen zum Beitreten",
    invite: "Einladen",
    invite_code: "QR-Code der Raumadresse",
    invite_how: "Richte die Kamera eines Handys auf den Code oder schick den Link: Er öffnet diesen Raum.",
    copy_link: "Link kopieren",
    link_copied: "Der Link zum Raum ist kopiert: Füge ihn in eine Nachricht ein.",
    link_not_copied: "Der Link ließ sich hier nicht kopieren: Halte ihn gedrückt, um ihn zu kopieren.",
    dice_sealed: "Würfel, die jeder prüfen kann:",
    dice_sealed_how: "Vor dem ersten Wurf hat sich der Server auf das Geheimnis festgelegt, aus dem seine Würfel kommen; am Ende legt er es offen, und dieses Gerät prüft jeden Wurf.",
    dice_checked: |rolls| {
        format!("Würfel geprüft ✓ — alle {rolls} Würfe stammen aus dem versiegelten Geheimnis")
    },
    dice_check_failed: |seq| {
        format!("Würfelprüfung fehlgeschlagen: Zug {seq} stammt nicht aus dem versiegelten Geheimnis")
    },
};

pub static ANALYSIS_WORDS: AnalysisWords = AnalysisWords {
    turns_by_computer: |turns, of| format!("{turns} von {of} Zügen von einem Computer gespielt"),
    nothing_to_regret: "Nichts zu bereuen: Jede Entscheidung war die beste oder lag höchstens einen Zehntelpunkt daneben.",
    how_it_went: "Der Spielverlauf",
    kept_legend: " die behaltenen Würfel; ",
    best_keeps_legend: " die Würfel, die der beste Zug behält.",
    measured_against: "Verlorene Punkte werden am perfekten Spiel allein gemessen: dem besten für die eigene Punktzahl jedes Spielers.",
    expected_lost: |points| format!("{points} erwartete Punkte verloren"),
    in_decisions: |made| format!(" in {}", plural(made, "Entscheidung", "Entscheidungen")),
    rest_failed: |reason| format!(" (der Rest ließ sich nicht berechnen: {reason})"),
    still_working: " (einige werden noch berechnet …)",
    round_dice_rolls: |round, dice, left| format!("Runde {round}, Würfel {dice}, {}: ", rolls_left(left)),
    best_was: |play, best, lost| format!("{play} — am besten: {best} (−{lost})"),
    die_position: |die, face, kept, best| {
        format!(
            "Würfel {die}: {face}{}{}",
            if kept { ", behalten" } else { "" },
            if best { ", der beste Zug behält ihn" } else { "" }
        )
    },
};

pub static STATISTICS_WORDS: StatisticsWords = StatisticsWords {
    statistics: "Statistik",
    player: "Spieler",
    games: "Spiele",
    wins: "Siege",
    best: "Bestwert",
    average: "Schnitt",
    upper_bonus: "Bonus oben",
    five_of_a_kinds: |ruleset| match ruleset {
        RulesetId::Yahtzee => "Kniffel",
        RulesetId::Yardzee => "Flitterwochen",
        RulesetId::Yam => "Yams",
        RulesetId::Yatzy | RulesetId::ForcedYatzy => "Yatzys",
        RulesetId::Yacht => "Yachts",
        RulesetId::Generala => "Generalas",
        RulesetId::MaxiYatzy => "Maxi Yatzys",
    },
    scores_over_games: |games, ruleset| match games {
        1 => format!("Punkte im letzten {ruleset}-Spiel"),
        games => format!("Punkte in den letzten {games} {ruleset}-Spielen"),
    },
};

pub static HINT_WORDS: HintWords = HintWords {
    best_option: |play, points| format!("{play} — am besten: etwa {points} Punkte am Ende"),
    best_estimated: |play| format!("{play} — am besten"),
    behind_best: |play, points| format!("{play}: {points} Punkte weniger am Ende"),
    hint_honesty: "Die Punkte, mit denen du am Ende rechnen kannst, wenn du ab hier bestmöglich spielst: für deine eigene Punktzahl, nicht für deine Chance, die anderen zu schlagen.",
    hint_win_honesty: "Deine Chance, vor den anderen zu landen, gemessen an ihren jetzigen Punkten, wenn sie ab hier \
                       auf ihre beste Punktzahl spielen.",
    win_option: |play, percent| format!("{play}: {percent} Gewinnchance"),
    hint_estimate: [
        "Im Spalten-Yam nur geschätzt: Genaues Spiel über mehrere Spalten kann niemand berechnen, also \
                    wird jede Spalte bewertet, als würde sie allein gespielt, und der Zug auf ihre Summe gespielt. \
                    Ein guter Rat, aber kein perfekter.",
        "Im Maxi-Yatzy nur geschätzt: Sechs Würfel, zwanzig Felder und aufgehobene Würfe sind zu viel für eine \
         genaue Rechnung auf einem Gerät, also wiegt dieser Rat, was jedes Feld gewöhnlich bringt, den Bonus und die \
         Würfe, die du aufhebst. Ein guter Rat, aber kein perfekter.",
    ],
};

pub static PAD_WORDS: PadWords = PadWords {
    first_player: "Erster Spieler",
    or_roll_off: "Oder lass eure eigenen Würfel entscheiden: Gib den Wurf jedes Spielers ein, die höchste Zahl beginnt.",
    highest_starts: "Höchste Zahl beginnt",
    tied_roll_again: |names| format!("Gleichstand an der Spitze: {names} würfeln noch mal."),
    type_every_die: "Gib zuerst den Würfel jedes Spielers ein.",
    enter_dice: |dice| {
        format!(
            "Gib die {} gewürfelten Würfel ein",
            if dice == 6 { "sechs" } else { "fünf" }
        )
    },
    remove_last_die: "Letzten Würfel entfernen",
    a_face: |face| format!("Eine {face}"),
};

pub static ODDS_WORDS: OddsWords = OddsWords {
    hint_for_score: "Beste Punktzahl",
    hint_for_win: "Beste Gewinnchance",
    odds_title: "Gewinnchancen",
    odds_honesty: "Wenn alle ab hier auf ihre beste Punktzahl spielen.",
};

pub static HOUSE_WORDS: HouseWords = HouseWords {
    house_rules: "Hausregeln",
    first_roll_bonus: "Straße, Full House, Poker im ersten Wurf",
    first_roll_wins: "Generala im ersten Wurf gewinnt",
    double: "Doppel-Generala (100)",
    ace_after_six: "Auch 3-4-5-6-1 ist eine Straße",
};

pub static SETTINGS_WORDS: SettingsWords = SettingsWords {
    theme: "Design",
    system: "Wie dieses Gerät",
    light: "Hell",
    dark: "Dunkel",
    touch: "Berührung und Ton",
    vibrate: "Vibrieren bei Wurf, gehaltenem Würfel und Eintrag",
    sound: "Würfelgeräusch",
    shake: "Handy schütteln zum Würfeln",
    shake_refused: "Dieses Gerät erlaubt nicht, seine Bewegung zu lesen: Schütteln würfelt nicht.",
};

pub static PAR_WORDS: ParWords = ParWords {
    explain: |each, threshold| {
        let pace = match each {
            Some(each) => {
                format!("Je {each} Würfel jeder Augenzahl im oberen Teil ergeben {threshold}: den Bonus")
            }
            None => format!(
                "Ein gleicher Anteil an {threshold} für jede Augenzahl im oberen Teil ergibt den Bonus"
            ),
        };
        format!(
            "{pace}. Unter jedem Spieler: wie weit seine bisher eingetragenen oberen Felder über (+) oder unter (−) \
             diesem Tempo liegen. ✓ sobald der Bonus erreicht ist."
        )
    },
};

pub static NEWS_WORDS: NewsWords = NewsWords {
    rolled: |name, faces, held| match held.is_empty() {
        true => format!("{name} würfelt {faces}."),
        false => format!("{name} würfelt {faces}; gehalten: {held}."),
    },
    held: |die, face| format!("Würfel {die} gehalten: {face}."),
    released: |die, face| format!("Würfel {die} freigegeben: {face}."),
    entered: |name, faces| format!("Würfel von {name}: {faces}."),
    announced: |name, cell| format!("{name} sagt {cell} an."),
    crossed_out: |name, cell| format!("{name} streicht {cell}."),
    undone: |name, cell, points| match points {
        Some(points) => format!("Zurückgenommen: {points} von {name} in {cell}."),
        None => format!("Zurückgenommen: die Ansage {cell} von {name}."),
    },
    turn: |name| format!("{name} ist dran."),
    over: |names, count, total| match count {
        1 => format!("Spielende: {names} gewinnt mit {total}."),
        _ => format!("Spielende: {names} gewinnen mit {total}."),
    },
    and: " und ",
};
