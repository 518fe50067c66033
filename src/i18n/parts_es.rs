//! Spanish: the words of the parts fetched as chunks of their own (rooms, the analysis, the statistics, a
//! hint, the score pad, the chances to win, Generala's house rules).

use fivedice_rules::RulesetId;

use super::es::{plural, rolls_left};
use super::{
    AnalysisWords, HintWords, HouseWords, NewsWords, OddsWords, PadWords, ParWords, RoomWords, SettingsWords,
    StatisticsWords,
};

/// The room's phrases (in the rooms chunk).
pub static ROOM_WORDS: RoomWords = RoomWords {
    server_dice: "El servidor de la sala tira los dados de la app, los mismos para todos los dispositivos.",
    table_game: "El juego de esta mesa",
    events_game: "Todas las mesas del evento juegan su juego, con estas reglas.",
    room_title: |name| format!("Sala «{name}»"),
    room_offline: "Sin conexión: reconectando…",
    joining: "Entrando…",
    type_your_name: "Escribe tu nombre para sentarte a esta mesa.",
    join_room_of: |host, room| match host {
        Some(host) => format!("Entrar a la sala «{room}» de {host}"),
        None => format!("Entrar a la sala «{room}»"),
    },
    watching: "Mirando",
    you_host: "Eres el anfitrión: elige el juego y empieza cuando estén todos.",
    waiting_for: |host| format!("Esperando a que {host} empiece la partida."),
    waiting_for_host: "Esperando al anfitrión.",
    add_computer: "Agregar una computadora",
    remove_computer: |name| format!("Quitar a {name}"),
    computer_level: "Nivel de la computadora que se agrega",
    someone_else_here: "Otra persona en este dispositivo",
    their_name: "Su nombre",
    join_too: "Entrar también",
    players_missing: |missing| match missing {
        1 => "Falta 1 jugador para empezar.".into(),
        missing => format!("Faltan {missing} jugadores para empezar."),
    },
    start_game: "Empezar la partida",
    leave_room: "← Salir de la sala",
    tag_host: "anfitrión",
    tag_you: "tú",
    tag_your_turn: "tu turno",
    tag_computer: "computadora",
    tag_stand_in: "juega la computadora",
    tag_away: "ausente",
    let_computer_play: "Que juegue la computadora",
    computer_plays_turn: "La computadora juega este turno",
    stand_in_level: "Nivel de la computadora que juega en su lugar",
    give_seat_back: "Devolver el lugar",
    move_to_another_device: |name| format!("Pasar a {name} a otro dispositivo"),
    hand_over_how: |name| {
        format!(
            "Abre este enlace en el nuevo dispositivo, o apunta su cámara al código: toma el lugar de {name} donde va la partida. Sirve una vez, durante diez minutos."
        )
    },
    hand_over_code: "Código QR del enlace que mueve el lugar",
    moved_elsewhere: |name| format!("{name} juega ahora en otro dispositivo: este mira."),
    waits_for_away: |name| {
        format!(
            "El dispositivo de {name} está ausente: pasa a {name} a otro dispositivo, o que juegue la computadora."
        )
    },
    ask_to_come_back: "Soy yo: pedir volver",
    asked_to_come_back: "Pedido: la mesa te dejará entrar.",
    asks_to_come_back: |name| format!("{name} pide volver en un dispositivo nuevo"),
    let_in: "Dejar entrar",
    say_no: "No",
    online_room: "Sala en línea",
    room_bar_offline: "sin conexión — reconectando…",
    room_bar_watching: "mirando",
    came_late: "Esta partida empezó antes de que llegaras: la estás mirando, cada tirada y cada casilla a medida que se juegan.",
    choose_another_name: "Elige otro nombre para entrar",
    invite: "Invitar",
    invite_code: "Código QR de la dirección de la sala",
    invite_how: "Apunta la cámara de un teléfono al código, o envía el enlace: abre esta sala.",
    copy_link: "Copiar el enlace",
    link_copied: "Se copió el enlace de la sala: pégalo en un mensaje.",
    link_not_copied: "No se pudo copiar el enlace aquí: mantenlo presionado para copiarlo.",
    dice_sealed: "Dados que cualquiera puede comprobar:",
    dice_sealed_how: "Antes de la primera tirada el servidor se comprometió con el secreto del que salen sus dados; al final lo revela y este dispositivo comprueba cada tirada.",
    dice_checked: |rolls| format!("Dados comprobados ✓ — las {rolls} tiradas salen del secreto sellado"),
    dice_check_failed: |seq| {
        format!("La comprobación de los dados falló: la jugada {seq} no sale del secreto sellado")
    },
};

