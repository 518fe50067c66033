//! What an event's big screen shows: the standings, the tables, the cheers as boxes are written, and the
//! prizes at the end.

use super::*;

/// Each player's row of a table: once the game has started, its sheet's totals; before, the seats so far.
pub(super) fn table_rows(table: &EventTable) -> Vec<Row> {
    let row = |player: &str, total: u16, boxes_left: usize| Row {
        player: player.to_string(),
        table: table.name.clone(),
        total,
        boxes_left: boxes_left as u16,
        rank: 0,
        computer_turns: 0,
    };
    match table.game() {
        Some(game) => {
            // The log replayed once more; it cannot fail, as it replayed already when it was handed in.
            let by_computer =
                crate::stand_ins::computer_turns(table.room.name().clone(), &table.log).unwrap_or_default();
            let ruleset = game.rules().ruleset();
            (0..game.players().len())
                .map(|seat| {
                    let total = game.totals(seat).map_or(0, |totals| totals.grand);
                    let left = game
                        .seat_sheets(seat)
                        .iter()
                        .map(|sheet| sheet.open_count(ruleset))
                        .sum();
                    let computer_turns = by_computer.get(seat).copied().unwrap_or(0);
                    Row {
                        computer_turns: u16::try_from(computer_turns).unwrap_or(u16::MAX),
                        ..row(&game.players()[seat], total, left)
                    }
                })
                .collect()
        }
        None => {
            let boxes =
                table.room.rules().ruleset().cells.len() * table.room.rules().columns().as_slice().len();
            table
                .room
                .seats()
                .iter()
                .map(|seat| row(&seat.name, 0, boxes))
                .collect()
        }
    }
}

/// What the big screen and the organiser's page show: every player's row, best first, the tables, the latest
/// cheers (newest first) and the prizes so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The event's name as the organiser typed it.
    pub event: String,
    pub rules: Rules,
    pub closed: bool,
    pub tables: Vec<TableSummary>,
    pub rows: Vec<Row>,
    pub cheers: Vec<Cheer>,
    pub prizes: Prizes,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSummary {
    /// The table's id in the event (what its hand-ins and the organiser's link for it name).
    #[serde(default)]
    pub id: String,
    pub name: String,
    pub players: usize,
    pub finished: bool,
}

impl TableSummary {
    pub(super) fn of(table: &EventTable) -> TableSummary {
        TableSummary {
            id: table.id.clone(),
            name: table.name.clone(),
            players: table.room.seats().len(),
            finished: table.game().is_some_and(Game::is_over),
        }
    }
}

/// A player's line on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub player: String,
    pub table: String,
    /// The grand total so far.
    pub total: u16,
    pub boxes_left: u16,
    /// 1 for the best total; tied players share a rank (1, 1, 3).
    pub rank: usize,
    /// How many of this player's turns a computer standing in for them played (their device gone).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub computer_turns: u16,
}

pub(super) fn is_zero(count: &u16) -> bool {
    *count == 0
}

/// A moment worth a cheer: a player's name, their table, and what they did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cheer {
    pub player: String,
    pub table: String,
    pub what: Feat,
}

/// What a player did that the room should hear of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feat {
    /// All the dice alike, written for points (a Yahtzee, a Honeymoon): the box is named, so the screen
    /// words it as the sheet does.
    AllAlike(Category),
    /// Another all-alike, earning the sheet's bonus (the Yardzee ♥).
    AllAlikeBonus,
    /// The upper section's bonus reached.
    UpperBonus,
    /// Won the table's game.
    WonTable,
}

/// What the writes between two moments of a game earned worth a cheer, each with its box's place in the game's
/// log.
pub(super) fn cheers_between(table: &str, before: &Game, after: &Game) -> Vec<(usize, Cheer)> {
    let mut cheers = Vec::new();
    let ruleset = after.rules().ruleset();
    let all_alike = ruleset.all_alike_cell();
    for entry_index in before.log().len()..after.log().len() {
        let entry = &after.log()[entry_index];
        let seat = after.seat_of_entry(entry_index);
        let player = after.players()[seat].clone();
        let cheer = |what| {
            let cheer = Cheer {
                player: player.clone(),
                table: table.to_string(),
                what,
            };
            (entry_index, cheer)
        };
        if entry.category == all_alike && entry.points > 0 {
            cheers.push(cheer(Feat::AllAlike(all_alike)));
        }
        if entry.bonus {
            cheers.push(cheer(Feat::AllAlikeBonus));
        }
        let upper_bonus = |game: &Game| game.totals(seat).is_some_and(|totals| totals.bonus > 0);
        if !upper_bonus(before) && upper_bonus(after) {
            cheers.push(cheer(Feat::UpperBonus));
        }
    }
    if !before.is_over() && after.is_over() {
        for standing in after.standings().into_iter().filter(|standing| standing.winner) {
            let cheer = Cheer {
                player: after.players()[standing.seat].clone(),
                table: table.to_string(),
                what: Feat::WonTable,
            };
            // Won with the last box: taking it back takes the win back.
            cheers.push((after.log().len().saturating_sub(1), cheer));
        }
    }
    cheers
}

/// The prizes the game suggests, so far (final once the event is closed and its tables finished): the best
/// total, the most all-alikes, and the best single turn (the points of one box, with its bonus).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prizes {
    pub best_total: Vec<Prize>,
    pub most_all_alike: Vec<Prize>,
    pub best_turn: Vec<Prize>,
}

/// A prize's winner (ties share it) and the figure that won it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    pub player: String,
    pub table: String,
    pub figure: u16,
}

impl Prizes {
    pub(super) fn of(tables: &[EventTable], ranked: &[Row]) -> Prizes {
        let mut all_alike = Vec::new();
        let mut turns = Vec::new();
        for table in tables {
            let Some(game) = table.game() else { continue };
            let bonus_points = game
                .rules()
                .ruleset()
                .extra_five_of_a_kind
                .map_or(0, |extra| extra.bonus);
            for (seat, player) in game.players().iter().enumerate() {
                let prize = |figure| Prize {
                    player: player.clone(),
                    table: table.name.clone(),
                    figure,
                };
                let totals = game.totals(seat).unwrap_or_default();
                all_alike.push(prize(totals.five_of_a_kinds));
                let best_turn = (0..game.log().len())
                    .filter(|&index| game.seat_of_entry(index) == seat)
                    .map(|index| {
                        let entry = &game.log()[index];
                        entry.points + if entry.bonus { bonus_points } else { 0 }
                    })
                    .max()
                    .unwrap_or(0);
                turns.push(prize(best_turn));
            }
        }
        let totals = ranked
            .iter()
            .map(|row| Prize {
                player: row.player.clone(),
                table: row.table.clone(),
                figure: row.total,
            })
            .collect();
        Prizes {
            best_total: best_of(totals),
            most_all_alike: best_of(all_alike),
            best_turn: best_of(turns),
        }
    }
}

/// The prizes with the highest figure, above nothing.
pub(super) fn best_of(prizes: Vec<Prize>) -> Vec<Prize> {
    let best = prizes.iter().map(|prize| prize.figure).max().unwrap_or(0);
    prizes
        .into_iter()
        .filter(|prize| best > 0 && prize.figure == best)
        .collect()
}
