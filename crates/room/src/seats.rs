//! Seats held with their tokens: a device's own seats, or every person's seat at the host. Both follow the
//! room's numbering through [`Event::seat_after`], the one place that says where a seat goes when another
//! leaves the lobby.

use serde::{Deserialize, Serialize};

use crate::room::Event;

/// A seat held, with the token that proves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    pub seat: usize,
    pub token: String,
}

/// Seats held with their tokens, lowest seat first, one token a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<HeldSeat>", into = "Vec<HeldSeat>")]
pub struct HeldSeats(Vec<HeldSeat>);

impl HeldSeats {
    pub fn as_slice(&self) -> &[HeldSeat] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The seats held, lowest first.
    pub fn seats(&self) -> Vec<usize> {
        self.0.iter().map(|held| held.seat).collect()
    }

    pub fn holds(&self, seat: usize) -> bool {
        self.0.iter().any(|held| held.seat == seat)
    }

    pub fn token_of(&self, seat: usize) -> Option<&str> {
        let held = self.0.iter().find(|held| held.seat == seat)?;
        Some(&held.token)
    }

    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.0
            .iter()
            .find(|held| held.token == token)
            .map(|held| held.seat)
    }

    pub fn tokens(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|held| held.token.as_str())
    }

    /// Holds `seat` with `token` (instead of any token it had).
    pub fn grant(&mut self, seat: usize, token: String) {
        self.0.retain(|held| held.seat != seat);
        self.insert(HeldSeat { seat, token });
    }

    /// Puts a seat not held yet in its place, lowest seat first (no sort: a sort's code is kilobytes of the
    /// app's download for a list of a few seats).
    fn insert(&mut self, held: HeldSeat) {
        let at = self.0.partition_point(|other| other.seat < held.seat);
        self.0.insert(at, held);
    }

    /// Follows the room through an event: the seat that left is given up, and the seats above it move down
    /// one. (Seats held are people's, so a lobby emptied of people holds none; a device catching up on the
    /// log from its start holds seats the room has yet to replay, which is why nothing else is dropped.)
    pub fn follow(&mut self, event: &Event) {
        self.0 = std::mem::take(&mut self.0)
            .into_iter()
            .filter_map(|held| {
                let seat = event.seat_after(held.seat)?;
                Some(HeldSeat { seat, ..held })
            })
            .collect();
    }
}

impl From<Vec<HeldSeat>> for HeldSeats {
    /// Lowest seat first; of two tokens for one seat, the first.
    fn from(seats: Vec<HeldSeat>) -> HeldSeats {
        let mut held = HeldSeats::default();
        for seat in seats {
            if !held.holds(seat.seat) {
                held.insert(seat);
            }
        }
        held
    }
}

impl From<HeldSeats> for Vec<HeldSeat> {
    fn from(seats: HeldSeats) -> Vec<HeldSeat> {
        seats.0
    }
}

/// Values kept by seat (one each), carried through an event just applied: each moves with its seat, the
/// seat that left drops its value, and a new seat gets `fill`'s.
pub fn follow_seats<T>(by_seat: Vec<T>, event: &Event, seats: usize, mut fill: impl FnMut() -> T) -> Vec<T> {
    let mut moved: Vec<Option<T>> = (0..seats).map(|_| None).collect();
    for (seat, value) in by_seat.into_iter().enumerate() {
        if let Some(slot) = event.seat_after(seat).and_then(|seat| moved.get_mut(seat)) {
            *slot = Some(value);
        }
    }
    moved
        .into_iter()
        .map(|value| value.unwrap_or_else(&mut fill))
        .collect()
}
