//! Owners that go away mid-game, each a node process of its own: killed with SIGKILL one after another
//! (and restarted under their ids), or frozen and woken believing they still own the room. The devices
//! come back on live nodes and nothing they were sent is lost; a stale owner's append is fenced.

use std::net::SocketAddr;

use crate::common::nodes::{room_owned_by, sees_members, stored_seqs};
use crate::common::process::Nats;
use crate::common::{Client, bounded, dice_checked_at_the_end, play_quick_turn, room_name, started_pair};
use crate::processes::{come_back, node_process, node_processes};
use fivedice_room::{Action, Phase};
use fivedice_server::cluster::members::owning_node;

#[tokio::test]
async fn owners_killed_one_after_another_mid_turn_lose_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let ids = ["n1", "n2", "n3"];
    let mut nodes = node_processes(dir.path(), &nats, &ids);
    for node in &nodes {
        sees_members(node.addr, 3).await;
    }
    let room = "Kills";
    let (anna, ben) = started_pair(room, nodes[0].addr, nodes[1].addr).await;
    let mut clients = [anna, ben];
    for round in 0..ids.len() {
        assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
        // Mid-turn: a roll stored and seen, not yet scored.
        let actor = clients
            .iter()
            .position(|client| client.room().acting_seat(&client.seats()).is_some())
            .expect("someone acts");
        let seat = clients[actor].seats()[0];
        let rolled = clients[actor].act(seat, Action::Roll).await;
        for client in &mut clients {
            client.reach(rolled.seq).await;
        }
        let before = clients[0].room().clone();
        let owner = owning_node(ids, &room_name(room)).expect("an owner");
        let dead = ids.iter().position(|id| *id == owner).expect("a node");
        let killed = nodes.remove(dead);
        killed.kill();
        let live: Vec<SocketAddr> = nodes.iter().map(|node| node.addr).collect();
        come_back(&mut clients, room, |index| live[(index + round) % live.len()]).await;
        for client in &clients {
            assert_eq!(client.room(), &before);
        }
        // The turn goes on at a new owner: the roll is there to score.
        assert!(bounded("the rest of the turn", play_quick_turn(&mut clients)).await);
        // The node comes back with the same id and takes its rooms back: the devices follow.
        nodes.insert(dead, node_process(dir.path(), &nats, owner));
        let all: Vec<SocketAddr> = nodes.iter().map(|node| node.addr).collect();
        come_back(&mut clients, room, |index| all[(index + round + 1) % all.len()]).await;
    }
    while bounded("a turn", play_quick_turn(&mut clients)).await {}
    // Each new owner drew from the seed the stream kept beside the log: every die checks.
    assert!(dice_checked_at_the_end(&mut clients, room).await > 26);
    let [anna, ben] = clients;
    assert_eq!(anna.room().phase(), Phase::Finished);
    assert_eq!(anna.room(), ben.room());
    assert_eq!(anna.entries, ben.entries);
    let count = anna.seq();
    assert_eq!(
        stored_seqs(&nats.url, &room_name(room)).await,
        (1..=count).collect::<Vec<_>>(),
        "each seq stored once"
    );
}

#[tokio::test]
async fn a_frozen_owner_that_wakes_is_fenced_and_the_room_goes_on_from_the_log() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let ids = ["n1", "n2"];
    let room = room_owned_by("n1", &ids, "Frozen");
    let (n1, n2) = (
        node_process(dir.path(), &nats, "n1"),
        node_process(dir.path(), &nats, "n2"),
    );
    sees_members(n1.addr, 2).await;
    sees_members(n2.addr, 2).await;
    // One device on the owner holds both seats; its twin (the same tokens) reaches the room through n2.
    let mut device = Client::connect(n1.addr).await;
    device.hello(&room, 0).await;
    device.join("Anna").await;
    device.join("Ben").await;
    device.act(0, Action::Start).await;
    let mut twin = Client::connect(n2.addr).await;
    twin.held = device.held.clone();
    twin.hello(&room, 0).await;
    let seat = device.room().seat_to_play().expect("a seat plays");
    let before = device.seq();
    // n1 freezes with a roll waiting in its socket; n2 finds it silent, takes the room and rolls.
    n1.freeze();
    device.act_as(seat, Action::Roll).await;
    come_back(std::slice::from_mut(&mut twin), &room, |_| n2.addr).await;
    let rolled = twin.act(seat, Action::Roll).await;
    assert_eq!(rolled.seq, before + 1);
    // n1 wakes believing it still owns the room at `before`: its append of the waiting roll fails the
    // sequence check, and it drops its stale copy instead of answering.
    n1.thaw();
    assert!(device.closed().await);
    assert_eq!(device.seq(), before, "the fenced roll was never acknowledged");
    assert_eq!(
        stored_seqs(&nats.url, &room_name(&room)).await,
        (1..=before + 1).collect::<Vec<_>>()
    );
    // n1 is live again and owns the room by its id: it replays the log, n2 gives its copy up and
    // relays, and both devices go on from the one roll that was stored.
    let mut clients = [device, twin];
    clients[0].drop_connection();
    clients[0].reconnect(n1.addr).await;
    let (_, seq) = clients[0].hello(&room, before).await;
    assert_eq!(seq, before + 1);
    come_back(&mut clients[1..], &room, |_| n2.addr).await;
    for _ in 0..2 {
        assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
    }
    let [device, twin] = clients;
    assert_eq!(device.room(), twin.room());
    assert_eq!(device.entries, twin.entries);
    let count = device.seq();
    assert_eq!(
        stored_seqs(&nats.url, &room_name(&room)).await,
        (1..=count).collect::<Vec<_>>()
    );
}
