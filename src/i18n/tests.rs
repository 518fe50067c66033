//! Every phrase in every language: present, distinct where it must be, and worded for its reader.

use super::*;
use fivedice_rules::{GameError, RulesetId};

#[test]
fn a_column_game_explains_each_of_its_columns_in_every_language() {
    use fivedice_rules::{Column, Columns};
    let columns = Columns::new(&Column::ALL).unwrap();
    let rules = Rules::new(RulesetId::Yam).with_columns(columns).unwrap();
    for language in Language::ALL {
        let guide = guide(language, &rules);
        let section = guide
            .sections
            .iter()
            .find(|section| section.paragraphs.iter().any(|text| text.contains("60")))
            .expect("a section on the columns, with the 60 turns of five columns");
        for column in Column::ALL {
            let label = crate::i18n::label(language, column.label());
            assert!(
                section
                    .paragraphs
                    .iter()
                    .any(|text| text.contains(label) && text.contains(column.symbol())),
                "{language:?}: {label}"
            );
        }
    }
    let plain = guide(Language::English, &Rules::new(RulesetId::Yam));
    assert!(
        plain
            .sections
            .iter()
            .all(|section| section.heading != "Playing in columns")
    );
}

#[test]
fn decimals_round_like_printf() {
    assert_eq!(decimals(254.5896, 2), "254.59");
    assert_eq!(decimals(254.5896, 4), "254.5896");
    assert_eq!(decimals(146.5, 1), "146.5");
    assert_eq!(decimals(0.5, 0), "1");
    assert_eq!(decimals(3.04, 1), "3.0");
    assert_eq!(decimals(-2.25, 1), "-2.3");
}

#[test]
fn numbers_and_plurals_read_right_in_each_language() {
    let (en, fr) = (words(Language::English), words(Language::French));
    assert_eq!(en.number(254.5896, 2), "254.59");
    assert_eq!(fr.number(254.5896, 2), "254,59");
    assert_eq!((en.roll_again)(1), "Roll again (1 roll left)");
    assert_eq!((en.roll_again)(2), "Roll again (2 rolls left)");
    assert_eq!((fr.roll_again)(1), "Relancer (1 lancer restant)");
    assert_eq!((fr.roll_again)(2), "Relancer (2 lancers restants)");
    let en_room = room_words(Language::English);
    assert_eq!((en_room.players_missing)(1), "1 more player needed to start.");
    assert_eq!((en_room.players_missing)(2), "2 more players needed to start.");
    let fr_analysis = analysis_words(Language::French);
    assert_eq!((fr_analysis.in_decisions)(1), " en 1 décision");
    assert_eq!((fr_analysis.in_decisions)(3), " en 3 décisions");
    assert_eq!((en.date_time)(2026, 11, 29, 18, 5), "2026-11-29 18:05");
    assert_eq!((fr.date_time)(2026, 11, 29, 18, 5), "29/11/2026 18:05");
    // A chance short of certain never reads as 0% or 100%.
    assert_eq!(en.chance(0.1834, 1), "18.3%");
    assert_eq!(en.chance(0.5, 0), "50%");
    assert_eq!(en.chance(0.003, 0), "<1%");
    assert_eq!(en.chance(0.0, 0), "0%");
    assert_eq!(en.chance(0.99996, 1), ">99.9%");
    assert_eq!(en.chance(1.0, 0), "100%");
    assert_eq!(fr.chance(0.1834, 1), "18,3\u{a0}%");
    let (es, de) = (words(Language::Spanish), words(Language::German));
    assert_eq!(es.number(254.5896, 2), "254,59");
    assert_eq!(de.number(254.5896, 2), "254,59");
    assert_eq!(es.chance(0.1834, 1), "18,3\u{a0}%");
    assert_eq!(de.chance(0.1834, 1), "18,3\u{a0}%");
    assert_eq!((es.date_time)(2026, 11, 29, 18, 5), "29/11/2026 18:05");
    assert_eq!((de.date_time)(2026, 11, 29, 18, 5), "29.11.2026 18:05");
    assert_eq!(es.game_name(RulesetId::Yahtzee.ruleset()), "Yahtzee");
    assert_eq!(de.game_name(RulesetId::Yahtzee.ruleset()), "Kniffel");
}

