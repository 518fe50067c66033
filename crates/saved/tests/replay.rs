//! A finished game step by step, as the replay screen shows it: every play of the log in turn, the game after
//! each exactly as the rules play it, the last the game as it ended, and each decision the one the table
//! records for the coach.

#[path = "support/played.rs"]
mod played;

use fivedice_room::DiceCheck;
use fivedice_rules::{DiceMode, Play, Rules, RulesetId};
use fivedice_saved::{Decision, KeptGame, Replay};
use played::{PlayedRoom, engine_game, random_game};

#[test]
fn each_step_is_the_game_after_one_play_and_the_last_is_the_game_as_it_ended() {
    let pad = PlayedRoom::new(2, Rules::new(RulesetId::Yahtzee), DiceMode::Pad, None, 5)
        .play_out(PlayedRoom::pad_turn);
    let undone = PlayedRoom::new(2, Rules::new(RulesetId::Yatzy), DiceMode::App, None, 6).play_out(|table| {
        table.random_turn();
        table.undo(&[Play::Score, Play::CrossOut]);
    });
    let games = [
        engine_game(2, true, 3),
        random_game(Rules::new(RulesetId::Yatzy), 3, 8),
        pad.kept(1),
        undone.kept(2),
    ];
    for kept in games {
        let replay = Replay::of(&kept).unwrap();
        let ended = kept.read().unwrap().game;
        assert!(!replay.steps.is_empty());
        assert_eq!(replay.game_at(replay.steps.len()), &ended);
        assert_eq!(replay.game_at(usize::MAX), &ended, "past the end: the end");
        assert_eq!(replay.game_at(0), &replay.start);
        assert!(replay.start.log().is_empty() && !replay.start.is_over());
        for (index, step) in replay.steps.iter().enumerate() {
            let mut played = replay.game_at(index).clone();
            assert_eq!(step.seat, played.current_seat());
            played.play(&step.play).unwrap();
            assert_eq!(played, step.game, "step {}", index + 1);
        }
    }
}

#[test]
fn each_roll_after_the_first_and_each_box_is_the_decision_the_coach_judges() {
    let replay = Replay::of(&engine_game(2, false, 5)).unwrap();
    let (mut keeps, mut boxes) = (0, 0);
    for (index, step) in replay.steps.iter().enumerate() {
        let before = replay.game_at(index);
        match &step.play {
            Play::Roll(_) => {
                assert_eq!(step.decision, Decision::keep(before));
                keeps += usize::from(step.decision.is_some());
                assert_eq!(step.turn, *step.game.turn(), "a roll shows the dice it rolled");
            }
            Play::Score(place) => {
                assert_eq!(step.decision, Decision::cell(before, place.category));
                assert!(step.decision.is_some());
                boxes += 1;
                assert_eq!(
                    step.turn,
                    *before.turn(),
                    "a box shows the dice it was written with"
                );
                assert_eq!(step.rolls_left, before.rolls_left());
            }
            _ => assert_eq!(step.decision, None),
        }
    }
    assert_eq!(boxes, 26);
    assert!(keeps > 0, "the engine rolled again");
}

#[test]
fn a_sealed_game_reads_as_checked_and_a_game_not_over_gives_no_replay() {
    let sealed = Replay::of(&engine_game(2, true, 2)).unwrap();
    assert!(matches!(sealed.dice, DiceCheck::Checked { rolls } if rolls > 26));
    assert_eq!(
        Replay::of(&engine_game(1, false, 1)).unwrap().dice,
        DiceCheck::NotSealed
    );
    let kept = engine_game(1, false, 1);
    let log = kept.log().unwrap();
    let cut = KeptGame::new(&kept.table_id, &kept.table_name, &log[..log.len() - 1], 0.0);
    assert!(Replay::of(&cut).unwrap_err().contains("not over"));
}
