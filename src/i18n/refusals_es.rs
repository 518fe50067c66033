//! Why a move, a table or a room is refused, in Spanish: every reason of the rules and of the room.

use super::BoxName;
use crate::launch::AddressError;
use fivedice_room::{HandOverRefusal, Refusal, RoomError, Trouble};
use fivedice_rules::{Column, ColumnsError, DiceMode, GameError, MAX_NAME_CHARS, RulesError, SetupError};

pub(super) fn refused(error: &GameError, name: BoxName) -> String {
    match error {
        GameError::GameOver => "la partida terminó".into(),
        GameError::NoRollsLeft => "no quedan tiradas en este turno: elige una casilla".into(),
        GameError::NotRolled => "primero tira los dados".into(),
        GameError::NoSuchDie(die) => format!("no hay dado {die} (los dados van de 0 a 4)"),
        GameError::WrongDiceCount { expected, got } => format!("este juego se juega con {expected} dados, no con {got}"),
        GameError::AlreadyHeld(die) => format!("el dado {die} ya está guardado"),
        GameError::NotHeld(die) => format!("el dado {die} no está guardado"),
        GameError::HeldDieChanged(die) => format!("una tirada no puede cambiar el dado guardado {die}"),
        GameError::NotInRuleset(category) => format!("esta planilla no tiene la casilla «{}»", name(*category)),
        GameError::CellFilled(category) => format!("la casilla «{}» ya está llena", name(*category)),
        GameError::JokerForbids { category, allowed } => {
            let allowed: Vec<String> = allowed.iter().map(|&cell| name(cell)).collect();
            format!(
                "la regla del Joker prohíbe «{}» en esta tirada; se permiten: {}",
                name(*category),
                allowed.join(", ")
            )
        }
        GameError::WrongMode(DiceMode::App) => "esta partida se juega con los dados de la app".into(),
        GameError::WrongMode(DiceMode::Pad) => {
            "esta partida es una planilla para dados de verdad".into()
        }
        GameError::DiceEntered => {
            "hay dados ingresados: anótalos, o bórralos para escribir un valor".into()
        }
        GameError::ValueNotOffered { category, value } => {
            format!("la casilla «{}» no puede valer {value}", name(*category))
        }
        GameError::NoFirstRollRule => "este juego no paga nada más por la primera tirada".into(),
        GameError::SecondFiveFirst { five_of_a_kind } => format!(
            "la generala doble paga solo cuando la casilla «{}» tiene sus puntos",
            name(*five_of_a_kind)
        ),
        GameError::NoBonus => "no hay bono posible: la casilla de cinco iguales no tiene 50".into(),
        GameError::NothingToUndo => "no hay nada que deshacer".into(),
        GameError::UndoTooLate => "ya es tarde para deshacer: empezó el turno siguiente".into(),
        GameError::FirstSeatFixed => "ya se decidió quién empieza: la partida comenzó".into(),
        GameError::RollOffMismatch => "ese sorteo no hace empezar a ese jugador".into(),
        GameError::NoCrossingOut => {
            "en esta planilla solo se tacha una casilla que los dados no logran".into()
        }
        GameError::NoSuchSeat(seat) => format!("no hay lugar {seat}"),
        GameError::NoSuchColumn(column) => {
            format!("esta planilla no tiene columna «{}»", column.label().spanish())
        }
        GameError::OutOfOrder {
            column: Column::Free,
            next,
        } => format!(
            "esta planilla se llena en orden, de arriba abajo: la siguiente es «{}»",
            name(*next)
        ),
        GameError::OutOfOrder { column, next } => format!(
            "la columna «{}» se llena en orden: la siguiente es «{}»",
            column.label().spanish(),
            name(*next)
        ),
        GameError::DryAfterReroll => {
            "la columna seca solo acepta la primera tirada, sin volver a tirar".into()
        }
        GameError::NotAnnounced => {
            "después de volver a tirar, la columna anunciada solo acepta la casilla anunciada tras la primera tirada"
                .into()
        }
        GameError::AnnouncementBinds(category) => format!(
            "se anunció «{}»: el turno termina en esa casilla de la columna anunciada",
            name(*category)
        ),
        GameError::AnnounceAfterFirstRoll => "se anuncia justo después de la primera tirada".into(),
        GameError::WriteNow => {
            "solo quedan casillas que aceptan la primera tirada: anota (o anuncia) ahora, sin volver a tirar".into()
        }
    }
}

