//! What the room screens show of an online room: its state, its players (who hosts, who is here, whose
//! seat a computer plays, what this device may do for each), and which seats this device plays.

use fivedice_room::{Event, LogEntry, Phase, Refusal, RoomError, RoomName, TAKE_OVER_AFTER_MS};
use fivedice_rules::{DiceMode, Rules, case};
use fivedice_worker::Level;
use leptos::prelude::*;

use crate::i18n::Words;
use crate::table::Table;

use super::OpenTable;
use super::Reading;
use crate::store::connection::{Connection, OnlineRoom};

/// What the room screens show.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomView {
    /// The room's key (the `data-room` hook: case and width folded away).
    pub key: String,
    /// Its name as it was typed, for people to read.
    pub name: String,
    pub state: RoomState,
    pub players: Vec<RoomPlayer>,
    /// The seats this device holds, lowest first.
    pub own_seats: Vec<usize>,
    /// Whether this device holds the host's seat (chooses the game, starts it, plays the computers).
    pub hosting: bool,
    pub rules: Rules,
    pub dice: DiceMode,
    /// Why the server did not seat this device, which now watches (in the player's language).
    pub refusal: Option<String>,
    /// This device holds no seat and may take one: it is asked for a name (an invitation opened the room, or
    /// the name it asked for was refused).
    pub may_join: bool,
    /// A join from this device is on its way.
    pub joining: bool,
    /// The game had started when this device came (its join refused, or none asked): it watches, which is no
    /// error.
    pub came_late: bool,
    /// The host may start: enough players for the chosen game.
    pub can_start: bool,
    /// Seats still to fill before the game can start.
    pub players_missing: usize,
    pub watchers: usize,
    pub host_name: Option<String>,
    /// Another person at this device may take a seat too (lobby, a seat held here, room not full).
    pub can_seat_another: bool,
    /// The players whose seats this device held until another device took them by a link.
    pub moved_elsewhere: Vec<String>,
    /// The player to play, whose device is away: the table waits for them.
    pub waits_for_away: Option<String>,
    /// This device came after the start as the away player of this seat: it may ask for the seat back.
    pub may_ask_seat: Option<usize>,
    /// This device asked for a seat back and waits for the table's answer.
    pub asked_seat: bool,
    /// Devices asking for a seat back (request, seat, name), for a seated device to answer.
    pub seat_requests: Vec<(u64, usize, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomState {
    Lobby,
    Playing,
    Finished,
    Offline,
}

impl RoomState {
    /// The `data-room-state` value.
    pub fn id(self) -> &'static str {
        match self {
            RoomState::Lobby => "lobby",
            RoomState::Playing => "playing",
            RoomState::Finished => "finished",
            RoomState::Offline => "offline",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomPlayer {
    pub seat: usize,
    pub name: String,
    pub host: bool,
    /// A computer player the host added, at its level.
    pub computer: Option<Level>,
    /// A computer player stands in for this seat's person, who is away.
    pub stand_in: bool,
    /// Nobody holding this seat is connected.
    pub away: bool,
    /// This device holds the seat.
    pub own: bool,
    /// This device may let a computer player take this seat over now.
    pub can_take_over: bool,
    /// This device may ask for a link that moves this seat to another device (its own device is away).
    pub can_hand_over: bool,
    /// The code of the link this device asked for, moving this seat.
    pub hand_over: Option<String>,
    /// The host may remove this computer player (in the lobby).
    pub can_remove: bool,
    /// This device may give the seat back to its person.
    pub can_give_back: bool,
}

impl OpenTable {
    /// The commitment to the seed of a sealed room's dice, from its start (`fivedice_room::dice_seed`).
    pub fn dice_commitment(&self) -> impl Reading<Option<String>> + use<> {
        self.derive(|table, _| {
            table.log().iter().find_map(|entry| match &entry.event {
                Event::Started { dice_commitment, .. } => dice_commitment.clone(),
                _ => None,
            })
        })
    }

    /// A sealed room's name and log once its seed is revealed, for this device to check every die with.
    pub fn revealed_log(&self) -> impl Reading<Option<(RoomName, Vec<LogEntry>)>> + use<> {
        self.derive(|table, _| {
            let revealed = table.room().dice_revealed();
            revealed.then(|| (table.room().name().clone(), table.log().to_vec()))
        })
    }

    /// Whether the table shown is an online room's (it plays one game: no rematch at the same table).
    pub fn online_table(&self) -> impl Reading<bool> + use<> {
        let connection = self.connection;
        move || connection.read(|online| online.is_some())
    }

    /// Whether the lobby of an online room is shown (a room is open and its game has not started).
    pub fn in_room_lobby(&self) -> impl Reading<bool> + use<> {
        let (connection, table) = (self.connection, self.table);
        move || {
            connection.read(|online| online.is_some())
                && table.with(|table| table.as_ref().is_some_and(|t| t.game().is_none()))
        }
    }

    /// Whether a person at this device may play the turn now: while it holds the seat to play and no computer
    /// plays it, and, online, while connected.
    pub(in crate::store) fn acting_here(&self) -> impl Reading<bool> + use<> {
        let (connection, table) = (self.connection, self.table);
        move || {
            let connected = connection.connected();
            // A computer's turn is nobody's to tap, even on the device that plays it.
            let person = |table: &Table| table.acting_seat().is_some() && table.computer_to_play().is_none();
            connected && table.with(|table| table.as_ref().is_some_and(person))
        }
    }

    /// The open room as its screens show it.
    pub fn room_view(&self) -> Memo<Option<RoomView>> {
        let (connection, table, in_flight) = (self.connection, self.table, self.in_flight);
        let words = self.connection.speech.words();
        Memo::new(move |_| {
            let mut view = connection.read(|online| {
                let online = online?;
                table.with(|table| Some(room_view(online, table.as_ref()?, words)))
            })?;
            // The host's last choice (or Start) is on its way: starting now would be refused as stale.
            view.can_start &= in_flight.with(Option::is_none);
            Some(view)
        })
    }
}

/// Whether this device may take a seat now: it holds none, asked for none that is on its way, and the room's
/// lobby, as the server has it, has a seat free. A join refused for its name (taken, or not a name) may be tried with another; one
/// refused for the room (started, full) may not.
fn may_join(online: &OnlineRoom, table: &Table) -> bool {
    let room = &table.room();
    let refused_for_the_room = online.refusal.as_ref().is_some_and(|refusal| {
        !matches!(
            refusal,
            Refusal::Room(
                RoomError::NameTaken(_)
                    | RoomError::PlayerNameEmpty
                    | RoomError::PlayerNameTooLong
                    | RoomError::PlayerNameControl
            )
        )
    });
    // The room as the server has it: an empty lobby shows until its log is here.
    online.connection == Connection::Online
        && !refused_for_the_room
        && !online.is_joining()
        && table.seats().is_empty()
        && room.phase() == Phase::Lobby
        && room.seats().len() < room.max_players()
}

impl OpenTable {
    /// Whether this device may take a seat in the open room now.
    pub(in crate::store) fn may_join(&self) -> bool {
        self.connection.read_now(|online| {
            let online = online?;
            self.table
                .with_untracked(|table| Some(may_join(online, table.as_ref()?)))
        }) == Some(true)
    }
}

fn room_view(online: &OnlineRoom, table: &Table, words: &'static Words) -> RoomView {
    let room = &table.room();
    let host = room.host();
    let held = table.seats().seats();
    let hosting = host.is_some_and(|host| held.contains(&host));
    let playing = room.phase() == Phase::Playing;
    // In play, whoever is seated here may act for a seat whose person is away.
    let seated_in_play = playing && !held.is_empty();
    let players = room
        .seats()
        .iter()
        .enumerate()
        .map(|(seat, player)| {
            let away_ms = online.away_ms(seat);
            RoomPlayer {
                seat,
                name: player.name.clone(),
                host: host == Some(seat),
                computer: player.computer,
                stand_in: player.stand_in.is_some(),
                away: player.computer.is_none() && away_ms.is_some(),
                own: held.contains(&seat),
                can_take_over: seated_in_play
                    && !player.computer_plays()
                    && away_ms.is_some_and(|away| away >= TAKE_OVER_AFTER_MS as f64),
                can_hand_over: seated_in_play && player.computer.is_none() && away_ms.is_some(),
                hand_over: online
                    .offered
                    .as_ref()
                    .filter(|(offered, _)| *offered == seat && away_ms.is_some())
                    .map(|(_, code)| code.clone()),
                can_give_back: seated_in_play && player.stand_in.is_some(),
                can_remove: hosting && room.phase() == Phase::Lobby && player.computer.is_some(),
            }
        })
        .collect();
    let state = match (online.connection, room.phase()) {
        (Connection::Offline | Connection::UpdateNeeded, _) => RoomState::Offline,
        (_, Phase::Lobby) => RoomState::Lobby,
        (_, Phase::Playing) => RoomState::Playing,
        (_, Phase::Finished) => RoomState::Finished,
    };
    let name_of = |seat: usize| room.seats().get(seat).map(|player| player.name.clone());
    let waits_for_away = room
        .seat_to_play()
        .filter(|&seat| {
            room.seats()
                .get(seat)
                .is_some_and(|player| !player.computer_plays())
                && online.away_ms(seat).is_some()
        })
        .and_then(name_of);
    let min_players = room.rules().ruleset().min_players;
    let players_missing = min_players.saturating_sub(room.seats().len());
    RoomView {
        key: room.name().as_str().to_string(),
        name: room.name().to_string(),
        state,
        players,
        hosting,
        rules: room.rules(),
        dice: room.dice_mode(),
        refusal: online
            .refusal
            .as_ref()
            .map(|refusal| case::capitalised(&(words.refusal)(refusal))),
        may_join: may_join(online, table),
        joining: online.is_joining() && held.is_empty(),
        came_late: matches!(online.refusal, Some(Refusal::Room(RoomError::Started)))
            || (held.is_empty() && room.phase() != Phase::Lobby),
        can_start: hosting && room.phase() == Phase::Lobby && players_missing == 0,
        players_missing,
        watchers: online.watchers,
        host_name: host
            .and_then(|host| room.seats().get(host))
            .map(|seat| seat.name.clone()),
        can_seat_another: table.may_seat_another(),
        moved_elsewhere: online
            .moved_elsewhere
            .iter()
            .filter_map(|&seat| name_of(seat))
            .collect(),
        waits_for_away,
        may_ask_seat: online
            .came_late_as
            .as_deref()
            .and_then(|name| room.seat_named(name))
            .filter(|&seat| {
                held.is_empty() && playing && !online.asked_seat && online.away_ms(seat).is_some()
            }),
        asked_seat: online.asked_seat,
        seat_requests: online
            .requests
            .iter()
            .filter(|_| !held.is_empty())
            .filter_map(|request| Some((request.id, request.seat, name_of(request.seat)?)))
            .collect(),
        own_seats: held,
    }
}
