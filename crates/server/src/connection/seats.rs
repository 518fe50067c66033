//! Seats taken, moved and asked back: a change that needs a secret drawn for it (a seat's token, a link's code),
//! and a device asking for a seat back with a seated device answering it (the room's `SeatRequests`, kept in
//! the room's slot beside its host, changed under the host's lock).

use std::sync::Arc;

use fivedice_room::{
    Answered, Change, ClientMessage, HandOverRefusal, HandOvers, Refusal, RoomHost, ServerMessage, Trouble,
};

use super::{Connection, Next};
use crate::dice::new_token;
use crate::limits::Address;

impl Connection {
    /// A message about seats: joining, a link that moves a seat, asking for one back and answering (Hello and
    /// Act are the connection's own).
    pub(super) async fn seat_message(&mut self, message: ClientMessage) -> Next {
        match message {
            ClientMessage::Join { name, computer } => {
                let id = self.id;
                self.decide_drawing(|host, _, token, _| host.decide_join(id, &name, computer, token))
                    .await
            }
            ClientMessage::OfferHandOver { token, seat } => {
                let id = self.id;
                self.decide_drawing(|host, links, code, now| {
                    links.decide_offer(host, id, &token, seat, code, now)
                })
                .await
            }
            ClientMessage::AskSeat { seat } => self.ask_seat(seat).await,
            ClientMessage::AnswerSeat {
                token,
                request,
                let_in,
            } => self.answer_seat(&token, request, let_in).await,
            ClientMessage::TakeHandOver { code } => {
                let id = self.id;
                self.decide_drawing(|host, links, token, now| {
                    links.decide_take_over(host, id, &code, token, now)
                })
                .await
            }
            ClientMessage::Hello { .. } | ClientMessage::Act { .. } => self.refuse(Refusal::BadMessage).await,
        }
    }

    /// A change that needs a secret drawn for it (a seat's token, a link's code), decided by `decide` with the
    /// room's links, the secret and the hosts' clock.
    pub(super) async fn decide_drawing(
        &mut self,
        decide: impl FnOnce(&RoomHost, &HandOvers, String, u64) -> Result<Change, Refusal>,
    ) -> Next {
        let Some(room) = &self.room else {
            return self.refuse(Refusal::NoRoom).await;
        };
        let Some(secret) = new_token() else {
            return self.refuse(Refusal::Unavailable(Trouble::NoRandomness)).await;
        };
        let slot = Arc::clone(&room.slot);
        let host = slot.host.lock().await;
        let decided = decide(&host, &slot.links(), secret, slot.now_ms());
        self.keep(&slot, host, decided).await
    }

    /// This device asks for `seat` back (its person's device is away): everybody hears the request. Requests
    /// are limited per address.
    pub(super) async fn ask_seat(&mut self, seat: usize) -> Next {
        let Some(room) = &self.room else {
            return self.refuse(Refusal::NoRoom).await;
        };
        if !self.shared.rooms.may_ask_seat(Address::from(self.ip)) {
            return self.refuse(HandOverRefusal::AskedTooOften.into()).await;
        }
        let slot = Arc::clone(&room.slot);
        let asked = {
            let host = slot.host.lock().await;
            slot.requests().ask(&host, self.id, seat)
        };
        match asked {
            Ok(deliveries) => {
                for delivery in deliveries {
                    if let fivedice_room::Delivery::ToAll(message) = delivery {
                        slot.broadcast(&message);
                    }
                }
                Next::Continue
            }
            Err(refusal) => self.refuse(refusal).await,
        }
    }

    /// A seated device answers request `request`: let in, the asking device holds the seat from then on (its
    /// token for it alone); no, the asking device is told so. Everybody hears the requests still waiting.
    pub(super) async fn answer_seat(&mut self, token: &str, request: u64, let_in: bool) -> Next {
        let Some(room) = &self.room else {
            return self.refuse(Refusal::NoRoom).await;
        };
        let Some(secret) = new_token() else {
            return self.refuse(Refusal::Unavailable(Trouble::NoRandomness)).await;
        };
        let slot = Arc::clone(&room.slot);
        let mut host = slot.host.lock().await;
        let answered = slot
            .requests()
            .decide_answer(&host, self.id, token, request, let_in, secret);
        match answered {
            Ok(Answered::LetIn(change)) => {
                let Some((asker, held)) = change.granted().cloned() else {
                    drop(host);
                    return self.refuse(Refusal::Unavailable(Trouble::NotSaved)).await;
                };
                match slot.commit(&mut host, *change).await {
                    Ok((_, for_asker)) => {
                        // What the change has for "the sender" (the seat granted) is the asking device's.
                        for message in &for_asker {
                            slot.send_to(asker, message);
                        }
                        {
                            let mut requests = slot.requests();
                            requests.settle(Some(request), Some(held.seat), None);
                            slot.broadcast(&requests.heard());
                        }
                        drop(host);
                        crate::events::room_written(&self.shared, &slot);
                        Next::Continue
                    }
                    Err(error) => {
                        drop(host);
                        tracing::error!(room = %slot.name, %error, "a seat let in could not be stored");
                        self.refuse(Refusal::Unavailable(Trouble::NotSaved)).await
                    }
                }
            }
            Ok(Answered::SaidNo { asker }) => {
                let mut requests = slot.requests();
                requests.settle(Some(request), None, None);
                slot.send_to(asker, &ServerMessage::refused(HandOverRefusal::SaidNo.into()));
                slot.broadcast(&requests.heard());
                Next::Continue
            }
            Err(refusal) => {
                drop(host);
                self.refuse(refusal).await
            }
        }
    }
}