pub(super) fn setup_refused(error: &SetupError) -> String {
    match error {
        SetupError::PlayerCount { count, min, max } => {
            format!("{count} jugadores: este juego es de {min} a {max} jugadores")
        }
        SetupError::EmptyName { seat } => format!("el jugador {} no tiene nombre", seat + 1),
        SetupError::NameTooLong { seat } => {
            format!(
                "el nombre del jugador {} tiene más de {MAX_NAME_CHARS} caracteres",
                seat + 1
            )
        }
        SetupError::DuplicateName(name) => {
            format!("dos jugadores se llaman «{name}» (con mayúsculas sigue siendo el mismo nombre)")
        }
        SetupError::NoSuchSeat(seat) => format!("no hay lugar {seat} para empezar"),
    }
}

fn rules_refused(error: &RulesError) -> String {
    match error {
        RulesError::UnknownJoker(id) => {
            format!("regla del Joker desconocida «{id}» (conocidas: forced, free, none)")
        }
        RulesError::NoJoker(ruleset) => format!("{ruleset} no tiene regla del Joker"),
        RulesError::NoBonus(ruleset) => format!("{ruleset} no tiene bono Yahtzee"),
        RulesError::NoColumns(ruleset) => format!("{ruleset} se juega en una sola columna"),
        RulesError::NotInRuleset(category, ruleset) => {
            format!("{ruleset} no tiene la casilla «{}»", category.id())
        }
        RulesError::ValueNotOffered(category, value) => {
            format!("la casilla «{}» no puede valer {value}", category.id())
        }
        RulesError::FilledTwice(category) => format!("la casilla «{}» está llena dos veces", category.id()),
        RulesError::FilledOutOfOrder { filled, open } => format!(
            "la planilla se llena en orden: «{}» está llena mientras que «{}», más arriba, está libre",
            filled.id(),
            open.id()
        ),
        RulesError::NoHouseRules(ruleset) => format!("{ruleset} no tiene reglas de la casa"),
        RulesError::FirstRollBonus(bonus) => {
            format!("una casilla hecha en la primera tirada suma 5 o 10 más, no {bonus}")
        }
        RulesError::UpperBonus(ruleset, bonus) => {
            format!(
                "{ruleset} no juega un bono de {} a los {}",
                bonus.points, bonus.threshold
            )
        }
    }
}

/// Seats are numbered from 1 for the players.
fn room_refused(error: &RoomError) -> String {
    match error {
        RoomError::RoomNameEmpty => "una sala necesita un nombre".into(),
        RoomError::RoomNameTooLong => {
            format!(
                "un nombre de sala tiene como máximo {} caracteres",
                fivedice_room::MAX_ROOM_NAME_CHARS
            )
        }
        RoomError::RoomNameControl => "un nombre de sala no puede contener caracteres de control".into(),
        RoomError::PlayerNameEmpty => "un jugador necesita un nombre".into(),
        RoomError::PlayerNameTooLong => {
            format!("un nombre de jugador tiene como máximo {MAX_NAME_CHARS} caracteres")
        }
        RoomError::PlayerNameControl => "un nombre de jugador no puede contener caracteres de control".into(),
        RoomError::NameTaken(name) => format!("alguien en esta sala ya se llama «{name}»"),
        RoomError::RoomFull { max } => format!("la sala está llena: este juego es para {max} como máximo"),
        RoomError::Started => "la partida ya empezó; pide una sala nueva".into(),
        RoomError::NotInLobby => "la partida ya empezó: eso solo se podía hacer antes".into(),
        RoomError::NotStarted => "la partida todavía no empezó".into(),
        RoomError::GameOver => "la partida terminó".into(),
        RoomError::NotHost => "solo el anfitrión puede hacer eso".into(),
        RoomError::NoSuchSeat(seat) => format!("no hay lugar {} en esta sala", seat + 1),
        RoomError::NotYourTurn { seat } => format!("es el turno del lugar {}, no el tuyo", seat + 1),
        RoomError::ComputerPlays { seat } => {
            format!(
                "una computadora juega en el lugar {}: primero recupera el lugar",
                seat + 1
            )
        }
        RoomError::Stale { .. } => {
            "la partida cambió antes de que llegara tu toque: mira de nuevo y vuelve a intentarlo".into()
        }
        RoomError::TooManyForRules {
            ruleset,
            players,
            max,
        } => format!("{ruleset} se juega con {max} como máximo, y hay {players} sentados"),
        RoomError::NotAwayLongEnough { seat, away_ms: None } => {
            format!(
                "el lugar {} está conectado: una computadora no puede tomarlo",
                seat + 1
            )
        }
        RoomError::NotAwayLongEnough {
            seat,
            away_ms: Some(away),
        } => format!(
            "el lugar {} está ausente desde hace {} s; una computadora puede tomarlo después de {} s",
            seat + 1,
            away / 1000,
            fivedice_room::TAKE_OVER_AFTER_MS / 1000
        ),
        RoomError::AlreadyComputer { seat } => format!("una computadora ya juega en el lugar {}", seat + 1),
        RoomError::NotComputer { seat } => {
            format!(
                "una persona ocupa el lugar {}: solo se puede quitar una computadora",
                seat + 1
            )
        }
        RoomError::NoStandIn { seat } => {
            format!(
                "ninguna computadora está reemplazando al jugador del lugar {}",
                seat + 1
            )
        }
        RoomError::DiceAreDrawn => "la sala es la que tira los dados".into(),
        RoomError::EventsGame => "esta sala es una mesa de un evento y juega el juego del evento".into(),
        RoomError::DiceRevealed => {
            "los dados se revelaron al final: las casillas de la partida son definitivas".into()
        }
        RoomError::Game(error) => refused(error, &|category| category.id().to_string()),
        RoomError::Rules(error) => rules_refused(error),
        RoomError::Setup(error) => setup_refused(error),
        RoomError::OutOfOrder { .. } | RoomError::Inconsistent(_) => {
            "el registro de la sala no coincide con el de este dispositivo: se vuelve a cargar".into()
        }
    }
}

