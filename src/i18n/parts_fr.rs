//! French: the words of the parts fetched as chunks of their own (rooms, the analysis, the statistics, a
//! hint, the score pad, the chances to win, Generala's house rules).

use fivedice_rules::RulesetId;

use super::fr::{de, plural, rolls_left};
use super::{
    AnalysisWords, HintWords, HouseWords, NewsWords, OddsWords, PadWords, ParWords, RoomWords, SettingsWords,
    StatisticsWords,
};

/// The room's phrases (in the rooms chunk).
pub static ROOM_WORDS: RoomWords = RoomWords {
    server_dice: "Le serveur de la salle lance les dés de l’appli, les mêmes pour tous les appareils.",
    table_game: "Le jeu de cette table",
    events_game: "Toutes les tables de l’événement jouent son jeu, avec ces règles.",
    room_title: |name| format!("Salle « {name} »"),
    room_offline: "Hors ligne : reconnexion…",
    joining: "Connexion…",
    type_your_name: "Tapez votre nom pour prendre place à cette table.",
    join_room_of: |host, room| match host {
        Some(host) => format!("Rejoindre la salle « {room} » {}", de(host)),
        None => format!("Rejoindre la salle « {room} »"),
    },
    watching: "Spectateur",
    you_host: "Vous êtes l’hôte : choisissez le jeu, puis lancez la partie quand tout le monde est là.",
    waiting_for: |host| format!("En attente {} pour commencer.", de(host)),
    waiting_for_host: "En attente de l’hôte.",
    add_computer: "Ajouter un ordinateur",
    remove_computer: |name| format!("Retirer {name}"),
    computer_level: "Niveau de l’ordinateur à ajouter",
    someone_else_here: "Quelqu’un d’autre sur cet appareil",
    their_name: "Son nom",
    join_too: "Entrer aussi",
    players_missing: |missing| format!("Encore {} pour commencer.", plural(missing, "joueur", "joueurs")),
    start_game: "Lancer la partie",
    leave_room: "← Quitter la salle",
    tag_host: "hôte",
    tag_you: "vous",
    tag_your_turn: "à vous",
    tag_computer: "ordinateur",
    tag_stand_in: "un ordinateur joue",
    tag_away: "absent",
    let_computer_play: "Faire jouer un ordinateur",
    computer_plays_turn: "Un ordinateur joue ce tour",
    stand_in_level: "Niveau de l’ordinateur qui joue à sa place",
    give_seat_back: "Rendre la place",
    move_to_another_device: |name| format!("Passer {name} sur un autre appareil"),
    hand_over_how: |name| {
        format!(
            "Ouvrez ce lien sur le nouvel appareil, ou visez le code avec sa caméra : il prend la place de {name} là où en est la partie. Il sert une fois, pendant dix minutes."
        )
    },
    hand_over_code: "Code QR du lien qui déplace la place",
    moved_elsewhere: |name| format!("{name} joue maintenant sur un autre appareil : celui-ci regarde."),
    waits_for_away: |name| {
        format!(
            "L’appareil de {name} est absent : passez {name} sur un autre appareil, ou faites jouer un ordinateur."
        )
    },
    ask_to_come_back: "C’est moi : demander à revenir",
    asked_to_come_back: "Demandé : la table va vous laisser entrer.",
    asks_to_come_back: |name| format!("{name} demande à revenir sur un nouvel appareil"),
    let_in: "Laisser entrer",
    say_no: "Non",
    online_room: "Salle en ligne",
    room_bar_offline: "hors ligne — reconnexion…",
    room_bar_watching: "spectateur",
    came_late: "Cette partie a commencé avant votre arrivée : vous la regardez, chaque lancer et chaque case dès qu’ils sont joués.",
    choose_another_name: "Choisissez un autre nom pour rejoindre",
    invite: "Inviter",
    invite_code: "Code QR de l’adresse de la salle",
    invite_how: "Visez le code avec l’appareil photo d’un téléphone, ou envoyez le lien : il ouvre cette salle.",
    copy_link: "Copier le lien",
    link_copied: "Le lien de la salle est copié : collez-le dans un message.",
    link_not_copied: "Le lien n’a pas pu être copié ici : gardez le doigt dessus pour le copier.",
    dice_sealed: "Dés vérifiables par tous :",
    dice_sealed_how: "Avant le premier lancer, le serveur s’est engagé sur le secret d’où viennent ses dés ; à la fin il le dévoile, et cet appareil vérifie chaque lancer.",
    dice_checked: |rolls| format!("Dés vérifiés ✓ — les {rolls} lancers viennent du secret scellé"),
    dice_check_failed: |seq| {
        format!("Vérification des dés échouée : le coup {seq} ne vient pas du secret scellé")
    },
};

