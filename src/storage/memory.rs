//! An in-memory store for the tests of the storage and the store, which fills up like a real one.

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::{Backend, WriteRefused};

/// A store shared by its handles (the tests keep one to look inside).
impl<B: Backend + ?Sized> Backend for std::rc::Rc<B> {
    fn get(&self, key: &str) -> Option<String> {
        (**self).get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
        (**self).set(key, value)
    }

    fn remove(&self, key: &str) {
        (**self).remove(key)
    }

    fn keys(&self) -> Vec<String> {
        (**self).keys()
    }
}

/// An in-memory store, for tests; `capacity` (in bytes of values) makes it fill up like a real one.
#[derive(Default)]
pub struct MemoryBackend {
    pub entries: RefCell<BTreeMap<String, String>>,
    pub capacity: Option<usize>,
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Option<String> {
        self.entries.borrow().get(key).cloned()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
        let mut entries = self.entries.borrow_mut();
        let used: usize = entries
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(_, v)| v.len())
            .sum();
        if self
            .capacity
            .is_some_and(|capacity| used + value.len() > capacity)
        {
            return Err(WriteRefused);
        }
        entries.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) {
        self.entries.borrow_mut().remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.entries.borrow().keys().cloned().collect()
    }
}
