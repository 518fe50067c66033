//! Devices on any node of the cluster play a room another node owns, through relays, with every rule and
//! limit of a single server: refusals, frames too big, a flood of rolls, new rooms counted by the device's
//! address; a device that drops resumes its seat on another node.

use crate::common::nodes::{room_owned_by, sees_members, start_node, stored_seqs};
use crate::common::process::Nats;
use crate::common::{
    bounded, by_turn, dice_checked_at_the_end, fast_play, open_room, play_quick_turn, room_name, started_pair,
};
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION};
use fivedice_room::{Action, Phase};
use fivedice_rules::{Category, Place, Play};
use fivedice_server::Limits;

#[tokio::test]
async fn devices_on_other_nodes_play_through_relays_as_on_one_server() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let nodes = ["a", "b", "c"];
    let servers =
        futures_util::future::join_all(nodes.map(|node| start_node(dir.path(), &nats, node, fast_play())))
            .await;
    for server in &servers {
        sees_members(server.addr(), 3).await;
    }
    let (a, b, c) = (servers[0].addr(), servers[1].addr(), servers[2].addr());
    // Anna and Ben reach the room only through relays: node c owns it.
    let room = room_owned_by("c", &nodes, "Relayed");
    let (anna, ben) = started_pair(&room, a, b).await;
    assert_eq!(
        servers[0].open_rooms() + servers[1].open_rooms(),
        0,
        "only the owner holds it"
    );
    assert_eq!(servers[2].open_rooms(), 1);
    let (mut first, mut second) = by_turn(anna, ben);
    let (first_seat, second_seat) = (first.seats()[0], second.seats()[0]);
    let before = first.seq();
    second.act_as(second_seat, Action::Roll).await;
    assert_eq!(second.refused().await.0, "not_your_turn");
    second
        .send(&ClientMessage::Act {
            token: first.token_of(first_seat),
            at: second.seq(),
            action: Action::Roll,
        })
        .await;
    assert_eq!(second.refused().await.0, "not_your_seat");
    first.act(first_seat, Action::Roll).await;
    first
        .send(&ClientMessage::Act {
            token: first.token_of(first_seat),
            at: before,
            action: Action::Play(Play::Score(Place::from(Category::Chance))),
        })
        .await;
    assert_eq!(first.refused().await.0, "stale");
    first
        .send_raw(format!(r#"{{"join":{{"name":"{}"}}}}"#, "x".repeat(5000)))
        .await;
    assert_eq!(first.refused().await.0, "too_big");
    first
        .send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: "other".into(),
            tokens: Vec::new(),
            seen: 0,
        })
        .await;
    assert_eq!(first.refused().await.0, "already_in_room");
    first
        .act(
            first_seat,
            Action::Play(Play::Score(Place::from(Category::Chance))),
        )
        .await;
    second.reach(first.seq()).await;
    // A device that drops resumes its seat on another node, from what it saw: the owner directly, then
    // a relay again.
    let mut clients = [first, second];
    for (reconnect_at, turns) in [(c, 3), (a, 3)] {
        for _ in 0..turns {
            assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
        }
        let device = &mut clients[0];
        let seen = device.seq();
        device.drop_connection();
        device.reconnect(reconnect_at).await;
        let (seats, seq) = device.hello(&room.to_uppercase(), seen).await;
        assert_eq!(seats.len(), 1, "its token still holds its seat");
        assert_eq!(seq, seen);
    }
    while bounded("a turn", play_quick_turn(&mut clients)).await {}
    dice_checked_at_the_end(&mut clients, &room).await;
    let [mut first, second] = clients;
    assert_eq!(first.room().phase(), Phase::Finished);
    assert_eq!(first.room(), second.room());
    assert_eq!(first.entries, second.entries);
    let count = first.seq();
    assert_eq!(
        stored_seqs(&nats.url, &room_name(&room)).await,
        (1..=count).collect::<Vec<_>>()
    );
    // Frames far over the limit close the device's connection at the node it reached.
    first.send_raw("y".repeat(100_000)).await;
    assert!(first.closed().await);
    for server in servers {
        bounded("stop", server.stop()).await.expect("stops");
    }
}

#[tokio::test]
async fn a_flood_and_new_rooms_are_limited_through_a_relay() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let limits = Limits {
        new_rooms_burst: 3.0,
        new_rooms_per_minute: 0.001,
        ..Limits::default()
    };
    let (entry, owner) = tokio::join!(
        start_node(dir.path(), &nats, "entry", limits.clone()),
        start_node(dir.path(), &nats, "owner", limits.clone()),
    );
    sees_members(entry.addr(), 2).await;
    sees_members(owner.addr(), 2).await;
    let nodes = ["entry", "owner"];
    let room = room_owned_by("owner", &nodes, "Flood");
    let (anna, ben) = started_pair(&room, entry.addr(), entry.addr()).await;
    let (mut first, mut second) = by_turn(anna, ben);
    let before = first.seq();
    let codes = second.flood_rolls(before).await;
    assert!(codes.iter().any(|code| code == "rate_limited"), "{codes:?}");
    assert!(
        codes.len() <= 45,
        "one answer per allowed message: {}",
        codes.len()
    );
    let rolled = first.act(first.seats()[0], Action::Roll).await;
    assert_eq!(rolled.seq, before + 1, "the room plays on");
    // The owner counts new rooms by the device's address, wherever it connected: one was spent above.
    let mut refusals = Vec::new();
    for n in 0..3 {
        let name = room_owned_by("owner", &nodes, &format!("New {n}"));
        let (_device, answer) = open_room(entry.addr(), &name).await;
        refusals.push(answer);
    }
    assert_eq!(refusals, [None, None, Some("new_rooms_limited".to_string())]);
    bounded("stop", entry.stop()).await.expect("stops");
    bounded("stop", owner.stop()).await.expect("stops");
}
