//! How to play, in Spanish: the phrases the guide is built from.

use fivedice_rules::{Column, HouseRules, Joker, Language, Pattern, Points};

use super::guide::GuidePhrases;

pub(super) static GUIDE: GuidePhrases = GuidePhrases {
    language: Language::Spanish,
    // Generala is feminine, as its players say it; the other games are masculine.
    title: |name| match name {
        "Generala" => format!("Cómo se juega a la {name}"),
        name => format!("Cómo se juega al {name}"),
    },
    five_alike: "cinco iguales",
    turn_heading: ["Un turno", "Los votos"],
    wedding_opening: "Cada turno es una promesa cumplida. ",
    turn: [
        "Tira los cinco dados hasta tres veces. Después de una tirada, toca los dados que quieras guardar: se \
         quedan mientras los demás vuelven a rodar. Para cuando quieras.",
        "Después anota una casilla libre de tu columna: lo que valen ahí los dados, o 0 si no la logran (Tachar). \
         Cada turno llena exactamente una casilla, así que la partida dura tantos turnos como filas tiene la \
         planilla.",
        "¿Juegas con tus propios dados? Tíralos con el cubilete de la misma manera; luego toca la casilla y elige \
         el valor, o ingresa los cinco dados y deja que la app cuente.",
    ],
    upper: |bonus| match bonus {
        Some(bonus) => {
            let even = (bonus.dice_of_each_face()).map(|each| {
                format!(
                    ": {} de cada cara dan exactamente {}",
                    number(usize::from(each)),
                    bonus.threshold
                )
            });
            format!(
                "Cada casilla cuenta solo los dados que muestran su cara. Cuando esta parte llega a {}, se suma \
                 enseguida el bono de {} puntos{}.",
                bonus.threshold,
                bonus.points,
                even.unwrap_or_default()
            )
        }
        None => {
            "Cada casilla cuenta solo los dados que muestran su cara. Esta planilla no tiene bono.".into()
        }
    },

    in_order: "Después anota la siguiente casilla libre de tu columna: en esta planilla las casillas se llenan en \
               orden, de arriba abajo, una por turno, valgan lo que valgan ahí los dados (0 si no la logran). \
               Apunta cada tirada a esa casilla.",
    lower: "Una casilla cuyos dados no salieron vale 0.",
    five_of_a_kind_bonus: |five, points, mark| {
        let mark = mark
            .map(|mark| format!(", un {mark} en la planilla"))
            .unwrap_or_default();
        format!(
            "Cada {five} adicional da {points} puntos{mark}, siempre que la casilla {five} tenga sus 50 (y no un \
             0). Ese turno igual se llena una casilla."
        )
    },
    joker,
    who_starts: "Quién empieza: cada jugador tira un dado y empieza el más alto (si hay empate, se vuelve a \
                 tirar); después se juega por turnos alrededor de la mesa. Con una planilla para dados de verdad, \
                 la mesa puede sortear a su manera y elegir quién empieza.",
    end: "La partida termina cuando todas las planillas están llenas. Gana el total general más alto; si hay \
          empate, se comparte la victoria.",
    extras_heading: [
        "Extras, primer jugador, final",
        "La recepción",
        "Primer jugador, final",
    ],
    columns_heading: "Jugar en columnas",
    columns_intro: |columns, turns| {
        format!(
            "Cada jugador llena las mismas casillas en {columns} columnas. Cada turno anota exactamente una casilla, \
             en una columna cuya regla lo permita, o tacha una allí: {turns} turnos cada uno. Cada columna tiene su \
             propio total superior y su propio bono; el total general de un jugador suma sus columnas."
        )
    },
    column_rule: |column| match column {
        Column::Down => "↓ Descendente: de la casilla de arriba a la de abajo, en orden.".into(),
        Column::Free => "↕ Libre: cualquier casilla libre, cuando quieras.".into(),
        Column::Up => "↑ Ascendente: de la casilla de abajo (el Yam) a la de arriba, en orden.".into(),
        Column::Dry => "1× Seca: solo los dados de la primera tirada del turno, sin volver a tirar.".into(),
        Column::Announced => {
            "! Anunciada: después de la primera tirada, toca la casilla que buscas; el turno \
             debe terminar ahí (con su valor, o tachada). También se puede anotar ahí la \
             primera tirada tal como salió."
                .into()
        }
    },
    columns_customs: [
        "Cuando solo quedan por llenar casillas secas (o anunciadas, sin nada anunciado), no se vuelve a tirar: \
         se anota la primera tirada.",
        "Con una planilla para dados de verdad, la app no ve las tiradas: la mesa misma cuida las reglas de las \
         columnas Seca y Anunciada.",
    ],
    house_rules,
    house_heading: "La servida, y las reglas de esta mesa",
    needs,
    pays,
    saved_rolls: [
        "Tira los seis dados hasta tres veces. Después de una tirada, toca los dados que quieras guardar: se \
         quedan mientras los demás vuelven a rodar. Para cuando quieras: las tiradas que no uses se guardan para \
         tus turnos siguientes (la planilla muestra cuántas tiene guardadas cada jugador), y cada turno tira al \
         menos una vez.",
        "¿Juegas con tus propios dados? Tíralos con el cubilete de la misma manera y lleven ustedes la cuenta de \
         las tiradas guardadas; luego toca la casilla y elige el valor, o ingresa los seis dados y deja que la app \
         cuente.",
    ],
};

