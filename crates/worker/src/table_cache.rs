//! The engine's tables kept on the device between visits (the worker stores them in Cache Storage), so that a
//! hint on a later visit is a read instead of a build. A record names its engine version and rules and ends
//! with the SHA-256 digest of everything before it; a record that is corrupt, stale or for other rules is
//! refused, and the worker then builds the table afresh and replaces it.

use std::fmt;

use fivedice_rules::Rules;
use fivedice_strategy::{ENGINE_VERSION, Spread, ValueTable};
use sha2::{Digest, Sha256};

/// The Cache Storage cache of this engine version's tables; caches of other versions are deleted.
pub fn cache_name() -> String {
    format!("{CACHE_PREFIX}{ENGINE_VERSION}")
}

/// The start of every table cache's name, whatever its engine version.
pub const CACHE_PREFIX: &str = "engine-tables-v";

/// The address a table is filed under in the cache (Cache Storage files responses by URL).
pub fn address(rules: Rules) -> String {
    let key: String = Sha256::digest(rules_key(rules).as_bytes())[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("./engine-tables/{ENGINE_VERSION}/{key}")
}

const DIGEST_BYTES: usize = 32;

/// What a record holds: a table's values, or the moments of a table's spread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Table,
    Spread,
}

impl Kind {
    fn magic(self) -> &'static [u8; 4] {
        match self {
            Kind::Table => b"FDVT",
            Kind::Spread => b"FDVS",
        }
    }
}

/// The address a record of this kind for these rules is filed under in the cache.
pub fn address_of(kind: Kind, rules: Rules) -> String {
    match kind {
        Kind::Table => address(rules),
        Kind::Spread => format!("{}-spread", address(rules)),
    }
}

/// A table's record: what it is for, its values, and the digest that vouches for both.
pub fn encode(table: &ValueTable) -> Vec<u8> {
    encode_values(Kind::Table, table.rules(), table.values())
}

/// The table a record holds, if it is intact and exactly the one these rules and this engine would build.
pub fn decode(rules: Rules, record: &[u8]) -> Result<ValueTable, Refusal> {
    let values = decode_values(Kind::Table, rules, record)?;
    ValueTable::from_values(rules, values).ok_or(Refusal::Length)
}

/// The record of a table's spread.
pub fn encode_spread(table: &ValueTable, spread: &Spread) -> Vec<u8> {
    encode_values(Kind::Spread, table.rules(), &spread.moments())
}

/// The spread of `table` a record holds, if it is intact and made for that table's rules by this engine.
pub fn decode_spread(table: &ValueTable, record: &[u8]) -> Result<Spread, Refusal> {
    let moments = decode_values(Kind::Spread, table.rules(), record)?;
    Spread::from_moments(table, moments).ok_or(Refusal::Length)
}

fn encode_values(kind: Kind, rules: Rules, values: &[f32]) -> Vec<u8> {
    let key = rules_key(rules);
    let mut record = Vec::with_capacity(4 + 4 + 2 + key.len() + 4 + 4 * values.len() + DIGEST_BYTES);
    record.extend_from_slice(kind.magic());
    record.extend_from_slice(&ENGINE_VERSION.to_le_bytes());
    record.extend_from_slice(&(key.len() as u16).to_le_bytes());
    record.extend_from_slice(key.as_bytes());
    record.extend_from_slice(&(values.len() as u32).to_le_bytes());
    for value in values {
        record.extend_from_slice(&value.to_le_bytes());
    }
    let digest = Sha256::digest(&record);
    record.extend_from_slice(&digest);
    record
}

fn decode_values(kind: Kind, rules: Rules, record: &[u8]) -> Result<Vec<f32>, Refusal> {
    let body_len = record.len().checked_sub(DIGEST_BYTES).ok_or(Refusal::Truncated)?;
    let (body, digest) = record.split_at(body_len);
    if Sha256::digest(body).as_slice() != digest {
        return Err(Refusal::Digest);
    }
    let mut reader = Reader { rest: body };
    if reader.take(4)? != kind.magic() {
        return Err(Refusal::NotATable);
    }
    let version = u32::from_le_bytes(reader.array()?);
    if version != ENGINE_VERSION {
        return Err(Refusal::Engine(version));
    }
    let key_len = u16::from_le_bytes(reader.array()?);
    if reader.take(usize::from(key_len))? != rules_key(rules).as_bytes() {
        return Err(Refusal::OtherRules);
    }
    let count = u32::from_le_bytes(reader.array()?) as usize;
    let bytes = reader.take(count.checked_mul(4).ok_or(Refusal::Truncated)?)?;
    if !reader.rest.is_empty() {
        return Err(Refusal::Truncated);
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|chunk| f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]))
        .collect())
}

/// The rules as the record names them: their JSON, which lists every option.
fn rules_key(rules: Rules) -> String {
    serde_json::to_string(&rules).unwrap_or_default()
}

struct Reader<'r> {
    rest: &'r [u8],
}

