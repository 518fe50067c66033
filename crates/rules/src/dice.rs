//! Dice: a face, five dice in tray order, and the order-free counts the scoring rules read.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The number of dice in play.
pub const DICE: usize = 5;

/// Where dice come from: the app's generator, or a script in tests.
pub trait DiceSource {
    fn roll_die(&mut self) -> Face;
}

impl<F: FnMut() -> Face> DiceSource for F {
    fn roll_die(&mut self) -> Face {
        self()
    }
}

/// One die's face, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Face(u8);

impl Face {
    /// The six faces, lowest first.
    pub const ALL: [Face; 6] = [Face(1), Face(2), Face(3), Face(4), Face(5), Face(6)];

    pub fn new(value: u8) -> Result<Face, DiceError> {
        match value {
            1..=6 => Ok(Face(value)),
            _ => Err(DiceError::BadFace(value.to_string())),
        }
    }

    pub fn value(self) -> u8 {
        self.0
    }

    /// Position in `Face::ALL` and in `FaceCounts`.
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }
}

impl TryFrom<u8> for Face {
    type Error = DiceError;
    fn try_from(value: u8) -> Result<Face, DiceError> {
        Face::new(value)
    }
}

impl From<Face> for u8 {
    fn from(face: Face) -> u8 {
        face.0
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Five dice in the order they lie in the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Dice([Face; DICE]);

impl Dice {
    pub fn new(faces: [Face; DICE]) -> Dice {
        Dice(faces)
    }

    /// Dice from plain numbers; every one must be a face 1 to 6 and there must be exactly five.
    pub fn from_values(values: &[u8]) -> Result<Dice, DiceError> {
        if values.len() != DICE {
            return Err(DiceError::WrongCount(values.len()));
        }
        let mut faces = [Face(1); DICE];
        for (slot, &value) in faces.iter_mut().zip(values) {
            *slot = Face::new(value)?;
        }
        Ok(Dice(faces))
    }

    pub fn faces(&self) -> [Face; DICE] {
        self.0
    }

    pub fn face(&self, die: usize) -> Option<Face> {
        self.0.get(die).copied()
    }

    /// Which dice to hold to keep `kept` (faces in any order): the first dice showing each kept face.
    /// Faces that the dice do not show are ignored.
    pub fn holds(&self, kept: &[Face]) -> [bool; DICE] {
        let mut wanted = [0u8; 6];
        for face in kept {
            wanted[face.index()] += 1;
        }
        self.0.map(|face| {
            let left = &mut wanted[face.index()];
            let hold = *left > 0;
            *left -= u8::from(hold);
            hold
        })
    }

    pub fn counts(&self) -> FaceCounts {
        FaceCounts::from_faces(self.0)
    }

    pub(crate) fn with_face(mut self, die: usize, face: Face) -> Dice {
        self.0[die] = face;
        self
    }
}

impl TryFrom<Vec<u8>> for Dice {
    type Error = DiceError;
    fn try_from(values: Vec<u8>) -> Result<Dice, DiceError> {
        Dice::from_values(&values)
    }
}

impl From<Dice> for Vec<u8> {
    fn from(dice: Dice) -> Vec<u8> {
        dice.0.iter().map(|face| face.value()).collect()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "{a} {b} {c} {d} {e}")
    }
}

/// Parses five faces written as `6 6 6 5 4`, `6,6,6,5,4` or `66654`.
impl FromStr for Dice {
    type Err = DiceError;
    fn from_str(text: &str) -> Result<Dice, DiceError> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty())
            .collect();
        let digits: Vec<String> = match words.as_slice() {
            [single] if single.len() > 1 => single.chars().map(String::from).collect(),
            _ => words.iter().map(|word| word.to_string()).collect(),
        };
        let values = digits
            .iter()
            .map(|digit| digit.parse::<u8>().map_err(|_| DiceError::BadFace(digit.clone())))
            .collect::<Result<Vec<u8>, DiceError>>()?;
        Dice::from_values(&values)
    }
}

/// How many dice show each face: the order-free view of a roll that the scoring rules read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FaceCounts([u8; 6]);

impl FaceCounts {
    pub fn from_faces(faces: impl IntoIterator<Item = Face>) -> FaceCounts {
        let mut counts = [0; 6];
        for face in faces {
            counts[face.index()] += 1;
        }
        FaceCounts(counts)
    }

    /// Counts for faces 1 to 6; `None` unless they add up to five dice.
    pub fn from_counts(counts: [u8; 6]) -> Option<FaceCounts> {
        (counts.iter().map(|&n| usize::from(n)).sum::<usize>() == DICE).then_some(FaceCounts(counts))
    }

    /// How many dice show `face`.
    pub fn of(&self, face: Face) -> u8 {
        self.0[face.index()]
    }

    pub fn as_array(&self) -> [u8; 6] {
        self.0
    }

    /// The sum of all five dice.
    pub fn sum(&self) -> u16 {
        Face::ALL
            .iter()
            .map(|&face| u16::from(self.of(face)) * u16::from(face.value()))
            .sum()
    }

    /// The face shown by all five dice, if they agree.
    pub fn five_of_a_kind(&self) -> Option<Face> {
        Face::ALL
            .into_iter()
            .find(|&face| usize::from(self.of(face)) == DICE)
    }

    /// The dice in ascending order.
    pub fn to_dice(self) -> Dice {
        let mut faces = [Face(1); DICE];
        let sorted = Face::ALL
            .iter()
            .flat_map(|&face| std::iter::repeat_n(face, usize::from(self.of(face))));
        for (slot, face) in faces.iter_mut().zip(sorted) {
            *slot = face;
        }
        Dice(faces)
    }

    /// Every distinct roll of five dice: the 252 ways to share five dice among six faces.
    pub fn all() -> impl Iterator<Item = FaceCounts> {
        fn share(counts: &mut [u8; 6], face: usize, left: u8, rolls: &mut Vec<FaceCounts>) {
            if face == counts.len() - 1 {
                counts[face] = left;
                rolls.push(FaceCounts(*counts));
                return;
            }
            for n in (0..=left).rev() {
                counts[face] = n;
                share(counts, face + 1, left - n, rolls);
            }
        }
        let mut rolls = Vec::with_capacity(252);
        share(&mut [0; 6], 0, DICE as u8, &mut rolls);
        rolls.into_iter()
    }
}

/// What can be wrong with dice written by a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    BadFace(String),
    WrongCount(usize),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::BadFace(text) => write!(f, "{text:?} is not a die face (faces are 1 to 6)"),
            DiceError::WrongCount(count) => write!(f, "expected 5 dice, got {count}"),
        }
    }
}

impl std::error::Error for DiceError {}
