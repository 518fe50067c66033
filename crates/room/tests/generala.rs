//! A Generala room: five alike on a turn's first roll win the game as the dice land, for every device, and the
//! room refuses any roll or box after it.

mod common;

use common::{Logged, Script, no_dice, refused};
use fivedice_room::{Action, Phase, RoomError};
use fivedice_rules::{Category, DiceMode, Play, Rules, RulesetId};

#[test]
fn a_generala_on_the_first_roll_finishes_the_room_on_that_roll() {
    let mut logged = Logged::new("Generala");
    logged.join("Ana");
    logged.join("Beto");
    let generala = Action::choosing(Rules::new(RulesetId::Generala), DiceMode::App);
    logged.act(0, generala, &mut no_dice());
    logged.act(0, Action::Start, &mut Script::new(&[6, 1]));
    logged.act(0, Action::Roll, &mut Script::new(&[6, 6, 6, 6, 5]));
    logged.act(
        0,
        Action::Play(Play::Score(Category::FourOfAKind.into())),
        &mut no_dice(),
    );
    assert_eq!(logged.room.phase(), Phase::Playing);
    logged.act(1, Action::Roll, &mut Script::new(&[4, 4, 4, 4, 4]));
    assert_eq!(logged.room.phase(), Phase::Finished);
    assert_eq!(logged.room.seat_to_play(), None);
    let game = logged.room.game().expect("started");
    assert_eq!(game.won_on_first_roll(), Some(1));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Roll, &mut no_dice()),
        RoomError::GameOver
    );
    let hold = Action::Play(Play::Hold(0));
    assert_eq!(
        refused(&logged.room, 1, seq, hold, &mut no_dice()),
        RoomError::GameOver
    );
    // A device that joins the log later sees the same ending.
    logged.assert_replays();
    // Older versions had the winner write the dice: such a log replays, and the room stays finished.
    logged.act(
        1,
        Action::Play(Play::Score(Category::Generala.into())),
        &mut no_dice(),
    );
    assert_eq!(logged.room.phase(), Phase::Finished);
    logged.assert_replays();
}