pub(super) fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Room(error) => room_refused(error),
        Refusal::NotYourSeat => "este dispositivo no tiene ese lugar".into(),
        Refusal::NoRoom => "no hay ninguna sala abierta en esta conexión".into(),
        Refusal::AlreadyInRoom => "esta conexión ya está en una sala".into(),
        Refusal::RateLimited => "demasiados mensajes: espera un momento".into(),
        Refusal::BadMessage => "el servidor no entendió este mensaje".into(),
        Refusal::TooBig { max_bytes } => format!("un mensaje tiene como máximo {max_bytes} bytes"),
        Refusal::TooManyRooms => {
            "el servidor tiene demasiadas salas abiertas; vuelve a intentarlo más tarde".into()
        }
        Refusal::RoomDamaged => {
            "el registro de esta sala está dañado: ya no se puede jugar en ella; abre una sala nueva para volver a jugar"
                .into()
        }
        Refusal::NewRoomsLimited => {
            "se abrieron muchas salas desde aquí hace poco; espera unos minutos y vuelve a intentarlo".into()
        }
        Refusal::Unavailable(Trouble::NotLoaded) => "no se pudo cargar la sala; vuelve a intentarlo".into(),
        Refusal::Unavailable(Trouble::NotSaved) => "no se pudo guardar la jugada; vuelve a intentarlo".into(),
        Refusal::Unavailable(Trouble::NoRandomness) => "no hay azar para los dados; vuelve a intentarlo".into(),
        Refusal::HandOver(HandOverRefusal::Unknown) => "este enlace no mueve ningún lugar de esta sala".into(),
        Refusal::HandOver(HandOverRefusal::Used) => "este enlace ya se abrió: pide uno nuevo a la mesa".into(),
        Refusal::HandOver(HandOverRefusal::Expired) => {
            "este enlace tiene más de diez minutos: pide uno nuevo a la mesa".into()
        }
        Refusal::HandOver(HandOverRefusal::SeatHere) => {
            "el dispositivo de ese jugador está aquí: su lugar sigue allí".into()
        }
        Refusal::HandOver(HandOverRefusal::SaidNo) => "la mesa dijo que no: estás mirando".into(),
        Refusal::HandOver(HandOverRefusal::AskedTooOften) => {
            "llegaron muchas peticiones desde aquí hace poco: espera un minuto y vuelve a pedirlo".into()
        }
    }
}

/// Por qué no se puede seguir una dirección de inicio.
pub(super) fn address_refused(error: &AddressError) -> String {
    match error {
        AddressError::Missing { parameter, example } => format!("no indica {parameter} ({example})"),
        AddressError::NotOneOf {
            parameter,
            value,
            allowed,
        } => format!("{parameter}=«{value}» no es uno de los valores posibles: {allowed}"),
        AddressError::Name(error) => room_refused(error),
        AddressError::Rules(error) => rules_refused(error),
        AddressError::Columns(ColumnsError::Empty) => {
            "columns=: una planilla tiene al menos una columna".into()
        }
        AddressError::Columns(ColumnsError::Twice(column)) => {
            format!(
                "columns=: la columna «{}» está dos veces en la planilla",
                column.label().spanish()
            )
        }
        AddressError::Columns(ColumnsError::Unknown(column)) => {
            format!("columns=: columna desconocida «{}»", column.0)
        }
        AddressError::MoreComputersThanPlayers { computers, players } => {
            format!("bots= indica {computers} lugares para {players} jugadores")
        }
        AddressError::ComputersNeedAppDice => {
            "los jugadores de la computadora juegan con los dados de la app (dice=app)".into()
        }
        AddressError::NoEventKey => {
            "el enlace del evento no tiene clave: pídasela a quien lo organiza".into()
        }
        AddressError::EmptyHandOver => "handover= no indica ningún enlace que mueva un lugar".into(),
    }
}
