//! Dice: a face, a game's dice in tray order (five, or six for Maxi Yatzy), and the order-free counts the
//! scoring rules read.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The number of dice most games play with.
pub const DICE: usize = 5;
/// The most dice a game plays with: Maxi Yatzy's six.
pub const MAX_DICE: usize = 6;

/// Where dice come from: the app's generator, the room server's, or a script in tests.
pub trait DiceSource {
    /// Whether a room's host seals its dice with this source: draws them from a secret seed it commits to at
    /// the start and reveals at the end (`fivedice_room::dice_seed`). A constant, so a host whose source does
    /// not seal (the page's) carries none of that code.
    const SEALS: bool = false;

    fn roll_die(&mut self) -> Face;

    /// A new secret seed for a room's dice, from a source that [seals](DiceSource::SEALS) them; `None` if it
    /// has no randomness to give.
    fn new_seed(&mut self) -> Option<[u8; 32]> {
        None
    }
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

/// A game's dice (five, or six for Maxi Yatzy) in the order they lie in the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Dice {
    /// The dice past `count` are always `Face(1)`, so equal dice compare equal.
    faces: [Face; MAX_DICE],
    count: u8,
}

impl Dice {
    /// Five dice.
    pub fn new(faces: [Face; DICE]) -> Dice {
        Dice::from_faces(&faces).expect("five dice are a game's dice")
    }

    /// Five or six dice.
    pub fn from_faces(faces: &[Face]) -> Result<Dice, DiceError> {
        if !(DICE..=MAX_DICE).contains(&faces.len()) {
            return Err(DiceError::WrongCount(faces.len()));
        }
        let mut dice = Dice {
            faces: [Face(1); MAX_DICE],
            count: faces.len() as u8,
        };
        dice.faces[..faces.len()].copy_from_slice(faces);
        Ok(dice)
    }

    /// Dice from plain numbers; every one must be a face 1 to 6 and there must be five or six.
    pub fn from_values(values: &[u8]) -> Result<Dice, DiceError> {
        let faces = values
            .iter()
            .map(|&value| Face::new(value))
            .collect::<Result<Vec<Face>, DiceError>>()?;
        Dice::from_faces(&faces)
    }

    /// As many dice of one face as a game plays with (how a roll starts before the first throw).
    pub fn alike(face: Face, count: usize) -> Result<Dice, DiceError> {
        Dice::from_faces(&vec![face; count])
    }

    pub fn faces(&self) -> &[Face] {
        &self.faces[..self.count()]
    }

    /// How many dice: five, or six for Maxi Yatzy.
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    pub fn face(&self, die: usize) -> Option<Face> {
        self.faces().get(die).copied()
    }

    /// Which dice to hold to keep `kept` (faces in any order): the first dice showing each kept face.
    /// Faces that the dice do not show are ignored.
    pub fn holds(&self, kept: &[Face]) -> [bool; MAX_DICE] {
        let mut wanted = [0u8; 6];
        for face in kept {
            wanted[face.index()] += 1;
        }
        let mut holds = [false; MAX_DICE];
        for (hold, face) in holds.iter_mut().zip(self.faces()) {
            let left = &mut wanted[face.index()];
            *hold = *left > 0;
            *left -= u8::from(*hold);
        }
        holds
    }

    pub fn counts(&self) -> FaceCounts {
        FaceCounts::from_faces(self.faces().iter().copied())
    }

    pub(crate) fn with_face(mut self, die: usize, face: Face) -> Dice {
        self.faces[die] = face;
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
        dice.faces().iter().map(|face| face.value()).collect()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (die, face) in self.faces().iter().enumerate() {
            write!(f, "{}{face}", if die == 0 { "" } else { " " })?;
        }
        Ok(())
    }
}

/// Parses five or six faces written as `6 6 6 5 4`, `6,6,6,5,4` or `66654`.
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

    /// Counts for faces 1 to 6; `None` unless they add up to a game's dice (five or six).
    pub fn from_counts(counts: [u8; 6]) -> Option<FaceCounts> {
        let dice = counts.iter().map(|&n| usize::from(n)).sum::<usize>();
        (DICE..=MAX_DICE).contains(&dice).then_some(FaceCounts(counts))
    }

    /// How many dice these are.
    pub fn dice(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// How many dice show `face`.
    pub fn of(&self, face: Face) -> u8 {
        self.0[face.index()]
    }

    pub fn as_array(&self) -> [u8; 6] {
        self.0
    }

    /// The sum of all the dice.
    pub fn sum(&self) -> u16 {
        Face::ALL
            .iter()
            .map(|&face| u16::from(self.of(face)) * u16::from(face.value()))
            .sum()
    }

    /// The face shown by all the dice, if they agree (five alike on five dice).
    pub fn all_alike(&self) -> Option<Face> {
        let dice = self.dice();
        Face::ALL
            .into_iter()
            .find(|&face| usize::from(self.of(face)) == dice)
    }

    /// The dice in ascending order.
    pub fn to_dice(self) -> Dice {
        let sorted: Vec<Face> = Face::ALL
            .iter()
            .flat_map(|&face| std::iter::repeat_n(face, usize::from(self.of(face))))
            .collect();
        Dice::from_faces(&sorted).expect("counts hold a game's dice")
    }

    /// Every distinct roll of `dice` dice: the ways to share them among six faces (252 for five, 462 for six).
    pub fn all(dice: usize) -> impl Iterator<Item = FaceCounts> {
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
        let mut rolls = Vec::with_capacity(462);
        share(&mut [0; 6], 0, dice as u8, &mut rolls);
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
            DiceError::WrongCount(count) => write!(f, "expected {DICE} or {MAX_DICE} dice, got {count}"),
        }
    }
}

impl std::error::Error for DiceError {}
