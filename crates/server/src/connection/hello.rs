//! A device's hello: the room found (here, or at its owner in a cluster, through a relay), this connection
//! subscribed to it, and the device sent what it lacks of the log.

use std::sync::Arc;

use axum::extract::ws::close_code;
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Refusal, RoomName, Trouble};

use super::{Connection, InRoom, Next};
use crate::database::StoreError;
use crate::limits::Address;
use crate::peer::Peer;
use crate::relay::{self, RelayError, Relayed};
use crate::rooms::EnterError;

impl Connection {
    pub(super) async fn hello(&mut self, version: u32, room: &str, tokens: Vec<String>, seen: u64) -> Next {
        if version != PROTOCOL_VERSION {
            self.send(&ServerMessage::update_app()).await;
            self.close(close_code::POLICY, "update the app").await;
            return Next::Close;
        }
        if self.room.is_some() {
            return self.refuse(Refusal::AlreadyInRoom).await;
        }
        let name = match RoomName::parse(room) {
            Ok(name) => name,
            Err(error) => return self.refuse(error.into()).await,
        };
        let hello = ClientMessage::Hello {
            version,
            room: room.to_string(),
            tokens,
            seen,
        };
        if let Some(next) = self.relay_elsewhere(&name, &hello).await {
            return next;
        }
        let ClientMessage::Hello { tokens, .. } = hello else {
            return Next::Close;
        };
        let slot = match self.shared.rooms.enter(&name, Address::from(self.ip)).await {
            Ok(slot) => slot,
            Err(EnterError::TooManyRooms) => return self.refuse(Refusal::TooManyRooms).await,
            Err(EnterError::Moved) => {
                self.close(close_code::AWAY, "the room moved").await;
                return Next::Close;
            }
            Err(EnterError::NewRoomsLimited) => return self.refuse(Refusal::NewRoomsLimited).await,
            Err(EnterError::Database(error @ StoreError::Corrupt(_))) => {
                tracing::error!(room = %name, %error, "the room's stored data is damaged");
                return self.refuse(Refusal::RoomDamaged).await;
            }
            Err(EnterError::Database(error)) => {
                tracing::error!(room = %name, %error, "the room could not be loaded");
                return self.refuse(Refusal::Unavailable(Trouble::NotLoaded)).await;
            }
            Err(EnterError::Unreadable(error)) => {
                tracing::error!(room = %name, %error, "the room's log does not replay");
                return self.refuse(Refusal::RoomDamaged).await;
            }
        };
        let tokens: Vec<String> = tokens
            .into_iter()
            .take(self.shared.limits.max_tokens_per_hello)
            .collect();
        let (receiver, greeting) = {
            let mut host = slot.host.lock().await;
            // Retired before this connection subscribed: it would never hear that the room moved.
            if slot.is_retired() {
                drop(host);
                self.shared.rooms.leave(&slot);
                self.close(close_code::AWAY, "the room moved").await;
                return Next::Close;
            }
            // Subscribing under the lock is the cut: events up to the welcome's seq come from the log,
            // every later one through the channel.
            let receiver = slot.broadcast.subscribe();
            let greeting = host.hello(self.id, tokens, seen, slot.now_ms());
            slot.broadcast(&greeting.presence);
            (receiver, greeting)
        };
        let seq = greeting.seq();
        self.room = Some(InRoom {
            slot: Arc::clone(&slot),
            receiver,
            delivered: greeting.log_after,
        });
        if self.send(&greeting.welcome).await == Next::Close {
            return Next::Close;
        }
        self.send_log(seq).await
    }

    /// In a cluster, a device connected here whose room another node owns is relayed there, and this
    /// connection only pipes its frames from then on. `None`: the room is served here (a tunnel always is:
    /// it was sent here as the owner).
    async fn relay_elsewhere(&mut self, name: &RoomName, hello: &ClientMessage) -> Option<Next> {
        let cluster = self.shared.cluster.clone()?;
        if !matches!(self.peer, Peer::Device(_)) {
            return None;
        }
        let mut shutdown = self.shared.shutdown.clone();
        let relayed = match serde_json::to_string(hello) {
            Ok(hello) => relay::to_owner(&cluster, &mut self.peer, name, hello, self.ip, &mut shutdown).await,
            Err(error) => Err(RelayError::Nats(format!(
                "a hello that does not serialise: {error}"
            ))),
        };
        match relayed {
            Ok(Relayed::Here) => None,
            Ok(Relayed::There) => Some(Next::Close),
            Err(error) => {
                tracing::error!(room = %name, %error, "a relay did not open");
                Some(self.refuse(Refusal::Unavailable(Trouble::NotLoaded)).await)
            }
        }
    }

    /// Sends the stored entries after what this device has, up to `up_to`.
    pub(super) async fn send_log(&mut self, up_to: u64) -> Next {
        let Some(room) = &self.room else {
            return Next::Continue;
        };
        let after = room.delivered;
        if up_to <= after {
            return Next::Continue;
        }
        let slot = Arc::clone(&room.slot);
        let entries = match slot.entries_between(after, up_to).await {
            Ok(entries) => entries,
            Err(error) => {
                tracing::error!(room = %slot.name, %error, "a log could not be read");
                self.close(close_code::ERROR, "the room's log could not be read")
                    .await;
                return Next::Close;
            }
        };
        if let (Some(room), Some(last)) = (&mut self.room, entries.last()) {
            room.delivered = last.seq;
        }
        self.send(&ServerMessage::Log { entries }).await
    }
}
