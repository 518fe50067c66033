//! Where the app's dice come from: the browser's cryptographic source, or a seeded generator for tests and
//! reproducible bug reports, whose state is saved with the table so a reload continues the same sequence.

use fivedice_rules::{DiceSource, Face};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedGenerator", into = "SavedGenerator")]
pub enum DiceGenerator {
    Crypto,
    /// PCG-32: small, fast, statistically sound; its whole state is two numbers.
    Seeded {
        rng: Pcg32,
    },
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

impl TryFrom<SavedGenerator> for DiceGenerator {
    type Error = String;
    fn try_from(saved: SavedGenerator) -> Result<DiceGenerator, String> {
        match (saved.kind.as_str(), saved.rng) {
            ("crypto", _) => Ok(DiceGenerator::Crypto),
            ("seeded", Some(rng)) => Ok(DiceGenerator::Seeded { rng }),
            ("seeded", None) => Ok(DiceGenerator::new(Some(saved.state))),
            (kind, _) => Err(format!("unknown dice {kind:?}")),
        }
    }
}

impl From<DiceGenerator> for SavedGenerator {
    fn from(dice: DiceGenerator) -> SavedGenerator {
        let (kind, rng) = match dice {
            DiceGenerator::Crypto => ("crypto", None),
            DiceGenerator::Seeded { rng } => ("seeded", Some(rng)),
        };
        SavedGenerator {
            kind: kind.to_string(),
            rng,
            state: 0,
        }
    }
}

impl DiceGenerator {
    pub fn new(seed: Option<u64>) -> DiceGenerator {
        match seed {
            Some(seed) => DiceGenerator::Seeded {
                rng: Pcg32::seed_from_u64(seed),
            },
            None => DiceGenerator::Crypto,
        }
    }

    /// A seed that goes on from this seeded generator (for a rematch at a seeded table), drawn from a copy so
    /// this table's own dice stay as they are.
    pub fn seed(&self) -> Option<u64> {
        match self {
            DiceGenerator::Seeded { rng } => Some(rng.clone().random()),
            DiceGenerator::Crypto => None,
        }
    }

    /// One fair die.
    pub fn face(&mut self) -> Face {
        match self {
            DiceGenerator::Seeded { rng } => Face::ALL[rng.random_range(0..6)],
            DiceGenerator::Crypto => crypto_face(),
        }
    }
}

impl DiceSource for DiceGenerator {
    fn roll_die(&mut self) -> Face {
        self.face()
    }
}

/// One fair face from the operating system's (the browser's) cryptographic source.
fn crypto_face() -> Face {
    loop {
        let mut byte = [0u8; 1];
        if getrandom::fill(&mut byte).is_err() {
            // Every browser that runs WebAssembly has Web Crypto; this is only a fallback.
            return Face::ALL[(js_sys::Math::random() * 6.0) as usize % 6];
        }
        // Bytes from 252 up would favour the low faces: draw again.
        if byte[0] < 252 {
            return Face::ALL[usize::from(byte[0] % 6)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_fair_dice_every_time() {
        let faces = |seed| {
            let mut source = DiceGenerator::new(Some(seed));
            (0..6000).map(|_| source.face().value()).collect::<Vec<u8>>()
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
        let mut source = DiceGenerator::new(Some(99));
        source.face();
        let saved = serde_json::to_string(&source).unwrap();
        let mut restored: DiceGenerator = serde_json::from_str(&saved).unwrap();
        assert_eq!(
            (0..20).map(|_| source.face()).collect::<Vec<_>>(),
            (0..20).map(|_| restored.face()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn generators_saved_by_earlier_releases_still_load() {
        let old: DiceGenerator = serde_json::from_str(r#"{"kind":"seeded","state":42}"#).unwrap();
        assert_eq!(old, DiceGenerator::new(Some(42)));
        let crypto: DiceGenerator = serde_json::from_str(r#"{"kind":"crypto"}"#).unwrap();
        assert_eq!(crypto, DiceGenerator::Crypto);
        assert!(serde_json::from_str::<DiceGenerator>(r#"{"kind":"loaded"}"#).is_err());
    }

    #[test]
    fn the_crypto_source_is_fair() {
        let mut source = DiceGenerator::Crypto;
        let mut counts = [0usize; 6];
        for _ in 0..6000 {
            counts[source.face().index()] += 1;
        }
        assert!(
            counts.iter().all(|&count| (850..1150).contains(&count)),
            "{counts:?}"
        );
    }
}
