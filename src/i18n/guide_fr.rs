//! How to play, in French: the phrases the guide is built from.

use fivedice_rules::{Column, HouseRules, Joker, Language, Pattern, Points};

use super::guide::GuidePhrases;

pub(super) static GUIDE: GuidePhrases = GuidePhrases {
    language: Language::French,
    // Generala is feminine, as its players say it; the other games are masculine.
    title: |name| match name {
        "Generala" => format!("Comment jouer à la {name}"),
        name => format!("Comment jouer au {name}"),
    },
    five_alike: "cinq pareils",
    turn_heading: ["Un tour", "Les vœux"],
    wedding_opening: "Chaque tour est une promesse tenue. ",
    turn: [
        "Lancez les cinq dés jusqu’à trois fois. Après un lancer, touchez les dés à garder : ils restent pendant \
         que les autres sont relancés. Arrêtez quand vous voulez.",
        "Puis écrivez une case libre de votre colonne : ce que les dés y font, ou 0 s’ils ne la font pas \
         (Barrer). Chaque tour remplit une seule case : la partie dure autant de tours que la feuille a de lignes.",
        "Vous jouez avec vos propres dés ? Lancez-les au gobelet de la même façon, puis touchez la case et \
         choisissez la valeur, ou saisissez les cinq dés et l’appli compte.",
    ],
    upper: |bonus| match bonus {
        Some(bonus) => {
            let even = (bonus.dice_of_each_face()).map(|each| {
                format!(
                    "\u{a0}: {} de chaque face font exactement {}",
                    number(usize::from(each)),
                    bonus.threshold
                )
            });
            format!(
                "Chaque case ne compte que les dés de sa face. Dès que cette partie atteint {}, la prime de {} points \
                 s’ajoute{}.",
                bonus.threshold,
                bonus.points,
                even.unwrap_or_default()
            )
        }
        None => "Chaque case ne compte que les dés de sa face. Cette feuille n’a pas de prime.".into(),
    },

    in_order: "Puis écrivez la case libre suivante de votre colonne : sur cette feuille, les cases se remplissent \
               dans l’ordre, de haut en bas, une par tour, quoi que les dés y fassent (0 s’ils ne la font pas). \
               Visez-la à chaque lancer.",
    lower: "Une case dont les dés ne sont pas là vaut 0.",
    five_of_a_kind_bonus: |five, points, mark| {
        let mark = mark
            .map(|mark| format!(", un {mark} sur la feuille"))
            .unwrap_or_default();
        format!(
            "Chaque nouveau {five} rapporte {points} points{mark}, tant que la case {five} vaut 50 (et pas 0). Ce \
             tour-là, on remplit quand même une case."
        )
    },
    joker,
    who_starts: "Qui commence : chacun lance un dé, le plus fort commence (en cas d’égalité, on relance) ; on \
                 joue ensuite chacun son tour. Sur une feuille de marque, la table peut tirer au sort à sa façon \
                 et choisir le premier.",
    end: "La partie s’arrête quand toutes les feuilles sont pleines. Le plus grand total général gagne ; à \
          égalité, la victoire se partage.",
    extras_heading: [
        "Primes, premier joueur, fin",
        "La réception",
        "Premier joueur, fin",
    ],
    columns_heading: "Jouer en colonnes",
    columns_intro: |columns, turns| {
        format!(
            "Chaque joueur remplit les mêmes cases dans {columns} colonnes. Chaque tour inscrit une seule case, dans \
             une colonne dont la règle le permet, ou la barre : {turns} tours chacun. Chaque colonne a son total du \
             haut et sa prime ; le total général d’un joueur additionne ses colonnes."
        )
    },
    column_rule: |column| {
        match column {
        Column::Down => "↓ Descendante : de la case du haut à celle du bas, dans l’ordre.".into(),
        Column::Free => "↕ Libre : n’importe quelle case libre, quand on veut.".into(),
        Column::Up => "↑ Montante : de la case du bas (le Yam) à celle du haut, dans l’ordre.".into(),
        Column::Dry => "1× Sèche : seulement les dés du premier lancer du tour, sans relance.".into(),
        Column::Announced => "! Annoncée : après le premier lancer, touchez la case visée ; le tour doit alors \
                              finir là (sa valeur, ou barrée). On peut aussi y inscrire le premier lancer tel \
                              quel."
            .into(),
    }
    },
    columns_customs: [
        "Quand il ne reste que des cases sèches (ou annoncées, sans annonce) à remplir, on ne relance pas : on \
         inscrit le premier lancer.",
        "Sur une feuille de marque, l’appli ne voit pas les lancers : la table veille elle-même aux règles sèche \
         et annoncée.",
    ],
    house_rules,
    house_heading: "Le premier lancer, et les règles de cette table",
    needs,
    pays,
    saved_rolls: [
        "Lancez les six dés jusqu’à trois fois. Après un lancer, touchez les dés à garder\u{a0}: ils restent \
         pendant que les autres sont relancés. Arrêtez quand vous voulez\u{a0}: les lancers non utilisés sont \
         gardés pour vos tours suivants (la feuille montre combien chacun en a de côté), et chaque tour lance au \
         moins une fois.",
        "Vous jouez avec vos propres dés\u{a0}? Lancez-les au gobelet de la même façon et comptez vous-mêmes vos \
         lancers gardés, puis touchez la case et choisissez la valeur, ou saisissez les six dés et l’appli compte.",
    ],
};

