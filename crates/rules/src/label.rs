//! The words printed on the sheets, one table per language.
//!
//! A [`Label`] names a word of a sheet (a box, a section, a bonus, a game, a column); each language is one
//! function from labels to its words, an exhaustive match, so a word missing in some language does not compile.
//! Being functions, not data beside the rulesets, a language's words go only where its function is called: the
//! app calls English's from its first download and each other language's from that language's chunk.

use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::language::Language;

/// A word printed on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    // The upper boxes.
    Ones,
    Twos,
    Threes,
    Fours,
    Fives,
    Sixes,
    // The lower boxes.
    ThreeOfAKind,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Chance,
    /// The box, and the game: Kniffel in German.
    Yahtzee,
    OnePair,
    TwoPairs,
    Yatzy,
    Yam,
    LittleStraight,
    BigStraight,
    Choice,
    Yacht,
    // Sections and bonuses.
    UpperSection,
    LowerSection,
    /// Yam's sections, as the French pad prints them.
    UpperHalf,
    LowerHalf,
    YahtzeeBonus,
    // The wedding sheet (Yardzee).
    Yardzee,
    WeddingParty,
    Celebration,
    OnesAces,
    ThreeOfAKindShort,
    FourOfAKindShort,
    PerfectMatch,
    StraightTo,
    YesToIDo,
    Honeymoon,
    GiftTable,
    HoneymoonBonus,
    // Generala's boxes (its full is Full house's word).
    Straight,
    Poker,
    Generala,
    DoubleGenerala,
    // Maxi Yatzy's boxes beyond Yatzy's.
    ThreePairs,
    FiveOfAKind,
    FullStraight,
    Villa,
    Tower,
    /// The box, and the game.
    MaxiYatzy,
    // Games named apart from a box.
    ForcedYatzy,
    // Column Yam's columns.
    Down,
    Free,
    Up,
    Dry,
    Announced,
}

