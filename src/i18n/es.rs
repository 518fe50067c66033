//! Español.

use fivedice_rules::{Column, Joker, JokerCall, Label, Language, Points};

use super::{Words, refusals_es as refusals};
use crate::engine::EngineError;
use crate::storage::SaveRefused;
use crate::table::saved::FileError;

pub(super) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

pub(super) fn rolls_left(left: u8) -> String {
    match left {
        0 => "no quedan tiradas".into(),
        1 => "queda 1 tirada".into(),
        left => format!("quedan {left} tiradas"),
    }
}

pub static WORDS: Words = Words {
    speaks: Language::Spanish,
    labels: Label::spanish,
    decimal_mark: ',',
    percent: |number| format!("{number}\u{a0}%"),
    date_time: |year, month, day, hour, minute| {
        format!("{day:02}/{month:02}/{year:04} {hour:02}:{minute:02}")
    },

    tagline: "Generala, Yahtzee, Yardzee, Yam, Yatzy, Maxi Yatzy y Yacht — alrededor de una tableta.",
    language: "Idioma",
    new_game: "Nueva partida",
    game: "Juego",
    sheet: "Planilla",
    one_column: "Una columna",
    in_columns: "En columnas (Yam por columnas)",
    columns_in_order: "Columnas, en el orden en que las tocas",
    no_column: "Elige al menos una columna.",
    joker_rule: "Regla del Joker",
    joker_forced: "Obligatoria (oficial)",
    joker_free: "Libre elección",
    joker_none: "Sin restricción de Joker",
    dice: "Dados",
    app_dice: "Los dados de la app",
    own_dice: "Nuestros propios dados (solo planilla)",
    table_name: "Nombre de la mesa",
    players: "Jugadores",
    player_n: |seat| format!("Jugador {seat}"),
    player_n_name: |seat| format!("Nombre del jugador {seat}"),
    player_n_is: |seat| format!("El jugador {seat} es"),
    a_person: "Una persona",
    bot_with_mean: |level, mean| format!("Computadora {level} · ~{mean} pts"),
    winner_computer: "Computadora ganadora · juega para ganar",
    bot: |level| format!("Computadora {level}"),
    computer_player: |level| format!("Jugador: computadora {level}"),
    level_winner: "ganadora",
    level_optimal: "óptima",
    level_strong: "fuerte",
    level_casual: "fácil",
    bots_move: "Las computadoras juegan",
    pace_slow: "Despacio",
    pace_calm: "Con calma",
    pace_quick: "Rápido",
    pace_instant: "Al instante",
    bots_aim: "La ganadora es la más difícil de vencer: juega para terminar primera. Las demás buscan su mejor puntaje (los puntos que hacen en promedio); la óptima juega un solitario perfecto.",
    add_player: "Agregar jugador",
    remove_player: "Quitar jugador",
    start: "Empezar",

    games_in_progress: "Partidas en curso",
    table_summary: |ruleset, players, round, rounds, turn| {
        format!("{ruleset} · {players} · ronda {round} de {rounds} · turno de {turn}")
    },
    last_played: |when| format!("Jugada el {when}"),
    delete: "Borrar",
    delete_this_game: "¿Borrar esta partida?",
    keep: "Conservar",
    finished_games: "Partidas terminadas",
    finished: "Terminada",
    table: "Mesa",
    scores: "Puntajes",
    share: "Compartir",
    your_games_as_file: "Tus partidas, en un archivo",
    games_live_here: "Las partidas se guardan en este navegador. Expórtalas para tener una copia o pasarlas a otro dispositivo.",
    export_all: "Exportar todo",
    import_file: "Importar un archivo",
    unreadable_kept: "No se pudieron leer algunos datos guardados. Quedan apartados, intactos: ",
    download_it: "descárgalos",
    storage_nearly_full: |tenths, quota| {
        format!(
            "El espacio de este navegador para la app está casi lleno (unos {},{} de {quota} MB): exporta tus partidas para tener una copia.",
            tenths / 10,
            tenths % 10
        )
    },

    perfect_title: "¿Qué tan bien se puede jugar?",
    perfect_intro: "El motor de estrategia calcula en este dispositivo la mejor jugada para cada situación y te dice el puntaje promedio de un jugador perfecto en solitario.",
    work_it_out: "Calcular",
    n_of_total: |done, total| format!("{done} de {total}"),
    perfect_averages: "Un jugador perfecto hace en promedio ",
    points_at: |ruleset| format!(" puntos en {ruleset} "),
    worked_out_in: |seconds| format!("(calculado en {seconds} s)"),
    read_from_device_in: |seconds| format!("(leído de este dispositivo en {seconds} s)"),

    play_online: "Jugar en línea",
    looking_for_server: "Buscando un servidor de salas…",
    no_room_server: "Esta dirección no ofrece salas en línea: juega en este dispositivo, pasándolo de un jugador a otro.",
    rooms_need_network: "Estás sin conexión: las salas en línea necesitan la red. Mientras tanto, juega en este dispositivo.",
    same_room_name: "Cada uno en su propio dispositivo: escribe el mismo nombre de sala que los demás para sentarte a la misma mesa.",
    your_name: "Tu nombre",
    room_name: "Nombre de la sala",
    join: "Entrar",
    organise_event: "Organizar un evento: muchas mesas, una pantalla grande",
    your_event: |name| format!("Tu evento «{name}»"),
    computer_n: |seat| format!("Computadora {seat}"),
    not_your_seat_here: "Este dispositivo no tiene ese lugar.",
    not_sent_offline: "Sin conexión con la sala: la jugada no se envió. Reconectando…",
    not_this_devices_turn: "No es el turno de este dispositivo.",

    tables: "← Mesas",
    turn: "Turno",
    turn_tools: "Ayudas para el turno",
    pass_to: |name| format!("Pásale el turno a {name}"),
    pad_dice_entered: |name| format!("Turno de {name} — dados ingresados: toca una casilla"),
    pad_tap_cell: |name| format!("Turno de {name} — toca una casilla para anotar el puntaje"),
    roll_the_dice: |name| format!("Turno de {name} — tira los dados"),
    roll_n_of: |name, used, all| format!("Turno de {name} — tirada {used} de {all}"),
    choose_cell: |name, used, all| format!("Turno de {name} — tirada {used} de {all}: elige una casilla"),
    roll_for: |name, label, used, all| match used {
        0 => format!("Turno de {name} — tira para «{label}»"),
        used => format!("Turno de {name} — tirada {used} de {all} para «{label}»"),
    },
    die_n_face: |die, face| format!("Dado {die}: {face}"),
    die_n_blank: |die| format!("Dado {die}: sin tirar"),
    clear_dice: "Borrar dados",
    who_starts: "¿Quién empieza? ",
    tie_roll_again: " — empate, tiren otra vez: ",
    starts: |name| format!("Empieza {name}."),
    rolled: |name, face| format!("{name} sacó {face}"),
    undo_cell: |name, cell, points| format!("Deshacer {cell} de {name} ({points})"),
    dice_tray: "Dados",
    no_rolls_left: "Sin tiradas",
    reconnecting: "Reconectando…",
    roll_first: |rolls| format!("Tirar ({})", rolls_left(rolls)),
    roll_again: |left| format!("Volver a tirar ({})", rolls_left(left)),
    held: "GUARDADO",
    joker_in_force: |joker| match joker {
        Joker::Forced => "Joker: obligatorio (oficial)",
        Joker::Free => "Joker: libre elección",
        Joker::None => "Joker sin restricción",
    },

    joker_call: |call, five, upper| match call {
        JokerCall::UpperCell(_) => format!("{five} con {upper} libre: debe ir en {upper}."),
        JokerCall::LowerCell(_) => {
            format!(
                "Joker: la casilla {upper} está llena, así que va en una casilla libre de abajo; el full y las escaleras valen sus puntos completos."
            )
        }
        JokerCall::ZeroAbove(_) => {
            format!(
                "Joker: la casilla {upper} y las de abajo están llenas: un 0 en una casilla libre de arriba."
            )
        }
        JokerCall::NaturalWhileOpen(_) => {
            format!(
                "Joker: cualquier casilla libre; el full y las escaleras valen sus puntos completos solo cuando la casilla {upper} esté llena."
            )
        }
        JokerCall::FullValue(_) => {
            "Joker: cualquier casilla libre; el full y las escaleras valen sus puntos completos.".into()
        }
    },

    score_sheet: "Planilla de puntos",
    upper_total: "Total superior",
    lower_total: "Total inferior",
    grand_total: "Total general",
    saved_rolls: "Tiradas guardadas",
    bonus_at: |points, threshold| format!("Bono (+{points} desde {threshold})"),
    par_row: |each| match each {
        Some(each) => format!("Meta ({each} de cada)"),
        None => "Meta".into(),
    },
    bonus_earned: "Bono ganado",
    more_for_bonus: |needed| match needed {
        1 => "Falta 1 para el bono".into(),
        needed => format!("Faltan {needed} para el bono"),
    },
    cell_scores: |cell, value| format!("{cell}: anotar {value}"),
    cell_write: |cell| format!("{cell}: anotar un puntaje"),
    announce_offer: "Anunciar",
    announce_explained: |cell| {
        format!(
            "Anunciar {cell}: sigues tirando para lograrla, y este turno termina en esta casilla, con lo que valgan ahí los dados (0 si no la logran). «Deshacer» lo anula hasta que vuelvas a tirar."
        )
    },
    write_now: |points| format!("Anotar {points} ahora"),
    announced_status: |name, cell, used, rolls| format!("{name} anunció {cell} — tirada {used} de {rolls}"),
    view_sheet: "Planilla",
    by_computer: |turns| plural(turns, "turno jugado", "turnos jugados") + " por la computadora",
    columns_legend: "Las columnas",
    column_in_short: |column| match column {
        Column::Down => "casillas en orden, de arriba abajo",
        Column::Free => "cualquier casilla, en cualquier orden",
        Column::Up => "casillas en orden, de abajo arriba",
        Column::Dry => "solo con la primera tirada del turno",
        Column::Announced => "anuncia la casilla tras la primera tirada y luego tira por ella",
    },
    type_value: "Escribir el valor",
    shared_as_download: |name| {
        format!(
            "Se guardó en las descargas de este dispositivo como {name}: envía ese archivo a quien quieras; se abre con Importar en Five Dice."
        )
    },
    joker_summary: |rule| format!("{rule} · cambiar"),
    bots_need_app_dice: "Las computadoras tiran los dados de la app: elige «Los dados de la app» para sumar una.",
    points_short: |points| match points {
        Points::Fixed(points) => points.to_string(),
        Points::AllDice => "total de los dados".into(),
        Points::MatchingDice => "total de esos dados".into(),
    },
    coach_for: |name| format!("Entrenador de {name}:"),
    wrote: |name, points, cell| format!("{name} anotó {points} en {cell}."),
    their_turn: |name, used, rolls| match used {
        0 => format!("Turno de {name}"),
        _ => format!("Turno de {name} — tirada {used} de {rolls}"),
    },
    computer_turn: |name, used, rolls| match used {
        0 => format!("{name} (computadora) está jugando…"),
        _ => format!("{name} (computadora) está jugando — tirada {used} de {rolls}"),
    },
    undo_announcement: |name, cell| format!("Deshacer el anuncio de {name} ({cell})"),

    cross_out: "Tachar",
    crossed_out: "Tachada (0)",
    bonus_toggle: |points, mark| match mark {
        Some(mark) => format!("+{points} bono {mark}"),
        None => format!("+{points} bono Yahtzee"),
    },
    enter_dice: "Ingresar dados",
    cancel: "Cancelar",
    confirm: "Confirmar",

    game_over: "Fin de la partida",
    won_on_first_roll: |name| format!("¡{name} gana con generala servida!"),
    on_first_roll: |value| format!("{value} · primera tirada"),
    first_roll_toggle: "Servida (gana)",
    saves_rolls: |saved| {
        format!(
            "Anotar ahora guarda {} para tus turnos siguientes.",
            plural(usize::from(saved), "tirada", "tiradas")
        )
    },
    winner: "Ganó",
    rematch: "Revancha",

    hint: "Pista",

    hint_needs_dice: "Para una pista, toca una casilla e ingresa los dados",
    working_out: "Calculando la mejor jugada…",
    odds_on: "Probabilidades de ganar: visibles",
    odds_off: "Probabilidades de ganar: ocultas",
    coach_switch: |name, on| {
        format!(
            "Entrenador de {name}: {}",
            if on { "activado" } else { "desactivado" }
        )
    },
    best_play: |play| format!("{play}: la mejor jugada."),
    gave_up: |play, points, best| format!("{play}: {points} puntos perdidos (la mejor: {best})."),
    lost_so_far: |points| format!("{points} puntos perdidos hasta ahora."),
    keep_faces: |faces| format!("Guardar {faces}"),
    roll_all_again: "Volver a tirar todos los dados",
    keep_all: "Guardar todos los dados",
    announce_cell: |cell| format!("Anunciar {cell}"),

    dismiss: "Cerrar el mensaje",
    new_version: "Hay una nueva versión lista.",
    update_now: "Actualizar",
    later: "Más tarde",
    changed_in_other_tab: "Esta partida cambió en otra pestaña: se muestra su último estado.",
    cannot_save: "Este navegador no deja que la app guarde partidas: sigue jugando, pero si recargas, se pierde la partida.",
    earlier_saves_wait: "Las partidas guardadas con una versión anterior de Five Dice se abrirán cuando la app tenga conexión: se conservan.",
    save_refused: |refused| match refused {
        SaveRefused::NoStorage => "Este navegador no guarda partidas aquí.",
        SaveRefused::FullOrBlocked => {
            "El almacenamiento del navegador está lleno o bloqueado: las partidas no se están guardando."
        }
    },
    unreadable_found: |problem| {
        let reason = &problem.reason;
        let kept = match problem.kept_aside {
            true => "Se apartaron: descárgalos desde la pantalla de inicio.",
            false => "No se tocaron.",
        };
        match problem.recovered {
            true => format!(
                "No se pudieron leer datos guardados ({reason}); en su lugar se leyó su copia anterior. {kept}"
            ),
            false => format!("No se pudieron leer datos guardados ({reason}). {kept}"),
        }
    },
    update_app: "Esta mesa usa una versión más nueva de Five Dice: recarga la app para actualizarla.",
    nothing_imported: |reason| format!("No se importó nada: {reason}."),
    imported: |games, tables, already| {
        format!(
            "Importadas: {} y {}; {}.",
            plural(games, "partida terminada", "partidas terminadas"),
            plural(tables, "partida en curso", "partidas en curso"),
            plural(already, "ya estaba aquí", "ya estaban aquí"),
        )
    },
    file_refused: |error| match error {
        FileError::NotFiveDice => "no es un archivo de Five Dice".into(),
        FileError::UnknownFormat(Some(format)) => format!("no se reconoce el formato de archivo {format}"),
        FileError::UnknownFormat(None) => "el archivo no indica su formato".into(),
        FileError::Damaged(what) => format!("parte del archivo está dañada ({what})"),
    },
    export_to_keep: "Exporta tus partidas para conservarlas.",
    engine_failed: |error| match error {
        EngineError::CannotStart => "el motor de estrategia no puede iniciar en este navegador".into(),
        EngineError::Stopped => {
            "el motor de estrategia se detuvo (un navegador antiguo, o la app no se descargó completa)".into()
        }
        EngineError::Unreachable => "no se pudo contactar al motor de estrategia".into(),
        EngineError::Unreadable(why) => {
            format!("no se pudo leer la respuesta del motor de estrategia ({why})")
        }
        EngineError::WrongAnswer => "el motor de estrategia respondió otra pregunta".into(),
        EngineError::NoAdvice => "no llegó ningún consejo".into(),
        EngineError::NoDice => "primero tira los dados".into(),
        EngineError::Refused(why) => format!("el motor de estrategia no pudo responder ({why})"),
    },
    coach_failed: |reason| format!("El entrenador no pudo juzgar una decisión: {reason}"),
    computer_failed: |reason| format!("Una computadora no pudo jugar: {reason}"),
    refusal: refusals::refusal,
    setup_refused: refusals::setup_refused,
    bad_address: |reason| format!("No se puede seguir esta dirección: {reason}."),

    how_to_play: "Cómo se juega",
    close: "Cerrar",
    settings: "Ajustes",
    fetching: "Cargando…",
    not_fetched_offline: "Esta parte de la app necesita la red la primera vez que se abre, y este dispositivo no tiene conexión.",
    try_again: "Reintentar",
};
