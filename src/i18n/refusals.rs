//! Why something was refused, in each language: a move the rules refused, each box named as the sheet in play
//! prints it, and a launch address that cannot be followed. Only the chunks that tell these reach them (the
//! refusals' and the launch's), so the first download holds none of their words.

use fivedice_rules::{Category, GameError, Rules};

use super::{Language, label, refusals_de, refusals_en, refusals_es, refusals_fr};
use crate::launch::AddressError;

/// A box as the sheet of `rules` prints it in `language` (its id, where that sheet has no such box).
pub fn box_name(rules: Rules, language: Language, category: Category) -> String {
    rules.ruleset().cell(category).map_or_else(
        || category.id().to_string(),
        |cell| label(language, cell.label).to_string(),
    )
}

/// How a refusal names a box: as the sheet in play prints it.
pub type BoxName<'a> = &'a dyn Fn(Category) -> String;

/// A move the rules refused, in plain words of `language`, each box named by `name` (only the refusals' chunk
/// reaches this).
pub fn refused(language: Language, error: &GameError, name: BoxName) -> String {
    match language {
        Language::English => refusals_en::refused(error, name),
        Language::French => refusals_fr::refused(error, name),
        Language::Spanish => refusals_es::refused(error, name),
        Language::German => refusals_de::refused(error, name),
    }
}

/// Why a launch address cannot be followed, in plain words of `language` (only the launch's chunk reaches this).
pub fn address_refused(language: Language, error: &AddressError) -> String {
    match language {
        Language::English => refusals_en::address_refused(error),
        Language::French => refusals_fr::address_refused(error),
        Language::Spanish => refusals_es::address_refused(error),
        Language::German => refusals_de::address_refused(error),
    }
}