pub static ANALYSIS_WORDS: AnalysisWords = AnalysisWords {
    turns_by_computer: |turns, of| {
        format!(
            "{turns} de {of} turnos jugado{} por la computadora",
            if turns == 1 { "" } else { "s" }
        )
    },
    nothing_to_regret: "Nada que lamentar: cada decisión fue la mejor, o quedó a menos de una décima de punto de ella.",
    how_it_went: "Cómo fue la partida",
    kept_legend: " los dados guardados; ",
    best_keeps_legend: " los dados que guarda la mejor jugada.",
    measured_against: "Los puntos perdidos se miden contra el juego perfecto en solitario: lo mejor para el puntaje de cada jugador.",
    expected_lost: |points| format!("{points} puntos esperados perdidos"),
    in_decisions: |made| format!(" en {}", plural(made, "decisión", "decisiones")),
    rest_failed: |reason| format!(" (no se pudo calcular el resto: {reason})"),
    still_working: " (todavía calculando algunas…)",
    round_dice_rolls: |round, dice, left| format!("Ronda {round}, dados {dice}, {}: ", rolls_left(left)),
    best_was: |play, best, lost| format!("{play} — lo mejor: {best} (−{lost})"),
    die_position: |die, face, kept, best| {
        format!(
            "Dado {die}: {face}{}{}",
            if kept { ", guardado" } else { "" },
            if best { ", la mejor jugada lo guarda" } else { "" }
        )
    },
};

pub static STATISTICS_WORDS: StatisticsWords = StatisticsWords {
    statistics: "Estadísticas",
    player: "Jugador",
    games: "Partidas",
    wins: "Victorias",
    best: "Mejor",
    average: "Promedio",
    upper_bonus: "Bono superior",
    five_of_a_kinds: |ruleset| match ruleset {
        RulesetId::Yahtzee => "Yahtzees",
        RulesetId::Yardzee => "Lunas de miel",
        RulesetId::Yam => "Yams",
        RulesetId::Yatzy | RulesetId::ForcedYatzy => "Yatzys",
        RulesetId::Yacht => "Yachts",
        RulesetId::Generala => "Generalas",
        RulesetId::MaxiYatzy => "Maxi Yatzys",
    },
    scores_over_games: |games, ruleset| match games {
        1 => format!("Puntajes de la última partida de {ruleset}"),
        games => format!("Puntajes de las últimas {games} partidas de {ruleset}"),
    },
};

pub static HINT_WORDS: HintWords = HintWords {
    best_option: |play, points| format!("{play} — lo mejor: unos {points} puntos al final"),
    best_estimated: |play| format!("{play} — la mejor opción"),
    behind_best: |play, points| format!("{play}: {points} puntos menos al final"),
    hint_honesty: "Los puntos con los que puedes esperar terminar si juegas lo mejor posible desde aquí: para tu propio puntaje, no para tus probabilidades de ganarles a los demás.",
    hint_win_honesty: "Tu probabilidad de terminar primero frente a los puntajes actuales de los demás, si desde \
                       aquí juegan por su mejor puntaje.",
    win_option: |play, percent| format!("{play}: {percent} de ganar"),
    hint_estimate: [
        "Aproximada en el Yam por columnas: nadie puede calcular el juego exacto sobre varias columnas, \
                    así que cada columna se valora como si se jugara sola y el turno se juega por su suma. Un buen \
                    consejo, no uno perfecto.",
        "Aproximada en el Maxi Yatzy: seis dados, veinte casillas y las tiradas guardadas son demasiado para un \
         cálculo exacto en un dispositivo, así que este consejo pesa lo que suele valer cada casilla, el bono y las \
         tiradas que guardas. Un buen consejo, no uno perfecto.",
    ],
};

