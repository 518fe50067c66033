//! Who is in the cluster, and which node owns which room.
//!
//! A room's owner is chosen by rendezvous hashing over the live nodes: every node that sees the same
//! members picks the same owner, and a node joining or leaving moves only the rooms it takes or had. Who
//! is live is this node's [`Roster`](super::roster::Roster)'s view.

use fivedice_room::RoomName;

/// One run of one node: its id, and the incarnation that tells a restarted process from the one before.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Member {
    pub node: String,
    pub incarnation: u64,
}

/// The live members, as this node sees them now.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Members {
    live: Vec<Member>,
}

impl Members {
    pub fn contains(&self, member: &Member) -> bool {
        self.live.contains(member)
    }

    /// The member that owns `room`: the one whose id hashes highest with the room's key.
    pub fn owner(&self, room: &RoomName) -> Option<&Member> {
        self.live.iter().max_by_key(|member| rank(&member.node, room))
    }

    pub fn len(&self) -> usize {
        self.live.len()
    }

    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }

    /// These members, in a fixed order (every node lists the same members alike).
    pub(super) fn new(mut live: Vec<Member>) -> Members {
        live.sort();
        Members { live }
    }
}

/// Tells when a member has left: once it has been seen live and is no longer. A view that has not heard
/// of it yet (a node that has just started, or one that has not heard a restarted node's new
/// incarnation) is not a departure.
#[derive(Debug)]
pub struct Departure {
    member: Member,
    seen: bool,
}

impl Departure {
    pub fn new(member: Member, members: &Members) -> Departure {
        let seen = members.contains(&member);
        Departure { member, seen }
    }

    pub fn left(&mut self, members: &Members) -> bool {
        let live = members.contains(&self.member);
        self.seen |= live;
        self.seen && !live
    }
}

/// Which of `nodes` owns `room` when they are the live ones (what every node computes; for operators and
/// tests, who cannot see incarnations).
pub fn owning_node<'a>(nodes: impl IntoIterator<Item = &'a str>, room: &RoomName) -> Option<&'a str> {
    nodes.into_iter().max_by_key(|node| rank(node, room))
}

/// How strongly `node` claims `room`: the highest claim owns it (ties, which need a hash collision, by id).
fn rank<'a>(node: &'a str, room: &RoomName) -> (u64, &'a str) {
    (rendezvous(node, room.as_str()), node)
}

/// A hash of a node and a room that every build and machine computes alike (FNV-1a, then the splitmix64
/// finaliser to spread FNV's weak high bits).
fn rendezvous(node: &str, room: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in node.bytes().chain([0xff]).chain(room.bytes()) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ (hash >> 31)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn members(nodes: &[&str]) -> Members {
        let mut live: Vec<Member> = nodes
            .iter()
            .map(|node| Member {
                node: (*node).to_string(),
                incarnation: 1,
            })
            .collect();
        live.sort();
        Members { live }
    }

    #[test]
    fn a_node_leaving_moves_only_its_own_rooms_and_spreads_them() {
        let three = members(&["a", "b", "c"]);
        let two = members(&["a", "c"]);
        let rooms: Vec<RoomName> = (0..3000)
            .map(|n| RoomName::parse(&format!("room {n}")).expect("a name"))
            .collect();
        let mut owned = HashMap::<&str, usize>::new();
        for room in &rooms {
            let before = three.owner(room).expect("an owner");
            let after = two.owner(room).expect("an owner");
            *owned.entry(before.node.as_str()).or_default() += 1;
            if before.node != "b" {
                assert_eq!(before, after, "{room} moved though its owner stayed");
            }
        }
        for node in ["a", "b", "c"] {
            let share = owned[node];
            assert!((800..1200).contains(&share), "{node} owns {share} of 3000 rooms");
        }
        // The hash is fixed: another build or machine picks the same owner.
        assert_eq!(rendezvous("node-1", "friday"), rendezvous("node-1", "friday"));
        assert_ne!(rendezvous("node-1", "friday"), rendezvous("node-2", "friday"));
    }
}
