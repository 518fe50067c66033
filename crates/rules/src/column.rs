//! Column Yam ("Yam à colonnes"): each player fills the same boxes in several columns, each with its own rule
//! for the order or the moment of writing. A one-column sheet is a single free column.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::label::Label;
use crate::ruleset::Ruleset;
use crate::sheet::Sheet;

/// A column of the sheet and the rule it writes by. A plain sheet's one column is the free column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    /// ↓: boxes strictly from the top (As) to the bottom (Yam).
    Down,
    /// Any open box, at any time.
    #[default]
    Free,
    /// ↑: boxes strictly from the bottom (Yam) to the top (As).
    Up,
    /// "Sèche": a box only right after the turn's first roll, before any reroll.
    Dry,
    /// "Annoncée": after the first roll the player announces one open box; the turn must end there. The
    /// first roll may also be written there as it lies (announced and not rerolled).
    Announced,
}

impl Column {
    pub const ALL: [Column; 5] = [
        Column::Down,
        Column::Free,
        Column::Up,
        Column::Dry,
        Column::Announced,
    ];

    /// The id used in saves, launch addresses, cell ids and the command line.
    pub fn id(self) -> &'static str {
        match self {
            Column::Down => "down",
            Column::Free => "free",
            Column::Up => "up",
            Column::Dry => "dry",
            Column::Announced => "announced",
        }
    }

    /// Whether this is the free column (left out of saves and messages, where it is the default).
    pub fn is_free(&self) -> bool {
        *self == Column::Free
    }

    /// The mark at the head of the column, as French sheets draw it.
    pub fn symbol(self) -> &'static str {
        match self {
            Column::Down => "↓",
            Column::Free => "↕",
            Column::Up => "↑",
            Column::Dry => "1×",
            Column::Announced => "!",
        }
    }

    pub fn label(self) -> Label {
        match self {
            Column::Down => Label::Down,
            Column::Free => Label::Free,
            Column::Up => Label::Up,
            Column::Dry => Label::Dry,
            Column::Announced => Label::Announced,
        }
    }

    /// Whether a box of this column may end a turn after a reroll: Down, Free and Up always, Dry never, Announced
    /// once a box was announced (the announcement itself says which).
    pub fn takes_rerolled_dice(self, announcement_made: bool) -> bool {
        match self {
            Column::Down | Column::Free | Column::Up => true,
            Column::Dry => false,
            Column::Announced => announcement_made,
        }
    }

    /// Whether the column's order lets this box be written next, whatever the dice (Down and Up allow only
    /// one box at a time, as does the one column of a sheet filled in order; the other columns any open box).
    /// Says which box is next when it is not this one.
    pub fn check_order(self, ruleset: &Ruleset, sheet: &Sheet, category: Category) -> Result<(), Category> {
        let next = match self {
            Column::Down => sheet.first_open(ruleset),
            Column::Free if ruleset.fills_in_order => sheet.first_open(ruleset),
            Column::Up => {
                let mut cells = ruleset.cells.iter().rev().map(|cell| cell.category);
                cells.find(|&cell| sheet.is_open(cell))
            }
            Column::Free | Column::Dry | Column::Announced => return Ok(()),
        };
        match next {
            Some(next) if next != category => Err(next),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that names no column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownColumn(pub String);

impl fmt::Display for UnknownColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown column \"{}\" (known: down, free, up, dry, announced)",
            self.0
        )
    }
}

impl std::error::Error for UnknownColumn {}

impl FromStr for Column {
    type Err = UnknownColumn;
    fn from_str(id: &str) -> Result<Column, UnknownColumn> {
        Column::ALL
            .into_iter()
            .find(|column| column.id() == id)
            .ok_or_else(|| UnknownColumn(id.to_string()))
    }
}

/// The columns of a sheet, in sheet order, each at most once. A plain sheet is one free column.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Columns {
    order: [Column; Column::ALL.len()],
    len: u8,
}

impl Columns {
    /// The plain sheet: one free column.
    pub const ONE: Columns = Columns {
        order: [Column::Free; Column::ALL.len()],
        len: 1,
    };

