//! Français : les mots des événements (dans le morceau des événements).

use super::EventWords;

pub static EVENT_WORDS: EventWords = EventWords {
    opening: "Ouverture de l’événement…",
    you_organise: |name| format!("Vous organisez «\u{a0}{name}\u{a0}»"),
    tables_join: "Les tables s’inscrivent ici",
    tables_join_how: "Chaque table scanne ce code avec la tablette ou le téléphone où elle note, nomme ses joueurs et commence.",
    invite_code: "QR code de l’invitation des tables",
    screen: "Le grand écran",
    screen_how: "Ouvrez ce lien sur la télévision ou le projecteur\u{a0}: il montre le classement et ne change rien.",
    open_screen: "Ouvrir le grand écran",
    close_event: "Clore l’événement",
    close_how: "Aucune nouvelle table ne peut s’inscrire\u{a0}; les tables en jeu finissent leur partie.",
    closed: "L’événement est clos\u{a0}: les tables encore en jeu finissent leur partie.",
    name_taken: "Un événement de ce nom est déjà ouvert\u{a0}: choisissez un autre nom.",
    no_server: "Les événements demandent le serveur de salles (make serve)\u{a0}: cette adresse n’en a pas.",
    no_event: "Aucun événement de ce nom ici.",
    not_organiser_here: "Seul l’appareil qui a ouvert l’événement peut le clore.",
    results: "Résultats",
    best_total: "Meilleur score",
    most_all_alike: |name| format!("Le plus de {name}"),
    best_turn: "Meilleur coup",
    export_csv: "Exporter le classement (CSV)",
    print: "Imprimer",
    rank: "#",
    player: "Joueur",
    table: "Table",
    total: "Total",
    boxes_left: "Cases à remplir",
    tables_playing: |count| match count {
        0 | 1 => format!("{count} table en jeu"),
        _ => format!("{count} tables en jeu"),
    },
    waiting_for_tables: "En attente de la première table…",
    scan_to_join: "Scannez pour inscrire votre table",
    upper_bonus: "Prime du haut\u{a0}!",
    wins_table: |table| format!("gagne à {table}\u{a0}!"),
    reconnecting: "Reconnexion…",
    table_of: |name| format!("Une table de «\u{a0}{name}\u{a0}»"),
    event_game: |game| format!("Le jeu de l’événement\u{a0}: {game}"),
    not_for_event: "Pas pour cet événement",
    table_n: |number| format!("Table {number}"),
    handed_in: "L’événement a toutes les cases",
    handing_in: "Envoi à l’événement…",
    offline_catching_up: "Hors ligne\u{a0}: l’événement rattrape au retour du réseau",
    refused: |code| match code {
        "wrong_key" => {
            "L’événement n’a pas pris cette table\u{a0}: le lien n’est pas le sien. Demandez le code à l’organisateur."
        }
        "closed" => "L’événement est clos\u{a0}: cette table joue seule.",
        "other_rules" => "L’événement joue à un autre jeu\u{a0}: cette table joue seule.",
        "full" => "L’événement a toutes ses tables\u{a0}: cette table joue seule.",
        "no_event" => "L’événement n’est pas sur ce serveur\u{a0}: cette table joue seule.",
        _ => "L’événement n’a pas pris cette table\u{a0}: elle joue seule.",
    },
};
