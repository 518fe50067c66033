//! The notation reads back exactly what it writes, for every play, rules, roll-off and decision there can be;
//! anything else is refused with a `NotationError`, never a panic.

use fivedice_rules::notation::{escape, unescape};
use fivedice_rules::{
    Category, Column, Columns, Dice, DiceMode, Face, FirstPlayerRoll, Joker, Move, Place, Play, Rules,
    RulesetId,
};
use proptest::prelude::*;

fn face() -> impl Strategy<Value = Face> {
    prop::sample::select(Face::ALL.to_vec())
}

fn dice() -> impl Strategy<Value = Dice> {
    prop::array::uniform5(face()).prop_map(Dice::new)
}

fn category() -> impl Strategy<Value = Category> {
    prop::sample::select(Category::ALL.to_vec())
}

fn place() -> impl Strategy<Value = Place> {
    (prop::sample::select(Column::ALL.to_vec()), category())
        .prop_map(|(column, category)| Place::new(column, category))
}

fn first_player_roll() -> impl Strategy<Value = FirstPlayerRoll> {
    let round = prop::collection::vec((0usize..8, face()), 0..4);
    (0usize..8, prop::collection::vec(round, 0..4))
        .prop_map(|(first_seat, rounds)| FirstPlayerRoll { rounds, first_seat })
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![
        dice().prop_map(Play::Roll),
        (0usize..5).prop_map(Play::Hold),
        (0usize..5).prop_map(Play::Release),
        category().prop_map(Play::Announce),
        place().prop_map(Play::Score),
        place().prop_map(Play::CrossOut),
        (place(), any::<u16>(), any::<bool>(), any::<bool>()).prop_map(
            |(place, value, bonus, first_roll)| Play::Write {
                place,
                value,
                bonus,
                first_roll,
            }
        ),
        dice().prop_map(Play::EnterDice),
        Just(Play::ClearDice),
        first_player_roll().prop_map(Play::FirstPlayer),
        Just(Play::Undo),
    ]
}

/// Every rules a table can play by: each ruleset with each option it takes, and any sheet of columns for Yam.
fn rules() -> impl Strategy<Value = Rules> {
    let columns = prop::sample::subsequence(Column::ALL.to_vec(), 1..=5).prop_shuffle();
    (
        prop::sample::select(RulesetId::ALL.to_vec()),
        prop::sample::select(Joker::ALL.to_vec()),
        any::<bool>(),
        columns,
    )
        .prop_filter_map("rules a table can play by", |(ruleset, joker, bonus, columns)| {
            let rules = Rules::with_options(ruleset, joker, bonus).ok()?;
            let columns = Columns::new(&columns).ok()?;
            Some(rules.with_columns(columns).unwrap_or(rules))
        })
}

fn decision() -> impl Strategy<Value = Move> {
    prop_oneof![
        prop::collection::vec(face(), 0..=5).prop_map(Move::Keep),
        place().prop_map(Move::Cell),
        category().prop_map(Move::Announce),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn a_play_reads_back_as_written(play in play()) {
        let written = play.to_string();
        prop_assert!(!written.contains('\n'));
        prop_assert_eq!(written.parse::<Play>(), Ok(play));
    }

    #[test]
    fn rules_read_back_as_written(rules in rules()) {
        prop_assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
    }

    #[test]
    fn who_starts_reads_back_as_written(roll in first_player_roll()) {
        prop_assert_eq!(roll.to_string().parse::<FirstPlayerRoll>(), Ok(roll));
    }

    #[test]
    fn a_decision_reads_back_as_written(decision in decision()) {
        prop_assert_eq!(decision.id().parse::<Move>(), Ok(decision));
    }

    #[test]
    fn free_text_stays_on_its_line_and_reads_back(text in any::<String>()) {
        let escaped = escape(&text);
        prop_assert!(!escaped.contains('\n') && !escaped.contains('\r'));
        prop_assert_eq!(unescape(&escaped), Some(text));
    }

    #[test]
    fn anything_else_is_refused_never_a_panic(text in any::<String>()) {
        let _ = text.parse::<Play>();
        let _ = text.parse::<Rules>();
        let _ = text.parse::<FirstPlayerRoll>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<DiceMode>();
        let _ = unescape(&text);
    }
}

#[test]
fn the_notation_reads_like_a_score_sheet() {
    let rules = Rules::with_options(RulesetId::Yahtzee, Joker::Forced, true).unwrap();
    assert_eq!(rules.to_string(), "yahtzee forced bonus free");
    let columns = Columns::new(&[Column::Down, Column::Free, Column::Up]).unwrap();
    let yam = Rules::new(RulesetId::Yam).with_columns(columns).unwrap();
    assert_eq!(yam.to_string(), "yam none no_bonus down,free,up");
    let plays = [
        (Play::Roll("35261".parse().unwrap()), "roll 3,5,2,6,1"),
        (Play::Hold(2), "hold 2"),
        (Play::Score("down:aces".parse().unwrap()), "score down:aces"),
        (Play::CrossOut(Category::Aces.into()), "cross_out aces"),
        (
            Play::Write {
                place: Category::Yahtzee.into(),
                value: 50,
                bonus: true,
                first_roll: false,
            },
            "write yahtzee 50 bonus",
        ),
        (Play::ClearDice, "clear_dice"),
        (
            Play::FirstPlayer(FirstPlayerRoll {
                rounds: vec![vec![(0, Face::ALL[2]), (1, Face::ALL[5])]],
                first_seat: 1,
            }),
            "first_player 1 0:3,1:6",
        ),
        (Play::Undo, "undo"),
    ];
    for (play, written) in plays {
        assert_eq!(play.to_string(), written);
        assert_eq!(written.parse::<Play>(), Ok(play));
    }
    for refused in [
        "",
        "roll",
        "roll 7,1,1,1,1",
        "hold x",
        "write aces",
        "write aces 3 extra",
        "undo now",
        "fly",
    ] {
        let error = refused.parse::<Play>().unwrap_err();
        assert_eq!((error.what, error.text.as_str()), ("play", refused));
    }
    assert!(
        "yatzy forced no_bonus free".parse::<Rules>().is_err(),
        "Yatzy has no Joker"
    );
    assert!(
        "yahtzee forced bonus down,up".parse::<Rules>().is_err(),
        "only Yam plays in columns"
    );
    assert_eq!(unescape("a\\qb"), None);
}
