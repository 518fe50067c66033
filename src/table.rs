//! A table: one game with its name, its dice and its roll for the first player — what is saved after every change.

use fivedice_rules::{DiceMode, FirstPlayerRoll, Game, Rules, SetupError};
use serde::{Deserialize, Serialize};

use crate::dice_source::DiceSource;

/// The version of the saved-table format.
pub const TABLE_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub id: String,
    /// The "room": defaults to the date.
    pub name: String,
    /// Milliseconds since 1970, from the browser clock.
    pub created_ms: f64,
    pub updated_ms: f64,
    pub game: Game,
    pub dice: DiceSource,
    pub first_player_roll: FirstPlayerRoll,
}

impl Table {
    /// Seats the players, rolls for who starts (with the table's own dice) and opens the game.
    pub fn new(
        name: String,
        rules: Rules,
        mode: DiceMode,
        players: &[String],
        seed: Option<u64>,
        now_ms: f64,
    ) -> Result<Table, SetupError> {
        // Checked before the roll-off so a bad table fails without using any dice.
        Game::new(rules, mode, players, 0)?;
        let mut dice = DiceSource::new(seed);
        let first_player_roll = FirstPlayerRoll::roll(players.len(), &mut || dice.face());
        let game = Game::new(rules, mode, players, first_player_roll.first_seat)?;
        Ok(Table {
            id: format!(
                "{}-{}",
                now_ms as u64,
                seed.unwrap_or_else(|| u64::from(dice.face().value()))
            ),
            name,
            created_ms: now_ms,
            updated_ms: now_ms,
            game,
            dice,
            first_player_roll,
        })
    }

    /// The saved form: the table inside a versioned envelope.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "format": TABLE_FORMAT, "table": self }).to_string()
    }

    /// Reads a saved table, refusing anything this version did not write.
    pub fn from_json(raw: &str) -> Result<Table, String> {
        #[derive(Deserialize)]
        struct Envelope {
            format: u32,
            table: serde_json::Value,
        }
        let envelope: Envelope =
            serde_json::from_str(raw).map_err(|error| format!("not a saved table: {error}"))?;
        if envelope.format != TABLE_FORMAT {
            return Err(format!("saved table format {} is not known", envelope.format));
        }
        serde_json::from_value(envelope.table).map_err(|error| format!("saved table is damaged: {error}"))
    }
}

/// A finished game as the history keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub table_id: String,
    pub table_name: String,
    pub finished_ms: f64,
    pub game: Game,
}

#[cfg(test)]
mod tests {
    use fivedice_rules::RulesetId;

    use super::*;

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn a_seeded_table_rolls_for_the_first_player_and_round_trips() {
        let rules = Rules::new(RulesetId::Yahtzee);
        let table = Table::new(
            "Kitchen".into(),
            rules,
            DiceMode::App,
            &names(&["A", "B", "C"]),
            Some(5),
            1e12,
        )
        .unwrap();
        assert!(!table.first_player_roll.rounds.is_empty());
        assert_eq!(table.game.current_seat(), table.first_player_roll.first_seat);
        assert_eq!(Table::from_json(&table.to_json()).unwrap(), table);
        let again = Table::new(
            "Kitchen".into(),
            rules,
            DiceMode::App,
            &names(&["A", "B", "C"]),
            Some(5),
            1e12,
        )
        .unwrap();
        assert_eq!(
            again.first_player_roll, table.first_player_roll,
            "a seed decides the same starter"
        );
    }

    #[test]
    fn bad_saves_and_bad_tables_are_refused() {
        let rules = Rules::new(RulesetId::Yam);
        assert!(
            Table::new(
                "T".into(),
                rules,
                DiceMode::App,
                &names(&["A", "a"]),
                Some(1),
                0.0
            )
            .is_err()
        );
        assert!(Table::from_json("{").is_err());
        assert!(
            Table::from_json("{\"format\":2,\"table\":{}}")
                .unwrap_err()
                .contains("format 2")
        );
        assert!(
            Table::from_json("{\"format\":1,\"table\":{\"id\":3}}")
                .unwrap_err()
                .contains("damaged")
        );
    }
}
