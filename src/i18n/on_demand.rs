//! The languages fetched on demand: English is in the first download, French is a chunk of its own.

use std::sync::OnceLock;

use wasm_split_helpers::SplitLoaderError;

use super::{Language, Words, en, fr};

/// The words of a language if they are here: English always; French, a chunk of its own, once [`fetch`] has
/// brought it (natively, where nothing is split, always).
pub fn here(language: Language) -> Option<&'static Words> {
    match language {
        Language::English => Some(&en::WORDS),
        #[cfg(not(target_family = "wasm"))]
        Language::French => Some(&fr::WORDS),
        #[cfg(target_family = "wasm")]
        Language::French => FRENCH.get().copied(),
    }
}

/// Brings a language's words, or says why they could not be fetched (offline before they ever were).
pub async fn fetch(language: Language) -> Result<&'static Words, SplitLoaderError> {
    if let Some(words) = here(language) {
        return Ok(words);
    }
    let words = french().await?;
    Ok(*FRENCH.get_or_init(|| words))
}

/// The French words, kept once fetched.
static FRENCH: OnceLock<&'static Words> = OnceLock::new();

#[wasm_split_helpers::wasm_split(french, fallible)]
fn french() -> Result<&'static Words, SplitLoaderError> {
    Ok(&fr::WORDS)
}
