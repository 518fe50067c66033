//! A table's dice as they are kept: the device's cryptographic source (nothing to keep: the page draws from
//! it), or a seeded generator for tests and reproducible bug reports, whose state is saved with the table so a
//! reload continues the same sequence.

use std::fmt;
use std::str::FromStr;

use fivedice_rules::Face;
use fivedice_rules::notation::first_word;
use rand::{Rng, RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedGenerator", into = "SavedGenerator")]
pub enum TableDice {
    Crypto,
    /// PCG-32: small, fast, statistically sound; its whole state is two numbers.
    Seeded {
        rng: Pcg32,
    },
}

/// PCG-32 (a 64-bit LCG, XSH RR output), the same generator as the `rand_pcg` crate's `Pcg32` to the bit (a
/// test draws both side by side), with its two numbers in the open so a table saves them as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pcg32 {
    state: u64,
    increment: u64,
}

impl Pcg32 {
    const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

    fn from_state_increment(state: u64, increment: u64) -> Pcg32 {
        let mut pcg = Pcg32 {
            state: state.wrapping_add(increment),
            increment,
        };
        pcg.step();
        pcg
    }

    fn step(&mut self) {
        self.state = self
            .state
            .wrapping_mul(Pcg32::MULTIPLIER)
            .wrapping_add(self.increment);
    }
}

impl SeedableRng for Pcg32 {
    type Seed = [u8; 16];

    fn from_seed(seed: [u8; 16]) -> Pcg32 {
        let [state, stream] = [&seed[..8], &seed[8..]].map(|half| {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(half);
            u64::from_le_bytes(bytes)
        });
        Pcg32::from_state_increment(state, stream | 1)
    }
}

impl RngCore for Pcg32 {
    fn next_u32(&mut self) -> u32 {
        let state = self.state;
        self.step();
        let rotation = (state >> 59) as u32;
        let shifted = (((state >> 18) ^ state) >> 27) as u32;
        shifted.rotate_right(rotation)
    }

    fn next_u64(&mut self) -> u64 {
        rand::rand_core::impls::next_u64_via_u32(self)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        rand::rand_core::impls::fill_bytes_via_next(self, dest)
    }
}

/// The generator as saved: `{"kind":"crypto"}` or `{"kind":"seeded","rng":…}`. Tables of format 3 and before
/// kept a SplitMix64 `state` instead; such a game goes on with a PCG-32 seeded from that state (as fair, though
/// not the sequence the old one would have dealt). A plain struct, not a tagged enum: far less code to read.
#[derive(Serialize, Deserialize)]
struct SavedGenerator {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rng: Option<Pcg32>,
    #[serde(default, skip_serializing)]
    state: u64,
}

impl TryFrom<SavedGenerator> for TableDice {
    type Error = String;
    fn try_from(saved: SavedGenerator) -> Result<TableDice, String> {
        match (saved.kind.as_str(), saved.rng) {
            ("crypto", _) => Ok(TableDice::Crypto),
            ("seeded", Some(rng)) => Ok(TableDice::Seeded { rng }),
            ("seeded", None) => Ok(TableDice::new(Some(saved.state))),
            (kind, _) => Err(format!("unknown dice {kind:?}")),
        }
    }
}

impl From<TableDice> for SavedGenerator {
    fn from(dice: TableDice) -> SavedGenerator {
        let (kind, rng) = match dice {
            TableDice::Crypto => ("crypto", None),
            TableDice::Seeded { rng } => ("seeded", Some(rng)),
        };
        SavedGenerator {
            kind: kind.to_string(),
            rng,
            state: 0,
        }
    }
}

/// As a table writes it: `crypto`, or `seeded <state> <increment>`.
impl fmt::Display for TableDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableDice::Crypto => f.write_str("crypto"),
            TableDice::Seeded { rng } => write!(f, "seeded {} {}", rng.state, rng.increment),
        }
    }
}

