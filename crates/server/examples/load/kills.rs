//! How soon a room is played again after its owner dies: two devices play through nginx; each turn, once the
//! player has rolled, the room's owner is SIGKILLed, and the clock runs until the player's next action has
//! reached both devices. Each device does what the app does: it notices its socket close (at once if it was on
//! the dead node, once its node sees the owner gone if it was relayed), connects again through nginx and says
//! hello with its token and what it has seen. The node then comes back, the room moves back to it, and the
//! devices follow before the next turn.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::time::{Duration, Instant};

use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, Room, RoomName};
use fivedice_rules::Play;
use fivedice_server::cluster::members::owning_node;

use crate::play::{Socket, Totals, connect_from, device_address, receive, send};
use crate::{Deployment, NODES, start_node};

const ROOM: &str = "owner kills";

/// How long a device keeps trying to get back in before the run fails.
const REJOIN_FOR: Duration = Duration::from_secs(15);

struct Device {
    from: Ipv4Addr,
    socket: Option<Socket>,
    token: String,
    room: Room,
}

/// What a run of kills counts messages with (nothing reads them).
static TOTALS: std::sync::LazyLock<Totals> = std::sync::LazyLock::new(Totals::default);

impl Device {
    /// Connects through `entry` and says hello, trying again until welcomed; then catches up.
    async fn enter(&mut self, entry: SocketAddr) -> Result<(), String> {
        let deadline = Instant::now() + REJOIN_FOR;
        loop {
            match self.try_enter(entry).await {
                Ok(()) => return Ok(()),
                Err(error) if Instant::now() > deadline => return Err(format!("no way back in: {error}")),
                // A node that has just died or come back: the app tries again after a moment too.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    }

    async fn try_enter(&mut self, entry: SocketAddr) -> Result<(), String> {
        let mut socket = connect_from(entry, self.from, ROOM).await?;
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: ROOM.into(),
            tokens: [self.token.clone()]
                .into_iter()
                .filter(|token| !token.is_empty())
                .collect(),
            seen: self.room.seq(),
        };
        send(&mut socket, &TOTALS, &hello).await?;
        let seq = loop {
            match receive(&mut socket, &TOTALS).await? {
                ServerMessage::Welcome { seq, .. } => break seq,
                ServerMessage::Refused { reason, .. } => return Err(reason),
                _ => {}
            }
        };
        self.socket = Some(socket);
        self.reach(seq).await
    }

    /// Reads until the replica has entry `seq`; a seat granted meanwhile is kept.
    async fn reach(&mut self, seq: u64) -> Result<(), String> {
        while self.room.seq() < seq {
            let socket = self.socket.as_mut().ok_or("not connected")?;
            let entries = match receive(socket, &TOTALS).await? {
                ServerMessage::Log { entries } => entries,
                message @ ServerMessage::Event { .. } => message.as_entry().into_iter().collect(),
                ServerMessage::SeatGranted { token, .. } => {
                    self.token = token;
                    Vec::new()
                }
                ServerMessage::Refused { reason, .. } => return Err(format!("refused: {reason}")),
                _ => Vec::new(),
            };
            for entry in &entries {
                // A log may repeat what this device already has (it asks from what it saw).
                if entry.seq == self.room.seq() + 1 {
                    self.room
                        .apply_entry(entry)
                        .map_err(|error| format!("replay: {error}"))?;
                }
            }
        }
        Ok(())
    }

    async fn act(&mut self, action: Action) -> Result<(), String> {
        let message = ClientMessage::Act {
            token: self.token.clone(),
            at: self.room.seq(),
            action,
        };
        send(self.socket.as_mut().ok_or("not connected")?, &TOTALS, &message).await
    }

    /// Waits for the server to close this device's socket.
    async fn closed(&mut self) -> Result<(), String> {
        let socket = self.socket.as_mut().ok_or("not connected")?;
        let deadline = Instant::now() + REJOIN_FOR;
        while receive(socket, &TOTALS).await.is_ok() {
            if Instant::now() > deadline {
                return Err("the socket stayed open".into());
            }
        }
        self.socket = None;
        Ok(())
    }
}

/// The room's seat to play, the device holding it, and the action that goes on with its turn.
fn next_action(devices: &[Device; 2]) -> Result<(usize, Action), String> {
    let room = &devices[0].room;
    let seat = room.seat_to_play().ok_or("the game is over")?;
    let game = room.game().ok_or("no game")?;
    let action = match game.scores() {
        Some(scores) => {
            let (category, _) = scores.cells.first().ok_or("nothing to score")?;
            Action::Play(Play::Score((*category).into()))
        }
        None => Action::Roll,
    };
    Ok((seat, action))
}

/// Plays `action` from the device at `seat` and waits until both devices have its entry.
async fn play(devices: &mut [Device; 2], seat: usize, action: Action) -> Result<(), String> {
    let target = devices[0].room.seq() + 1;
    devices[seat].act(action).await?;
    for device in devices.iter_mut() {
        device.reach(target).await?;
    }
    Ok(())
}

/// Kills the room's owner `kills` times, mid-turn, and returns how long each time the room took to be
/// played again.
pub async fn measure(deployment: &mut Deployment, dir: &Path, kills: usize) -> Result<Vec<Duration>, String> {
    let nats = deployment.nats.as_ref().ok_or("kills need the cluster")?;
    let entry = deployment.entry;
    let name = RoomName::parse(ROOM).map_err(|error| error.to_string())?;
    let mut devices = [0, 1].map(|n| Device {
        from: device_address(60_000 + n),
        socket: None,
        token: String::new(),
        room: Room::new(name.clone()),
    });
    for (seat, device) in devices.iter_mut().enumerate() {
        device.enter(entry).await?;
        let socket = device.socket.as_mut().ok_or("not connected")?;
        send(socket, &TOTALS, &ClientMessage::join(format!("Player {seat}"))).await?;
        device.reach(seat as u64 + 1).await?;
    }
    devices[0].reach(2).await?;
    play(&mut devices, 0, Action::Start).await?;
    let mut times = Vec::with_capacity(kills);
    for _ in 0..kills {
        let (seat, roll) = next_action(&devices)?;
        play(&mut devices, seat, roll).await?;
        let owner = owning_node(NODES, &name).ok_or("no owner")?;
        let index = NODES
            .iter()
            .position(|node| *node == owner)
            .ok_or("an unknown owner")?;
        let addr = deployment.servers[index].addr;
        let died = Instant::now();
        deployment.servers.remove(index).kill();
        for device in &mut devices {
            device.closed().await?;
            device.enter(entry).await?;
        }
        let (seat, score) = next_action(&devices)?;
        play(&mut devices, seat, score).await?;
        times.push(died.elapsed());
        // The node comes back with its id: the room moves back to it, and the devices follow.
        deployment
            .servers
            .insert(index, start_node(dir, nats, owner, &addr.to_string()));
        for device in &mut devices {
            device.closed().await?;
            device.enter(entry).await?;
        }
    }
    Ok(times)
}
