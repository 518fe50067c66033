//! Dice from the operating system's random source, for everything the server decides: a room's seed, which
//! its dice are drawn from (sealed: see `fivedice_room::dice_seed`), a roll-off or a roll where a room has
//! no seed (a game started before rooms sealed their dice), and seat tokens.

use fivedice_rules::{DiceSource, Face};

/// Random bytes fetched at once: a turn needs at most five dice, a roll-off a few more.
const BUFFER: usize = 64;

/// Fair dice from the OS random source. A byte becomes a face by rejection (bytes 252..=255 are skipped),
/// so every face has exactly the same chance.
pub struct OsDice {
    bytes: [u8; BUFFER],
    next: usize,
    /// Set if the OS refused randomness: the decision that drew must then be discarded.
    failed: bool,
}

impl OsDice {
    pub fn new() -> OsDice {
        OsDice {
            bytes: [0; BUFFER],
            next: BUFFER,
            failed: false,
        }
    }

    /// A fair die. If the OS has no randomness to give (practically never), returns a placeholder face and
    /// remembers the failure for [`OsDice::take_failure`].
    pub fn roll(&mut self) -> Face {
        loop {
            if self.next == BUFFER {
                if getrandom::fill(&mut self.bytes).is_err() {
                    self.failed = true;
                    return Face::ALL[0];
                }
                self.next = 0;
            }
            let byte = self.bytes[self.next];
            self.next += 1;
            if usize::from(byte) < 252 {
                return Face::ALL[usize::from(byte) % Face::ALL.len()];
            }
        }
    }

    /// Whether a draw failed since the last call (and clears it).
    pub fn take_failure(&mut self) -> bool {
        std::mem::take(&mut self.failed)
    }
}

impl DiceSource for OsDice {
    const SEALS: bool = true;

    fn roll_die(&mut self) -> Face {
        self.roll()
    }

    /// A seed from the OS; if it has no randomness to give, none, and the failure is remembered as a die's.
    fn new_seed(&mut self) -> Option<[u8; 32]> {
        let mut seed = [0u8; 32];
        match getrandom::fill(&mut seed) {
            Ok(()) => Some(seed),
            Err(_) => {
                self.failed = true;
                None
            }
        }
    }
}

impl Default for OsDice {
    fn default() -> OsDice {
        OsDice::new()
    }
}

/// A 128-bit seat token as 32 lowercase hex digits, or `None` if the OS has no randomness to give.
pub fn new_token() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_comes_up_about_as_often() {
        let mut dice = OsDice::new();
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[dice.roll().index()] += 1;
        }
        assert!(!dice.take_failure());
        for count in counts {
            assert!((9_000..11_000).contains(&count), "{counts:?}");
        }
    }

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let first = new_token().expect("a token");
        let second = new_token().expect("a token");
        assert_eq!(first.len(), 32);
        assert!(
            first
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
        assert_ne!(first, second);
    }
}