impl<'r> Reader<'r> {
    fn take(&mut self, count: usize) -> Result<&'r [u8], Refusal> {
        if self.rest.len() < count {
            return Err(Refusal::Truncated);
        }
        let (taken, rest) = self.rest.split_at(count);
        self.rest = rest;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], Refusal> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }
}

/// Why a cached record is not used (it is then rebuilt and replaced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Truncated,
    Digest,
    NotATable,
    /// Written by another version of the engine (holds that version).
    Engine(u32),
    OtherRules,
    /// Not one value for each state of these rules.
    Length,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Truncated => f.write_str("the cached table is cut short"),
            Refusal::Digest => f.write_str("the cached table does not match its digest"),
            Refusal::NotATable => f.write_str("the cached record is not of the kind asked for"),
            Refusal::Engine(version) => write!(
                f,
                "the cached table is from engine version {version} (this is {ENGINE_VERSION})"
            ),
            Refusal::OtherRules => f.write_str("the cached table is for other rules"),
            Refusal::Length => f.write_str("the cached table has the wrong number of values"),
        }
    }
}

#[cfg(test)]
mod tests {
    use fivedice_rules::{Joker, RulesetId};

    use super::*;

    fn rules() -> Rules {
        Rules::with_options(RulesetId::Yahtzee, Joker::Forced, true).unwrap()
    }

    /// A small table built quickly: the greedy one (real values would take seconds to build in a debug test).
    fn table() -> ValueTable {
        let values: Vec<f32> = (0..ValueTable::myopic(rules()).state_count())
            .map(|slot| slot as f32 * 0.25)
            .collect();
        ValueTable::from_values(rules(), values).unwrap()
    }

    #[test]
    fn a_record_gives_back_the_same_table() {
        let table = table();
        let Ok(back) = decode(table.rules(), &encode(&table)) else {
            panic!("an intact record was refused");
        };
        assert_eq!(back.values(), table.values());
        assert_eq!(back.rules(), table.rules());
    }

    #[test]
    fn every_flipped_byte_and_every_cut_is_refused() {
        let record = encode(&table());
        let rules = table().rules();
        // Every byte of the header and the digest, and a sample of the values.
        let positions = (0..64)
            .chain((64..record.len()).step_by(record.len() / 16))
            .chain(record.len() - 32..record.len());
        for position in positions {
            let mut bad = record.clone();
            bad[position] ^= 0x10;
            assert!(
                decode(rules, &bad).is_err(),
                "byte {position} flipped was accepted"
            );
        }
        for len in [0, 1, 31, 32, 40, record.len() - 1] {
            assert!(
                decode(rules, &record[..len]).is_err(),
                "cut at {len} was accepted"
            );
        }
        let mut longer = record.clone();
        longer.push(0);
        assert_eq!(decode(rules, &longer).err(), Some(Refusal::Digest));
    }

    #[test]
    fn a_record_for_other_rules_or_another_engine_is_refused() {
        let record = encode(&table());
        let other = Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).unwrap();
        assert_eq!(decode(other, &record).err(), Some(Refusal::OtherRules));
        // The same record rewritten as if by another engine version, with a digest that matches.
        let mut older = record[..record.len() - DIGEST_BYTES].to_vec();
        older[4..8].copy_from_slice(&(ENGINE_VERSION + 1).to_le_bytes());
        let digest = Sha256::digest(&older);
        older.extend_from_slice(&digest);
        assert_eq!(
            decode(table().rules(), &older).err(),
            Some(Refusal::Engine(ENGINE_VERSION + 1))
        );
    }

    #[test]
    fn a_spread_record_gives_back_the_same_spread_and_is_no_table() {
        let table = table();
        let spread = Spread::build(&ValueTable::myopic(rules()));
        let record = encode_spread(&table, &spread);
        let Ok(back) = decode_spread(&table, &record) else {
            panic!("an intact spread record was refused");
        };
        assert_eq!(back.moments(), spread.moments());
        assert_eq!(decode(rules(), &record).err(), Some(Refusal::NotATable));
        assert_eq!(
            decode_spread(&table, &encode(&table)).err(),
            Some(Refusal::NotATable)
        );
        let mut bad = record.clone();
        bad[100] ^= 0x10;
        assert_eq!(decode_spread(&table, &bad).err(), Some(Refusal::Digest));
        assert_ne!(
            address_of(Kind::Spread, rules()),
            address_of(Kind::Table, rules())
        );
    }

    #[test]
    fn each_rules_has_its_own_address() {
        let addresses: std::collections::HashSet<String> = [
            (RulesetId::Yahtzee, Joker::Forced, true),
            (RulesetId::Yahtzee, Joker::Free, true),
            (RulesetId::Yahtzee, Joker::Forced, false),
            (RulesetId::Yardzee, Joker::Forced, true),
            (RulesetId::Yam, Joker::None, false),
        ]
        .into_iter()
        .map(|(ruleset, joker, bonus)| address(Rules::with_options(ruleset, joker, bonus).unwrap()))
        .collect();
        assert_eq!(addresses.len(), 5);
    }
}