    /// The column set French tables play when nobody says otherwise: Down, Free, Up.
    pub const USUAL: [Column; 3] = [Column::Down, Column::Free, Column::Up];

    /// The columns in this order; each at most once, at least one.
    pub fn new(columns: &[Column]) -> Result<Columns, ColumnsError> {
        if columns.is_empty() {
            return Err(ColumnsError::Empty);
        }
        let mut order = [Column::Free; Column::ALL.len()];
        for (index, &column) in columns.iter().enumerate() {
            if columns[..index].contains(&column) {
                return Err(ColumnsError::Twice(column));
            }
            order[index] = column;
        }
        Ok(Columns {
            order,
            len: columns.len() as u8,
        })
    }

    /// Columns from their ids separated by commas (`down,free,up`), as launch addresses and the command line
    /// write them.
    pub fn parse_list(ids: &str) -> Result<Columns, ColumnsError> {
        let columns: Vec<Column> = ids
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(|id| id.parse().map_err(ColumnsError::Unknown))
            .collect::<Result<_, _>>()?;
        Columns::new(&columns)
    }

    pub fn as_slice(&self) -> &[Column] {
        &self.order[..usize::from(self.len)]
    }

    /// The columns in sheet order, by value (the set is `Copy`: the iterator owns it).
    pub fn iter(self) -> impl Iterator<Item = Column> {
        (0..self.len()).map(move |index| self.order[index])
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Never: a sheet has at least one column (kept for the `len` convention).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether this is the plain one-column sheet.
    pub fn is_one(&self) -> bool {
        *self == Columns::ONE
    }

    /// Where the column stands on the sheet, if the sheet has it.
    pub fn position(&self, column: Column) -> Option<usize> {
        self.as_slice().iter().position(|&other| other == column)
    }

    pub fn contains(&self, column: Column) -> bool {
        self.position(column).is_some()
    }
}

impl Default for Columns {
    fn default() -> Columns {
        Columns::ONE
    }
}

impl fmt::Debug for Columns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The ids in sheet order, separated by commas: `down,free,up`, as `Columns::parse_list` reads them.
impl fmt::Display for Columns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, column) in self.as_slice().iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            f.write_str(column.id())?;
        }
        Ok(())
    }
}

impl Serialize for Columns {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Columns {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Columns, D::Error> {
        let columns = Vec::<Column>::deserialize(deserializer)?;
        Columns::new(&columns).map_err(serde::de::Error::custom)
    }
}

/// Why a list of columns is not a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColumnsError {
    Empty,
    Twice(Column),
    Unknown(UnknownColumn),
}

impl fmt::Display for ColumnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColumnsError::Empty => f.write_str("a sheet needs at least one column"),
            ColumnsError::Twice(column) => write!(f, "the column {column} is on the sheet twice"),
            ColumnsError::Unknown(unknown) => unknown.fmt(f),
        }
    }
}

impl std::error::Error for ColumnsError {}

/// A box of a player's sheet: a cell in one of the sheet's columns. A cell alone is its box in the free
/// column, the only column of a plain sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    pub column: Column,
    pub category: Category,
}

impl Place {
    pub fn new(column: Column, category: Category) -> Place {
        Place { column, category }
    }
}

impl From<Category> for Place {
    fn from(category: Category) -> Place {
        Place::new(Column::Free, category)
    }
}

/// Written `down:sixes`; a box of the free column is its cell alone (`sixes`), as on a plain sheet.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Column::Free => f.write_str(self.category.id()),
            column => write!(f, "{column}:{}", self.category.id()),
        }
    }
}

/// A box that cannot be read: its column or its cell is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlace(pub String);

impl fmt::Display for UnknownPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown box {:?} (write it as <column>:<cell>, e.g. down:sixes)",
            self.0
        )
    }
}

impl std::error::Error for UnknownPlace {}

