//! Random games, legal and otherwise: they end after exactly (cells × players) entries, their totals add
//! up, refused actions change nothing, and every state survives a save and a load.

mod common;

use common::Plays as _;
use fivedice_rules::{
    Category, Dice, DiceMode, Face, FirstPlayerRoll, Game, Joker, Play, Rules, RulesetId, Section, Sheet,
    Totals,
};
use proptest::prelude::*;

/// A small deterministic generator so one proptest seed drives a whole game.
struct Chooser(u64);

impl Chooser {
    fn next(&mut self, below: usize) -> usize {
        // SplitMix64: plenty for picking moves in a test.
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % below as u64) as usize
    }

    fn face(&mut self) -> Face {
        Face::ALL[self.next(6)]
    }
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![
        prop::sample::select(Joker::ALL.to_vec())
            .prop_flat_map(|joker| (Just(joker), any::<bool>()))
            .prop_flat_map(|(joker, bonus)| prop::sample::select(vec![
                RulesetId::Yahtzee,
                RulesetId::Yardzee
            ])
            .prop_map(move |id| Rules::with_options(id, joker, bonus).unwrap())),
        Just(Rules::new(RulesetId::Yam)),
        Just(Rules::new(RulesetId::Yatzy)),
        Just(Rules::new(RulesetId::Yacht)),
        Just(Rules::new(RulesetId::ForcedYatzy)),
    ]
}

/// Totals worked out from the written cells alone.
fn expected_totals(rules: Rules, sheet: &Sheet) -> (u16, u16, u16) {
    let ruleset = rules.ruleset();
    let section = |section| {
        sheet
            .filled()
            .filter(|&(category, _)| ruleset.cell(category).unwrap().section == section)
            .map(|(_, value)| value)
            .sum::<u16>()
    };
    let bonus = ruleset.extra_five_of_a_kind.map_or(0, |extra| extra.bonus) * sheet.bonus_count();
    (section(Section::Upper), section(Section::Lower), bonus)
}

fn check_totals(rules: Rules, sheet: &Sheet, totals: Totals) {
    let (upper, lower, bonus) = expected_totals(rules, sheet);
    assert_eq!(
        (totals.upper, totals.lower, totals.five_of_a_kind_bonus),
        (upper, lower, bonus)
    );
    let upper_bonus = match rules.ruleset().upper_bonus {
        Some(bonus) if upper >= 63 => bonus.points,
        _ => 0,
    };
    assert_eq!(totals.bonus, upper_bonus);
    assert_eq!(totals.grand, upper + upper_bonus + lower + bonus);
}

/// One legal turn with the app's dice: one to three rolls with random holds, then a random allowed cell.
fn app_turn(game: &mut Game, chooser: &mut Chooser) {
    let rolls = 1 + chooser.next(3);
    for roll in 0..rolls {
        if roll > 0 {
            for die in 0..5 {
                if chooser.next(2) == 1 {
                    game.toggle_hold(die).unwrap();
                }
            }
        }
        game.roll(&mut || chooser.face()).unwrap();
    }
    let scores = game.scores().unwrap();
    let (category, value) = scores.cells[chooser.next(scores.cells.len())];
    // Where the sheet allows it (Yam), now and then the cell is crossed out on purpose instead.
    if game.rules().ruleset().cross_out_any_cell && chooser.next(4) == 0 {
        let entry = game.cross_out(category).unwrap();
        assert_eq!((entry.category, entry.points, entry.bonus), (category, 0, false));
        return;
    }
    let entry = game.score(category).unwrap();
    assert_eq!(
        (entry.category, entry.points, entry.bonus),
        (category, value, scores.bonus > 0)
    );
}

/// One legal score-pad entry: either dice entered and scored, or a value the cell can hold.
fn pad_turn(game: &mut Game, chooser: &mut Chooser) {
    if chooser.next(2) == 0 {
        let dice = Dice::new([
            chooser.face(),
            chooser.face(),
            chooser.face(),
            chooser.face(),
            chooser.face(),
        ]);
        game.enter_dice(dice).unwrap();
        let scores = game.scores().unwrap();
        game.score(scores.cells[chooser.next(scores.cells.len())].0)
            .unwrap();
    } else {
        let seat = game.current_seat();
        let open: Vec<Category> = game
            .rules()
            .ruleset()
            .cells
            .iter()
            .map(|cell| cell.category)
            .filter(|&category| game.sheets()[seat].is_open(category) && game.check_place(category).is_ok())
            .collect();
        let category = open[chooser.next(open.len())];
        let offers = game.offers(category).unwrap();
        let bonus = game.bonus_available() && chooser.next(4) == 0;
        game.write(category, offers[chooser.next(offers.len())], bonus)
            .unwrap();
    }
}

