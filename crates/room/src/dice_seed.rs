//! Dice anyone can check. A room's host that seals its dice draws every die from a secret seed: at the start
//! it writes the seed's commitment in the `Started` entry, and once the game is over it reveals the seed
//! (`DiceRevealed`). Every device can then derive each die again and compare it with the log.
//!
//! The published function, for a seed of 32 bytes:
//! - its **commitment** is SHA-256("fivedice seed v1" ‖ seed), in lowercase hex;
//! - the dice of the decision recorded at log entry `seq` (a roll, or the roll-off at the start) are read in
//!   turn from the bytes of HMAC-SHA-256(key = seed, "fivedice dice v1" ‖ seq ‖ block), `seq` as 8 bytes
//!   and `block` (0, 1, …) as 4 bytes, both big-endian; a byte below 252 is the face `byte mod 6 + 1`, any
//!   other byte is skipped, so each face has exactly the same chance.

use std::fmt;

use fivedice_rules::{DiceSource, Face, Play};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::RoomError;
use crate::name::RoomName;
use crate::room::{Event, LogEntry, Room, roll_off};

/// The bytes of a seed.
pub const SEED_BYTES: usize = 32;

const COMMITMENT_TAG: &[u8] = b"fivedice seed v1";
const DICE_TAG: &[u8] = b"fivedice dice v1";

/// A room's secret seed. Its `Debug` does not show it: a seed in a log line would be a seed revealed.
#[derive(Clone, PartialEq, Eq)]
pub struct DiceSeed([u8; SEED_BYTES]);

impl fmt::Debug for DiceSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DiceSeed(…)")
    }
}

impl DiceSeed {
    pub fn new(bytes: [u8; SEED_BYTES]) -> DiceSeed {
        DiceSeed(bytes)
    }

    /// A seed written as 64 hex digits (either case), or `None`.
    pub fn parse(hex: &str) -> Option<DiceSeed> {
        let digits = hex.as_bytes();
        if digits.len() != 2 * SEED_BYTES {
            return None;
        }
        let mut bytes = [0u8; SEED_BYTES];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks(2)) {
            let pair = std::str::from_utf8(pair).ok()?;
            *byte = u8::from_str_radix(pair, 16).ok()?;
        }
        Some(DiceSeed(bytes))
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// What the host writes at the start, before any die is drawn.
    pub fn commitment(&self) -> String {
        let mut hash = Sha256::new();
        hash.update(COMMITMENT_TAG);
        hash.update(self.0);
        hex(&hash.finalize())
    }

