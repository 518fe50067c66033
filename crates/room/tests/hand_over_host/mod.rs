//! A host answering whole messages for the hand-over tests: a clock the test moves, and the tokens and codes
//! it drew.

#![allow(dead_code)]

use fivedice_room::{
    Action, ClientMessage, ConnectionId, Delivery, HAND_OVER_VALID_MS, HandOvers, LogEntry, Refusal,
    RoomHost, RoomName, SeatRequests, ServerMessage,
};
use fivedice_rules::{DiceSource, Face};

/// A host answering whole messages, with a clock the test moves, and the tokens and codes it drew.
pub struct Host {
    pub host: RoomHost,
    pub links: HandOvers,
    pub requests: SeatRequests,
    pub log: Vec<LogEntry>,
    pub now_ms: u64,
    pub drawn: u64,
}

/// The dice of a host of devices apart: sealed (every die is then drawn from the seed).
pub struct SealedDice;

impl DiceSource for SealedDice {
    const SEALS: bool = true;

    fn roll_die(&mut self) -> Face {
        Face::new(3).unwrap()
    }

    fn new_seed(&mut self) -> Option<[u8; 32]> {
        Some([7; 32])
    }
}

/// Anna's, Ben's and Cleo's devices, then a fresh device and Cleo's old one coming back.
pub const ANNA: ConnectionId = 0;
pub const BEN: ConnectionId = 1;
pub const CLEO: ConnectionId = 2;
pub const NEW_PHONE: ConnectionId = 3;
pub const OLD_PHONE: ConnectionId = 4;

impl Host {
    /// Anna, Ben and Cleo seated and started; Cleo's phone then dies.
    pub fn with_cleo_gone() -> Host {
        let mut host = Host {
            host: RoomHost::new(RoomName::parse("Kitchen").unwrap()),
            links: HandOvers::default(),
            requests: SeatRequests::default(),
            log: Vec::new(),
            now_ms: 1_000_000,
            drawn: 0,
        };
        for (connection, name) in [(ANNA, "Anna"), (BEN, "Ben"), (CLEO, "Cleo")] {
            host.hello(connection, Vec::new());
            host.send(connection, ClientMessage::join(name));
        }
        host.act(ANNA, "token-1", Action::Start);
        host.now_ms += 1_000;
        host.host.leave(CLEO, host.now_ms);
        host
    }

    pub fn hello(&mut self, connection: ConnectionId, tokens: Vec<String>) -> Vec<Delivery> {
        let seen = 0;
        self.send(
            connection,
            ClientMessage::Hello {
                version: fivedice_room::PROTOCOL_VERSION,
                room: "Kitchen".into(),
                tokens,
                seen,
            },
        )
    }

    pub fn send(&mut self, connection: ConnectionId, message: ClientMessage) -> Vec<Delivery> {
        let drawn = &mut self.drawn;
        let new_token = || {
            *drawn += 1;
            format!("token-{drawn}")
        };
        let (host, log, now_ms) = (&mut self.host, &mut self.log, self.now_ms);
        match message {
            ClientMessage::OfferHandOver { .. } | ClientMessage::TakeHandOver { .. } => self
                .links
                .answer(host, connection, message, log, new_token, now_ms),
            ClientMessage::AskSeat { .. } | ClientMessage::AnswerSeat { .. } => self
                .requests
                .answer(host, connection, message, log, new_token, now_ms),
            _ => host.answer(connection, message, log, &mut SealedDice, new_token, now_ms),
        }
    }

    pub fn act(&mut self, connection: ConnectionId, token: &str, action: Action) -> Vec<Delivery> {
        let at = self.host.room().seq();
        let token = token.to_string();
        self.send(connection, ClientMessage::Act { token, at, action })
    }

    /// Ben asks for a link moving `seat`: its code.
    pub fn offer(&mut self, from: ConnectionId, token: &str, seat: usize) -> Result<String, Refusal> {
        let token = token.to_string();
        let answer = self.send(from, ClientMessage::OfferHandOver { token, seat });
        for delivery in answer {
            match delivery {
                Delivery::ToSender(ServerMessage::HandOverOffered {
                    code,
                    seat: offered,
                    expires_ms,
                }) => {
                    assert_eq!(offered, seat);
                    assert_eq!(expires_ms, self.now_ms + HAND_OVER_VALID_MS);
                    return Ok(code);
                }
                Delivery::ToSender(ServerMessage::Refused { refusal, .. }) => return Err(refusal),
                _ => {}
            }
        }
        panic!("an offer is answered with its code or a refusal")
    }

    /// A device opens a link: the seat and token granted, or the refusal.
    pub fn take(&mut self, connection: ConnectionId, code: &str) -> Result<(usize, String), Refusal> {
        let before = self.host.room().clone();
        let answer = self.send(connection, ClientMessage::TakeHandOver { code: code.into() });
        for delivery in answer {
            match delivery {
                Delivery::ToSender(ServerMessage::SeatGranted { seat, token }) => return Ok((seat, token)),
                Delivery::ToSender(ServerMessage::Refused { refusal, .. }) => {
                    assert_eq!(self.host.room(), &before, "a refusal leaves the room as it was");
                    return Err(refusal);
                }
                _ => {}
            }
        }
        panic!("a link opened is answered with a seat or a refusal")
    }
}