/// Each language speaks for itself: no phrase of Spanish or German left as another language's, and each
/// language's own name on its words.
#[test]
fn spanish_and_german_are_their_own_words() {
    let [en, fr, es, de] = Language::ALL.map(words);
    assert_eq!([en.speaks, fr.speaks, es.speaks, de.speaks], Language::ALL);
    for other in [es, de] {
        for phrase in [other.new_game, other.start, other.tagline, other.how_to_play] {
            assert!(
                ![
                    en.new_game,
                    fr.new_game,
                    en.start,
                    fr.start,
                    en.tagline,
                    fr.tagline,
                    en.how_to_play,
                    fr.how_to_play
                ]
                .contains(&phrase),
                "{:?}: {phrase}",
                other.speaks
            );
        }
    }
}

/// The words that say a sheet has no bonus, and that it is filled in order.
fn no_bonus(language: Language) -> &'static str {
    match language {
        Language::English => "no bonus",
        Language::French => "pas de prime",
        Language::Spanish => "no tiene bono",
        Language::German => "keinen Bonus",
    }
}

fn in_order(language: Language) -> &'static str {
    match language {
        Language::English => "filled in order",
        Language::French => "dans l’ordre",
        Language::Spanish => "en orden",
        Language::German => "der Reihe nach",
    }
}

#[test]
fn every_ruleset_has_its_how_to_play_page_in_each_language() {
    for language in Language::ALL {
        for id in RulesetId::ALL {
            let jokers: &[Joker] = match id.ruleset().extra_five_of_a_kind {
                Some(_) => &Joker::ALL,
                None => &[Joker::None],
            };
            for &joker in jokers {
                let rules = Rules::with_options(
                    id,
                    joker,
                    joker != Joker::None || id.ruleset().extra_five_of_a_kind.is_some(),
                )
                .unwrap();
                let guide = guide(language, &rules);
                assert!(
                    guide
                        .title
                        .contains(crate::i18n::label(language, id.ruleset().name))
                );
                let rows: Vec<&[String; 3]> =
                    guide.sections.iter().flat_map(|section| &section.cells).collect();
                assert_eq!(rows.len(), id.ruleset().cells.len(), "every cell is explained");
                for (row, cell) in rows.iter().zip(id.ruleset().cells) {
                    assert_eq!(row[0], crate::i18n::label(language, cell.label));
                    assert!(!row[1].is_empty() && !row[2].is_empty());
                }
                let text: String = guide
                    .sections
                    .iter()
                    .flat_map(|section| section.paragraphs.iter().cloned())
                    .collect();
                match id.ruleset().upper_bonus {
                    Some(bonus) => assert!(
                        text.contains(&bonus.threshold.to_string()),
                        "the bonus threshold is told"
                    ),
                    None => assert!(text.contains(no_bonus(language)), "{id}: no bonus is told"),
                }
                assert_eq!(
                    text.contains(in_order(language)),
                    id.ruleset().fills_in_order,
                    "{id} {language:?}: the order is told where the sheet is filled in order"
                );
                if id.ruleset().extra_five_of_a_kind.is_some() {
                    assert!(
                        text.contains("Joker"),
                        "{id:?} {joker:?} {language:?}: the Joker rule of this table"
                    );
                }
            }
        }
    }
    let yardzee = guide(Language::English, &Rules::new(RulesetId::Yardzee));
    let headings: Vec<&str> = yardzee
        .sections
        .iter()
        .map(|section| section.heading.as_str())
        .collect();
    for wedding in [
        "The Vows",
        "The Reception",
        "The Wedding Party",
        "The Celebration",
    ] {
        assert!(headings.contains(&wedding), "{headings:?}");
    }
    // Yam's points come from its sheet: the small straight 1-2-3-4-5 at 25.
    let yam = guide(Language::French, &Rules::new(RulesetId::Yam));
    let small = yam
        .sections
        .iter()
        .flat_map(|section| &section.cells)
        .find(|row| row[0] == "Petite suite")
        .unwrap();
    assert!(
        small[1].contains("1-2-3-4-5") && small[2].contains("25"),
        "{small:?}"
    );
}