impl Label {
    /// The word in a language.
    pub fn get(self, language: Language) -> &'static str {
        match language {
            Language::English => self.english(),
            Language::French => self.french(),
            Language::Spanish => self.spanish(),
            Language::German => self.german(),
        }
    }

    /// The word in English, French, Spanish and German, in that order.
    pub fn every_language(self) -> [&'static str; 4] {
        [self.english(), self.french(), self.spanish(), self.german()]
    }

    pub fn english(self) -> &'static str {
        match self {
            Label::Ones => "Ones",
            Label::Twos => "Twos",
            Label::Threes => "Threes",
            Label::Fours => "Fours",
            Label::Fives => "Fives",
            Label::Sixes => "Sixes",
            Label::ThreeOfAKind => "Three of a kind",
            Label::FourOfAKind => "Four of a kind",
            Label::FullHouse => "Full house",
            Label::SmallStraight => "Small straight",
            Label::LargeStraight => "Large straight",
            Label::Chance => "Chance",
            Label::Yahtzee => "Yahtzee",
            Label::OnePair => "One pair",
            Label::TwoPairs => "Two pairs",
            Label::Yatzy => "Yatzy",
            Label::Yam => "Yam",
            Label::LittleStraight => "Little straight",
            Label::BigStraight => "Big straight",
            Label::Choice => "Choice",
            Label::Yacht => "Yacht",
            Label::UpperSection | Label::UpperHalf => "Upper section",
            Label::LowerSection | Label::LowerHalf => "Lower section",
            Label::YahtzeeBonus => "Yahtzee bonus",
            Label::Yardzee => "Yardzee",
            Label::WeddingParty => "The Wedding Party",
            Label::Celebration => "The Celebration",
            Label::OnesAces => "Ones (Aces)",
            Label::ThreeOfAKindShort => "3 of a Kind",
            Label::FourOfAKindShort => "4 of a Kind",
            Label::PerfectMatch => "The Perfect Match",
            Label::StraightTo => "Straight to the ?",
            Label::YesToIDo => "From \"Yes\" to \"I Do\"",
            Label::Honeymoon => "Honeymoon!",
            Label::GiftTable => "Gift Table",
            Label::HoneymoonBonus => "Honeymoon Bonus ♥",
            Label::Straight => "Straight",
            Label::Poker => "Poker",
            Label::Generala => "Generala",
            Label::DoubleGenerala => "Double Generala",
            Label::ThreePairs => "Three pairs",
            Label::FiveOfAKind => "Five of a kind",
            Label::FullStraight => "Full straight",
            Label::Villa => "Villa",
            Label::Tower => "Tower",
            Label::MaxiYatzy => "Maxi Yatzy",
            Label::ForcedYatzy => "Forced Yatzy",
            Label::Down => "Down",
            Label::Free => "Free",
            Label::Up => "Up",
            Label::Dry => "Dry",
            Label::Announced => "Announced",
        }
    }

    pub fn french(self) -> &'static str {
        match self {
            Label::Ones => "As",
            Label::Twos => "Deux",
            Label::Threes => "Trois",
            Label::Fours => "Quatre",
            Label::Fives => "Cinq",
            Label::Sixes => "Six",
            Label::ThreeOfAKind | Label::ThreeOfAKindShort => "Brelan",
            Label::FourOfAKind | Label::FourOfAKindShort => "Carré",
            Label::FullHouse => "Full",
            Label::SmallStraight | Label::LittleStraight => "Petite suite",
            Label::LargeStraight | Label::BigStraight => "Grande suite",
            Label::Chance => "Chance",
            Label::Yahtzee => "Yahtzee",
            Label::OnePair => "Une paire",
            Label::TwoPairs => "Deux paires",
            Label::Yatzy => "Yatzy",
            Label::Yam => "Yam",
            Label::Choice => "Choix",
            Label::Yacht => "Yacht",
            Label::UpperSection => "Partie supérieure",
            Label::LowerSection => "Partie inférieure",
            Label::UpperHalf => "Partie haute",
            Label::LowerHalf => "Partie basse",
            Label::YahtzeeBonus => "Prime Yahtzee",
            Label::Yardzee => "Yardzee",
            Label::WeddingParty => "Le cortège",
            Label::Celebration => "La fête",
            Label::OnesAces => "Un (As)",
            Label::PerfectMatch => "Le couple parfait",
            Label::StraightTo => "Tout droit vers…\u{a0}?",
            Label::YesToIDo => "Du «\u{a0}Oui\u{a0}» au «\u{a0}Je le veux\u{a0}»",
            Label::Honeymoon => "Lune de miel\u{a0}!",
            Label::GiftTable => "Liste de mariage",
            Label::HoneymoonBonus => "Prime lune de miel ♥",
            Label::Straight => "Suite",
            Label::Poker => "Poker",
            Label::Generala => "Generala",
            Label::DoubleGenerala => "Double Generala",
            Label::ThreePairs => "Trois paires",
            Label::FiveOfAKind => "Cinq identiques",
            Label::FullStraight => "Suite complète",
            Label::Villa => "Villa",
            Label::Tower => "Tour",
            Label::MaxiYatzy => "Maxi Yatzy",
            Label::ForcedYatzy => "Yatzy forcé",
            Label::Down => "Descendante",
            Label::Free => "Libre",
            Label::Up => "Montante",
            Label::Dry => "Sèche",
            Label::Announced => "Annoncée",
        }
    }

    pub fn spanish(self) -> &'static str {
        match self {
            Label::Ones => "Unos",
            Label::Twos => "Doses",
            Label::Threes => "Treses",
            Label::Fours => "Cuatros",
            Label::Fives => "Cincos",
            Label::Sixes => "Seises",
            Label::ThreeOfAKind | Label::ThreeOfAKindShort => "Trío",
            Label::FourOfAKind | Label::FourOfAKindShort => "Póker",
            Label::FullHouse => "Full",
            Label::SmallStraight => "Escalera corta",
            Label::LargeStraight => "Escalera larga",
            Label::Chance => "Suerte",
            Label::Yahtzee => "Yahtzee",
            Label::OnePair => "Un par",
            Label::TwoPairs => "Dos pares",
            Label::Yatzy => "Yatzy",
            Label::Yam => "Yam",
            Label::LittleStraight => "Escalera pequeña",
            Label::BigStraight => "Escalera grande",
            Label::Choice => "Elección",
            Label::Yacht => "Yacht",
            Label::UpperSection => "Sección superior",
            Label::LowerSection => "Sección inferior",
            Label::UpperHalf => "Parte alta",
            Label::LowerHalf => "Parte baja",
            Label::YahtzeeBonus => "Bono Yahtzee",
            Label::Yardzee => "Yardzee",
            Label::WeddingParty => "El cortejo",
            Label::Celebration => "La fiesta",
            Label::OnesAces => "Unos (Ases)",
            Label::PerfectMatch => "La pareja perfecta",
            Label::StraightTo => "¿Directo al…?",
            Label::YesToIDo => "Del «sí» al «sí, quiero»",
            Label::Honeymoon => "¡Luna de miel!",
            Label::GiftTable => "Mesa de regalos",
            Label::HoneymoonBonus => "Bono luna de miel ♥",
            Label::Straight => "Escalera",
            Label::Poker => "Póker",
            Label::Generala => "Generala",
            Label::DoubleGenerala => "Generala doble",
            Label::ThreePairs => "Tres pares",
            Label::FiveOfAKind => "Cinco iguales",
            Label::FullStraight => "Escalera completa",
            Label::Villa => "Villa",
            Label::Tower => "Torre",
            Label::MaxiYatzy => "Maxi Yatzy",
            Label::ForcedYatzy => "Yatzy obligado",
            Label::Down => "Descendente",
            Label::Free => "Libre",
            Label::Up => "Ascendente",
            Label::Dry => "Seca",
            Label::Announced => "Anunciada",
        }
    }

    /// German: Yahtzee's sheet reads as the Kniffel sheet.
    pub fn german(self) -> &'static str {
        match self {
            Label::Ones => "Einser",
            Label::Twos => "Zweier",
            Label::Threes => "Dreier",
            Label::Fours => "Vierer",
            Label::Fives => "Fünfer",
            Label::Sixes => "Sechser",
            Label::ThreeOfAKind | Label::ThreeOfAKindShort => "Dreierpasch",
            Label::FourOfAKind | Label::FourOfAKindShort => "Viererpasch",
            Label::FullHouse => "Full House",
            Label::SmallStraight | Label::LittleStraight => "Kleine Straße",
            Label::LargeStraight | Label::BigStraight => "Große Straße",
            Label::Chance => "Chance",
            Label::Yahtzee => "Kniffel",
            Label::OnePair => "Ein Paar",
            Label::TwoPairs => "Zwei Paare",
            Label::Yatzy => "Yatzy",
            Label::Yam => "Yam",
            Label::Choice => "Wahl",
            Label::Yacht => "Yacht",
            Label::UpperSection | Label::UpperHalf => "Oberer Teil",
            Label::LowerSection | Label::LowerHalf => "Unterer Teil",
            Label::YahtzeeBonus => "Kniffel-Bonus",
            Label::Yardzee => "Yardzee",
            Label::WeddingParty => "Die Hochzeitsgesellschaft",
            Label::Celebration => "Die Feier",
            Label::OnesAces => "Einser (Asse)",
            Label::PerfectMatch => "Das perfekte Paar",
            Label::StraightTo => "Geradewegs zum …?",
            Label::YesToIDo => "Vom „Ja“ zum „Ja, ich will“",
            Label::Honeymoon => "Flitterwochen!",
            Label::GiftTable => "Geschenketisch",
            Label::HoneymoonBonus => "Flitterwochen-Bonus ♥",
            Label::Straight => "Straße",
            Label::Poker => "Poker",
            Label::Generala => "Generala",
            Label::DoubleGenerala => "Doppel-Generala",
            Label::ThreePairs => "Drei Paare",
            Label::FiveOfAKind => "Fünferpasch",
            Label::FullStraight => "Volle Straße",
            Label::Villa => "Villa",
            Label::Tower => "Turm",
            Label::MaxiYatzy => "Maxi-Yatzy",
            Label::ForcedYatzy => "Zwangs-Yatzy",
            Label::Down => "Abwärts",
            Label::Free => "Frei",
            Label::Up => "Aufwärts",
            Label::Dry => "Trocken",
            Label::Announced => "Angesagt",
        }
    }
}

/// As the command line shows a label: `label` (English), `label_fr`, `label_es` and `label_de`.
impl Serialize for Label {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let [en, fr, es, de] = self.every_language();
        let mut fields = serializer.serialize_struct("Label", 4)?;
        fields.serialize_field("label", en)?;
        fields.serialize_field("label_fr", fr)?;
        fields.serialize_field("label_es", es)?;
        fields.serialize_field("label_de", de)?;
        fields.end()
    }
}
