//! The languages fetched on demand: English is in the first download, every other language a chunk of its own.

use std::sync::OnceLock;

use wasm_split_helpers::SplitLoaderError;

use super::{Language, Words, en};

/// The words of a language if they are here: English always; another, a chunk of its own, once [`fetch`] has
/// brought it (natively, where nothing is split, always).
pub fn here(language: Language) -> Option<&'static Words> {
    match language {
        Language::English => Some(&en::WORDS),
        #[cfg(not(target_family = "wasm"))]
        Language::French => Some(&super::fr::WORDS),
        #[cfg(not(target_family = "wasm"))]
        Language::Spanish => Some(&super::es::WORDS),
        #[cfg(not(target_family = "wasm"))]
        Language::German => Some(&super::de::WORDS),
        #[cfg(target_family = "wasm")]
        other => fetched(other).get().copied(),
    }
}

/// Brings a language's words, or says why they could not be fetched (offline before they ever were).
pub async fn fetch(language: Language) -> Result<&'static Words, SplitLoaderError> {
    if let Some(words) = here(language) {
        return Ok(words);
    }
    let words = match language {
        Language::English => &en::WORDS,
        Language::French => french().await?,
        Language::Spanish => spanish().await?,
        Language::German => german().await?,
    };
    Ok(*fetched(language).get_or_init(|| words))
}

/// Where a fetched language's words are kept.
fn fetched(language: Language) -> &'static OnceLock<&'static Words> {
    static FETCHED: [OnceLock<&'static Words>; Language::ALL.len()] =
        [const { OnceLock::new() }; Language::ALL.len()];
    &FETCHED[language as usize]
}

#[wasm_split_helpers::wasm_split(french, fallible)]
fn french() -> Result<&'static Words, SplitLoaderError> {
    Ok(&super::fr::WORDS)
}

#[wasm_split_helpers::wasm_split(spanish, fallible)]
fn spanish() -> Result<&'static Words, SplitLoaderError> {
    Ok(&super::es::WORDS)
}

#[wasm_split_helpers::wasm_split(german, fallible)]
fn german() -> Result<&'static Words, SplitLoaderError> {
    Ok(&super::de::WORDS)
}
