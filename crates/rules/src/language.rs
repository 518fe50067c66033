//! The languages the app, the sheets and the command line speak (a sheet's words: [`crate::label`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language the app, the sheets and the command line speak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    #[serde(rename = "en")]
    English,
    #[serde(rename = "fr")]
    French,
    #[serde(rename = "es")]
    Spanish,
    #[serde(rename = "de")]
    German,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::French,
        Language::Spanish,
        Language::German,
    ];

    /// The BCP 47 tag (`en`, `fr`, `es`, `de`): in addresses, storage and `<html lang>`.
    pub fn id(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::Spanish => "es",
            Language::German => "de",
        }
    }

    /// The language's name in itself, for a language switch.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
            Language::Spanish => "Español",
            Language::German => "Deutsch",
        }
    }

    /// The first of a browser's preferred languages (`fr-CA`, `en-GB`, …) that the app speaks.
    pub fn preferred<'a>(tags: impl IntoIterator<Item = &'a str>) -> Option<Language> {
        tags.into_iter().find_map(|tag| {
            let primary = tag.split(['-', '_']).next().unwrap_or(tag);
            primary.parse().ok()
        })
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A language tag the app does not speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language '{}' (expected en, fr, es or de)", self.0)
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(tag: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|language| language.id().eq_ignore_ascii_case(tag.trim()))
            .ok_or_else(|| UnknownLanguage(tag.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_s_first_spoken_language_wins() {
        assert_eq!(
            Language::preferred(["it-IT", "fr-CA", "en"]),
            Some(Language::French)
        );
        assert_eq!(Language::preferred(["en_GB"]), Some(Language::English));
        assert_eq!(Language::preferred(["es-MX"]), Some(Language::Spanish));
        assert_eq!(Language::preferred(["nl", "de-AT"]), Some(Language::German));
        assert_eq!(Language::preferred(["it", "pt"]), None);
        assert_eq!(Language::preferred([]), None);
    }

    #[test]
    fn tags_parse_both_ways() {
        for language in Language::ALL {
            assert_eq!(language.id().parse(), Ok(language));
            assert_eq!(language.to_string(), language.id());
        }
        assert_eq!(" FR ".parse(), Ok(Language::French));
        assert!("it".parse::<Language>().unwrap_err().to_string().contains("'it'"));
    }
}