impl FromStr for TableDice {
    type Err = String;
    fn from_str(text: &str) -> Result<TableDice, String> {
        let unknown = || format!("unknown dice {text:?}");
        match first_word(text) {
            ("crypto", "") => Ok(TableDice::Crypto),
            ("seeded", numbers) => {
                let (state, increment) = numbers.split_once(' ').ok_or_else(unknown)?;
                let number = |word: &str| word.parse::<u64>().map_err(|_| unknown());
                Ok(TableDice::Seeded {
                    rng: Pcg32 {
                        state: number(state)?,
                        increment: number(increment)?,
                    },
                })
            }
            _ => Err(unknown()),
        }
    }
}

impl TableDice {
    pub fn new(seed: Option<u64>) -> TableDice {
        match seed {
            Some(seed) => TableDice::Seeded {
                rng: Pcg32::seed_from_u64(seed),
            },
            None => TableDice::Crypto,
        }
    }

    /// A seed that goes on from this seeded generator (for a rematch at a seeded table), drawn from a copy so
    /// this table's own dice stay as they are.
    pub fn seed(&self) -> Option<u64> {
        match self {
            TableDice::Seeded { rng } => Some(rng.clone().random()),
            TableDice::Crypto => None,
        }
    }

    /// One fair die from the seeded generator (`None` for the cryptographic source, which the page draws
    /// from).
    pub fn seeded_face(&mut self) -> Option<Face> {
        match self {
            TableDice::Seeded { rng } => Some(Face::ALL[rng.random_range(0..6)]),
            TableDice::Crypto => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_fair_dice_every_time() {
        let faces = |seed| {
            let mut source = TableDice::new(Some(seed));
            (0..6000)
                .filter_map(|_| source.seeded_face())
                .map(|face| face.value())
                .collect::<Vec<u8>>()
        };
        assert_eq!(faces(7), faces(7));
        assert_ne!(faces(7), faces(8));
        for face in 1..=6 {
            let count = faces(7).iter().filter(|&&f| f == face).count();
            assert!(
                (850..1150).contains(&count),
                "face {face} came up {count} times in 6000"
            );
        }
    }

    #[test]
    fn the_state_saved_mid_game_continues_the_sequence() {
        let mut source = TableDice::new(Some(99));
        source.seeded_face();
        let mut restored: TableDice = source.to_string().parse().unwrap();
        let mut from_json: TableDice =
            serde_json::from_str(&serde_json::to_string(&source).unwrap()).unwrap();
        let next = (0..20).map(|_| source.seeded_face()).collect::<Vec<_>>();
        assert_eq!(next, (0..20).map(|_| restored.seeded_face()).collect::<Vec<_>>());
        assert_eq!(next, (0..20).map(|_| from_json.seeded_face()).collect::<Vec<_>>());
        assert_eq!("crypto".parse(), Ok(TableDice::Crypto));
        assert!("seeded 1".parse::<TableDice>().is_err());
        assert!("loaded 1 2".parse::<TableDice>().is_err());
    }

    #[test]
    fn the_generator_is_rand_pcgs_pcg32_to_the_bit() {
        for seed in [0, 1, 7, 42, 99, u64::MAX] {
            let mut ours = Pcg32::seed_from_u64(seed);
            let mut theirs = rand_pcg::Pcg32::seed_from_u64(seed);
            for _ in 0..1000 {
                assert_eq!(ours.next_u32(), theirs.next_u32());
            }
            assert_eq!(ours.next_u64(), theirs.next_u64());
            assert_eq!(ours.random_range(0..6), theirs.random_range(0..6));
            // Saved alike too: a table of format 4 kept rand_pcg's two numbers under the same names.
            assert_eq!(
                serde_json::to_string(&ours).unwrap(),
                serde_json::to_string(&theirs).unwrap()
            );
        }
    }

    #[test]
    fn generators_saved_by_earlier_releases_still_load() {
        let old: TableDice = serde_json::from_str(r#"{"kind":"seeded","state":42}"#).unwrap();
        assert_eq!(old, TableDice::new(Some(42)));
        let crypto: TableDice = serde_json::from_str(r#"{"kind":"crypto"}"#).unwrap();
        assert_eq!(crypto, TableDice::Crypto);
        assert!(serde_json::from_str::<TableDice>(r#"{"kind":"loaded"}"#).is_err());
    }
}
