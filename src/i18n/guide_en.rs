//! How to play, in English: the phrases the guide is built from.

use fivedice_rules::{Column, HouseRules, Joker, Language, Pattern, Points};

use super::guide::GuidePhrases;

pub(super) static GUIDE: GuidePhrases = GuidePhrases {
    language: Language::English,
    title: |name| format!("How to play {name}"),
    five_alike: "five alike",
    turn_heading: ["A turn", "The Vows"],
    wedding_opening: "Each turn is a promise kept. ",
    turn: [
        "Roll the five dice up to three times. After a roll, tap the dice you want to keep: they stay while the \
         others roll again. Stop whenever you like.",
        "Then write one open cell of your column: what the dice make there, or 0 if they do not make it (Cross \
         out). Every turn fills exactly one cell, so the game lasts as many turns as the sheet has rows.",
        "Playing with your own dice? Roll from the cup the same way, then tap the cell and pick the value, or \
         enter the five dice and let the app count.",
    ],
    upper: |bonus| match bonus {
        Some(bonus) => {
            let even = (bonus.dice_of_each_face()).map(|each| {
                format!(
                    ": {} of each face make exactly {}",
                    number(usize::from(each)),
                    bonus.threshold
                )
            });
            format!(
                "Each cell counts only the dice showing its face. When this part reaches {} the bonus of {} points is \
                 added at once{}.",
                bonus.threshold,
                bonus.points,
                even.unwrap_or_default()
            )
        }
        None => "Each cell counts only the dice showing its face. This sheet has no bonus.".into(),
    },

    in_order: "Then write the next open cell of your column: on this sheet the cells are filled in order, from the \
               top down, one a turn, whatever the dice make there (0 if they do not make it). Aim every roll at \
               that cell.",
    lower: "A cell whose dice are not there scores 0.",
    five_of_a_kind_bonus: |five, points, mark| {
        let mark = mark
            .map(|mark| format!(", a {mark} on the sheet"))
            .unwrap_or_default();
        format!(
            "Every further {five} earns {points} points{mark}, as long as the {five} cell holds its 50 (not a 0). \
             You still fill a cell that turn."
        )
    },
    joker,
    who_starts: "Who starts: each player rolls one die, the highest starts (a tie rolls again); play then goes \
                 round the table. On a score pad the table may roll its own way and choose the first player.",
    end: "The game ends when every sheet is full. The highest grand total wins; equal totals share the win.",
    extras_heading: ["Extras, first player, end", "The Reception", "First player, end"],
    columns_heading: "Playing in columns",
    columns_intro: |columns, turns| {
        format!(
            "Each player fills the same boxes in {columns} columns. Every turn writes exactly one box, in one column \
             whose rule allows it, or crosses one out there: {turns} turns each. Each column has its own upper total \
             and its own bonus; a player's grand total adds up their columns."
        )
    },
    column_rule: |column| {
        match column {
        Column::Down => "↓ Down: from the top box to the bottom one, in order.".into(),
        Column::Free => "↕ Free: any open box, whenever you like.".into(),
        Column::Up => "↑ Up: from the bottom box (the Yam) to the top one, in order.".into(),
        Column::Dry => "1× Dry: only the dice of the turn's first roll, before any reroll.".into(),
        Column::Announced => "! Announced: after the first roll, tap the box you aim for; the turn must then \
                              end there (its value, or crossed out). The first roll may also be written there as \
                              it lies."
            .into(),
    }
    },
    columns_customs: [
        "When only dry boxes (or announced ones, with nothing announced) are left open, there is no reroll: \
         write the first roll.",
        "On a score pad the app does not see the rolls: the table keeps the dry and announced rules itself.",
    ],
    house_rules,
    house_heading: "The first roll, and this table's rules",
    needs,
    pays,
    saved_rolls: [
        "Roll the six dice up to three times. After a roll, tap the dice you want to keep: they stay while the \
         others roll again. Stop whenever you like: the rolls you do not use are saved for your later turns (the \
         sheet shows how many each player has saved), and every turn rolls at least once.",
        "Playing with your own dice? Roll from the cup the same way and count your saved rolls yourselves, then \
         tap the cell and pick the value, or enter the six dice and let the app count.",
    ],
};

