//! Asking to come back: a device that opened the room after the start asks for the seat of a person whose own
//! device is away ("That's me"); every seated device hears the request, and one tap by any seated person lets
//! it in (the seat moves to it as by a link: [`super::HandOvers`]) or says no. Requests live in the host's
//! memory only: a device whose request was lost with a restart asks again.

use super::{Change, ConnectionId, Delivery, RoomHost};
use crate::error::RoomError;
use crate::protocol::{HandOverRefusal, Refusal, SeatRequest, ServerMessage};
use crate::room::{Event, Phase};
use crate::seats::HeldSeat;

/// A request with the connection that asked, which the host alone knows.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    request: SeatRequest,
    connection: ConnectionId,
}

/// The requests waiting for an answer in one room: the one writer of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRequests {
    pending: Vec<Pending>,
    next_id: u64,
}

/// A request answered: the room's change when the device is let in (the seat granted to it), or the refusal
/// for the device that asked when the answer is no.
#[derive(Debug)]
pub enum Answered {
    LetIn(Box<Change>),
    SaidNo { asker: ConnectionId },
}

impl SeatRequests {
    /// Every request waiting, as the room hears them.
    pub fn heard(&self) -> ServerMessage {
        ServerMessage::SeatRequests {
            requests: self
                .pending
                .iter()
                .map(|pending| pending.request.clone())
                .collect(),
        }
    }

    /// A device in the room asks for `seat`, a person's whose own device is away, in play. A device has one
    /// request at a time (a new one replaces it). Everybody hears the requests waiting.
    pub fn ask(
        &mut self,
        host: &RoomHost,
        connection: ConnectionId,
        seat: usize,
    ) -> Result<Vec<Delivery>, Refusal> {
        if !host.members.contains_key(&connection) {
            return Err(Refusal::NoRoom);
        }
        match host.room.phase() {
            Phase::Lobby => return Err(RoomError::NotStarted.into()),
            Phase::Finished => return Err(RoomError::GameOver.into()),
            Phase::Playing => {}
        }
        match host.room.seats().get(seat) {
            None => return Err(RoomError::NoSuchSeat(seat).into()),
            Some(person) if person.computer.is_some() => return Err(RoomError::ComputerPlays { seat }.into()),
            Some(_) => {}
        }
        if host.seat_connected(seat) {
            return Err(HandOverRefusal::SeatHere.into());
        }
        self.next_id += 1;
        self.pending.retain(|pending| pending.connection != connection);
        self.pending.push(Pending {
            request: SeatRequest {
                id: self.next_id,
                seat,
            },
            connection,
        });
        Ok(vec![Delivery::ToAll(self.heard())])
    }

    /// A seated device (holding `token` on this connection) answers request `id`: let in, the asking device
    /// holds the seat from then on with `token_for_asker` (drawn by the host) and the seat's old token holds
    /// nothing; or no.
    pub fn decide_answer(
        &self,
        host: &RoomHost,
        connection: ConnectionId,
        token: &str,
        id: u64,
        let_in: bool,
        token_for_asker: String,
    ) -> Result<Answered, Refusal> {
        host.holder_of(connection, token).ok_or(Refusal::NotYourSeat)?;
        let pending = self
            .pending
            .iter()
            .find(|pending| pending.request.id == id)
            .ok_or(HandOverRefusal::Unknown)?;
        if !let_in {
            return Ok(Answered::SaidNo {
                asker: pending.connection,
            });
        }
        let seat = pending.request.seat;
        if host.seat_connected(seat) {
            return Err(HandOverRefusal::SeatHere.into());
        }
        let held = HeldSeat {
            seat,
            token: token_for_asker,
        };
        let change = host.change(Event::HandedOver { seat }, Some((pending.connection, held)))?;
        Ok(Answered::LetIn(Box::new(change)))
    }

    /// Forgets what an answer settled (the request answered, and every other for a seat let in), and what a
    /// connection gone asked: whether anything was forgotten (everybody is then to hear the requests again).
    pub fn settle(
        &mut self,
        answered: Option<u64>,
        seat_let_in: Option<usize>,
        gone: Option<ConnectionId>,
    ) -> bool {
        let before = self.pending.len();
        self.pending.retain(|pending| {
            Some(pending.request.id) != answered
                && Some(pending.request.seat) != seat_let_in
                && Some(pending.connection) != gone
        });
        self.pending.len() != before
    }

    /// Answers a request message completely, for a host that keeps its log in memory (a test's server), as
    /// [`RoomHost::answer`] answers the others: an ask, or an answer (`new_token` draws the asker's token).
    pub fn answer(
        &mut self,
        host: &mut RoomHost,
        connection: ConnectionId,
        message: crate::ClientMessage,
        log: &mut Vec<crate::LogEntry>,
        new_token: impl FnOnce() -> String,
        now_ms: u64,
    ) -> Vec<Delivery> {
        let refused = |refusal| vec![Delivery::ToSender(ServerMessage::refused(refusal))];
        match message {
            crate::ClientMessage::AskSeat { seat } => {
                self.ask(host, connection, seat).unwrap_or_else(refused)
            }
            crate::ClientMessage::AnswerSeat {
                token,
                request,
                let_in,
            } => {
                match self.decide_answer(host, connection, &token, request, let_in, new_token()) {
                    Ok(Answered::LetIn(change)) => {
                        let Some((asker, held)) = change.granted().cloned() else {
                            return refused(Refusal::Unavailable(crate::Trouble::NotSaved));
                        };
                        log.push(change.entry().clone());
                        // What the change has for "the sender" (the seat granted) is the asking device's.
                        let mut deliveries: Vec<Delivery> = host
                            .commit(*change, now_ms)
                            .into_iter()
                            .map(|delivery| match delivery {
                                Delivery::ToSender(message) => Delivery::To(asker, message),
                                other => other,
                            })
                            .collect();
                        self.settle(Some(request), Some(held.seat), None);
                        deliveries.push(Delivery::ToAll(self.heard()));
                        deliveries
                    }
                    Ok(Answered::SaidNo { asker }) => {
                        self.settle(Some(request), None, None);
                        vec![
                            Delivery::To(asker, ServerMessage::refused(HandOverRefusal::SaidNo.into())),
                            Delivery::ToAll(self.heard()),
                        ]
                    }
                    Err(refusal) => refused(refusal),
                }
            }
            _ => refused(Refusal::BadMessage),
        }
    }
}
