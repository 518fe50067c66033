//! Pourquoi un coup, une table ou une salle est refusé, en français : chaque raison des règles et de la salle.

use super::BoxName;
use crate::launch::AddressError;
use fivedice_room::{HandOverRefusal, Refusal, RoomError, Trouble};
use fivedice_rules::{Column, ColumnsError, DiceMode, GameError, MAX_NAME_CHARS, RulesError, SetupError};

pub(super) fn refused(error: &GameError, name: BoxName) -> String {
    match error {
        GameError::GameOver => "la partie est finie".into(),
        GameError::NoRollsLeft => "plus de lancer à ce tour : choisissez une case".into(),
        GameError::NotRolled => "lancez d’abord les dés".into(),
        GameError::NoSuchDie(die) => format!("il n’y a pas de dé {die}"),
        GameError::WrongDiceCount { expected, got } => {
            format!("ce jeu se joue avec {expected} dés, pas {got}")
        }
        GameError::AlreadyHeld(die) => format!("le dé {die} est déjà gardé"),
        GameError::NotHeld(die) => format!("le dé {die} n’est pas gardé"),
        GameError::HeldDieChanged(die) => format!("un lancer ne change pas le dé gardé {die}"),
        GameError::NotInRuleset(category) => format!("cette feuille n’a pas de case « {} »", name(*category)),
        GameError::CellFilled(category) => format!("la case « {} » est déjà remplie", name(*category)),
        GameError::JokerForbids { category, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(|&cell| name(cell)).collect();
            format!(
                "la règle du Joker interdit « {} » pour ce lancer ; permis : {}",
                name(*category),
                allowed.join(", ")
            )
        }
        GameError::WrongMode(DiceMode::App) => "cette partie se joue avec les dés de l’appli".into(),
        GameError::WrongMode(DiceMode::Pad) => {
            "cette partie est une feuille de marque pour de vrais dés".into()
        }
        GameError::DiceEntered => {
            "des dés sont saisis : marquez-les, ou effacez-les pour écrire une valeur".into()
        }
        GameError::ValueNotOffered { category, value } => {
            format!("la case « {} » ne peut pas valoir {value}", name(*category))
        }
        GameError::NoFirstRollRule => "ce jeu ne paie rien de plus pour un premier lancer".into(),
        GameError::SecondFiveFirst { five_of_a_kind } => format!(
            "une deuxième generala ne paie qu’une fois la case « {} » remplie de ses points",
            name(*five_of_a_kind)
        ),
        GameError::NoBonus => "pas de prime possible : la case des cinq dés égaux ne vaut pas 50".into(),
        GameError::NothingToUndo => "rien à annuler".into(),
        GameError::UndoTooLate => "trop tard pour annuler : le tour suivant a commencé".into(),
        GameError::FirstSeatFixed => "le premier joueur est fixé : la partie a commencé".into(),
        GameError::RollOffMismatch => "ce tirage au sort ne désigne pas ce premier joueur".into(),
        GameError::NoCrossingOut => "cette feuille ne barre qu’une case que les dés ne font pas".into(),
        GameError::NoSuchSeat(seat) => format!("il n’y a pas de place {seat}"),
        GameError::NoSuchColumn(column) => {
            format!("cette feuille n’a pas de colonne « {} »", column.label().french())
        }
        GameError::OutOfOrder {
            column: Column::Free,
            next,
        } => format!(
            "cette feuille se remplit dans l’ordre, de haut en bas : la suivante est « {} »",
            name(*next)
        ),
        GameError::OutOfOrder { column, next } => format!(
            "la colonne « {} » se remplit dans l’ordre : la suivante est « {} »",
            column.label().french(),
            name(*next)
        ),
        GameError::DryAfterReroll => "la colonne sèche ne prend qu’un premier lancer, sans relance".into(),
        GameError::NotAnnounced => {
            "après une relance, la colonne annoncée ne prend que la case annoncée au premier lancer".into()
        }
        GameError::AnnouncementBinds(category) => format!(
            "« {} » est annoncée : le tour se termine dans cette case de la colonne annoncée",
            name(*category)
        ),
        GameError::AnnounceAfterFirstRoll => "on annonce juste après le premier lancer".into(),
        GameError::WriteNow => {
            "seules des cases sans relance restent ouvertes : inscrivez (ou annoncez) maintenant".into()
        }
    }
}

pub(super) fn setup_refused(error: &SetupError) -> String {
    match error {
        SetupError::PlayerCount { count, min, max } => {
            format!("{count} joueurs : ce jeu se joue de {min} à {max}")
        }
        SetupError::EmptyName { seat } => format!("le joueur {} n’a pas de nom", seat + 1),
        SetupError::NameTooLong { seat } => {
            format!(
                "Le nom du joueur {} dépasse {MAX_NAME_CHARS} caractères",
                seat + 1
            )
        }
        SetupError::DuplicateName(name) => {
            format!("deux joueurs s’appellent « {name} » (en majuscules, c’est le même nom)")
        }
        SetupError::NoSuchSeat(seat) => format!("il n’y a pas de place {seat} pour commencer"),
    }
}