/// Every refusal of a move, in each language, for each box of each sheet: worded, naming the box as the sheet
/// prints it, never by its id.
#[test]
fn every_refusal_names_boxes_as_the_sheet_does_in_each_language() {
    use fivedice_rules::{Column, DiceMode};
    for ruleset in RulesetId::ALL.map(RulesetId::ruleset) {
        for language in Language::ALL {
            let name = |category: Category| {
                let cell = ruleset.cell(category).expect("a box of this sheet");
                label(language, cell.label).to_string()
            };
            for cell in ruleset.cells {
                let (category, others) = (cell.category, ruleset.cells.iter().map(|other| other.category));
                let naming = [
                    GameError::NotInRuleset(category),
                    GameError::CellFilled(category),
                    GameError::JokerForbids {
                        category,
                        allowed: others.collect(),
                    },
                    GameError::ValueNotOffered { category, value: 7 },
                    GameError::SecondFiveFirst {
                        five_of_a_kind: category,
                    },
                    GameError::OutOfOrder {
                        column: Column::Free,
                        next: category,
                    },
                    GameError::OutOfOrder {
                        column: Column::Down,
                        next: category,
                    },
                    GameError::AnnouncementBinds(category),
                ];
                for error in &naming {
                    let said = refused(language, error, &name);
                    assert!(said.contains(&name(category)), "{language:?}, {error:?}: {said}");
                    // No id shows, unless it is also the box's own word ("yahtzee" in "Yahtzee").
                    let id = category.id();
                    let its_word = name(category).to_lowercase().contains(id);
                    assert!(
                        its_word || !said.contains(id),
                        "{language:?}, {error:?} shows the id {id}: {said}"
                    );
                }
            }
            let plain = [
                GameError::GameOver,
                GameError::NoRollsLeft,
                GameError::WrongMode(DiceMode::Pad),
            ];
            for error in &plain {
                assert!(!refused(language, error, &name).is_empty());
            }
        }
    }
    // The Joker's refusal at a Yahtzee table in French: the sheet's own words.
    let yahtzee = RulesetId::Yahtzee.ruleset();
    let name =
        |category: Category| label(Language::French, yahtzee.cell(category).unwrap().label).to_string();
    let forbids = GameError::JokerForbids {
        category: Category::Fours,
        allowed: vec![Category::ThreeOfAKind],
    };
    let said = refused(Language::French, &forbids, &name);
    assert!(said.contains("« Quatre »") || said.contains("Quatre"), "{said}");
    assert!(
        !said.contains("fours") && !said.contains("three_of_a_kind"),
        "{said}"
    );
}

#[test]
fn a_silent_strategy_engine_is_told_in_the_players_language() {
    let errors = [
        EngineError::CannotStart,
        EngineError::Stopped,
        EngineError::Unreachable,
        EngineError::Unreadable("expected value".into()),
        EngineError::WrongAnswer,
        EngineError::NoAdvice,
        EngineError::NoDice,
        EngineError::Refused("unknown ruleset".into()),
    ];
    for error in &errors {
        let english = (words(Language::English).engine_failed)(error);
        let french = (words(Language::French).engine_failed)(error);
        assert_ne!(english, french, "{error:?} is not translated");
    }
    let stopped = (words(Language::French).engine_failed)(&EngineError::Stopped);
    assert!(stopped.starts_with("le moteur de stratégie"), "{stopped}");
    // The worker's own words are a defect report: kept as they are, inside the player's sentence.
    let refused = (words(Language::French).engine_failed)(&errors[7]);
    assert!(refused.contains("(unknown ruleset)"), "{refused}");
}

#[test]
fn french_elides_de_before_a_vowel_and_counts_in_points() {
    let fr = words(Language::French);
    let fr_room = room_words(Language::French);
    assert_eq!((fr_room.waiting_for)("Anna"), "En attente d’Anna pour commencer.");
    assert_eq!(
        (fr_room.waiting_for)("Élodie"),
        "En attente d’Élodie pour commencer."
    );
    assert_eq!((fr_room.waiting_for)("Ben"), "En attente de Ben pour commencer.");
    assert_eq!((fr.undo_cell)("Ugo", "Brelan", 12), "Reprendre Brelan d’Ugo (12)");
    assert_eq!(fr.no_rolls_left, "Plus de lancers");
    assert!(
        (hint_words(Language::French).best_option)("Garder 6-6", "197")
            .ends_with("environ 197 points à la fin")
    );
    assert_eq!((fr.coach_switch)("Anna", true), "Entraîneur d’Anna\u{a0}: activé");
    assert_eq!(
        (fr_room.join_room_of)(Some("Élodie"), "Fête"),
        "Rejoindre la salle «\u{a0}Fête\u{a0}» d’Élodie"
    );
    assert!(
        (fr.par_row)(Some(3)) == "Objectif (3 de chaque)",
        "three of each is the aim, not an average"
    );
}
