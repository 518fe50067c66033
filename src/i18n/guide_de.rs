//! How to play, in German: the phrases the guide is built from.

use fivedice_rules::{Column, HouseRules, Joker, Language, Pattern, Points};

use super::guide::GuidePhrases;

pub(super) static GUIDE: GuidePhrases = GuidePhrases {
    language: Language::German,
    title: |name| format!("So wird {name} gespielt"),
    five_alike: "fünf Gleiche",
    turn_heading: ["Ein Zug", "Das Eheversprechen"],
    wedding_opening: "Jeder Zug ist ein gehaltenes Versprechen. ",
    turn: [
        "Würfle die fünf Würfel bis zu dreimal. Tippe nach einem Wurf die Würfel an, die du behalten willst: Sie \
         bleiben liegen, während die anderen neu gewürfelt werden. Hör auf, wann du willst.",
        "Trag dann in ein freies Feld deiner Spalte ein, was die Würfel dort ergeben, oder 0, wenn sie es nicht \
         ergeben (Streichen). Jeder Zug füllt genau ein Feld: Das Spiel dauert also so viele Züge, wie der Block \
         Zeilen hat.",
        "Spielst du mit eigenen Würfeln? Würfle genauso aus dem Becher, tippe dann auf das Feld und wähle den Wert, \
         oder gib die fünf Würfel ein und lass die App zählen.",
    ],
    upper: |bonus| match bonus {
        Some(bonus) => {
            let even = (bonus.dice_of_each_face()).map(|each| {
                let times = capitalised(number(usize::from(each)));
                format!(": {times}mal jede Augenzahl ergibt genau {}", bonus.threshold)
            });
            format!(
                "Jedes Feld zählt nur die Würfel mit seiner Augenzahl. Erreicht dieser Teil {}, kommt sofort der \
                 Bonus von {} Punkten dazu{}.",
                bonus.threshold,
                bonus.points,
                even.unwrap_or_default()
            )
        }
        None => "Jedes Feld zählt nur die Würfel mit seiner Augenzahl. Dieser Block hat keinen Bonus.".into(),
    },

    in_order: "Trag dann ins nächste freie Feld deiner Spalte ein: Auf diesem Block werden die Felder der Reihe \
               nach gefüllt, von oben nach unten, eines pro Zug, mit dem, was die Würfel dort ergeben (0, wenn sie \
               es nicht ergeben). Richte jeden Wurf auf dieses Feld aus.",
    lower: "Zeigen die Würfel nicht, was ein Feld verlangt, zählt es 0.",
    five_of_a_kind_bonus: |five, points, mark| {
        let mark = mark
            .map(|mark| format!(", ein {mark} auf dem Block"))
            .unwrap_or_default();
        format!(
            "Jeder weitere Wurf „{five}“ bringt {points} Punkte{mark}, solange im Feld „{five}“ die 50 steht (keine \
             0). Ein Feld füllst du in diesem Zug trotzdem."
        )
    },
    joker,
    who_starts: "Wer beginnt: Jeder würfelt mit einem Würfel, die höchste Zahl beginnt (bei Gleichstand wird noch \
                 mal gewürfelt); dann geht es reihum. Beim Block für echte Würfel kann die Runde auf ihre eigene Art \
                 auslosen und den ersten Spieler wählen.",
    end: "Das Spiel endet, wenn alle Blöcke voll sind. Die höchste Endsumme gewinnt; bei gleicher Summe wird der \
          Sieg geteilt.",
    extras_heading: [
        "Extras, wer beginnt, Spielende",
        "Der Empfang",
        "Wer beginnt, Spielende",
    ],
    columns_heading: "In Spalten spielen",
    columns_intro: |columns, turns| {
        format!(
            "Jeder Spieler füllt dieselben Felder in {columns} Spalten. Jeder Zug trägt genau ein Feld ein, in einer \
             Spalte, deren Regel es erlaubt, oder streicht dort eines: {turns} Züge für jeden. Jede Spalte hat ihre \
             eigene Summe oben und ihren eigenen Bonus; die Endsumme eines Spielers zählt seine Spalten zusammen."
        )
    },
    column_rule: |column| {
        match column {
        Column::Down => "↓ Abwärts: vom obersten Feld zum untersten, der Reihe nach.".into(),
        Column::Free => "↕ Frei: jedes freie Feld, wann du willst.".into(),
        Column::Up => "↑ Aufwärts: vom untersten Feld (dem Yam) zum obersten, der Reihe nach.".into(),
        Column::Dry => "1× Trocken: nur die Würfel des ersten Wurfs im Zug, ohne Nachwürfeln.".into(),
        Column::Announced => "! Angesagt: Tippe nach dem ersten Wurf das Feld an, auf das du zielst; der Zug muss \
                              dann dort enden (mit seinem Wert oder gestrichen). Der erste Wurf darf dort auch so \
                              eingetragen werden, wie er liegt."
            .into(),
    }
    },
    columns_customs: [
        "Sind nur noch trockene Felder frei (oder angesagte, ohne Ansage), wird nicht nachgewürfelt: Trag den \
         ersten Wurf ein.",
        "Beim Block für echte Würfel sieht die App die Würfe nicht: Die Runde achtet selbst auf die Regeln für \
         „Trocken“ und „Angesagt“.",
    ],
    house_rules,
    house_heading: "Der erste Wurf, und die Regeln dieses Tisches",
    needs,
    pays,
    saved_rolls: [
        "Würfle die sechs Würfel bis zu dreimal. Tippe nach einem Wurf die Würfel an, die du behalten willst: \
         Sie bleiben liegen, während die anderen neu gewürfelt werden. Hör auf, wann du willst: Nicht genutzte Würfe \
         werden für deine späteren Züge aufgehoben (der Block zeigt, wie viele jeder aufgehoben hat), und jeder Zug \
         würfelt mindestens einmal.",
        "Spielst du mit eigenen Würfeln? Würfle genauso aus dem Becher und zählt die aufgehobenen Würfe selbst, \
         tippe dann auf das Feld und wähle den Wert, oder gib die sechs Würfel ein und lass die App zählen.",
    ],
};

