//! Deutsch: die Wörter der Veranstaltungen (im Teil der Veranstaltungen).

use super::EventWords;

pub static EVENT_WORDS: EventWords = EventWords {
    opening: "Die Veranstaltung wird eröffnet …",
    you_organise: |name| format!("Du veranstaltest „{name}“"),
    event_name: "Name der Veranstaltung",
    open_event: "Veranstaltung eröffnen",
    tables_join: "Hier melden sich die Tische an",
    tables_join_how: "Jeder Tisch scannt diesen Code mit dem Tablet oder Handy, auf dem er schreibt, trägt seine Spieler ein und beginnt.",
    invite_code: "QR-Code der Einladung für die Tische",
    screen: "Die große Anzeige",
    screen_how: "Öffne diesen Link auf dem Fernseher oder Beamer: Er zeigt die Rangliste und ändert nichts.",
    open_screen: "Große Anzeige öffnen",
    close_event: "Veranstaltung schließen",
    close_how: "Kein neuer Tisch kann sich anmelden; die Tische im Spiel spielen zu Ende.",
    reopen_event: "Veranstaltung wieder öffnen",
    reopen_how: "Aus Versehen geschlossen? Zehn Minuten lang lässt sie sich wieder öffnen: Tische melden sich wieder an, und nichts Gemeldete geht verloren.",
    reopen_too_late: "Die Veranstaltung wurde vor mehr als zehn Minuten geschlossen: Sie bleibt geschlossen.",
    closed: "Die Veranstaltung ist geschlossen: Die Tische im Spiel spielen zu Ende.",
    name_taken: "Eine Veranstaltung mit diesem Namen ist schon offen: Wähle einen anderen Namen.",
    no_server: "Veranstaltungen brauchen den Raumserver (make serve): Diese Adresse hat keinen.",
    no_event: "Hier gibt es keine Veranstaltung mit diesem Namen.",
    not_organiser_here: "Nur das Gerät, das die Veranstaltung eröffnet hat, kann sie schließen.",
    results: "Ergebnisse",
    best_total: "Höchste Punktzahl",
    most_all_alike: |name| format!("Die meisten {name}"),
    best_turn: "Bester Wurf",
    export_csv: "Rangliste exportieren (CSV)",
    print: "Drucken",
    rank: "#",
    player: "Spieler",
    table: "Tisch",
    total: "Summe",
    boxes_left: "Freie Felder",
    tables_playing: |count| match count {
        1 => "1 Tisch spielt".to_string(),
        _ => format!("{count} Tische spielen"),
    },
    waiting_for_tables: "Warten auf den ersten Tisch …",
    scan_to_join: "Scannen, um deinen Tisch anzumelden",
    upper_bonus: "Bonus oben!",
    wins_table: |table| format!("gewinnt an {table}!"),
    reconnecting: "Verbindung wird wiederhergestellt …",
    table_of: |name| format!("Ein Tisch von „{name}“"),
    event_game: |game| format!("Das Spiel der Veranstaltung: {game}"),
    not_for_event: "Nicht für diese Veranstaltung",
    table_n: |number| format!("Tisch {number}"),
    handed_in: "Mit der Veranstaltung abgeglichen",
    handing_in: "Wird an die Veranstaltung gesendet …",
    offline_catching_up: "Offline: Die Veranstaltung holt auf, sobald das Netz zurück ist",
    refused: |code| match code {
        "wrong_key" => {
            "Die Veranstaltung hat diesen Tisch nicht angenommen: Der Link ist nicht ihrer. Frag die Veranstalter nach dem Code."
        }
        "closed" => "Die Veranstaltung ist geschlossen: Dieser Tisch spielt für sich.",
        "other_rules" => "Die Veranstaltung spielt ein anderes Spiel: Dieser Tisch spielt für sich.",
        "full" => "Die Veranstaltung hat alle Tische, die sie aufnimmt: Dieser Tisch spielt für sich.",
        "no_event" => "Die Veranstaltung ist nicht auf diesem Server: Dieser Tisch spielt für sich.",
        _ => "Die Veranstaltung hat diesen Tisch nicht angenommen: Er spielt für sich.",
    },
    table_plays: "Wo spielt dieser Tisch?",
    on_this_device: "Auf diesem Gerät, herumgereicht",
    in_a_room: "In einem Raum: jeder auf seinem Handy",
    room_how: "Der Tisch bekommt einen eigenen Raum: Die anderen treten ihm mit ihrem Handy über seinen Code bei, und der Server sendet jedes Feld an die Veranstaltung.",
    your_name: "Dein Name",
    open_room: "Den Raum des Tisches öffnen",
    room_refused: |code| match code {
        "room_taken" => {
            "In einem Raum dieses Namens wurde schon gespielt: Gib dem Tisch einen anderen Namen."
        }
        "closed" => "Die Veranstaltung ist geschlossen: keine neuen Tische.",
        "full" => "Die Veranstaltung hat alle Tische, die sie aufnimmt.",
        "wrong_key" => "Der Link ist nicht der der Veranstaltung: Frag die Veranstalter nach dem Code.",
        _ => "Die Veranstaltung hat diesen Tisch nicht angenommen.",
    },
    unreachable: "Der Server der Veranstaltung hat nicht geantwortet: Prüfe das Netz und versuch es noch einmal.",
};