fn round_trips(game: &Game) {
    let json = serde_json::to_string(game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_end_after_every_box_is_filled(
        rules in rules_strategy(),
        players in 1usize..=6,
        pad in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mode = if pad { DiceMode::Pad } else { DiceMode::App };
        let names: Vec<String> = (0..players).map(|seat| format!("P{seat}")).collect();
        let mut chooser = Chooser(seed);
        let first = chooser.next(players);
        let mut game = Game::new(rules, mode, &names, first).unwrap();
        let cells = rules.ruleset().cells.len();
        let mut entries = 0;
        while !game.is_over() {
            prop_assert_eq!(game.current_seat(), (first + entries) % players);
            match mode {
                DiceMode::App => app_turn(&mut game, &mut chooser),
                DiceMode::Pad => pad_turn(&mut game, &mut chooser),
            }
            entries += 1;
            if chooser.next(8) == 0 {
                round_trips(&game);
            }
            prop_assert!(entries <= cells * players);
        }
        prop_assert_eq!(entries, cells * players);
        for (seat, sheet) in game.sheets().iter().enumerate() {
            prop_assert!(sheet.is_full(rules.ruleset()));
            check_totals(rules, sheet, game.totals(seat).unwrap());
        }
        let standings = game.standings();
        prop_assert!(standings.iter().any(|standing| standing.winner));
        prop_assert!(standings.windows(2).all(|pair| pair[0].total >= pair[1].total));
        round_trips(&game);
    }

    /// Any play at all, legal or not: `check` and `play` agree, a refused play changes nothing, and the
    /// game's own `plays` rebuild it exactly from a new game.
    #[test]
    fn refused_plays_change_nothing_and_plays_rebuild_the_game(
        rules in rules_strategy(),
        pad in any::<bool>(),
        seed in any::<u64>(),
        steps in 1usize..300,
    ) {
        let mode = if pad { DiceMode::Pad } else { DiceMode::App };
        let mut game = Game::new(rules, mode, &["Anna", "Ben"], 0).unwrap();
        let mut chooser = Chooser(seed);
        for _ in 0..steps {
            let before = game.clone();
            let play = any_play(&game, &mut chooser);
            let checked = game.check(&play);
            let result = game.play(&play);
            prop_assert_eq!(&checked, &result, "{:?}", play);
            if result.is_err() {
                prop_assert_eq!(&game, &before);
            }
            for (seat, sheet) in game.sheets().iter().enumerate() {
                check_totals(rules, sheet, game.totals(seat).unwrap());
            }
            round_trips(&game);
        }
        let mut rebuilt = Game::new(rules, mode, &["Anna", "Ben"], game.first_seat()).unwrap();
        for play in game.plays() {
            rebuilt.play(&play).unwrap();
        }
        prop_assert_eq!(rebuilt, game);
    }
}

/// A play of any kind with random contents: the dice drawn now (or any dice at all), any die, any box.
fn any_play(game: &Game, chooser: &mut Chooser) -> Play {
    let category = Category::ALL[chooser.next(Category::ALL.len())];
    let dice = Dice::new([
        chooser.face(),
        chooser.face(),
        chooser.face(),
        chooser.face(),
        chooser.face(),
    ]);
    match chooser.next(12) {
        0..=2 => game.draw(&mut || chooser.face()).unwrap_or(Play::Roll(dice)),
        3 => Play::Roll(dice),
        4 => Play::Hold(chooser.next(6)),
        5 => Play::Release(chooser.next(6)),
        6 => Play::Score(category.into()),
        7 => Play::CrossOut(category.into()),
        8 => Play::Write {
            place: category.into(),
            value: chooser.next(55) as u16,
            bonus: chooser.next(2) == 0,
            first_roll: false,
        },
        9 => Play::Undo,
        10 => Play::FirstPlayer(FirstPlayerRoll {
            rounds: Vec::new(),
            first_seat: chooser.next(3),
        }),
        _ => match chooser.next(2) {
            0 => Play::EnterDice(dice),
            _ => Play::ClearDice,
        },
    }
}
