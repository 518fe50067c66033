//! The fields entries are made of: the format's own tables of categories, columns and levels, and the codes of
//! a box, a seat, a roll-off and a seed.
//!
//! The codes name categories, columns and levels through these tables, never through the order of the rules'
//! or strategy's enums: a link made today must mean the same game when those enums grow or move.

use fivedice_rules::{Category, Column, Face, FirstPlayerRoll, Place};
use fivedice_strategy::Level;

use super::LinkError;
use super::bits::{BitReader, BitWriter};

/// The categories by their code (5 bits): the format's own table, in the order the format was made with.
/// A category missing here (one added later) is written as text.
pub(super) const CATEGORIES: [Category; 30] = [
    Category::Aces,
    Category::Twos,
    Category::Threes,
    Category::Fours,
    Category::Fives,
    Category::Sixes,
    Category::OnePair,
    Category::TwoPairs,
    Category::ThreeOfAKind,
    Category::FourOfAKind,
    Category::FullHouse,
    Category::SmallStraight,
    Category::LargeStraight,
    Category::Chance,
    Category::Yahtzee,
    Category::Yam,
    Category::Yatzy,
    Category::LittleStraight,
    Category::BigStraight,
    Category::Choice,
    Category::Yacht,
    Category::Straight,
    Category::Generala,
    Category::DoubleGenerala,
    Category::ThreePairs,
    Category::FiveOfAKind,
    Category::FullStraight,
    Category::Villa,
    Category::Tower,
    Category::MaxiYatzy,
];

/// The columns other than the free one by their code (2 bits, after a 1: the free column is a 0 alone).
pub(super) const COLUMNS: [Column; 4] = [Column::Down, Column::Up, Column::Dry, Column::Announced];

/// The computer players' levels by their code (2 bits).
pub(super) const LEVELS: [Level; 4] = [Level::Winner, Level::Optimal, Level::Strong, Level::Casual];

/// The bytes of a room's dice seed and of its commitment, written as 64 lowercase hex digits in the log.
pub(super) const SEED_BYTES: usize = 32;

pub(super) fn unreadable(what: &str) -> LinkError {
    LinkError::Unreadable(what.to_string())
}

/// The 32 bytes of 64 lowercase hex digits (the only way a room writes a seed or its commitment).
pub(super) fn seed_bytes(hex: &str) -> Option<Vec<u8>> {
    let lowercase = |digit: &u8| digit.is_ascii_digit() || (b'a'..=b'f').contains(digit);
    if hex.len() != 2 * SEED_BYTES || !hex.as_bytes().iter().all(lowercase) {
        return None;
    }
    (0..SEED_BYTES)
        .map(|at| u8::from_str_radix(&hex[2 * at..2 * at + 2], 16).ok())
        .collect()
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

pub(super) fn category_code(category: Category) -> Option<u64> {
    CATEGORIES
        .iter()
        .position(|&known| known == category)
        .map(|code| code as u64)
}

pub(super) fn read_category(input: &mut BitReader) -> Result<Category, LinkError> {
    let code = input.number(5)? as usize;
    CATEGORIES
        .get(code)
        .copied()
        .ok_or_else(|| unreadable("a category code no version writes"))
}

/// Whether [`write_column`] has a code for the column (the free column is its one bit).
pub(super) fn has_column_code(column: Column) -> bool {
    column == Column::Free || COLUMNS.contains(&column)
}

pub(super) fn write_column(out: &mut BitWriter, column: Column) {
    match COLUMNS.iter().position(|&known| known == column) {
        Some(code) => {
            out.bit(true);
            out.number(code as u64, 2);
        }
        None => out.bit(false),
    }
}

pub(super) fn read_column(input: &mut BitReader) -> Result<Column, LinkError> {
    Ok(match input.bit()? {
        false => Column::Free,
        true => COLUMNS[input.number(2)? as usize],
    })
}

pub(super) fn write_place(out: &mut BitWriter, place: Place) {
    out.number(category_code(place.category).expect("checked by fits"), 5);
    write_column(out, place.column);
}

pub(super) fn read_place(input: &mut BitReader) -> Result<Place, LinkError> {
    let category = read_category(input)?;
    Ok(Place::new(read_column(input)?, category))
}

pub(super) fn read_seat(input: &mut BitReader) -> Result<usize, LinkError> {
    usize::try_from(input.varint(3)?).map_err(|_| unreadable("a seat beyond any table"))
}

pub(super) fn level_code(level: Level) -> u64 {
    match level {
        Level::Winner => 0,
        Level::Optimal => 1,
        Level::Strong => 2,
        Level::Casual => 3,
    }
}

pub(super) fn write_roll_off(out: &mut BitWriter, roll: &FirstPlayerRoll) {
    out.varint(roll.rounds.len() as u64, 2);
    for round in &roll.rounds {
        out.varint(round.len() as u64, 3);
        for &(seat, face) in round {
            out.varint(seat as u64, 3);
            out.number(face.index() as u64, 3);
        }
    }
    out.varint(roll.first_seat as u64, 3);
}

pub(super) fn read_roll_off(input: &mut BitReader) -> Result<FirstPlayerRoll, LinkError> {
    let rounds = input.varint(2)?;
    let mut roll = FirstPlayerRoll::default();
    for _ in 0..rounds {
        let dice = input.varint(3)?;
        let mut round = Vec::new();
        for _ in 0..dice {
            let seat = read_seat(input)?;
            let face = Face::ALL
                .get(input.number(3)? as usize)
                .copied()
                .ok_or_else(|| unreadable("a face beyond six"))?;
            round.push((seat, face));
        }
        roll.rounds.push(round);
    }
    roll.first_seat = read_seat(input)?;
    Ok(roll)
}

pub(super) fn read_seed(input: &mut BitReader) -> Result<String, LinkError> {
    Ok(hex(&input.bytes(SEED_BYTES)?))
}
