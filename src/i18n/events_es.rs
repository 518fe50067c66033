//! Español: las palabras de los eventos (en el fragmento de los eventos).

use super::EventWords;

pub static EVENT_WORDS: EventWords = EventWords {
    opening: "Abriendo el evento…",
    you_organise: |name| format!("Organizas «{name}»"),
    tables_join: "Las mesas se unen aquí",
    tables_join_how: "Cada mesa escanea este código con la tableta o el móvil donde anota, pone los nombres de sus jugadores y empieza.",
    invite_code: "Código QR de la invitación de las mesas",
    screen: "La pantalla grande",
    screen_how: "Abre este enlace en la televisión o el proyector: muestra la clasificación y no cambia nada.",
    open_screen: "Abrir la pantalla grande",
    close_event: "Cerrar el evento",
    close_how: "Ninguna mesa nueva puede unirse; las mesas en juego terminan su partida.",
    closed: "El evento está cerrado: las mesas que siguen jugando terminan su partida.",
    name_taken: "Ya hay un evento abierto con ese nombre: elige otro.",
    no_server: "Los eventos necesitan el servidor de salas (make serve): esta dirección no lo tiene.",
    no_event: "No hay ningún evento con ese nombre aquí.",
    not_organiser_here: "Solo el dispositivo que abrió este evento puede cerrarlo.",
    results: "Resultados",
    best_total: "Mejor puntuación",
    most_all_alike: |name| format!("Más {name}"),
    best_turn: "Mejor tirada",
    export_csv: "Exportar la clasificación (CSV)",
    print: "Imprimir",
    rank: "#",
    player: "Jugador",
    table: "Mesa",
    total: "Total",
    boxes_left: "Casillas libres",
    tables_playing: |count| match count {
        1 => "1 mesa jugando".to_string(),
        _ => format!("{count} mesas jugando"),
    },
    waiting_for_tables: "Esperando a la primera mesa…",
    scan_to_join: "Escanea para unir tu mesa",
    upper_bonus: "¡Bonificación superior!",
    wins_table: |table| format!("¡gana en {table}!"),
    reconnecting: "Reconectando…",
    table_of: |name| format!("Una mesa de «{name}»"),
    event_game: |game| format!("El juego del evento: {game}"),
    not_for_event: "No es para este evento",
    table_n: |number| format!("Mesa {number}"),
    handed_in: "El evento tiene todas las casillas",
    handing_in: "Enviando al evento…",
    offline_catching_up: "Sin conexión: el evento se pone al día cuando vuelva la red",
    refused: |code| match code {
        "wrong_key" => {
            "El evento no aceptó esta mesa: el enlace no es el suyo. Pide el código al organizador."
        }
        "closed" => "El evento está cerrado: esta mesa juega por su cuenta.",
        "other_rules" => "El evento juega a otro juego: esta mesa juega por su cuenta.",
        "full" => "El evento tiene todas sus mesas: esta mesa juega por su cuenta.",
        "no_event" => "El evento no está en este servidor: esta mesa juega por su cuenta.",
        _ => "El evento no aceptó esta mesa: juega por su cuenta.",
    },
};