/// Generala's house rules as this table plays them.
fn house_rules(house: HouseRules) -> Vec<String> {
    let bonus = house.first_roll_bonus;
    let mut paragraphs = vec![format!(
        "Made on the turn's first roll (\"servida\"), a straight, a full house or a poker scores {bonus} more: \
         {}, {} and {}.",
        20 + bonus,
        30 + bonus,
        40 + bonus
    )];
    paragraphs.push(match house.first_roll_wins {
        true => "A generala made on the first roll wins the game at once, whether or not its box is open: the game \
                 ends there for everyone, and its maker comes first whatever the totals."
            .into(),
        false => "A generala made on the first roll scores like any other generala.".into(),
    });
    paragraphs.push(match house.double {
        true => "Double Generala: a second generala scores 100, once the Generala box holds its 50 (not if it was \
                 crossed out)."
            .into(),
        false => "This table plays no double generala: a second generala goes in another box.".into(),
    });
    if house.ace_after_six {
        paragraphs.push("3-4-5-6-1 counts as a straight too.".into());
    }
    paragraphs
}

/// What a cell asks of the dice.
fn needs(pattern: Pattern, dice: usize) -> String {
    match pattern {
        Pattern::Face { face } => format!("any dice; the {face}s count"),
        Pattern::OfAKind { count: 2 } => "two dice alike".into(),
        Pattern::OfAKind { count } if usize::from(count) == dice => {
            format!("all {} dice alike", number(dice))
        }
        Pattern::OfAKind { count } => format!("at least {count} dice alike"),
        Pattern::TwoPairs => "two pairs of different faces".into(),
        Pattern::ThreePairs => "three pairs of different faces".into(),
        Pattern::Groups { larger, smaller } => format!(
            "{} of one face and {} of another",
            number(larger.into()),
            number(smaller.into())
        ),
        Pattern::FullHouse { five_equal: false } => "three of one face and two of another".into(),
        Pattern::FullHouse { five_equal: true } => {
            "three of one face and two of another (five alike count too)".into()
        }
        Pattern::Run { length: 4 } => "four faces in a row: 1-2-3-4, 2-3-4-5 or 3-4-5-6".into(),
        Pattern::Run { length: 6 } => "all six faces: 1-2-3-4-5-6".into(),
        Pattern::Run { .. } => "five faces in a row: 1-2-3-4-5 or 2-3-4-5-6".into(),
        Pattern::Straight { lowest } if dice > 5 => {
            format!("{}, the sixth die anything", super::guide::straight_faces(lowest))
        }
        Pattern::Straight { lowest } => format!("exactly {}", super::guide::straight_faces(lowest)),
        Pattern::Straights { ace_after_six } => format!(
            "exactly 1-2-3-4-5 or 2-3-4-5-6{}",
            if ace_after_six { ", or 3-4-5-6-1" } else { "" }
        ),
        Pattern::Any => "any dice".into(),
    }
}

/// What a cell scores when the dice make it (0 otherwise).
fn pays(pattern: Pattern, points: Points, dice: usize) -> String {
    match (pattern, points) {
        (Pattern::Face { face }, _) => {
            format!(
                "the sum of the {face}s (up to {})",
                u16::from(face.value()) * dice as u16
            )
        }
        (Pattern::TwoPairs, Points::MatchingDice) => "the sum of the four dice".into(),
        (Pattern::OfAKind { count }, Points::MatchingDice) => format!("the sum of {count} of them"),
        (_, Points::MatchingDice) => "the sum of those dice".into(),
        (_, Points::AllDice) => format!("the sum of all {} dice", number(dice)),
        (_, Points::Fixed(points)) => format!("{points} points"),
    }
}

fn joker(joker: Joker, five: &str) -> String {
    match joker {
        Joker::Forced => format!(
            "Joker rule at this table: forced, the official rule. A further {five} goes in the upper cell of its face \
             if that is open. If it is filled, any open lower cell takes it, and there full house and the straights \
             score in full (25, 30, 40). If the lower cells are all filled too, write 0 in an open upper cell."
        ),
        Joker::Free => format!(
            "Joker rule at this table: free choice. A further {five} may go in any open cell; full house and the \
             straights score in full only once the upper cell of its face is filled."
        ),
        Joker::None => format!(
            "No Joker restriction at this table: a further {five} goes in any open cell, and scores what the dice \
             make there."
        ),
    }
}

/// A count of dice, two to six, in words.
fn number(count: usize) -> &'static str {
    ["two", "three", "four", "five", "six"]
        .get(count.wrapping_sub(2))
        .copied()
        .unwrap_or("")
}
