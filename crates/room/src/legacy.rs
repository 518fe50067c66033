//! Logs written by protocol 3, read as today's events: one event a kind of play then, one `played` event now.
//! A room server upgraded mid-game reads its stored rooms through this, so no game in progress is lost.

use fivedice_rules::{Category, Column, Dice, DiceMode, FirstPlayerRoll, Place, Play, Rules};
use serde::Deserialize;

use crate::room::Event;

/// An event as protocol 3 wrote it.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegacyEvent {
    Joined {
        seat: usize,
        name: String,
        #[serde(default)]
        computer: bool,
    },
    Left {
        seat: usize,
    },
    RulesChosen {
        rules: Rules,
        dice: DiceMode,
    },
    Started {
        first_player_roll: FirstPlayerRoll,
    },
    TakenOver {
        seat: usize,
    },
    GivenBack {
        seat: usize,
    },
    Rolled {
        seat: usize,
        dice: Dice,
    },
    HoldToggled {
        seat: usize,
        die: usize,
        held: bool,
    },
    Scored {
        seat: usize,
        #[serde(default)]
        column: Column,
        category: Category,
    },
    CrossedOut {
        seat: usize,
        #[serde(default)]
        column: Column,
        category: Category,
    },
    Announced {
        seat: usize,
        category: Category,
    },
    Written {
        seat: usize,
        #[serde(default)]
        column: Column,
        category: Category,
        value: u16,
        #[serde(default)]
        bonus: bool,
    },
    DiceEntered {
        seat: usize,
        dice: Dice,
    },
    DiceCleared {
        seat: usize,
    },
    Undone {
        seat: usize,
    },
}

impl From<LegacyEvent> for Event {
    fn from(event: LegacyEvent) -> Event {
        let played = |seat, play| Event::Played { seat, play };
        match event {
            LegacyEvent::Joined { seat, name, computer } => Event::Joined {
                seat,
                name,
                computer,
                level: None,
            },
            LegacyEvent::Left { seat } => Event::Left { seat },
            LegacyEvent::RulesChosen { rules, dice } => Event::RulesChosen { rules, dice },
            LegacyEvent::Started { first_player_roll } => Event::Started {
                first_player_roll,
                dice_commitment: None,
            },
            LegacyEvent::TakenOver { seat } => Event::TakenOver {
                seat,
                level: crate::STAND_IN,
                one_turn: false,
            },
            LegacyEvent::GivenBack { seat } => Event::GivenBack { seat },
            LegacyEvent::Rolled { seat, dice } => played(seat, Play::Roll(dice)),
            LegacyEvent::HoldToggled {
                seat,
                die,
                held: true,
            } => played(seat, Play::Hold(die)),
            LegacyEvent::HoldToggled {
                seat,
                die,
                held: false,
            } => played(seat, Play::Release(die)),
            LegacyEvent::Scored {
                seat,
                column,
                category,
            } => played(seat, Play::Score(Place::new(column, category))),
            LegacyEvent::CrossedOut {
                seat,
                column,
                category,
            } => played(seat, Play::CrossOut(Place::new(column, category))),
            LegacyEvent::Announced { seat, category } => played(seat, Play::Announce(category)),
            LegacyEvent::Written {
                seat,
                column,
                category,
                value,
                bonus,
            } => played(
                seat,
                Play::Write {
                    place: Place::new(column, category),
                    value,
                    bonus,
                    first_roll: false,
                },
            ),
            LegacyEvent::DiceEntered { seat, dice } => played(seat, Play::EnterDice(dice)),
            LegacyEvent::DiceCleared { seat } => played(seat, Play::ClearDice),
            LegacyEvent::Undone { seat } => played(seat, Play::Undo),
        }
    }
}

/// An event as stored by this protocol or by protocol 3.
pub fn read_event(json: &str) -> Result<Event, serde_json::Error> {
    serde_json::from_str::<Event>(json).or_else(|current| {
        serde_json::from_str::<LegacyEvent>(json)
            .map(Event::from)
            .map_err(|_| current)
    })
}