pub static PAD_WORDS: PadWords = PadWords {
    first_player: "Primer jugador",
    or_roll_off: "O sortea con tus propios dados: ingresa el dado de cada jugador, y empieza el más alto.",
    highest_starts: "Empieza el más alto",
    tied_roll_again: |names| format!("Empate en el más alto: {names} vuelven a tirar."),
    type_every_die: "Primero ingresa el dado de cada jugador.",
    enter_dice: |dice| {
        format!(
            "Ingresa los {} dados que salieron",
            if dice == 6 { "seis" } else { "cinco" }
        )
    },
    remove_last_die: "Quitar el último dado",
    a_face: |face| format!("Un {face}"),
};

pub static ODDS_WORDS: OddsWords = OddsWords {
    hint_for_score: "Mejor puntaje",
    hint_for_win: "Para ganar",
    odds_title: "Probabilidades de ganar",
    odds_honesty: "Si desde aquí todos juegan por su mejor puntaje.",
};

pub static HOUSE_WORDS: HouseWords = HouseWords {
    house_rules: "Reglas de la casa",
    first_roll_bonus: "Escalera, full y póker servidos",
    first_roll_wins: "La generala servida gana",
    double: "Generala doble (100)",
    ace_after_six: "3-4-5-6-1 también es escalera",
};

pub static SETTINGS_WORDS: SettingsWords = SettingsWords {
    theme: "Tema",
    system: "Como este dispositivo",
    light: "Claro",
    dark: "Oscuro",
    touch: "Tacto y sonido",
    vibrate: "Vibrar al tirar, guardar un dado y anotar",
    sound: "El sonido de los dados",
    shake: "Agitar el teléfono para tirar",
    shake_refused: "Este dispositivo no permitió leer su movimiento: agitarlo no tirará.",
};

pub static PAR_WORDS: ParWords = ParWords {
    explain: |each, threshold| {
        let pace = match each {
            Some(each) => {
                format!("{each} dados de cada cara en la sección superior suman {threshold}: el bono")
            }
            None => {
                format!("Una parte igual de {threshold} para cada cara de la sección superior da el bono")
            }
        };
        format!(
            "{pace}. Bajo cada jugador: cuánto están sus casillas superiores ya escritas por encima (+) o por \
             debajo (−) de ese ritmo. ✓ una vez ganado el bono."
        )
    },
};

pub static NEWS_WORDS: NewsWords = NewsWords {
    rolled: |name, faces, held| match held.is_empty() {
        true => format!("{name} tiró {faces}."),
        false => format!("{name} tiró {faces}; guardados: {held}."),
    },
    held: |die, face| format!("Dado {die} guardado: {face}."),
    released: |die, face| format!("Dado {die} soltado: {face}."),
    entered: |name, faces| format!("Dados de {name}: {faces}."),
    announced: |name, cell| format!("{name} anuncia {cell}."),
    crossed_out: |name, cell| format!("{name} tacha {cell}."),
    undone: |name, cell, points| match points {
        Some(points) => format!("Deshecho: {points} de {name} en {cell}."),
        None => format!("Deshecho: el anuncio de {cell} de {name}."),
    },
    turn: |name| format!("Turno de {name}."),
    over: |names, count, total| match count {
        1 => format!("Fin de la partida: gana {names} con {total}."),
        _ => format!("Fin de la partida: ganan {names} con {total}."),
    },
    and: " y ",
};
