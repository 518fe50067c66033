//! Column Yam: every column's rule over the boxes it allows, the announcement, each column's totals and
//! bonus, the end of the game, and saves.

mod common;

use common::Plays as _;
use fivedice_rules::{
    Category, Column, Columns, Dice, DiceMode, Face, Game, GameError, Place, Play, Rules, RulesError,
    RulesetId, Sheet, Undoable,
};
use proptest::prelude::*;

fn script(faces: &[u8]) -> impl FnMut() -> Face + '_ {
    let mut faces = faces.iter().copied();
    move || Face::new(faces.next().expect("the script has enough dice")).expect("script faces are 1 to 6")
}

fn column_rules(columns: &[Column]) -> Rules {
    Rules::new(RulesetId::Yam)
        .with_columns(Columns::new(columns).unwrap())
        .unwrap()
}

fn yam_cells() -> Vec<Category> {
    RulesetId::Yam
        .ruleset()
        .cells
        .iter()
        .map(|cell| cell.category)
        .collect()
}

#[test]
fn only_a_sheet_played_in_columns_takes_several() {
    let columns = Columns::new(&Columns::USUAL).unwrap();
    for ruleset in [RulesetId::Yahtzee, RulesetId::Yardzee, RulesetId::Yatzy] {
        assert_eq!(
            Rules::new(ruleset).with_columns(columns),
            Err(RulesError::NoColumns(ruleset))
        );
        assert!(Rules::new(ruleset).with_columns(Columns::ONE).is_ok());
    }
    let rules = column_rules(&Columns::USUAL);
    assert_eq!(rules.columns().as_slice(), Columns::USUAL);
    // A plain sheet's rules are written as they always were; a column sheet names its columns.
    assert!(
        !serde_json::to_string(&Rules::new(RulesetId::Yam))
            .unwrap()
            .contains("columns")
    );
    let json = serde_json::to_string(&rules).unwrap();
    assert!(json.contains(r#""columns":["down","free","up"]"#), "{json}");
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
    let yahtzee_in_columns =
        r#"{"ruleset":"yahtzee","joker":"forced","yahtzee_bonus":true,"columns":["down"]}"#;
    assert!(serde_json::from_str::<Rules>(yahtzee_in_columns).is_err());
    assert_eq!(rules.single_column(), Rules::new(RulesetId::Yam));
}

#[test]
fn down_and_up_fill_in_order_and_say_which_box_is_next() {
    let mut game = Game::new(column_rules(&Columns::USUAL), DiceMode::App, &["Anna"], 0).unwrap();
    game.roll(&mut script(&[1, 1, 1, 2, 3])).unwrap();
    let sixes_down = Place::new(Column::Down, Category::Sixes);
    assert_eq!(
        game.score(sixes_down).unwrap_err(),
        GameError::OutOfOrder {
            column: Column::Down,
            next: Category::Aces
        }
    );
    assert_eq!(
        game.check_place(Place::new(Column::Up, Category::Aces)),
        Err(GameError::OutOfOrder {
            column: Column::Up,
            next: Category::Yam
        })
    );
    assert!(
        game.check_place(Place::new(Column::Free, Category::Sixes))
            .is_ok()
    );
    let entry = game.score(Place::new(Column::Down, Category::Aces)).unwrap();
    assert_eq!(
        (entry.column, entry.category, entry.points),
        (Column::Down, Category::Aces, 3)
    );
    game.roll(&mut script(&[2, 2, 2, 2, 2])).unwrap();
    // The Up column starts from the bottom: the Yam.
    assert_eq!(
        game.score(Place::new(Column::Up, Category::Yam)).unwrap().points,
        50
    );
    assert_eq!(game.column_totals(0, Column::Down).unwrap().upper, 3);
    assert_eq!(game.column_totals(0, Column::Up).unwrap().lower, 50);
    assert_eq!(game.totals(0).unwrap().grand, 53);
    // A cell alone is its box in the free column.
    game.roll(&mut script(&[6, 6, 6, 1, 2])).unwrap();
    assert_eq!(game.score(Category::Sixes).unwrap().column, Column::Free);
    // No such column on this sheet.
    game.roll(&mut script(&[6, 6, 6, 1, 2])).unwrap();
    assert_eq!(
        game.score(Place::new(Column::Dry, Category::Sixes)).unwrap_err(),
        GameError::NoSuchColumn(Column::Dry)
    );
}

#[test]
fn the_dry_column_takes_a_box_only_after_the_first_roll() {
    let mut game = Game::new(
        column_rules(&[Column::Dry, Column::Free]),
        DiceMode::App,
        &["Anna"],
        0,
    )
    .unwrap();
    game.roll(&mut script(&[5, 5, 5, 5, 1])).unwrap();
    assert!(game.check_place(Place::new(Column::Dry, Category::Fives)).is_ok());
    game.roll(&mut script(&[5, 5, 5, 5, 5])).unwrap();
    let before = game.clone();
    assert_eq!(
        game.score(Place::new(Column::Dry, Category::Yam)).unwrap_err(),
        GameError::DryAfterReroll
    );
    assert_eq!(
        game.cross_out(Place::new(Column::Dry, Category::Aces))
            .unwrap_err(),
        GameError::DryAfterReroll
    );
    assert_eq!(game, before);
    assert_eq!(
        game.score(Place::new(Column::Free, Category::Yam))
            .unwrap()
            .points,
        50
    );
    game.roll(&mut script(&[4, 4, 4, 1, 2])).unwrap();
    assert_eq!(
        game.score(Place::new(Column::Dry, Category::Fours))
            .unwrap()
            .points,
        12
    );
}

#[test]
fn an_announced_box_binds_the_turn_and_undo_restores_the_announcement() {
    let rules = column_rules(&[Column::Free, Column::Announced]);
    let mut game = Game::new(rules, DiceMode::App, &["Anna", "Ben"], 0).unwrap();
    assert_eq!(
        game.check_announce(Category::Sixes),
        Err(GameError::AnnounceAfterFirstRoll)
    );
    game.roll(&mut script(&[6, 6, 1, 2, 3])).unwrap();
    // The first roll may be written as it lies (announced and not rerolled).
    assert!(
        game.check_place(Place::new(Column::Announced, Category::Aces))
            .is_ok()
    );
    // An announcement made by mistake is taken back until the next roll, and another made instead.
    game.announce(Category::Fives).unwrap();
    assert_eq!(game.undoable(), Ok(Undoable::Announcement(Category::Fives)));
    game.play(&Play::Undo).unwrap();
    assert_eq!(game.turn().announced, None);
    assert_eq!(game.turn().rolls_used, 1, "the dice stay as they lie");
    assert_eq!(game.undoable(), Err(GameError::NothingToUndo));
    game.announce(Category::Sixes).unwrap();
    assert_eq!(game.turn().announced, Some(Category::Sixes));
    assert_eq!(
        game.announce(Category::Fives),
        Err(GameError::AnnouncementBinds(Category::Sixes))
    );
    game.toggle_hold(0).unwrap();
    game.toggle_hold(1).unwrap();
    game.roll(&mut script(&[6, 4, 4])).unwrap();
    // Rolled on it: the announcement holds (and nothing was written yet to take back).
    assert_eq!(game.undoable(), Err(GameError::NothingToUndo));
    // Once announced, nothing else may be written this turn, not even a free box.
    assert_eq!(
        game.score(Place::new(Column::Free, Category::Fours)).unwrap_err(),
        GameError::AnnouncementBinds(Category::Sixes)
    );
    assert_eq!(
        game.check_place(Place::new(Column::Announced, Category::Fours)),
        Err(GameError::AnnouncementBinds(Category::Sixes))
    );
    let entry = game
        .score(Place::new(Column::Announced, Category::Sixes))
        .unwrap()
        .clone();
    assert_eq!((entry.column, entry.points), (Column::Announced, 18));
    assert_eq!(entry.turn.announced, Some(Category::Sixes));
    // The next player's turn starts free of it; undo brings the announcement back with the turn.
    assert_eq!(game.turn().announced, None);
    game.undo().unwrap();
    assert_eq!(game.turn().announced, Some(Category::Sixes));
    // A second roll is too late to announce.
    let mut later = Game::new(rules, DiceMode::App, &["Anna"], 0).unwrap();
    later.roll(&mut script(&[1, 2, 3, 4, 5])).unwrap();
    later.roll(&mut script(&[1, 2, 3, 4, 5])).unwrap();
    assert_eq!(
        later.check_announce(Category::Aces),
        Err(GameError::AnnounceAfterFirstRoll)
    );
    // And after a reroll without an announcement the announced column is closed.
    assert_eq!(
        later.check_place(Place::new(Column::Announced, Category::Aces)),
        Err(GameError::NotAnnounced)
    );
    // The announced box may be crossed out instead.
    let mut crossed = Game::new(rules, DiceMode::App, &["Anna"], 0).unwrap();
    crossed.roll(&mut script(&[1, 2, 3, 4, 6])).unwrap();
    crossed.announce(Category::Yam).unwrap();
    let entry = crossed
        .cross_out(Place::new(Column::Announced, Category::Yam))
        .unwrap();
    assert_eq!(entry.points, 0);
}

#[test]
fn each_column_has_its_own_upper_bonus_the_moment_it_reaches_63() {
    let mut game = Game::new(column_rules(&Columns::USUAL), DiceMode::Pad, &["Anna"], 0).unwrap();
    for (category, value) in [(Category::Aces, 4), (Category::Twos, 8), (Category::Threes, 12)] {
        game.write(Place::new(Column::Down, category), value, false)
            .unwrap();
    }
    for (category, value) in [(Category::Fours, 16), (Category::Fives, 20)] {
        game.write(Place::new(Column::Down, category), value, false)
            .unwrap();
        assert_eq!(game.column_totals(0, Column::Down).unwrap().bonus, 0);
    }
    game.write(Place::new(Column::Down, Category::Sixes), 6, false)
        .unwrap();
    let down = game.column_totals(0, Column::Down).unwrap();
    assert_eq!((down.upper, down.bonus), (66, 35));
    game.write(Place::new(Column::Free, Category::Sixes), 30, false)
        .unwrap();
    let free = game.column_totals(0, Column::Free).unwrap();
    assert_eq!((free.upper, free.bonus), (30, 0));
    let all = game.totals(0).unwrap();
    assert_eq!((all.upper, all.bonus, all.grand), (96, 35, 131));
}

#[test]
fn saves_of_column_games_round_trip_and_a_plain_save_reads_as_before() {
    let mut game = Game::new(column_rules(&Column::ALL), DiceMode::App, &["Anna", "Ben"], 1).unwrap();
    game.roll(&mut script(&[3, 3, 3, 3, 2])).unwrap();
    game.score(Place::new(Column::Dry, Category::Threes)).unwrap();
    game.roll(&mut script(&[1, 2, 3, 4, 5])).unwrap();
    game.announce(Category::LargeStraight).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains(r#""column":"dry""#) && json.contains(r#""announced":"large_straight""#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    // A save whose announcement names a filled box is refused, not misread.
    let mut solo = Game::new(
        column_rules(&[Column::Announced, Column::Free]),
        DiceMode::App,
        &["Anna"],
        0,
    )
    .unwrap();
    solo.roll(&mut script(&[3, 3, 3, 3, 2])).unwrap();
    solo.score(Place::new(Column::Announced, Category::Threes))
        .unwrap();
    solo.roll(&mut script(&[1, 2, 3, 4, 5])).unwrap();
    solo.announce(Category::LargeStraight).unwrap();
    let mut bad: serde_json::Value = serde_json::to_value(&solo).unwrap();
    assert!(serde_json::from_value::<Game>(bad.clone()).is_ok());
    bad["turn"]["announced"] = serde_json::json!("threes");
    assert!(serde_json::from_value::<Game>(bad).is_err());
    let mut plain = Game::new(Rules::new(RulesetId::Yam), DiceMode::App, &["Anna"], 0).unwrap();
    plain.roll(&mut script(&[3, 3, 3, 3, 2])).unwrap();
    plain.score(Category::Threes).unwrap();
    let json = serde_json::to_string(&plain).unwrap();
    assert!(!json.contains("column") && !json.contains("announced"), "{json}");
}

/// What the rules say a box may be written now, from the column rules as written in the issue.
fn reference_allows(game: &Game, place: Place) -> bool {
    let cells = yam_cells();
    let Some(sheet) = game.sheet(game.current_seat(), place.column) else {
        return false;
    };
    let open: Vec<Category> = cells
        .iter()
        .copied()
        .filter(|&cell| sheet.is_open(cell))
        .collect();
    let turn = game.turn();
    let app = game.mode() == DiceMode::App;
    if !open.contains(&place.category) {
        return false;
    }
    if let Some(announced) = turn.announced {
        return place == Place::new(Column::Announced, announced);
    }
    match place.column {
        Column::Down => open.first() == Some(&place.category),
        Column::Up => open.last() == Some(&place.category),
        Column::Free => true,
        Column::Dry => !app || turn.rolls_used == 1,
        Column::Announced => !app || turn.rolls_used == 1,
    }
}

fn places(game: &Game) -> Vec<Place> {
    game.rules()
        .columns()
        .as_slice()
        .iter()
        .flat_map(|&column| yam_cells().into_iter().map(move |cell| Place::new(column, cell)))
        .collect()
}

fn columns_strategy() -> impl Strategy<Value = Vec<Column>> {
    Just(Column::ALL.to_vec())
        .prop_shuffle()
        .prop_flat_map(|all| (1..=all.len()).prop_map(move |len| all[..len].to_vec()))
}

fn sum_of(sheet: &Sheet) -> u16 {
    sheet.filled().map(|(_, value)| value).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal games on random column sets, with the app's dice and on the pad: at every decision the
    /// boxes the game allows are exactly the reference's; the game ends when every column of every player is
    /// full; each column's totals are its own.
    #[test]
    fn every_column_allows_exactly_its_boxes_until_every_sheet_is_full(
        columns in columns_strategy(),
        players in 1usize..=3,
        pad in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let rules = column_rules(&columns);
        let mode = if pad { DiceMode::Pad } else { DiceMode::App };
        let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
        let mut game = Game::new(rules, mode, &names, 0).unwrap();
        let mut state = seed | 1;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut turns = 0;
        while !game.is_over() {
            if pad {
                let allowed: Vec<Place> = places(&game).into_iter().filter(|&place| game.check_place(place).is_ok()).collect();
                for place in places(&game) {
                    prop_assert_eq!(game.check_place(place).is_ok(), reference_allows(&game, place), "{}", place);
                }
                let place = allowed[next(allowed.len())];
                let offers = game.offers(place.category).unwrap();
                game.write(place, offers[next(offers.len())], false).unwrap();
            } else {
                let rolls = 1 + next(3);
                for roll in 0..rolls {
                    if roll > 0 && game.check_roll().is_err() {
                        prop_assert_eq!(game.check_roll(), Err(GameError::WriteNow));
                        break;
                    }
                    if roll > 0 {
                        for die in 0..5 {
                            if next(2) == 1 {
                                game.toggle_hold(die).unwrap();
                            }
                        }
                    }
                    game.roll(&mut || Face::ALL[next(6)]).unwrap();
                    let open_announced = game
                        .sheet(game.current_seat(), Column::Announced)
                        .map(|sheet| yam_cells().into_iter().filter(|&cell| sheet.is_open(cell)).collect::<Vec<_>>())
                        .unwrap_or_default();
                    if roll == 0 && !open_announced.is_empty() && next(3) == 0 {
                        game.announce(open_announced[next(open_announced.len())]).unwrap();
                    }
                    for place in places(&game) {
                        prop_assert_eq!(game.check_place(place).is_ok(), reference_allows(&game, place), "{}", place);
                    }
                }
                // Whatever was rolled and announced, the turn can always end in some box.
                let allowed: Vec<Place> = places(&game).into_iter().filter(|&place| game.check_place(place).is_ok()).collect();
                prop_assert!(!allowed.is_empty());
                let place = allowed[next(allowed.len())];
                let dice: Dice = game.turn().dice.unwrap();
                if next(4) == 0 {
                    prop_assert_eq!(game.cross_out(place).unwrap().points, 0);
                } else {
                    let expected = rules.scores(game.sheet(game.current_seat(), place.column).unwrap(), dice.counts()).get(place.category).unwrap();
                    prop_assert_eq!(game.score(place).unwrap().points, expected);
                }
            }
            turns += 1;
            prop_assert!(turns <= players * 12 * columns.len());
        }
        {
            prop_assert_eq!(turns, players * 12 * columns.len());
            for seat in 0..players {
                let mut grand = 0;
                for &column in &columns {
                    let sheet = game.sheet(seat, column).unwrap();
                    prop_assert!(sheet.is_full(rules.ruleset()));
                    let totals = game.column_totals(seat, column).unwrap();
                    prop_assert_eq!(totals.upper + totals.lower, sum_of(sheet));
                    prop_assert_eq!(totals.bonus, if totals.upper >= 63 { 35 } else { 0 });
                    grand += totals.grand;
                }
                prop_assert_eq!(game.totals(seat).unwrap().grand, grand);
            }
        }
        let json = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game.clone());
        // Every turn as it stood (rerolls, holds, announcements) comes back from the game's own plays.
        let mut rebuilt = Game::new(rules, mode, &names, 0).unwrap();
        for play in game.plays() {
            rebuilt.play(&play).unwrap();
        }
        prop_assert_eq!(rebuilt, game);
    }
}