fn rules_refused(error: &RulesError) -> String {
    match error {
        RulesError::UnknownJoker(id) => {
            format!("règle du Joker inconnue « {id} » (connues : forced, free, none)")
        }
        RulesError::NoJoker(ruleset) => format!("{ruleset} n’a pas de règle du Joker"),
        RulesError::NoBonus(ruleset) => format!("{ruleset} n’a pas de prime Yahtzee"),
        RulesError::NoColumns(ruleset) => format!("{ruleset} se joue sur une seule colonne"),
        RulesError::NotInRuleset(category, ruleset) => {
            format!("{ruleset} n’a pas de case « {} »", category.id())
        }
        RulesError::ValueNotOffered(category, value) => {
            format!("la case « {} » ne peut pas valoir {value}", category.id())
        }
        RulesError::FilledTwice(category) => format!("la case « {} » est remplie deux fois", category.id()),
        RulesError::FilledOutOfOrder { filled, open } => format!(
            "la feuille se remplit dans l’ordre : « {} » est remplie alors que « {} », au-dessus, est libre",
            filled.id(),
            open.id()
        ),
        RulesError::NoHouseRules(ruleset) => format!("{ruleset} n’a pas de règles maison"),
        RulesError::FirstRollBonus(bonus) => {
            format!("une case faite au premier lancer rapporte 5 ou 10 de plus, pas {bonus}")
        }
        RulesError::UpperBonus(ruleset, bonus) => {
            format!(
                "{ruleset} ne joue pas de prime de {} à {}",
                bonus.points, bonus.threshold
            )
        }
    }
}

/// Les places sont numérotées à partir de 1 pour les joueurs.
fn room_refused(error: &RoomError) -> String {
    match error {
        RoomError::RoomNameEmpty => "une salle a besoin d’un nom".into(),
        RoomError::RoomNameTooLong => {
            format!(
                "un nom de salle a au plus {} caractères",
                fivedice_room::MAX_ROOM_NAME_CHARS
            )
        }
        RoomError::RoomNameControl => "un nom de salle ne peut pas contenir de caractères de contrôle".into(),
        RoomError::PlayerNameEmpty => "un joueur a besoin d’un nom".into(),
        RoomError::PlayerNameTooLong => format!("un nom de joueur a au plus {MAX_NAME_CHARS} caractères"),
        RoomError::PlayerNameControl => {
            "un nom de joueur ne peut pas contenir de caractères de contrôle".into()
        }
        RoomError::NameTaken(name) => format!("quelqu’un s’appelle déjà « {name} » dans cette salle"),
        RoomError::RoomFull { max } => format!("la salle est complète : ce jeu se joue à {max} au plus"),
        RoomError::Started => "la partie a commencé ; demandez une nouvelle salle".into(),
        RoomError::NotInLobby => "la partie a commencé : ce n’était possible qu’avant".into(),
        RoomError::NotStarted => "la partie n’a pas encore commencé".into(),
        RoomError::GameOver => "la partie est finie".into(),
        RoomError::NotHost => "seul l’hôte peut faire cela".into(),
        RoomError::NoSuchSeat(seat) => format!("il n’y a pas de place {} dans cette salle", seat + 1),
        RoomError::NotYourTurn { seat } => format!("c’est au tour de la place {}, pas au vôtre", seat + 1),
        RoomError::ComputerPlays { seat } => {
            format!(
                "un joueur ordinateur joue la place {} : reprenez d’abord la place",
                seat + 1
            )
        }
        RoomError::Stale { .. } => {
            "la partie a changé avant que votre geste n’arrive : regardez et réessayez".into()
        }
        RoomError::TooManyForRules {
            ruleset,
            players,
            max,
        } => format!("{ruleset} se joue à {max} au plus, et {players} sont assis"),
        RoomError::NotAwayLongEnough { seat, away_ms: None } => {
            format!(
                "la place {} est connectée : un ordinateur ne peut pas la prendre",
                seat + 1
            )
        }
        RoomError::NotAwayLongEnough {
            seat,
            away_ms: Some(away),
        } => format!(
            "la place {} est absente depuis {} s ; un ordinateur peut la prendre après {} s",
            seat + 1,
            away / 1000,
            fivedice_room::TAKE_OVER_AFTER_MS / 1000
        ),
        RoomError::AlreadyComputer { seat } => format!("un ordinateur joue déjà la place {}", seat + 1),
        RoomError::NotComputer { seat } => {
            format!(
                "une personne occupe la place {} : seul un ordinateur peut être retiré",
                seat + 1
            )
        }
        RoomError::NoStandIn { seat } => format!("aucun ordinateur ne remplace la place {}", seat + 1),
        RoomError::DiceAreDrawn => "c’est la salle qui tire les dés".into(),
        RoomError::EventsGame => {
            "cette salle est une table d’un événement : elle joue le jeu de l’événement".into()
        }
        RoomError::DiceRevealed => {
            "les dés ont été dévoilés à la fin : les cases de la partie sont définitives".into()
        }
        RoomError::Game(error) => refused(error, &|category| category.id().to_string()),
        RoomError::Rules(error) => rules_refused(error),
        RoomError::Setup(error) => setup_refused(error),
        RoomError::OutOfOrder { .. } | RoomError::Inconsistent(_) => {
            "le journal de la salle ne correspond pas à ce qu’a cet appareil : il est rechargé".into()
        }
    }
}

