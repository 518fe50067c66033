//! Where the app's dice come from: the browser's cryptographic generator, or a seeded one for tests and
//! reproducible bug reports, whose state is saved with the game so a reload continues the same sequence.

use fivedice_rules::{DiceSource, Face};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DiceGenerator {
    Crypto,
    /// SplitMix64: tiny, fast and well mixed; its whole state is one number.
    Seeded {
        state: u64,
    },
}

impl DiceGenerator {
    pub fn new(seed: Option<u64>) -> DiceGenerator {
        match seed {
            Some(state) => DiceGenerator::Seeded { state },
            None => DiceGenerator::Crypto,
        }
    }

    /// The state of a seeded generator (a new table seeded with it goes on with the same sequence).
    pub fn seed(&self) -> Option<u64> {
        match self {
            DiceGenerator::Seeded { state } => Some(*state),
            DiceGenerator::Crypto => None,
        }
    }

    /// One fair die.
    pub fn face(&mut self) -> Face {
        match self {
            DiceGenerator::Seeded { state } => loop {
                *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^= z >> 31;
                // Reject the top sliver so all six faces are exactly equally likely.
                if z < u64::MAX - u64::MAX % 6 {
                    return Face::ALL[(z % 6) as usize];
                }
            },
            DiceGenerator::Crypto => loop {
                let byte = crypto_byte();
                if byte < 252 {
                    return Face::ALL[usize::from(byte % 6)];
                }
            },
        }
    }
}

impl DiceSource for DiceGenerator {
    fn roll_die(&mut self) -> Face {
        self.face()
    }
}

fn crypto_byte() -> u8 {
    let mut byte = [0u8; 1];
    let crypto = web_sys::window().and_then(|window| window.crypto().ok());
    match crypto {
        Some(crypto) if crypto.get_random_values_with_u8_array(&mut byte).is_ok() => byte[0],
        // Every browser that runs WebAssembly has crypto; this is only a fallback.
        _ => (js_sys::Math::random() * 256.0) as u8,
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
}
