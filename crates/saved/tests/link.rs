//! Replay links: real finished games of the whole family (played by the engine, or by a seeded random player
//! through the rules) come back from their link exactly; an eight-player game of Yahtzee fits in 2,000
//! characters; a link cut or changed is refused with its reason, never read as another game.

use fivedice_room::{DiceCheck, DiceSeed, Event, RoomName, check_dice};
use fivedice_rules::{Column, Columns, DiceMode, HouseRules, Play, Rules, RulesetId};
use fivedice_saved::KeptGame;
use fivedice_saved::link::{LinkError, decode, encode, encode_log, link, payload_of};
use fivedice_saved::text::read_log;
use fivedice_strategy::Level;

#[path = "support/played.rs"]
mod played;
use played::{PlayedRoom, engine_game, random_game};

/// Every kind of game, with what it is.
fn every_kind() -> Vec<(&'static str, KeptGame)> {
    let columns = Rules::new(RulesetId::Yam)
        .with_columns(Columns::new(&Column::ALL).unwrap())
        .unwrap();
    let generala = Rules::new(RulesetId::Generala)
        .with_house(HouseRules {
            first_roll_bonus: 10,
            first_roll_wins: true,
            double: true,
            ace_after_six: true,
        })
        .unwrap();
    let pad = PlayedRoom::new(3, Rules::new(RulesetId::Yahtzee), DiceMode::Pad, None, 5)
        .play_out(PlayedRoom::pad_turn);
    let undone = PlayedRoom::new(2, Rules::new(RulesetId::Yatzy), DiceMode::App, None, 6).play_out(|table| {
        table.random_turn();
        if table.below(4) == 0 {
            table.undo(&[Play::Score, Play::CrossOut]);
        }
    });
    let log = undone.kept(14).exported().unwrap().log.unwrap();
    assert!(log.contains(" undo\n"), "a box taken back");
    let sealed = Some(DiceSeed::new([3; 32]));
    let mut taken_over = PlayedRoom::new(2, Rules::new(RulesetId::Yahtzee), DiceMode::App, sealed, 7);
    taken_over.random_turn();
    taken_over.push(Event::TakenOver {
        seat: 1,
        level: Level::Casual,
        one_turn: true,
    });
    vec![
        ("yahtzee, 1 player", engine_game(1, false, 1)),
        ("yahtzee, 4 players", engine_game(4, false, 4)),
        ("yahtzee, sealed, 2 players", engine_game(2, true, 2)),
        ("yatzy", random_game(Rules::new(RulesetId::Yatzy), 3, 8)),
        ("yam, five columns", random_game(columns, 2, 9)),
        ("generala", random_game(generala, 4, 10)),
        ("maxi yatzy", random_game(Rules::new(RulesetId::MaxiYatzy), 2, 11)),
        ("yacht", random_game(Rules::new(RulesetId::Yacht), 1, 12)),
        ("score pad", pad.kept(13)),
        ("an undo", undone.kept(14)),
        (
            "sealed, stood in",
            taken_over.play_out(PlayedRoom::random_turn).kept(15),
        ),
    ]
}

#[test]
fn every_kind_of_finished_game_comes_back_from_its_link_exactly() {
    let mut seen = [false; 4];
    for (what, game) in every_kind() {
        let payload = encode(&game).unwrap_or_else(|error| panic!("{what}: {error}"));
        println!("{what}: a payload of {} characters", payload.len());
        assert_eq!(decode(&payload), Ok(game.clone()), "{what}");
        let address = link("https://fivedice.example/", &game).unwrap();
        assert_eq!(address, format!("https://fivedice.example/#replay={payload}"));
        assert_eq!(payload_of(&address), Ok(payload.as_str()));
        // Pasted at the end of a sentence, or in brackets, with the replay's step kept after it.
        for pasted in [
            format!("{address}."),
            format!("({address})"),
            format!("{address}&step=12!"),
        ] {
            assert_eq!(
                payload_of(pasted.trim_start_matches('(')),
                Ok(payload.as_str()),
                "{pasted}"
            );
        }
        assert_eq!(decode(&address), Ok(game.clone()), "{what}");
        let read = game.read().unwrap();
        assert_eq!(
            decode(&payload).unwrap().read().unwrap().game,
            read.game,
            "{what}"
        );
        let log = game.exported().unwrap().log.unwrap();
        for (seen, mark) in seen
            .iter_mut()
            .zip([" announce ", " bonus\n", " enter_dice ", " dice_revealed "])
        {
            *seen |= log.contains(mark);
        }
        // A sealed game's dice check from the link alone.
        if what.contains("sealed") {
            let back = decode(&payload).unwrap().exported().unwrap().log.unwrap();
            let name = RoomName::parse("checked").unwrap();
            assert!(
                matches!(
                    check_dice(name, &read_log(&back).unwrap()),
                    Ok(DiceCheck::Checked { .. })
                ),
                "{what}"
            );
        }
    }
    assert_eq!(
        seen, [true; 4],
        "announcements, a bonus written, dice entered, a seed revealed"
    );
}