pub static ANALYSIS_WORDS: AnalysisWords = AnalysisWords {
    turns_by_computer: |turns, of| {
        format!(
            "{} sur {of} par un ordinateur",
            plural(turns, "tour joué", "tours joués")
        )
    },
    nothing_to_regret: "Rien à regretter : chaque décision était la meilleure, ou à moins d’un dixième de point.",
    how_it_went: "Le déroulé de la partie",
    kept_legend: " les dés gardés ; ",
    best_keeps_legend: " les dés que garde le meilleur jeu.",
    measured_against: "Les points perdus se mesurent au jeu parfait en solitaire : le meilleur pour le score de chacun.",
    expected_lost: |points| format!("{points} points espérés perdus"),
    in_decisions: |made| format!(" en {}", plural(made, "décision", "décisions")),
    rest_failed: |reason| format!(" (le reste n’a pas pu être calculé : {reason})"),
    still_working: " (calcul en cours pour certains…)",
    round_dice_rolls: |round, dice, left| format!("Tour {round}, dés {dice}, {} : ", rolls_left(left)),
    best_was: |play, best, lost| format!("{play} — le mieux : {best} (−{lost})"),
    die_position: |die, face, kept, best| {
        format!(
            "Dé {die} : {face}{}{}",
            if kept { ", gardé" } else { "" },
            if best { ", le meilleur coup le garde" } else { "" }
        )
    },
};

pub static STATISTICS_WORDS: StatisticsWords = StatisticsWords {
    statistics: "Statistiques",
    player: "Joueur",
    games: "Parties",
    wins: "Victoires",
    best: "Record",
    average: "Moyenne",
    upper_bonus: "Prime du haut",
    five_of_a_kinds: |ruleset| match ruleset {
        RulesetId::Yahtzee => "Yahtzees",
        RulesetId::Yardzee => "Lunes de miel",
        RulesetId::Yam => "Yams",
        RulesetId::Yatzy | RulesetId::ForcedYatzy => "Yatzys",
        RulesetId::Yacht => "Yachts",
        RulesetId::Generala => "Generalas",
        RulesetId::MaxiYatzy => "Maxi Yatzys",
    },
    scores_over_games: |games, ruleset| format!("Scores des {} dernières parties de {ruleset}", games),
};

pub static HINT_WORDS: HintWords = HintWords {
    best_option: |play, points| format!("{play} — le meilleur : environ {points} points à la fin"),
    best_estimated: |play| format!("{play} — le meilleur choix"),
    behind_best: |play, points| format!("{play} : {points} points de moins à la fin"),
    hint_honesty: "Les points que vous pouvez espérer à la fin en jouant au mieux d’ici là : pour votre propre score, pas pour vos chances de battre les autres.",
    hint_win_honesty: "Vos chances de finir premier face aux scores des autres tels qu’ils sont, s’ils \
                       jouent pour leur meilleur score à partir d’ici.",
    win_option: |play, percent| format!("{play} : {percent} de chances"),
    hint_estimate: [
        "Approché au Yam à colonnes : le jeu exact sur plusieurs colonnes est hors de portée, alors chaque \
                    colonne est estimée comme jouée seule et le tour est joué pour leur somme. Un bon conseil, pas \
                    un conseil parfait.",
        "Approché au Maxi Yatzy\u{a0}: six dés, vingt cases et les lancers gardés, c’est trop pour un calcul exact \
         sur un appareil, alors ce conseil pèse ce que vaut d’habitude chaque case, la prime et les lancers que vous \
         gardez. Un bon conseil, pas un conseil parfait.",
    ],
};

