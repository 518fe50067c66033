use fivedice_rules::{Category, Column, Face, FirstPlayerRoll, Language, Place, Rules, RulesetId};

use super::{News, Speaking, say};
use crate::i18n;

/// Every piece of news there is, once.
fn every_news() -> Vec<News> {
    let face = |value| Face::new(value).expect("a face");
    let fours = Place::new(Column::Free, Category::Fours);
    vec![
        News::Starts(FirstPlayerRoll {
            rounds: vec![vec![(0, face(5)), (1, face(1))]],
            first_seat: 0,
        }),
        News::Rolled {
            seat: 0,
            faces: vec![4, 6, 1, 2, 6],
            held: vec![],
        },
        News::Rolled {
            seat: 0,
            faces: vec![4, 6, 1, 2, 6],
            held: vec![6, 6],
        },
        News::Held { die: 1, face: 6 },
        News::Released { die: 1, face: 6 },
        News::Entered {
            seat: 1,
            faces: vec![1, 2, 3, 4, 5],
        },
        News::Announced {
            seat: 0,
            category: Category::Fours,
        },
        News::Wrote {
            seat: 0,
            place: fours,
            points: 12,
        },
        News::CrossedOut {
            seat: 1,
            place: fours,
        },
        News::Undone {
            seat: 0,
            category: Category::Fours,
            points: Some(12),
        },
        News::Undone {
            seat: 0,
            category: Category::Fours,
            points: None,
        },
        News::Turn { seat: 1 },
        News::WonOnFirstRoll { seat: 1 },
        News::Over {
            winners: vec![0],
            total: 234,
        },
        News::Over {
            winners: vec![0, 1],
            total: 200,
        },
    ]
}

fn said(language: Language, news: &News) -> String {
    let name = |seat: usize| ["Alice", "Bob"][seat].to_string();
    let speaking = Speaking {
        words: i18n::words(language),
        news_words: i18n::news_words(language),
        language,
        rules: Rules::new(RulesetId::Yahtzee),
        name: &name,
    };
    say(news, speaking)
}

#[test]
fn english_says_each_piece_of_news_as_a_person_would() {
    let english: Vec<String> = every_news()
        .iter()
        .map(|news| said(Language::English, news))
        .collect();
    assert_eq!(
        english,
        [
            "Who starts? Alice rolled 5 · Bob rolled 1 — Alice starts.",
            "Alice rolled 4, 6, 1, 2, 6.",
            "Alice rolled 4, 6, 1, 2, 6; held: 6, 6.",
            "Die 2 held: 6.",
            "Die 2 released: 6.",
            "Bob’s dice: 1, 2, 3, 4, 5.",
            "Alice announced Fours.",
            "Alice wrote 12 in Fours.",
            "Bob crossed out Fours.",
            "Undone: Alice’s 12 in Fours.",
            "Undone: Alice’s announcement of Fours.",
            "Bob’s turn.",
            "Bob wins with a generala on the first roll!",
            "Game over: Alice wins with 234.",
            "Game over: Alice and Bob win with 200.",
        ]
    );
}

#[test]
fn every_language_says_every_piece_of_news_in_its_own_words_with_the_names_and_numbers() {
    for language in [Language::French, Language::Spanish, Language::German] {
        for news in every_news() {
            let (own, english) = (said(language, &news), said(Language::English, &news));
            assert_ne!(own, english, "{language:?} says {news:?} in English");
            let digits = |text: &str| text.chars().filter(char::is_ascii_digit).collect::<String>();
            assert_eq!(digits(&own), digits(&english), "{language:?}: {own}");
            for name in ["Alice", "Bob"] {
                assert_eq!(own.contains(name), english.contains(name), "{language:?}: {own}");
            }
        }
    }
}