/// Generala's house rules as this table plays them.
fn house_rules(house: HouseRules) -> Vec<String> {
    let bonus = house.first_roll_bonus;
    let mut paragraphs = vec![format!(
        "Im ersten Wurf des Zugs gemacht („servida“), bringen Straße, Full House und Poker {bonus} Punkte mehr: \
         {}, {} und {}.",
        20 + bonus,
        30 + bonus,
        40 + bonus
    )];
    paragraphs.push(match house.first_roll_wins {
        true => "Eine Generala im ersten Wurf gewinnt das Spiel sofort, ob ihr Feld noch frei ist oder nicht: \
                 Das Spiel endet dort für alle, und wer sie geworfen hat, ist Erster, egal wie die Summen stehen."
            .into(),
        false => "Eine Generala im ersten Wurf zählt wie jede andere.".into(),
    });
    paragraphs.push(match house.double {
        true => "Doppel-Generala: Eine zweite Generala bringt 100, sobald im Feld Generala ihre 50 stehen (nicht, \
                 wenn es gestrichen wurde)."
            .into(),
        false => "An diesem Tisch gibt es keine Doppel-Generala: Eine zweite Generala kommt in ein anderes Feld."
            .into(),
    });
    if house.ace_after_six {
        paragraphs.push("Auch 3-4-5-6-1 zählt als Straße.".into());
    }
    paragraphs
}