pub static PAD_WORDS: PadWords = PadWords {
    first_player: "Premier joueur",
    or_roll_off: "Ou tirez au sort avec vos dés : tapez le dé de chacun, le plus fort commence.",
    highest_starts: "Le plus fort commence",
    tied_roll_again: |names| format!("Égalité en tête : {names} relancent."),
    type_every_die: "Tapez d’abord le dé de chaque joueur.",
    enter_dice: |dice| {
        format!(
            "Saisissez les {} dés lancés",
            if dice == 6 { "six" } else { "cinq" }
        )
    },
    remove_last_die: "Retirer le dernier dé",
    a_face: |face| format!("Un {face}"),
};

pub static ODDS_WORDS: OddsWords = OddsWords {
    hint_for_score: "Meilleur score",
    hint_for_win: "Pour gagner",
    odds_title: "Chances de victoire",
    odds_honesty: "Si chacun joue pour son meilleur score à partir d’ici.",
};

pub static HOUSE_WORDS: HouseWords = HouseWords {
    house_rules: "Règles maison",
    first_roll_bonus: "Suite, full, poker au premier lancer",
    first_roll_wins: "Une generala au premier lancer gagne",
    double: "Double Generala (100)",
    ace_after_six: "3-4-5-6-1 est aussi une suite",
};

pub static SETTINGS_WORDS: SettingsWords = SettingsWords {
    theme: "Thème",
    system: "Comme cet appareil",
    light: "Clair",
    dark: "Sombre",
    touch: "Toucher et son",
    vibrate: "Vibrer à chaque lancer, dé gardé et case écrite",
    sound: "Le bruit des dés",
    shake: "Secouer le téléphone pour lancer",
    shake_refused: "Cet appareil n’a pas permis de lire ses mouvements : secouer ne lancera pas.",
};

pub static PAR_WORDS: ParWords = ParWords {
    explain: |each, threshold| {
        let pace = match each {
            Some(each) => {
                format!("{each} dés de chaque face dans la partie haute font {threshold} : la prime")
            }
            None => {
                format!("Une part égale de {threshold} pour chaque face de la partie haute fait la prime")
            }
        };
        format!(
            "{pace}. Sous chaque joueur : de combien ses cases du haut déjà écrites sont au-dessus (+) ou en dessous \
             (−) de ce rythme. ✓ une fois la prime gagnée."
        )
    },
};

pub static NEWS_WORDS: NewsWords = NewsWords {
    rolled: |name, faces, held| match held.is_empty() {
        true => format!("{name} a lancé {faces}."),
        false => format!("{name} a lancé {faces} ; gardés : {held}."),
    },
    held: |die, face| format!("Dé {die} gardé : {face}."),
    released: |die, face| format!("Dé {die} relâché : {face}."),
    entered: |name, faces| format!("Dés de {name} : {faces}."),
    announced: |name, cell| format!("{name} annonce {cell}."),
    crossed_out: |name, cell| format!("{name} barre {cell}."),
    undone: |name, cell, points| match points {
        Some(points) => format!("Annulé : {points} de {name} en {cell}."),
        None => format!("Annulé : l’annonce de {cell} de {name}."),
    },
    turn: |name| format!("À {name} de jouer."),
    over: |names, count, total| match count {
        1 => format!("Partie terminée : {names} gagne avec {total}."),
        _ => format!("Partie terminée : {names} gagnent avec {total}."),
    },
    and: " et ",
};
