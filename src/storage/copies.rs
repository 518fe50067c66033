//! The copies a save keeps: each save keeps the one it replaces under a `previous` key; a save found unreadable
//! is set aside under an `unreadable` key and its previous copy read instead; and a full store gives the spare
//! copies up before it refuses a save. And how full the store is.

use super::{LoadProblem, Loaded, PREVIOUS_PREFIX, SaveRefused, Storage, UNREADABLE_PREFIX};

/// What a browser keeps for one address in localStorage: about 5 MB, counted here in characters (the browsers
/// differ a little; this is the smallest of the common ones).
pub const KEPT_CHARACTERS: usize = 5_000_000;

/// How much of the store its data takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    pub used: usize,
    pub kept: usize,
}

impl Space {
    /// Less than a fifth of the store is left (1 MB of localStorage's 5).
    pub fn nearly_full(self) -> bool {
        self.used.saturating_mul(5) > self.kept.saturating_mul(4)
    }
}

impl Storage {
    /// How much of the store every key and value of this address take (the app's and any other page's).
    pub fn space(&self) -> Option<Space> {
        let backend = self.backend.as_ref()?;
        let used = backend
            .keys()
            .iter()
            .map(|key| key.chars().count() + backend.get(key).map_or(0, |value| value.chars().count()))
            .sum();
        Some(Space {
            used,
            kept: KEPT_CHARACTERS,
        })
    }

    /// Moves unreadable data to a key of its own so nothing overwrites it, and says what happened.
    pub(super) fn keep_aside(&self, key: &str, raw: &str, reason: &str) -> LoadProblem {
        let aside = format!("{UNREADABLE_PREFIX}{key}.{}", (self.clock)() as u64);
        let kept_aside = self.set(&aside, raw).is_ok();
        if kept_aside {
            self.remove(key);
        }
        LoadProblem {
            reason: reason.to_string(),
            kept_aside,
            recovered: false,
        }
    }

    pub(super) fn previous_key(key: &str) -> String {
        format!("{PREVIOUS_PREFIX}{key}")
    }

    /// Saves a value, keeping the copy it replaces under the key's `previous` key where `readable` reads it:
    /// a damaged copy (one that could not be set aside when it was found) never takes the place of a good
    /// previous one. If the copy cannot be kept (the store is full), the older previous copy stays and the save
    /// goes on: the value saved is what matters.
    pub(super) fn set_keeping_previous(
        &self,
        key: &str,
        value: &str,
        readable: impl Fn(&str) -> bool,
    ) -> Result<(), SaveRefused> {
        let replaced = self
            .get(key)
            .filter(|replaced| replaced != value && readable(replaced));
        if let Some(replaced) = replaced {
            let _older_copy_stays = self.set(&Storage::previous_key(key), &replaced);
        }
        match self.set(key, value) {
            // A full store: the spare copies go before a save is lost, the other saves' first, then this one's.
            Err(SaveRefused::FullOrBlocked) => {
                let own = Storage::previous_key(key);
                let spares = self.keys_with(PREVIOUS_PREFIX);
                for spare in spares.iter().filter(|spare| **spare != own).chain([&own]) {
                    self.remove(spare);
                    if self.set(key, value).is_ok() {
                        return Ok(());
                    }
                }
                Err(SaveRefused::FullOrBlocked)
            }
            kept => kept,
        }
    }

    pub(super) fn remove(&self, key: &str) {
        if let Some(backend) = &self.backend {
            backend.remove(key);
        }
    }

    /// Reads a saved value (`None` if there is none). If it cannot be read, it is kept aside, and its previous
    /// copy, if readable, takes its place: the value comes back with the problem said.
    pub(super) fn read_keeping<T>(
        &self,
        key: &str,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Loaded<Option<T>> {
        let Some(raw) = self.get(key) else {
            return Loaded::default();
        };
        let reason = match read(&raw) {
            Ok(value) => return Loaded::of(Some(value)),
            Err(reason) => reason,
        };
        let mut problem = self.keep_aside(key, &raw, &reason);
        let previous = self
            .get(&Storage::previous_key(key))
            .and_then(|previous| Some((read(&previous).ok()?, previous)));
        let value = previous.map(|(value, raw)| {
            // Restored in its place; were that refused, it is still read from its previous key next time.
            let _read_again_next_time = self.set(key, &raw);
            problem.recovered = true;
            value
        });
        Loaded {
            value,
            problems: vec![problem],
        }
    }
}