pub(super) fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Room(error) => room_refused(error),
        Refusal::NotYourSeat => "cet appareil n’a pas cette place".into(),
        Refusal::NoRoom => "aucune salle n’est ouverte sur cette connexion".into(),
        Refusal::AlreadyInRoom => "cette connexion est déjà dans une salle".into(),
        Refusal::RateLimited => "trop de messages : patientez un instant".into(),
        Refusal::BadMessage => "le serveur n’a pas compris ce message".into(),
        Refusal::TooBig { max_bytes } => format!("un message fait au plus {max_bytes} octets"),
        Refusal::TooManyRooms => "le serveur a trop de salles ouvertes ; réessayez plus tard".into(),
        Refusal::RoomDamaged => {
            "le journal de cette salle est endommagé : on ne peut plus y jouer ; ouvrez une nouvelle salle pour rejouer"
                .into()
        }
        Refusal::NewRoomsLimited => {
            "beaucoup de salles ont été ouvertes d’ici récemment ; patientez quelques minutes, puis réessayez".into()
        }
        Refusal::Unavailable(Trouble::NotLoaded) => "la salle n’a pas pu être chargée ; réessayez".into(),
        Refusal::Unavailable(Trouble::NotSaved) => "le coup n’a pas pu être enregistré ; réessayez".into(),
        Refusal::Unavailable(Trouble::NoRandomness) => "pas de hasard pour les dés ; réessayez".into(),
        Refusal::HandOver(HandOverRefusal::Unknown) => "ce lien ne déplace aucune place de cette salle".into(),
        Refusal::HandOver(HandOverRefusal::Used) => {
            "ce lien a déjà été ouvert : demandez-en un nouveau à la table".into()
        }
        Refusal::HandOver(HandOverRefusal::Expired) => {
            "ce lien a plus de dix minutes : demandez-en un nouveau à la table".into()
        }
        Refusal::HandOver(HandOverRefusal::SeatHere) => {
            "l’appareil de ce joueur est là : sa place y reste".into()
        }
        Refusal::HandOver(HandOverRefusal::SaidNo) => "la table a dit non : vous regardez".into(),
        Refusal::HandOver(HandOverRefusal::AskedTooOften) => {
            "beaucoup de demandes sont venues d’ici récemment : patientez une minute, puis redemandez".into()
        }
    }
}

/// Pourquoi une adresse de lancement ne peut pas être suivie.
pub(super) fn address_refused(error: &AddressError) -> String {
    match error {
        AddressError::Missing { parameter, example } => {
            format!("elle ne donne pas de {parameter} ({example})")
        }
        AddressError::NotOneOf {
            parameter,
            value,
            allowed,
        } => format!("{parameter}=« {value} » n’est pas l’une des valeurs possibles : {allowed}"),
        AddressError::Name(error) => room_refused(error),
        AddressError::Rules(error) => rules_refused(error),
        AddressError::Columns(ColumnsError::Empty) => "columns= : une feuille a au moins une colonne".into(),
        AddressError::Columns(ColumnsError::Twice(column)) => {
            format!(
                "columns= : la colonne « {} » est deux fois sur la feuille",
                column.label().french()
            )
        }
        AddressError::Columns(ColumnsError::Unknown(column)) => {
            format!("columns= : colonne inconnue « {} »", column.0)
        }
        AddressError::MoreComputersThanPlayers { computers, players } => {
            format!("bots= nomme {computers} places pour {players} joueurs")
        }
        AddressError::ComputersNeedAppDice => {
            "les joueurs ordinateurs jouent avec les dés de l’appli (dice=app)".into()
        }
        AddressError::NoEventKey => {
            "le lien de l’événement n’a pas de clé : demandez-la à son organisateur".into()
        }
        AddressError::EmptyHandOver => "handover= ne donne aucun lien qui déplace une place".into(),
    }
}
