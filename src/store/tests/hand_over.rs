//! A seat moved to another device by a link, as the devices' stores live it: any seated device asks for the
//! link of a seat whose device is away, a fresh device that opens it is seated with no name asked, and the old
//! device, back, is told its player plays elsewhere and watches.

use fivedice_room::{ClientMessage, RoomName};

use super::super::{Reading as _, RoomLink as _, RoomState};
use super::room_server::*;
use crate::launch::{RoomLaunch, parse_room_launch};

#[test]
fn a_fresh_device_opening_the_link_plays_on_in_the_seat_and_the_old_one_watches() {
    let (mut server, devices) = three_at_a_started_table();
    let cleo = &devices[2];
    server.drop_connection(cleo, &devices.each_ref());
    cleo.store.room_disconnected();
    let player = |device: &Device| view(device).players[2].clone();
    assert!(
        player(&devices[1]).can_hand_over,
        "offered at once on a guest's device"
    );
    assert!(player(&devices[0]).can_hand_over, "and on the host's");
    let cleo_to_play = devices[1].store.table().current_seat().get_untracked() == Some(2);
    assert_eq!(
        view(&devices[1]).waits_for_away.as_deref(),
        cleo_to_play.then_some("Cleo"),
        "the table says it waits for Cleo's device when it is her turn"
    );
    devices[1].store.lobby().offer_hand_over(2);
    pump(&mut server, &devices.each_ref());
    let code = player(&devices[1])
        .hand_over
        .expect("the link's code shows on the device that asked");
    assert_eq!(player(&devices[0]).hand_over, None, "and on no other");
    // The address the link carries opens the room on a fresh device with no name asked.
    let launch = parse_room_launch(&format!("?room=Friday&handover={code}"))
        .expect("a room")
        .expect("a valid link");
    assert_eq!(launch.hand_over.as_deref(), Some(code.as_str()));
    assert_eq!(launch.player, None);
    let new_phone = device();
    new_phone.store.open_room(launch);
    new_phone.store.room_connected();
    let everyone = [&devices[0], &devices[1], &new_phone];
    pump(&mut server, &everyone);
    assert_eq!(view(&new_phone).own_seats, [2]);
    assert_eq!(view(&new_phone).state, RoomState::Playing);
    assert!(!view(&new_phone).may_join, "no name is asked");
    assert!(!player(&devices[1]).away, "Cleo is back, on the new phone");
    assert_eq!(player(&devices[1]).hand_over, None, "the link is spent");
    // Cleo's old phone comes back: its player plays elsewhere, and it watches.
    cleo.link.connect(cleo.store);
    cleo.store.room_connected();
    let all = [&devices[0], &devices[1], &new_phone, cleo];
    pump(&mut server, &all);
    assert!(view(cleo).own_seats.is_empty());
    assert_eq!(view(cleo).moved_elsewhere, ["Cleo"]);
    // The new phone plays Cleo's turns: the table goes on to the end.
    while devices[0].store.table().current_seat().get_untracked().is_some() {
        play_a_turn(&mut server, &all);
    }
}

#[test]
fn a_link_refused_is_said_in_the_room_and_the_device_watches() {
    let (mut server, devices) = three_at_a_started_table();
    let stranger = device();
    stranger.store.open_room(RoomLaunch {
        room: RoomName::parse("friday").unwrap(),
        player: None,
        game: None,
        hand_over: Some("0123456789abcdef0123456789abcdef".into()),
    });
    stranger.store.room_connected();
    let everyone = [&devices[0], &devices[1], &devices[2], &stranger];
    pump(&mut server, &everyone);
    let sent: Vec<ClientMessage> = stranger.link.sent.borrow().clone();
    assert!(sent.is_empty(), "nothing is sent again");
    let room = view(&stranger);
    assert!(room.own_seats.is_empty());
    assert!(!room.joining);
    assert!(
        room.refusal
            .as_deref()
            .is_some_and(|why| why.contains("does not move any seat")),
        "{:?}",
        room.refusal
    );
}

#[test]
fn a_device_come_late_with_an_away_player_s_name_asks_back_and_is_let_in_or_told_no() {
    let (mut server, devices) = three_at_a_started_table();
    let cleo = &devices[2];
    server.drop_connection(cleo, &devices.each_ref());
    cleo.store.room_disconnected();
    let late = device();
    enter(&late, "friday", Some("cleo"));
    let everyone = [&devices[0], &devices[1], &late];
    pump(&mut server, &everyone);
    assert!(view(&late).came_late, "the game had started: the name is refused");
    assert_eq!(view(&late).may_ask_seat, Some(2), "the name is an away player's");
    // Asked: every seated device hears it; one says no, and the device is told.
    late.store.lobby().ask_seat(2);
    pump(&mut server, &everyone);
    assert!(view(&late).asked_seat);
    let requests = view(&devices[1]).seat_requests;
    let [(request, 2, ref name)] = requests[..] else {
        panic!("one request for Cleo's seat: {requests:?}")
    };
    assert_eq!(name, "Cleo");
    assert!(view(&late).seat_requests.is_empty(), "only seated devices answer");
    devices[1].store.lobby().answer_seat(request, false);
    pump(&mut server, &everyone);
    assert!(!view(&late).asked_seat);
    assert!(
        view(&late)
            .refusal
            .as_deref()
            .is_some_and(|why| why.contains("said no"))
    );
    assert!(view(&devices[0]).seat_requests.is_empty());
    // Asked again, and let in: the device holds Cleo's seat and plays it.
    late.store.lobby().ask_seat(2);
    pump(&mut server, &everyone);
    let [(request, 2, _)] = view(&devices[0]).seat_requests[..] else {
        panic!("asked again")
    };
    devices[0].store.lobby().answer_seat(request, true);
    pump(&mut server, &everyone);
    assert_eq!(view(&late).own_seats, [2]);
    assert!(view(&devices[0]).seat_requests.is_empty());
    assert!(!view(&devices[0]).players[2].away);
    for _ in 0..3 {
        play_a_turn(&mut server, &everyone);
    }
}