    /// The dice of the decision recorded at log entry `seq`.
    pub fn dice_at(&self, seq: u64) -> SeededDice {
        SeededDice {
            seed: self.clone(),
            seq,
            block: 0,
            bytes: [0; 32],
            next: 32,
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The dice of one decision, derived from the seed and the decision's place in the log.
pub struct SeededDice {
    seed: DiceSeed,
    seq: u64,
    block: u32,
    bytes: [u8; 32],
    next: usize,
}

impl SeededDice {
    fn refill(&mut self) {
        // HMAC takes a key of any length: a seed of 32 bytes is always accepted.
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.seed.0).expect("HMAC takes any key");
        mac.update(DICE_TAG);
        mac.update(&self.seq.to_be_bytes());
        mac.update(&self.block.to_be_bytes());
        self.bytes = mac.finalize().into_bytes().into();
        self.block = self.block.wrapping_add(1);
        self.next = 0;
    }
}

impl DiceSource for SeededDice {
    fn roll_die(&mut self) -> Face {
        loop {
            if self.next == self.bytes.len() {
                self.refill();
            }
            let byte = self.bytes[self.next];
            self.next += 1;
            if byte < 252 {
                return Face::ALL[usize::from(byte % 6)];
            }
        }
    }
}

/// What checking a room's dice found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "dice", rename_all = "snake_case")]
pub enum DiceCheck {
    /// The room's dice were not sealed (a room on one device, a score pad, a log from before sealing).
    NotSealed,
    /// Sealed, and the seed is not revealed yet (the game goes on).
    NotRevealed,
    /// The seed revealed is the one committed to, and it derives every die of the log: `rolls` decisions.
    Checked { rolls: usize },
    /// The first entry the seed does not explain: the reveal itself (a seed that is not the one committed
    /// to), the roll-off, or a roll.
    Failed { seq: u64 },
}

/// Checks every die a room's log holds against the seed it reveals.
pub fn check_dice(name: RoomName, entries: &[LogEntry]) -> Result<DiceCheck, RoomError> {
    let committed = entries.iter().find_map(|entry| match &entry.event {
        Event::Started {
            dice_commitment: Some(commitment),
            ..
        } => Some(commitment.as_str()),
        _ => None,
    });
    let Some(committed) = committed else {
        return Ok(DiceCheck::NotSealed);
    };
    let revealed = entries.iter().find_map(|entry| match &entry.event {
        Event::DiceRevealed { seed } => Some((entry.seq, seed.as_str())),
        _ => None,
    });
    let Some((reveal_seq, revealed)) = revealed else {
        return Ok(DiceCheck::NotRevealed);
    };
    let Some(seed) = DiceSeed::parse(revealed).filter(|seed| seed.commitment() == committed) else {
        return Ok(DiceCheck::Failed { seq: reveal_seq });
    };
    let mut room = Room::new(name);
    let mut rolls = 0;
    for entry in entries {
        let derived = match &entry.event {
            Event::Started {
                first_player_roll, ..
            } => {
                let mut dice = seed.dice_at(entry.seq);
                Some(roll_off(room.seats().len(), || dice.roll_die()) == *first_player_roll)
            }
            Event::Played {
                play: play @ Play::Roll(_),
                ..
            } => {
                let game = room.game().ok_or(RoomError::NotStarted)?;
                Some(game.draw(&mut seed.dice_at(entry.seq)).ok().as_ref() == Some(play))
            }
            _ => None,
        };
        match derived {
            Some(true) => rolls += 1,
            Some(false) => return Ok(DiceCheck::Failed { seq: entry.seq }),
            None => {}
        }
        room.apply_entry(entry)?;
    }
    Ok(DiceCheck::Checked { rolls })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_reads_back_from_its_hex_and_its_debug_hides_it() {
        let seed = DiceSeed::new([7; SEED_BYTES]);
        assert_eq!(DiceSeed::parse(&seed.to_hex()), Some(seed.clone()));
        assert_eq!(DiceSeed::parse(&seed.to_hex().to_uppercase()), Some(seed.clone()));
        assert_eq!(DiceSeed::parse("07"), None);
        assert_eq!(DiceSeed::parse(&"g".repeat(64)), None);
        assert!(!format!("{seed:?}").contains("07"));
        let commitment = seed.commitment();
        assert_eq!(commitment.len(), 64);
        assert!(
            commitment
                .bytes()
                .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
        );
    }

    /// Fixed by the published function (computed independently with Python's `hashlib` and `hmac`): a change
    /// to the derivation would make every sealed log ever written fail its check.
    #[test]
    fn the_published_function_gives_these_values() {
        let seed = DiceSeed::new(std::array::from_fn(|i| i as u8));
        assert_eq!(
            seed.commitment(),
            "2c950b2bdd14bbc901363bccbca55101539bdb4ce13f41b7150fbee80a884493"
        );
        let mut dice = seed.dice_at(7);
        let faces: Vec<u8> = (0..12).map(|_| dice.roll_die().value()).collect();
        assert_eq!(faces, [3, 3, 3, 5, 1, 3, 5, 6, 4, 5, 3, 3]);
    }

    #[test]
    fn each_seq_has_its_own_dice_and_the_same_seq_the_same() {
        let seed = DiceSeed::new([42; SEED_BYTES]);
        let draw = |seq| -> Vec<Face> {
            let mut dice = seed.dice_at(seq);
            (0..40).map(|_| dice.roll_die()).collect()
        };
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
    }

    /// A million faces, over many seqs and seeds: a chi-square with 5 degrees of freedom below 20.5 (its
    /// 0.999 quantile), so a fair derivation fails it once in a thousand seeds, and this seed is fixed.
    #[test]
    fn a_million_derived_faces_are_uniform() {
        let mut counts = [0u64; 6];
        let mut drawn = 0u64;
        for seq in 0..100_000u64 {
            let seed = DiceSeed::new(std::array::from_fn(|i| (i as u8) ^ (seq % 251) as u8));
            let mut dice = seed.dice_at(seq);
            for _ in 0..10 {
                counts[dice.roll_die().index()] += 1;
                drawn += 1;
            }
        }
        assert_eq!(drawn, 1_000_000);
        let expected = drawn as f64 / 6.0;
        let chi_square: f64 = counts
            .iter()
            .map(|&count| (count as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi_square < 20.5, "chi-square {chi_square:.2} for {counts:?}");
    }
}
