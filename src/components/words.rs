//! How the app says a move in words, shared by the hint, the coach and the analysis.

use fivedice_rules::{Move, Ruleset};

/// A move in plain words: "Keep 6-6-6", "Roll all five again", "Sixes".
pub fn describe(ruleset: &Ruleset, choice: &Move) -> String {
    match choice {
        Move::Keep(faces) if faces.is_empty() => "Roll all five again".into(),
        Move::Keep(faces) if faces.len() == fivedice_rules::DICE => "Keep all five".into(),
        Move::Keep(faces) => {
            let faces: Vec<String> = faces.iter().rev().map(|face| face.to_string()).collect();
            format!("Keep {}", faces.join("-"))
        }
        Move::Cell(category) => ruleset
            .cell(*category)
            .map_or_else(|| category.id().to_string(), |cell| cell.label.to_string()),
    }
}
