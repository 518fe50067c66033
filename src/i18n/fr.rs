//! Français.

use fivedice_rules::{Column, Joker, JokerCall, Label, Language, Points, case};

use super::{Words, refusals_fr as refusals};
use crate::engine::EngineError;
use crate::storage::SaveRefused;
use crate::table::saved::FileError;

pub(super) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count <= 1 { one } else { many })
}

pub(super) fn rolls_left(left: u8) -> String {
    plural(usize::from(left), "lancer restant", "lancers restants")
}

/// "de" before a name, elided before a vowel sound as French writes it: "d’Anna", "d’Élodie", "de Ben".
pub(super) fn de(name: &str) -> String {
    const VOWELS: [char; 18] = [
        'a', 'e', 'i', 'o', 'u', 'y', 'à', 'â', 'ä', 'é', 'è', 'ê', 'ë', 'î', 'ï', 'ô', 'ù', 'œ',
    ];
    let first = name.chars().next().map(case::lowercase);
    let vowel = first.is_some_and(|first| VOWELS.contains(&first));
    if vowel {
        format!("d’{name}")
    } else {
        format!("de {name}")
    }
}

pub static WORDS: Words = Words {
    speaks: Language::French,
    labels: Label::french,
    decimal_mark: ',',
    percent: |number| format!("{number} %"),
    date_time: |year, month, day, hour, minute| {
        format!("{day:02}/{month:02}/{year:04} {hour:02}:{minute:02}")
    },

    tagline: "Yahtzee, Yardzee, Yam, Yatzy, Maxi Yatzy, Yacht et Generala — autour d’une tablette.",
    language: "Langue",
    new_game: "Nouvelle partie",
    game: "Jeu",
    sheet: "Feuille",
    one_column: "Une colonne",
    in_columns: "En colonnes (Yam à colonnes)",
    columns_in_order: "Colonnes, dans l’ordre touché",
    no_column: "Choisissez au moins une colonne.",
    joker_rule: "Règle du Joker",
    joker_forced: "Imposé (officiel)",
    joker_free: "Au choix",
    joker_none: "Sans restriction",
    dice: "Dés",
    app_dice: "Les dés de l’appli",
    own_dice: "Nos propres dés (feuille de marque)",
    table_name: "Nom de la table",
    players: "Joueurs",
    player_n: |seat| format!("Joueur {seat}"),
    player_n_name: |seat| format!("Nom du joueur {seat}"),
    player_n_is: |seat| format!("Le joueur {seat} est"),
    a_person: "Une personne",
    bot_with_mean: |level, mean| format!("Ordinateur {level} · ~{mean} pts"),
    winner_computer: "Ordinateur gagneur · joue pour gagner",
    bot: |level| format!("Ordinateur {level}"),
    computer_player: |level| format!("Joueur ordinateur : {level}"),
    level_winner: "gagneur",
    level_optimal: "optimal",
    level_strong: "fort",
    level_casual: "facile",
    bots_move: "Les ordinateurs jouent",
    pace_slow: "Lentement",
    pace_calm: "Posément",
    pace_quick: "Vite",
    pace_instant: "Instantanément",
    bots_aim: "Le gagneur est le plus dur à battre : il joue pour finir premier. Les autres visent leur meilleur score (les points qu’ils font en moyenne) ; l’optimal joue un solitaire parfait.",
    add_player: "Ajouter un joueur",
    remove_player: "Retirer un joueur",
    start: "Commencer",

    games_in_progress: "Parties en cours",
    table_summary: |ruleset, players, round, rounds, turn| {
        format!("{ruleset} · {players} · tour {round} sur {rounds} · à {turn} de jouer")
    },
    last_played: |when| format!("Jouée le {when}"),
    delete: "Supprimer",
    delete_this_game: "Supprimer cette partie ?",
    keep: "Garder",
    finished_games: "Parties terminées",
    finished: "Terminée",
    table: "Table",
    scores: "Scores",
    share: "Partager",
    your_games_as_file: "Vos parties, dans un fichier",
    games_live_here: "Les parties sont gardées dans ce navigateur. Exportez-les pour en garder une copie ou les passer sur un autre appareil.",
    export_all: "Tout exporter",
    import_file: "Importer un fichier",
    unreadable_kept: "Des données enregistrées sont illisibles. Elles sont mises de côté, intactes : ",
    download_it: "les télécharger",
    storage_nearly_full: |tenths, quota| {
        format!(
            "L’espace de ce navigateur pour l’appli est presque plein (environ {},{} sur {quota}\u{a0}Mo)\u{a0}: exportez vos parties pour en garder une copie.",
            tenths / 10,
            tenths % 10
        )
    },

    perfect_title: "Jusqu’où peut-on bien jouer ?",
    perfect_intro: "Le moteur de stratégie calcule, sur cet appareil, le meilleur coup pour chaque situation, et donne le score moyen d’un joueur parfait en solitaire.",
    work_it_out: "Calculer",
    n_of_total: |done, total| format!("{done} sur {total}"),
    perfect_averages: "Un joueur parfait fait en moyenne ",
    points_at: |ruleset| format!(" points au {ruleset} "),
    worked_out_in: |seconds| format!("(calculé en {seconds} s)"),
    read_from_device_in: |seconds| format!("(relu sur cet appareil en {seconds} s)"),

    play_online: "Jouer en ligne",
    looking_for_server: "Recherche d’un serveur de salles…",
    no_room_server: "Cette adresse ne propose pas de salles en ligne : jouez sur cet appareil, en le passant de joueur en joueur.",
    rooms_need_network: "Vous êtes hors ligne : les salles en ligne demandent le réseau. Jouez sur cet appareil en attendant.",
    same_room_name: "Chacun sur son appareil : tapez le même nom de salle pour vous asseoir à la même table.",
    your_name: "Votre nom",
    room_name: "Nom de la salle",
    join: "Entrer",
    organise_event: "Organiser un événement : plusieurs tables, un grand écran",
    your_event: |name| format!("Votre événement « {name} »"),
    computer_n: |seat| format!("Ordinateur {seat}"),
    not_your_seat_here: "Cet appareil n’a pas cette place.",
    not_sent_offline: "Pas connecté à la salle : le coup n’est pas parti. Reconnexion…",
    not_this_devices_turn: "Ce n’est pas le tour de cet appareil.",

    tables: "← Tables",
    turn: "Tour",
    turn_tools: "Aides pour le tour",
    pass_to: |name| format!("Passez à {name}"),
    pad_dice_entered: |name| format!("À {name} — dés saisis : touchez une case"),
    pad_tap_cell: |name| format!("À {name} — touchez une case pour écrire le score"),
    roll_the_dice: |name| format!("À {name} — lancez les dés"),
    roll_n_of: |name, used, all| format!("À {name} — lancer {used} sur {all}"),
    choose_cell: |name, used, all| format!("À {name} — lancer {used} sur {all} : choisissez une case"),
    roll_for: |name, label, used, all| match used {
        0 => format!("À {name} — lancez pour « {label} »"),
        used => format!("À {name} — lancer {used} sur {all} pour « {label} »"),
    },
    die_n_face: |die, face| format!("Dé {die} : {face}"),
    die_n_blank: |die| format!("Dé {die} : pas lancé"),
    clear_dice: "Effacer les dés",
    who_starts: "Qui commence ? ",
    tie_roll_again: " — égalité, on relance : ",
    starts: |name| format!("{name} commence."),
    rolled: |name, face| format!("{name} a fait {face}"),
    undo_cell: |name, cell, points| format!("Reprendre {cell} {} ({points})", de(name)),
    dice_tray: "Dés",
    no_rolls_left: "Plus de lancers",
    reconnecting: "Reconnexion…",
    roll_first: |rolls| format!("Lancer ({})", rolls_left(rolls)),
    roll_again: |left| format!("Relancer ({})", rolls_left(left)),
    held: "GARDÉ",
    joker_in_force: |joker| match joker {
        Joker::Forced => "Joker : imposé (officiel)",
        Joker::Free => "Joker : au choix",
        Joker::None => "Joker sans restriction",
    },

    joker_call: |call, five, upper| match call {
        JokerCall::UpperCell(_) => format!("{five} avec {upper} libre : il doit aller en {upper}."),
        JokerCall::LowerCell(_) => {
            format!(
                "Joker : {upper} est rempli, donc une case libre du bas ; full et suites valent leurs points pleins."
            )
        }
        JokerCall::ZeroAbove(_) => {
            format!("Joker : {upper} et le bas sont remplis : un 0 dans une case libre du haut.")
        }
        JokerCall::NaturalWhileOpen(_) => {
            format!(
                "Joker : n’importe quelle case ; full et suites ne valent leurs points pleins qu’une fois {upper} rempli."
            )
        }
        JokerCall::FullValue(_) => {
            "Joker : n’importe quelle case ; full et suites valent leurs points pleins.".into()
        }
    },

    score_sheet: "Feuille de marque",
    upper_total: "Total du haut",
    lower_total: "Total du bas",
    grand_total: "Total général",
    saved_rolls: "Lancers gardés",
    bonus_at: |points, threshold| format!("Prime (+{points} dès {threshold})"),
    par_row: |each| match each {
        Some(each) => format!("Objectif ({each} de chaque)"),
        None => "Objectif".into(),
    },
    bonus_earned: "Prime gagnée",
    more_for_bonus: |needed| format!("Encore {needed} pour la prime"),
    cell_scores: |cell, value| format!("{cell} : marquer {value}"),
    cell_write: |cell| format!("{cell} : écrire un score"),
    announce_offer: "Annoncer",
    announce_explained: |cell| {
        format!(
            "Annoncer {cell} : vous relancez pour la faire, et ce tour finit alors dans cette case, avec ce que les dés y valent (0 s’ils n’y font rien). « Reprendre » l’enlève tant que vous n’avez pas relancé."
        )
    },
    write_now: |points| format!("Écrire {points} maintenant"),
    announced_status: |name, cell, used, rolls| {
        format!("{name} a annoncé {cell} — lancer {used} sur {rolls}")
    },
    view_sheet: "Feuille",
    by_computer: |turns| plural(turns, "tour joué", "tours joués") + " par un ordinateur",
    columns_legend: "Les colonnes",
    column_in_short: |column| match column {
        Column::Down => "les cases dans l’ordre, de haut en bas",
        Column::Free => "n’importe quelle case, dans n’importe quel ordre",
        Column::Up => "les cases dans l’ordre, de bas en haut",
        Column::Dry => "seulement avec le premier lancer du tour",
        Column::Announced => "annoncez la case après le premier lancer, puis lancez pour elle",
    },
    type_value: "Saisir la valeur",
    shared_as_download: |name| {
        format!(
            "Enregistré dans les téléchargements de cet appareil sous {name} : envoyez ce fichier, on l’ouvre avec Importer dans Five Dice."
        )
    },
    joker_summary: |rule| format!("{rule} · changer"),
    bots_need_app_dice: "Les joueurs ordinateur lancent les dés de l’appli : choisissez « Les dés de l’appli » pour en installer un.",
    points_short: |points| match points {
        Points::Fixed(points) => points.to_string(),
        Points::AllDice => "total des dés".into(),
        Points::MatchingDice => "total de ces dés".into(),
    },
    coach_for: |name| format!("Entraîneur {} :", de(name)),
    wrote: |name, points, cell| format!("{name} a écrit {points} en {cell}."),
    their_turn: |name, used, rolls| match used {
        0 => format!("Au tour {}", de(name)),
        _ => format!("Au tour {} — lancer {used} sur {rolls}", de(name)),
    },
    computer_turn: |name, used, rolls| match used {
        0 => format!("{name} (ordinateur) joue…"),
        _ => format!("{name} (ordinateur) joue — lancer {used} sur {rolls}"),
    },
    undo_announcement: |name, cell| format!("Reprendre l’annonce {} ({cell})", de(name)),

    cross_out: "Barrer",
    crossed_out: "Barrée (0)",
    bonus_toggle: |points, mark| match mark {
        Some(mark) => format!("+{points} prime {mark}"),
        None => format!("+{points} prime Yahtzee"),
    },
    enter_dice: "Saisir les dés",
    cancel: "Annuler",
    confirm: "Valider",

    game_over: "Partie terminée",
    won_on_first_roll: |name| format!("{name} gagne avec une generala servie au premier lancer\u{a0}!"),
    on_first_roll: |value| format!("{value} · premier lancer"),
    first_roll_toggle: "Faite au premier lancer (gagne)",
    saves_rolls: |saved| {
        format!(
            "Écrire maintenant garde {} pour vos tours suivants.",
            plural(usize::from(saved), "lancer", "lancers")
        )
    },
    winner: "Gagnant",
    rematch: "Revanche",

    hint: "Conseil",

    hint_needs_dice: "Pour un conseil, touchez une case et saisissez les dés",
    working_out: "Calcul du meilleur coup…",
    odds_on: "Chances de victoire : affichées",
    odds_off: "Chances de victoire : masquées",
    coach_switch: |name, on| {
        format!(
            "Entraîneur {} : {}",
            de(name),
            if on { "activé" } else { "désactivé" }
        )
    },
    best_play: |play| format!("{play} : le meilleur coup."),
    gave_up: |play, points, best| format!("{play} : {points} points perdus (meilleur : {best})."),
    lost_so_far: |points| format!("{points} points perdus jusqu’ici."),
    keep_faces: |faces| format!("Garder {faces}"),
    roll_all_again: "Relancer tous les dés",
    keep_all: "Garder tous les dés",
    announce_cell: |cell| format!("Annoncer {cell}"),

    dismiss: "Fermer le message",
    new_version: "Une nouvelle version est prête.",
    update_now: "Mettre à jour",
    later: "Plus tard",
    changed_in_other_tab: "Cette partie a changé dans un autre onglet : voici son dernier état.",
    cannot_save: "Ce navigateur ne laisse pas l’appli enregistrer : jouez, mais un rechargement perdra la partie.",
    earlier_saves_wait: "Les parties enregistrées par une version précédente de Five Dice s’ouvriront quand l’appli aura accès au réseau : elles sont gardées.",
    save_refused: |refused| match refused {
        SaveRefused::NoStorage => "Ce navigateur ne garde pas de parties ici.",
        SaveRefused::FullOrBlocked => {
            "Le stockage du navigateur est plein ou bloqué : les parties ne sont plus enregistrées."
        }
    },
    unreadable_found: |problem| {
        let reason = &problem.reason;
        let kept = match problem.kept_aside {
            true => "Elles sont mises de côté : téléchargez-les depuis l’écran d’accueil.",
            false => "Elles n’ont pas été touchées.",
        };
        match problem.recovered {
            true => format!(
                "Des données enregistrées sont illisibles ({reason}) ; leur enregistrement précédent a été lu à la place. {kept}"
            ),
            false => format!("Des données enregistrées sont illisibles ({reason}). {kept}"),
        }
    },
    update_app: "Cette table utilise une version plus récente de Five Dice : rechargez l’appli pour la mettre à jour.",
    nothing_imported: |reason| format!("Rien n’a été importé : {reason}."),
    imported: |games, tables, already| {
        format!(
            "Importé : {} et {} ; {} déjà là.",
            plural(games, "partie terminée", "parties terminées"),
            plural(tables, "partie en cours", "parties en cours"),
            plural(already, "était", "étaient"),
        )
    },
    file_refused: |error| match error {
        FileError::NotFiveDice => "ce n’est pas un fichier de cette appli".into(),
        FileError::UnknownFormat(Some(format)) => format!("le format de fichier {format} est inconnu"),
        FileError::UnknownFormat(None) => "le fichier n’indique pas son format".into(),
        FileError::Damaged(what) => format!("une partie du fichier est abîmée ({what})"),
    },
    export_to_keep: "Exportez vos parties pour les garder.",
    engine_failed: |error| {
        match error {
        EngineError::CannotStart => "le moteur de stratégie ne peut pas démarrer dans ce navigateur".into(),
        EngineError::Stopped => "le moteur de stratégie s’est arrêté (navigateur trop ancien, ou appli pas entièrement téléchargée)".into(),
        EngineError::Unreachable => "le moteur de stratégie est injoignable".into(),
        EngineError::Unreadable(why) => format!("la réponse du moteur de stratégie est illisible ({why})"),
        EngineError::WrongAnswer => "le moteur de stratégie a répondu à une autre question".into(),
        EngineError::NoAdvice => "aucun conseil n’est revenu".into(),
        EngineError::NoDice => "lancez d’abord les dés".into(),
        EngineError::Refused(why) => format!("le moteur de stratégie n’a pas pu répondre ({why})"),
    }
    },
    coach_failed: |reason| format!("L’entraîneur n’a pas pu juger une décision : {reason}"),
    computer_failed: |reason| format!("Un joueur ordinateur n’a pas pu jouer : {reason}"),
    refusal: refusals::refusal,
    setup_refused: refusals::setup_refused,
    bad_address: |reason| format!("Impossible de suivre cette adresse : {reason}."),

    how_to_play: "Comment jouer",
    close: "Fermer",
    settings: "Réglages",
    fetching: "Chargement…",
    not_fetched_offline: "Cette partie de l’appli a besoin du réseau la première fois qu’on l’ouvre, et cet appareil est hors ligne.",
    try_again: "Réessayer",
};