/// What a cell asks of the dice.
fn needs(pattern: Pattern, dice: usize) -> String {
    match pattern {
        Pattern::Face { face } => format!("beliebige Würfel; es zählen die {face}er"),
        Pattern::OfAKind { count: 2 } => "zwei gleiche Würfel".into(),
        Pattern::OfAKind { count } if usize::from(count) == dice => {
            format!("alle {} Würfel gleich", number(dice))
        }
        Pattern::OfAKind { count } => format!("mindestens {count} gleiche Würfel"),
        Pattern::TwoPairs => "zwei Paare mit verschiedener Augenzahl".into(),
        Pattern::ThreePairs => "drei Paare mit verschiedener Augenzahl".into(),
        Pattern::Groups { larger, smaller } => format!(
            "{} gleiche und {} andere gleiche Würfel",
            number(larger.into()),
            number(smaller.into())
        ),
        Pattern::FullHouse { five_equal: false } => "drei gleiche und zwei andere gleiche Würfel".into(),
        Pattern::FullHouse { five_equal: true } => {
            "drei gleiche und zwei andere gleiche Würfel (fünf gleiche zählen auch)".into()
        }
        Pattern::Run { length: 4 } => "vier Augenzahlen in Folge: 1-2-3-4, 2-3-4-5 oder 3-4-5-6".into(),
        Pattern::Run { length: 6 } => "alle sechs Augenzahlen: 1-2-3-4-5-6".into(),
        Pattern::Run { .. } => "fünf Augenzahlen in Folge: 1-2-3-4-5 oder 2-3-4-5-6".into(),
        Pattern::Straight { lowest } if dice > 5 => format!(
            "{}, der sechste Würfel beliebig",
            super::guide::straight_faces(lowest)
        ),
        Pattern::Straight { lowest } => format!("genau {}", super::guide::straight_faces(lowest)),
        Pattern::Straights { ace_after_six } => format!(
            "genau 1-2-3-4-5 oder 2-3-4-5-6{}",
            if ace_after_six { ", oder 3-4-5-6-1" } else { "" }
        ),
        Pattern::Any => "beliebige Würfel".into(),
    }
}

/// What a cell scores when the dice make it (0 otherwise).
fn pays(pattern: Pattern, points: Points, dice: usize) -> String {
    match (pattern, points) {
        (Pattern::Face { face }, _) => {
            format!(
                "die Summe der {face}er (bis {})",
                u16::from(face.value()) * dice as u16
            )
        }
        (Pattern::TwoPairs, Points::MatchingDice) => "die Summe der vier Würfel".into(),
        (Pattern::OfAKind { count }, Points::MatchingDice) => {
            format!("die Summe der {count} gleichen Würfel")
        }
        (_, Points::MatchingDice) => "die Summe dieser Würfel".into(),
        (_, Points::AllDice) => format!("die Summe aller {} Würfel", number(dice)),
        (_, Points::Fixed(points)) => format!("{points} Punkte"),
    }
}

fn joker(joker: Joker, five: &str) -> String {
    match joker {
        Joker::Forced => format!(
            "Joker-Regel an diesem Tisch: Pflicht, die offizielle Regel. Ein weiterer Wurf „{five}“ kommt ins obere \
             Feld seiner Augenzahl, wenn es frei ist. Ist es belegt, kommt er in ein freies Feld im unteren Teil, \
             und dort zählen Full House und die Straßen voll (25, 30, 40). Sind auch alle unteren Felder belegt, \
             trag eine 0 in ein freies oberes Feld ein."
        ),
        Joker::Free => format!(
            "Joker-Regel an diesem Tisch: freie Wahl. Ein weiterer Wurf „{five}“ darf in jedes freie Feld; Full \
             House und die Straßen zählen erst voll, wenn das obere Feld seiner Augenzahl belegt ist."
        ),
        Joker::None => format!(
            "Keine Joker-Einschränkung an diesem Tisch: Ein weiterer Wurf „{five}“ kommt in ein beliebiges freies \
             Feld und zählt, was die Würfel dort ergeben."
        ),
    }
}

/// A count of dice, two to six, in words.
fn number(count: usize) -> &'static str {
    ["zwei", "drei", "vier", "fünf", "sechs"]
        .get(count.wrapping_sub(2))
        .copied()
        .unwrap_or("")
}

/// A word with its first letter in capitals ("drei" to "Drei").
fn capitalised(word: &str) -> String {
    let mut letters = word.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}