/// Generala's house rules as this table plays them.
fn house_rules(house: HouseRules) -> Vec<String> {
    let bonus = house.first_roll_bonus;
    let mut paragraphs = vec![format!(
        "Servidos (hechos en la primera tirada del turno), la escalera, el full y el póker suman {bonus} más: \
         {}, {} y {}.",
        20 + bonus,
        30 + bonus,
        40 + bonus
    )];
    paragraphs.push(match house.first_roll_wins {
        true => {
            "La generala servida gana la partida en el acto, esté o no libre su casilla: la partida termina \
                 ahí para todos y quien la hizo queda primero, sean cuales sean los totales."
                .into()
        }
        false => "La generala servida se anota como cualquier generala.".into(),
    });
    paragraphs.push(match house.double {
        true => {
            "Generala doble: una segunda generala vale 100, una vez que la casilla Generala tiene sus 50 \
                 (no si se tachó)."
                .into()
        }
        false => {
            "En esta mesa no se juega la generala doble: una segunda generala va en otra casilla.".into()
        }
    });
    if house.ace_after_six {
        paragraphs.push("3-4-5-6-1 también cuenta como escalera.".into());
    }
    paragraphs
}

/// What a cell asks of the dice.
fn needs(pattern: Pattern, dice: usize) -> String {
    match pattern {
        Pattern::Face { face } => format!("cualquier tirada; cuentan los {face}"),
        Pattern::OfAKind { count: 2 } => "dos dados iguales".into(),
        Pattern::OfAKind { count } if usize::from(count) == dice => {
            format!("los {} dados iguales", number(dice))
        }
        Pattern::OfAKind { count } => format!("al menos {count} dados iguales"),
        Pattern::TwoPairs => "dos pares de caras distintas".into(),
        Pattern::ThreePairs => "tres pares de caras distintas".into(),
        Pattern::Groups { larger, smaller } => format!(
            "{} de una cara y {} de otra",
            number(larger.into()),
            number(smaller.into())
        ),
        Pattern::FullHouse { five_equal: false } => "tres de una cara y dos de otra".into(),
        Pattern::FullHouse { five_equal: true } => {
            "tres de una cara y dos de otra (cinco iguales también cuentan)".into()
        }
        Pattern::Run { length: 4 } => "cuatro caras seguidas: 1-2-3-4, 2-3-4-5 o 3-4-5-6".into(),
        Pattern::Run { length: 6 } => "las seis caras: 1-2-3-4-5-6".into(),
        Pattern::Run { .. } => "cinco caras seguidas: 1-2-3-4-5 o 2-3-4-5-6".into(),
        Pattern::Straight { lowest } if dice > 5 => format!(
            "{}, el sexto dado cualquiera",
            super::guide::straight_faces(lowest)
        ),
        Pattern::Straight { lowest } => format!("exactamente {}", super::guide::straight_faces(lowest)),
        Pattern::Straights { ace_after_six } => format!(
            "exactamente 1-2-3-4-5 o 2-3-4-5-6{}",
            if ace_after_six { ", o 3-4-5-6-1" } else { "" }
        ),
        Pattern::Any => "cualquier tirada".into(),
    }
}

/// What a cell scores when the dice make it (0 otherwise).
fn pays(pattern: Pattern, points: Points, dice: usize) -> String {
    match (pattern, points) {
        (Pattern::Face { face }, _) => {
            format!(
                "la suma de los {face} (hasta {})",
                u16::from(face.value()) * dice as u16
            )
        }
        (Pattern::TwoPairs, Points::MatchingDice) => "la suma de los cuatro dados".into(),
        (Pattern::OfAKind { count }, Points::MatchingDice) => format!("la suma de {count} de ellos"),
        (_, Points::MatchingDice) => "la suma de esos dados".into(),
        (_, Points::AllDice) => format!("la suma de los {} dados", number(dice)),
        (_, Points::Fixed(points)) => format!("{points} puntos"),
    }
}

fn joker(joker: Joker, five: &str) -> String {
    match joker {
        Joker::Forced => format!(
            "Regla del Joker en esta mesa: obligatoria, la regla oficial. Un {five} adicional va en la casilla de \
             su cara en la sección superior, si está libre. Si está llena, va en cualquier casilla libre de abajo, \
             donde el full y las escaleras valen sus puntos completos (25, 30, 40). Si también están llenas todas \
             las de abajo, anota 0 en una casilla libre de arriba."
        ),
        Joker::Free => format!(
            "Regla del Joker en esta mesa: libre elección. Un {five} adicional puede ir en cualquier casilla libre; \
             el full y las escaleras valen sus puntos completos solo cuando la casilla de su cara en la sección \
             superior ya está llena."
        ),
        Joker::None => format!(
            "Sin restricción de Joker en esta mesa: un {five} adicional va en cualquier casilla libre y vale lo que \
             valgan ahí los dados."
        ),
    }
}

/// A count of dice, two to six, in words.
fn number(count: usize) -> &'static str {
    ["dos", "tres", "cuatro", "cinco", "seis"]
        .get(count.wrapping_sub(2))
        .copied()
        .unwrap_or("")
}
