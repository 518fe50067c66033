//! A host that keeps its room's log in memory answers each message completely: the page hosting a table on
//! one device, and tests' servers.

use fivedice_rules::DiceSource;

use super::{ConnectionId, Delivery, RoomHost};
use crate::protocol::{ClientMessage, PROTOCOL_VERSION, Refusal, ServerMessage};
use crate::room::LogEntry;

impl RoomHost {
    /// Answers one message completely, for a host that keeps its log in memory (the page hosting a table on
    /// one device, a test's server): a hello with the welcome, the log it lacks and who is here; a join or an
    /// action with its change kept in `log` and committed, or its refusal. `new_token` draws a new seat's token,
    /// or a hand-over's code.
    pub fn answer<D: DiceSource>(
        &mut self,
        connection: ConnectionId,
        message: ClientMessage,
        log: &mut Vec<LogEntry>,
        dice: &mut D,
        new_token: impl FnOnce() -> String,
        now_ms: u64,
    ) -> Vec<Delivery> {
        let decided = match message {
            ClientMessage::Hello { version, .. } if version != PROTOCOL_VERSION => {
                return vec![Delivery::ToSender(ServerMessage::update_app())];
            }
            ClientMessage::Hello { tokens, seen, .. } => {
                let greeting = self.hello(connection, tokens, seen, now_ms);
                let after = usize::try_from(greeting.log_after).unwrap_or(usize::MAX);
                let missed = log.get(after..).unwrap_or_default().to_vec();
                // Like the room server, no log message when nothing was missed.
                let catch_up = (!missed.is_empty()).then_some(ServerMessage::Log { entries: missed });
                return std::iter::once(Delivery::ToSender(greeting.welcome))
                    .chain(catch_up.map(Delivery::ToSender))
                    .chain([Delivery::ToAll(greeting.presence)])
                    .collect();
            }
            ClientMessage::Join { name, computer } => {
                self.decide_join(connection, &name, computer, new_token())
            }
            ClientMessage::Act { token, at, action } => {
                self.decide_act(connection, &token, at, &action, dice, now_ms)
            }
            // A seat is moved, or asked back, at a host of devices apart, which keeps its links and its
            // requests ([`super::HandOvers`], [`super::SeatRequests`]).
            ClientMessage::OfferHandOver { .. }
            | ClientMessage::TakeHandOver { .. }
            | ClientMessage::AskSeat { .. }
            | ClientMessage::AnswerSeat { .. } => Err(Refusal::BadMessage),
        };
        match decided {
            Ok(change) => {
                log.push(change.entry().clone());
                let mut deliveries = self.commit(change, now_ms);
                // Only a source that seals has a seed to reveal (a constant: the page's host has no such code).
                if D::SEALS
                    && let Some(reveal) = self.reveal()
                {
                    log.push(reveal.entry().clone());
                    deliveries.extend(self.commit(reveal, now_ms));
                }
                deliveries
            }
            Err(refusal) => vec![Delivery::ToSender(ServerMessage::refused(refusal))],
        }
    }
}
