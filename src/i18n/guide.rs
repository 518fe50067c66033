//! "How to play": one page per ruleset and table options, built from the ruleset's data and a language's
//! phrases, so that every language says the same things in the same order and a new language only words them.

use fivedice_rules::{
    Column, HouseRules, Joker, Language, Pattern, Points, Rules, RulesetId, Section, UpperBonus,
};

/// A "How to play" page: sections of paragraphs, and the sheet's cells with what each asks and pays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guide {
    pub title: String,
    pub sections: Vec<GuideSection>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuideSection {
    pub heading: String,
    pub paragraphs: Vec<String>,
    /// The cells of a part of the sheet: label, what the dice must show, what it scores.
    pub cells: Vec<[String; 3]>,
}

impl GuideSection {
    pub fn text(heading: impl Into<String>, paragraphs: Vec<String>) -> GuideSection {
        GuideSection {
            heading: heading.into(),
            paragraphs,
            cells: Vec::new(),
        }
    }
}

/// The faces of a straight from `lowest`, the ace following the six: "1-2-3-4-5", "3-4-5-6-1".
pub(super) fn straight_faces(lowest: u8) -> String {
    let faces: Vec<String> = (0..5)
        .map(|step| ((lowest - 1 + step) % 6 + 1).to_string())
        .collect();
    faces.join("-")
}

/// The phrases of the page in one language.
pub struct GuidePhrases {
    pub language: Language,
    /// The page's title, given the ruleset's name.
    pub title: fn(&str) -> String,
    /// What a five-of-a-kind is called where the sheet has no cell name for it.
    pub five_alike: &'static str,
    /// The first section's heading: plain, and on the wedding sheet (Yardzee).
    pub turn_heading: [&'static str; 2],
    /// What the first paragraph opens with on the wedding sheet.
    pub wedding_opening: &'static str,
    /// A turn: the rolls, the cell written, playing with one's own dice.
    pub turn: [&'static str; 3],
    /// The upper section: its bonus, if the sheet has one.
    pub upper: fn(Option<UpperBonus>) -> String,
    /// A sheet filled in order (Forced Yatzy): one box a turn, top to bottom.
    pub in_order: &'static str,
    /// The lower section.
    pub lower: &'static str,
    /// The five-of-a-kind bonus, with the sheet's own mark if it has one.
    pub five_of_a_kind_bonus: fn(five: &str, points: u16, mark: Option<&str>) -> String,
    /// The table's Joker rule.
    pub joker: fn(Joker, five: &str) -> String,
    pub who_starts: &'static str,
    pub end: &'static str,
    /// The last section's heading: plain, on the wedding sheet, and on a sheet with no five-of-a-kind extras.
    pub extras_heading: [&'static str; 3],
    /// Column Yam: the section's heading, what playing in columns means (columns, turns), each column's rule,
    /// and the rules the issue left to French tables' custom (no reroll when only first-roll boxes are open;
    /// on a score pad, dry and announced are the table's to keep).
    pub columns_heading: &'static str,
    pub columns_intro: fn(columns: usize, turns: usize) -> String,
    pub column_rule: fn(Column) -> String,
    pub columns_customs: [&'static str; 2],
    /// Generala's house rules as this table plays them, a paragraph each: the first roll's bonus, a generala
    /// on the first roll, the double generala, and 3-4-5-6-1 where it counts; and their section's heading.
    pub house_rules: fn(HouseRules) -> Vec<String>,
    pub house_heading: &'static str,
    /// What a cell asks of the game's dice (five, or six).
    pub needs: fn(Pattern, usize) -> String,
    /// What a cell scores when the game's dice make it (0 otherwise).
    pub pays: fn(Pattern, Points, usize) -> String,
    /// A turn where unused rolls are saved (Maxi Yatzy): the rolls, and playing with one's own dice.
    pub saved_rolls: [&'static str; 2],
}

/// The page for these rules, in the phrases' language.
pub fn build(phrases: &GuidePhrases, rules: &Rules) -> Guide {
    let language = phrases.language;
    let ruleset = rules.ruleset();
    let wedding = usize::from(rules.id() == RulesetId::Yardzee);
    let five = ruleset
        .cell(ruleset.all_alike_cell())
        .map_or(phrases.five_alike, |cell| {
            crate::i18n::label(language, cell.label)
        });
    let rows = |section: Section| {
        ruleset
            .cells_in(section)
            .map(|cell| {
                [
                    crate::i18n::label(language, cell.label).to_string(),
                    (phrases.needs)(cell.pattern, ruleset.dice),
                    (phrases.pays)(cell.pattern, cell.points, ruleset.dice),
                ]
            })
            .collect()
    };
    let [rolls, write, own_dice] = phrases.turn;
    let [rolls, own_dice] = match ruleset.saves_rolls {
        true => phrases.saved_rolls,
        false => [rolls, own_dice],
    };
    let opening = if wedding == 1 { phrases.wedding_opening } else { "" };
    // A sheet filled in order says so instead of offering a free choice of cell.
    let write = if ruleset.fills_in_order {
        phrases.in_order
    } else {
        write
    };
    let turn = vec![format!("{opening}{rolls}"), write.into(), own_dice.into()];
    let mut sections = vec![GuideSection::text(phrases.turn_heading[wedding], turn)];
    let columns = rules.columns();
    if !columns.is_one() {
        let turns = ruleset.cells.len() * columns.len();
        let mut paragraphs = vec![(phrases.columns_intro)(columns.len(), turns)];
        paragraphs.extend(
            columns
                .as_slice()
                .iter()
                .map(|&column| (phrases.column_rule)(column)),
        );
        paragraphs.extend(phrases.columns_customs.iter().map(|custom| custom.to_string()));
        sections.push(GuideSection::text(phrases.columns_heading, paragraphs));
    }
    sections.push(GuideSection {
        heading: crate::i18n::label(language, ruleset.upper_label).into(),
        paragraphs: vec![(phrases.upper)(ruleset.upper_bonus)],
        cells: rows(Section::Upper),
    });
    sections.push(GuideSection {
        heading: crate::i18n::label(language, ruleset.lower_label).into(),
        paragraphs: vec![phrases.lower.into()],
        cells: rows(Section::Lower),
    });
    if let Some(house) = rules.house() {
        sections.push(GuideSection::text(
            phrases.house_heading,
            (phrases.house_rules)(house),
        ));
    }
    let mut extras = Vec::new();
    if let Some(extra) = ruleset.extra_five_of_a_kind {
        extras.push((phrases.five_of_a_kind_bonus)(
            five,
            extra.bonus,
            extra.bonus_mark,
        ));
        extras.push((phrases.joker)(rules.joker(), five));
    }
    extras.push(phrases.who_starts.into());
    extras.push(phrases.end.into());
    let heading = match ruleset.extra_five_of_a_kind {
        Some(_) => phrases.extras_heading[wedding],
        None => phrases.extras_heading[2],
    };
    sections.push(GuideSection::text(heading, extras));
    Guide {
        title: (phrases.title)(crate::i18n::label(language, ruleset.name)),
        sections,
    }
}
