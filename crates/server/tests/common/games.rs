//! Rooms and games played through the test client: a room opened, two players seated and started, turns
//! played, the dice checked at the end, a game replayed from its entries, a server to play on.

use super::*;

/// Says hello to `room` on a new connection and returns the refusal's code, or `None` if it was welcomed.
pub async fn open_room(addr: SocketAddr, room: &str) -> (Client, Option<String>) {
    let mut client = Client::connect(addr).await;
    client
        .send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: room.into(),
            tokens: Vec::new(),
            seen: 0,
        })
        .await;
    let refused = client
        .until("a welcome or a refusal", |message| match message {
            ServerMessage::Welcome { .. } => Some(None),
            ServerMessage::Refused { code, .. } => Some(Some(code.clone())),
            _ => None,
        })
        .await;
    (client, refused)
}

/// Two devices seated as Anna (seat 0) and Ben (seat 1) in `room`, each reaching it at its own address,
/// and the game started.
pub async fn started_pair(room: &str, anna_at: SocketAddr, ben_at: SocketAddr) -> (Client, Client) {
    seated_and_started(
        room,
        Client::connect(anna_at).await,
        Client::connect(ben_at).await,
    )
    .await
}

/// Anna (seat 0) and Ben (seat 1) seated in `room` from the devices given, and the game started.
pub async fn seated_and_started(room: &str, mut anna: Client, mut ben: Client) -> (Client, Client) {
    anna.hello(room, 0).await;
    anna.join("Anna").await;
    ben.hello(room, 0).await;
    ben.join("Ben").await;
    anna.reach(2).await;
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    (anna, ben)
}

/// The device whose seat plays first, then the other.
pub fn by_turn(anna: Client, ben: Client) -> (Client, Client) {
    if anna.room().seat_to_play() == Some(0) {
        (anna, ben)
    } else {
        (ben, anna)
    }
}

pub fn room_name(text: &str) -> RoomName {
    RoomName::parse(text).expect("a room name")
}

/// Plays one turn for whoever's turn it is, from the device holding it: one roll, a hold, a second roll,
/// then the first cell the rules offer. Every client catches up with the result. False once finished.
pub async fn play_turn(clients: &mut [Client]) -> bool {
    play(clients, true).await
}

/// A turn of two messages (roll, score), for servers with the rate limit people play under.
pub async fn play_quick_turn(clients: &mut [Client]) -> bool {
    play(clients, false).await
}

async fn play(clients: &mut [Client], hold_and_reroll: bool) -> bool {
    let Some(actor) = clients
        .iter()
        .position(|client| client.room().acting_seat(&client.seats()).is_some())
    else {
        assert!(
            clients[0].room().seat_to_play().is_none(),
            "nobody holds the seat to play"
        );
        return false;
    };
    let client = &mut clients[actor];
    let seat = client.room().acting_seat(&client.seats()).expect("acts");
    client.act(seat, Action::Roll).await;
    if hold_and_reroll {
        client.act(seat, Action::Play(Play::Hold(0))).await;
        client.act(seat, Action::Roll).await;
    }
    let scores = client
        .room()
        .game()
        .and_then(Game::scores)
        .expect("dice on the table");
    let (category, _) = scores.cells[0];
    let entry = client.act(seat, Action::Play(Play::Score(category.into()))).await;
    for other in clients.iter_mut() {
        other.reach(entry.seq).await;
    }
    true
}

/// Once a game's last box is written: each device hears the seed of the room's dice revealed (never before
/// the end), and every die of the game checks against the commitment made at its start. Returns how many
/// decisions drew dice.
pub async fn dice_checked_at_the_end(clients: &mut [Client], room: &str) -> usize {
    let mut checked = None;
    for client in clients.iter_mut() {
        if !matches!(
            client.entries.last().map(|entry| &entry.event),
            Some(Event::DiceRevealed { .. })
        ) {
            let next = client.seq() + 1;
            client.reach(next).await;
        }
        let Some(Event::DiceRevealed { seed }) = client.entries.last().map(|entry| &entry.event) else {
            panic!("the last entry reveals the seed");
        };
        let before = serde_json::to_string(&client.entries[..client.entries.len() - 1]).expect("JSON");
        assert!(
            !before.contains(seed.as_str()),
            "the seed was in an entry before the reveal"
        );
        let check = fivedice_room::check_dice(room_name(room), &client.entries).expect("the log replays");
        let fivedice_room::DiceCheck::Checked { rolls } = check else {
            panic!("the dice do not check: {check:?}");
        };
        assert!(checked.is_none_or(|earlier| earlier == rolls));
        checked = Some(rolls);
    }
    checked.expect("a device")
}

/// Replays a room's entries into a `Game` directly through the rules crate (no room code), each play
/// checked by the rules, and returns the game.
pub fn game_from_entries(entries: &[LogEntry], names: &[&str]) -> Game {
    let mut game: Option<Game> = None;
    for entry in entries {
        match &entry.event {
            Event::Started {
                first_player_roll, ..
            } => {
                let rules = fivedice_rules::Rules::new(RulesetId::Yahtzee);
                game = Some(
                    Game::new(rules, DiceMode::App, names, first_player_roll.first_seat).expect("a game"),
                );
            }
            Event::Played { seat, play } => {
                let game = game.as_mut().expect("started");
                if *play != Play::Undo {
                    assert_eq!(game.current_seat(), *seat);
                }
                game.play(play).expect("a legal play");
            }
            _ => {}
        }
    }
    game.expect("started")
}

/// A server whose rate limit does not get in the way of tests that play faster than any person.
pub async fn server(dir: &tempfile::TempDir) -> RunningServer {
    start_server(dir.path(), fast_play()).await
}

pub fn fast_play() -> Limits {
    Limits {
        messages_per_second: 10_000.0,
        message_burst: 10_000.0,
        ..Limits::default()
    }
}

/// The room's seq as a new watcher is told it.
pub async fn seq_seen_by_watcher(server: &RunningServer, room: &str) -> u64 {
    let mut watcher = Client::connect(server.addr()).await;
    let (_, seq) = watcher.hello(room, 0).await;
    watcher.close().await;
    seq
}