/// Generala's house rules as this table plays them.
fn house_rules(house: HouseRules) -> Vec<String> {
    let bonus = house.first_roll_bonus;
    let mut paragraphs = vec![format!(
        "Faits au premier lancer du tour (« servida »), une suite, un full ou un poker rapportent {bonus} de \
         plus\u{a0}: {}, {} et {}.",
        20 + bonus,
        30 + bonus,
        40 + bonus
    )];
    paragraphs.push(match house.first_roll_wins {
        true => "Une generala faite au premier lancer gagne la partie sur-le-champ, que sa case soit libre ou \
                 non\u{a0}: la partie s’arrête là pour tout le monde, et son auteur est premier quels que soient \
                 les totaux."
            .into(),
        false => "Une generala faite au premier lancer compte comme une autre.".into(),
    });
    paragraphs.push(match house.double {
        true => {
            "Double Generala\u{a0}: une deuxième generala rapporte 100, une fois que la case Generala vaut \
                 ses 50 (pas si elle a été barrée)."
                .into()
        }
        false => {
            "Pas de double generala à cette table\u{a0}: une deuxième generala s’écrit dans une autre case."
                .into()
        }
    });
    if house.ace_after_six {
        paragraphs.push("3-4-5-6-1 compte aussi comme une suite.".into());
    }
    paragraphs
}

/// Ce qu’une case demande aux dés.
fn needs(pattern: Pattern, dice: usize) -> String {
    match pattern {
        Pattern::Face { face } => format!("n’importe quels dés ; les {face} comptent"),
        Pattern::OfAKind { count: 2 } => "deux dés pareils".into(),
        Pattern::OfAKind { count } if usize::from(count) == dice => {
            format!("les {} dés pareils", number(dice))
        }
        Pattern::OfAKind { count } => format!("au moins {count} dés pareils"),
        Pattern::TwoPairs => "deux paires de faces différentes".into(),
        Pattern::ThreePairs => "trois paires de faces différentes".into(),
        Pattern::Groups { larger, smaller } => format!(
            "{} dés d’une face et {} d’une autre",
            number(larger.into()),
            number(smaller.into())
        ),
        Pattern::FullHouse { five_equal: false } => "trois dés d’une face et deux d’une autre".into(),
        Pattern::FullHouse { five_equal: true } => {
            "trois dés d’une face et deux d’une autre (cinq pareils comptent aussi)".into()
        }
        Pattern::Run { length: 4 } => "quatre faces qui se suivent : 1-2-3-4, 2-3-4-5 ou 3-4-5-6".into(),
        Pattern::Run { length: 6 } => "les six faces\u{a0}: 1-2-3-4-5-6".into(),
        Pattern::Run { .. } => "cinq faces qui se suivent : 1-2-3-4-5 ou 2-3-4-5-6".into(),
        Pattern::Straight { lowest } if dice > 5 => format!(
            "{}, le sixième dé quelconque",
            super::guide::straight_faces(lowest)
        ),
        Pattern::Straight { lowest } => format!("exactement {}", super::guide::straight_faces(lowest)),
        Pattern::Straights { ace_after_six } => format!(
            "exactement 1-2-3-4-5 ou 2-3-4-5-6{}",
            if ace_after_six { ", ou 3-4-5-6-1" } else { "" }
        ),
        Pattern::Any => "n’importe quels dés".into(),
    }
}

/// Ce que vaut une case quand les dés la font (0 sinon).
fn pays(pattern: Pattern, points: Points, dice: usize) -> String {
    match (pattern, points) {
        (Pattern::Face { face }, _) => {
            format!(
                "la somme des {face} (jusqu’à {})",
                u16::from(face.value()) * dice as u16
            )
        }
        (Pattern::TwoPairs, Points::MatchingDice) => "la somme des quatre dés".into(),
        (Pattern::OfAKind { count }, Points::MatchingDice) => format!("la somme de {count} d’entre eux"),
        (_, Points::MatchingDice) => "la somme de ces dés".into(),
        (_, Points::AllDice) => format!("la somme des {} dés", number(dice)),
        (_, Points::Fixed(points)) => format!("{points} points"),
    }
}

fn joker(joker: Joker, five: &str) -> String {
    match joker {
        Joker::Forced => format!(
            "Règle du Joker à cette table : imposée, la règle officielle. Un nouveau {five} va dans la case du haut \
             de sa face si elle est libre. Si elle est remplie, il va dans une case libre du bas, où le full et les \
             suites valent alors leurs points pleins (25, 30, 40). Si le bas est plein aussi, on écrit 0 dans une \
             case libre du haut."
        ),
        Joker::Free => format!(
            "Règle du Joker à cette table : au choix. Un nouveau {five} va dans n’importe quelle case libre ; le \
             full et les suites ne valent leurs points pleins qu’une fois remplie la case du haut de sa face."
        ),
        Joker::None => format!(
            "Joker sans restriction à cette table : un nouveau {five} va dans n’importe quelle case libre et y vaut \
             ce que font les dés."
        ),
    }
}

/// A count of dice, two to six, in words.
fn number(count: usize) -> &'static str {
    ["deux", "trois", "quatre", "cinq", "six"]
        .get(count.wrapping_sub(2))
        .copied()
        .unwrap_or("")
}