#[test]
fn an_eight_player_game_of_yahtzee_fits_in_two_thousand_characters() {
    let mut lengths = Vec::new();
    for (what, game) in [
        ("1 player", engine_game(1, false, 21)),
        ("2 players", engine_game(2, false, 22)),
        ("4 players", engine_game(4, false, 24)),
        ("8 players", engine_game(8, false, 28)),
        ("2 players, sealed", engine_game(2, true, 32)),
        ("8 players, sealed", engine_game(8, true, 38)),
    ] {
        let payload = encode(&game).unwrap();
        let entries = game.exported().unwrap().log.unwrap().lines().count();
        println!("yahtzee, {what}: {entries} entries, {} characters", payload.len());
        assert_eq!(decode(&payload), Ok(game));
        lengths.push(payload.len());
    }
    assert!(lengths[3] <= 2000, "8 players: {} characters", lengths[3]);
    assert!(
        lengths.windows(2).take(3).all(|pair| pair[0] < pair[1]),
        "{lengths:?}"
    );
}

#[test]
fn a_cut_or_changed_link_is_refused_with_its_reason_never_read_as_another_game() {
    let payload = encode(&engine_game(2, false, 41)).unwrap();
    assert_eq!(decode(""), Err(LinkError::NotALink));
    for cut in 1..payload.len() {
        assert_eq!(decode(&payload[..cut]), Err(LinkError::Cut), "cut to {cut}");
    }
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for at in 0..payload.len() {
        let was = ALPHABET
            .iter()
            .position(|&c| c == payload.as_bytes()[at])
            .unwrap();
        for step in [1, 32, 63] {
            let mut changed = payload.clone().into_bytes();
            changed[at] = ALPHABET[(was + step) % 64];
            let changed = String::from_utf8(changed).unwrap();
            assert_eq!(
                decode(&changed),
                Err(LinkError::Damaged),
                "character {at} changed"
            );
        }
    }
    for extra in ["A", "AA", "AAAA"] {
        assert_eq!(
            decode(&format!("{payload}{extra}")),
            Err(LinkError::Damaged),
            "{extra} added"
        );
    }
    // A character no payload holds is no link; a sentence's punctuation after it is not part of it.
    assert_eq!(decode(&format!("{payload}$")), Err(LinkError::NotALink));
    assert_eq!(decode(&format!("{payload}!")), decode(&payload));
    assert_eq!(decode("https://fivedice.example/"), Err(LinkError::NotALink));
    for said in [
        LinkError::NotALink,
        LinkError::Cut,
        LinkError::Damaged,
        LinkError::UnknownVersion(9),
    ] {
        assert!(!said.to_string().contains('\n'), "{said}");
    }
}

#[test]
fn only_a_finished_game_numbered_in_order_makes_a_link() {
    let mut table = PlayedRoom::new(2, Rules::new(RulesetId::Yahtzee), DiceMode::App, None, 51);
    table.random_turn();
    let unfinished = table.kept(51);
    assert!(matches!(encode(&unfinished), Err(LinkError::Refused(reason)) if reason.contains("not over")));
    let mut log = table.log.clone();
    log.swap(0, 1);
    assert_eq!(
        encode_log("t", "t", 0.0, &log),
        Err(LinkError::Misnumbered {
            expected: 1,
            found: 2
        })
    );
}