impl FromStr for Place {
    type Err = UnknownPlace;
    /// Reads `down:sixes`, `free:sixes` or `sixes` (the free column's box).
    fn from_str(text: &str) -> Result<Place, UnknownPlace> {
        let unknown = || UnknownPlace(text.to_string());
        let (column, category) = match text.split_once(':') {
            Some((column, category)) => (column.parse().map_err(|_| unknown())?, category),
            None => (Column::Free, text),
        };
        Ok(Place::new(column, category.parse().map_err(|_| unknown())?))
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Place {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Place, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::RulesetId;

    #[test]
    fn ids_round_trip_and_unknown_ids_are_named() {
        for column in Column::ALL {
            assert_eq!(column.id().parse::<Column>(), Ok(column));
        }
        assert_eq!(
            "sideways".parse::<Column>(),
            Err(UnknownColumn("sideways".into()))
        );
    }

    #[test]
    fn a_column_set_has_each_column_at_most_once_and_at_least_one() {
        assert_eq!(
            Columns::parse_list("down, free,up").unwrap().as_slice(),
            Columns::USUAL
        );
        assert_eq!(Columns::parse_list("up,dry").unwrap().to_string(), "up,dry");
        assert_eq!(Columns::parse_list(""), Err(ColumnsError::Empty));
        assert_eq!(
            Columns::parse_list("down,up,down"),
            Err(ColumnsError::Twice(Column::Down))
        );
        assert!(matches!(
            Columns::parse_list("down,left"),
            Err(ColumnsError::Unknown(_))
        ));
        let all = Columns::new(&Column::ALL).unwrap();
        assert_eq!(all.len(), 5);
        assert_eq!(all.position(Column::Dry), Some(3));
        assert!(Columns::new(&[Column::Free]).unwrap().is_one());
        let json = serde_json::to_string(&all).unwrap();
        assert_eq!(json, r#"["down","free","up","dry","announced"]"#);
        assert_eq!(serde_json::from_str::<Columns>(&json).unwrap(), all);
        assert!(serde_json::from_str::<Columns>(r#"["up","up"]"#).is_err());
        assert!(serde_json::from_str::<Columns>("[]").is_err());
    }

    #[test]
    fn a_box_is_written_with_its_column_and_a_free_box_as_its_cell() {
        for column in Column::ALL {
            for category in Category::ALL {
                let place = Place::new(column, category);
                assert_eq!(place.to_string().parse::<Place>(), Ok(place));
                let json = serde_json::to_string(&place).unwrap();
                assert_eq!(serde_json::from_str::<Place>(&json).unwrap(), place);
            }
        }
        assert_eq!(Place::from(Category::Sixes).to_string(), "sixes");
        assert_eq!(
            Place::new(Column::Down, Category::Sixes).to_string(),
            "down:sixes"
        );
        assert_eq!("free:sixes".parse(), Ok(Place::from(Category::Sixes)));
        for unknown in ["left:sixes", "down:sevens", "", "down:"] {
            assert_eq!(unknown.parse::<Place>(), Err(UnknownPlace(unknown.into())));
        }
    }

    /// Every fill state of the Yam sheet's 12 boxes (4,096): Down allows exactly the first open box, Up
    /// exactly the last, the other columns every open box.
    #[test]
    fn the_order_of_every_column_over_every_fill_state() {
        let ruleset = RulesetId::Yam.ruleset();
        let cells: Vec<Category> = ruleset.cells.iter().map(|cell| cell.category).collect();
        for filled in 0..1u32 << cells.len() {
            let mut sheet = Sheet::new();
            for (index, &cell) in cells.iter().enumerate() {
                if filled & (1 << index) != 0 {
                    sheet.write(cell, 0, false);
                }
            }
            let open: Vec<Category> = cells
                .iter()
                .copied()
                .filter(|&cell| sheet.is_open(cell))
                .collect();
            for column in Column::ALL {
                let allowed: Vec<Category> = open
                    .iter()
                    .copied()
                    .filter(|&cell| column.check_order(ruleset, &sheet, cell).is_ok())
                    .collect();
                let expected = match column {
                    Column::Down => open.first().copied().into_iter().collect(),
                    Column::Up => open.last().copied().into_iter().collect(),
                    _ => open.clone(),
                };
                assert_eq!(allowed, expected, "{column} with fill {filled:#b}");
            }
        }
    }
}
