//! Abuse limits: message rate per connection, connections and new rooms per address, and which pages may
//! connect. Per address means per IPv4 address or per IPv6 /64 (an IPv6 host may use any address of its /64).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::http::HeaderMap;
use axum::http::header::ORIGIN;

/// The numbers the server enforces. The defaults suit a table of friends; the load test raises some.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longer text messages are refused (the connection stays open).
    pub max_message_bytes: usize,
    /// Longer frames close the connection: a client that sends them is not a Five Dice app.
    pub max_frame_bytes: usize,
    /// Sustained messages per second per connection.
    pub messages_per_second: f64,
    /// Messages a connection may send at once before the rate applies.
    pub message_burst: f64,
    /// Messages dropped in a row for the rate after which the connection is closed.
    pub flood_close_after: u32,
    /// Rooms open at once (loaded in memory).
    pub max_rooms: usize,
    /// WebSocket connections from one IP address.
    pub max_connections_per_ip: usize,
    /// Seat tokens read from one `hello` (a device holds at most one per seat).
    pub max_tokens_per_hello: usize,
    /// New rooms (a `hello` to a room with nothing stored yet) one address may open at once...
    pub new_rooms_burst: f64,
    /// ...and then per minute.
    pub new_rooms_per_minute: f64,
    /// Requests for a seat back ("That's me") one address may make at once...
    pub seat_requests_burst: f64,
    /// ...and then per minute.
    pub seat_requests_per_minute: f64,
    /// Rooms opened from one address in which nobody has joined yet, open at once. A quarter of
    /// `max_rooms` is the most all addresses together may hold so: sockets that never act cannot fill the
    /// server's table of rooms.
    pub max_unwritten_rooms_per_address: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            max_frame_bytes: 64 * 1024,
            messages_per_second: 20.0,
            message_burst: 40.0,
            flood_close_after: 100,
            max_rooms: 10_000,
            max_connections_per_ip: 32,
            max_tokens_per_hello: 16,
            new_rooms_burst: 20.0,
            new_rooms_per_minute: 2.0,
            seat_requests_burst: 4.0,
            seat_requests_per_minute: 2.0,
            max_unwritten_rooms_per_address: 4,
        }
    }
}

/// A token bucket: `burst` messages at once, refilled at `rate` per second.
#[derive(Debug)]
pub struct TokenBucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl TokenBucket {
    pub fn new(rate: f64, burst: f64) -> TokenBucket {
        TokenBucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    /// Whether one more message may pass now (and takes its token if so).
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket has filled up again (it then says no more than a new one would).
    fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
    }
}

/// Where limits per address apply: an IPv4 address, or the /64 of an IPv6 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Address(u128);

impl From<IpAddr> for Address {
    fn from(ip: IpAddr) -> Address {
        match ip.to_canonical() {
            IpAddr::V4(v4) => Address(u128::from(u32::from(v4))),
            // Tagged above every IPv4 address: the /64 prefix, with a bit set that no IPv4 value has.
            IpAddr::V6(v6) => Address((u128::from(v6) >> 64) | (1 << 64)),
        }
    }
}

/// How fast each address may do something (open new rooms, ask for seats back): a token bucket per address.
#[derive(Debug, Default)]
pub struct PerAddress {
    buckets: Mutex<HashMap<Address, TokenBucket>>,
}

/// Buckets kept before the full ones (addresses quiet long enough) are forgotten.
const BUCKETS_KEPT: usize = 4096;

impl PerAddress {
    /// Whether `address` may do it once more now, at most `burst` at once and then `per_minute` (and counts it
    /// if so).
    pub fn take(&self, address: Address, per_minute: f64, burst: f64, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= BUCKETS_KEPT {
            buckets.retain(|_, bucket| !bucket.is_full(now));
        }
        buckets
            .entry(address)
            .or_insert_with(|| TokenBucket::new(per_minute / 60.0, burst))
            .take(now)
    }
}

/// Open WebSocket connections per address.
#[derive(Debug, Default)]
pub struct ConnectionsPerIp {
    open: Mutex<HashMap<Address, usize>>,
}

impl ConnectionsPerIp {
    /// A place for one more connection from `ip`, or `None` at the cap; the place is freed when dropped.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<ConnectionPermit> {
        let ip = Address::from(ip);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(ConnectionPermit {
            ip,
            counter: Arc::clone(self),
        })
    }
}

/// One connection's place in [`ConnectionsPerIp`].
#[derive(Debug)]
pub struct ConnectionPermit {
    ip: Address,
    counter: Arc<ConnectionsPerIp>,
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let mut open = self.counter.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// Whether a WebSocket handshake may proceed. Browsers always send `Origin`, and a page from another site
/// must not be able to play in a visitor's rooms, so a present `Origin` must be one of `listed` (the public
/// origins the server is told it is reached by) or this server itself addressed as `localhost` or by an IP
/// address this machine has, at the port it listens on (another machine's page at the same port is another
/// site). The `Host` header is never trusted: a rebound DNS name (`evil.example` made to
/// resolve to this server) sends `Host` and `Origin` alike. Programs that send no `Origin` (the load test,
/// command-line clients) are accepted.
pub fn origin_allowed(headers: &HeaderMap, listed: &[String], port: u16) -> bool {
    let Some(origin) = headers.get(ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    listed.iter().any(|listed| listed.eq_ignore_ascii_case(origin)) || addresses_this_server(origin, port)
}

/// `http(s)://HOST:PORT` where HOST is `localhost` or an IP address of this machine (names no DNS can
/// rebind) and PORT this server's.
fn addresses_this_server(origin: &str, port: u16) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "http" => 80,
        "https" => 443,
        _ => return false,
    };
    let (host, origin_port) = match authority.rsplit_once(':') {
        // An IPv6 address is bracketed: "[::1]:8080", or "[::1]" on the default port.
        Some((host, digits)) if !digits.contains(']') => match digits.parse::<u16>() {
            Ok(number) => (host, number),
            Err(_) => return false,
        },
        _ => (authority, default_port),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    origin_port == port
        && (host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(is_this_machines))
}

/// Whether `ip` is one of this machine's addresses: the system lets a socket bind only to those (a socket
/// bound to port 0 sends nothing and is closed at once). Every address on the loopback is this machine's;
/// the unspecified and multicast addresses name no machine.
fn is_this_machines(ip: IpAddr) -> bool {
    !ip.is_unspecified() && !ip.is_multicast() && std::net::UdpSocket::bind((ip, 0)).is_ok()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use axum::http::HeaderValue;
    use axum::http::header::HOST;

    use super::*;

    #[test]
    fn a_bucket_lets_a_burst_through_then_the_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(20.0, 40.0);
        assert_eq!((0..100).filter(|_| bucket.take(start)).count(), 40);
        assert!(!bucket.take(start));
        let later = start + Duration::from_millis(500);
        assert_eq!((0..100).filter(|_| bucket.take(later)).count(), 10);
        let much_later = later + Duration::from_secs(60);
        assert_eq!((0..100).filter(|_| bucket.take(much_later)).count(), 40);
    }

    #[test]
    fn connections_per_ip_are_capped_and_freed() {
        let counter = Arc::new(ConnectionsPerIp::default());
        let ip: IpAddr = [127, 0, 0, 1].into();
        let first = counter.admit(ip, 2).expect("first");
        let second = counter.admit(ip, 2).expect("second");
        assert!(counter.admit(ip, 2).is_none());
        assert!(counter.admit([127, 0, 0, 2].into(), 2).is_some());
        drop(first);
        assert!(counter.admit(ip, 2).is_some());
        drop(second);
        // One IPv6 /64 is one address.
        let v6 = |last: u16| IpAddr::from([0x2001, 0xdb8, 0, 1, 0, 0, 0, last]);
        let _first = counter.admit(v6(1), 2).expect("first");
        let _second = counter.admit(v6(2), 2).expect("second");
        assert!(counter.admit(v6(3), 2).is_none());
        assert!(
            counter
                .admit(IpAddr::from([0x2001, 0xdb8, 0, 2, 0, 0, 0, 1]), 2)
                .is_some()
        );
    }

    #[test]
    fn new_rooms_per_address_come_in_a_burst_then_at_the_rate() {
        let limits = Limits::default();
        let (per_minute, burst) = (limits.new_rooms_per_minute, limits.new_rooms_burst);
        let start = Instant::now();
        let new_rooms = PerAddress::default();
        let home = Address::from(IpAddr::from([192, 0, 2, 1]));
        let opened = (0..100)
            .filter(|_| new_rooms.take(home, per_minute, burst, start))
            .count();
        assert_eq!(opened, 20);
        assert!(new_rooms.take(
            Address::from(IpAddr::from([192, 0, 2, 2])),
            per_minute,
            burst,
            start
        ));
        let a_minute_on = start + Duration::from_secs(60);
        assert_eq!(
            (0..100)
                .filter(|_| new_rooms.take(home, per_minute, burst, a_minute_on))
                .count(),
            2
        );
    }

    /// An address of this machine on its network, if it has one: the one the system would send from (a UDP
    /// socket's connect sends nothing).
    fn this_machines_network_address() -> Option<IpAddr> {
        let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
        socket.connect("192.0.2.1:9").ok()?;
        let ip = socket.local_addr().ok()?.ip();
        (!ip.is_loopback()).then_some(ip)
    }

    fn url_host(ip: IpAddr) -> String {
        match ip {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        }
    }

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(HOST, HeaderValue::from_str(host).expect("a header"));
        if let Some(origin) = origin {
            headers.insert(ORIGIN, HeaderValue::from_str(origin).expect("a header"));
        }
        headers
    }

    #[test]
    fn origins_must_address_this_server_or_be_listed() {
        let none: Vec<String> = Vec::new();
        let allowed = |origin: Option<&str>, host: &str, listed: &[String]| {
            origin_allowed(&headers(origin, host), listed, 8080)
        };
        assert!(allowed(None, "127.0.0.1:8080", &none));
        assert!(allowed(Some("http://127.0.0.1:8080"), "127.0.0.1:8080", &none));
        if let Some(own) = this_machines_network_address() {
            let origin = format!("http://{}:8080/", url_host(own));
            assert!(
                allowed(Some(&origin), &origin[7..], &none),
                "{own} is this machine's"
            );
        }
        // Another machine's page at the same port, whatever Host it sends: it is not this server's.
        assert!(!allowed(
            Some("http://203.0.113.7:8080"),
            "203.0.113.7:8080",
            &none
        ));
        assert!(!allowed(Some("http://203.0.113.7:8080"), "127.0.0.1:8080", &none));
        assert!(!allowed(
            Some("http://[2001:db8::7]:8080"),
            "[2001:db8::7]:8080",
            &none
        ));
        assert!(!allowed(Some("http://0.0.0.0:8080"), "0.0.0.0:8080", &none));
        assert!(!allowed(Some("http://224.0.0.1:8080"), "224.0.0.1:8080", &none));
        assert!(allowed(Some("http://127.0.0.2:8080"), "127.0.0.2:8080", &none));
        assert!(allowed(Some("http://LOCALHOST:8080"), "localhost:8080", &none));
        assert!(allowed(Some("http://[::1]:8080"), "[::1]:8080", &none));
        // A DNS name is not trusted for saying it is this host: rebinding sends Host and Origin alike.
        assert!(!allowed(Some("http://evil.example"), "evil.example", &none));
        assert!(!allowed(
            Some("http://evil.example:8080"),
            "evil.example:8080",
            &none
        ));
        assert!(!allowed(Some("https://dice.example"), "dice.example", &none));
        assert!(!allowed(Some("http://evil.example"), "127.0.0.1:8080", &none));
        assert!(!allowed(Some("null"), "127.0.0.1:8080", &none));
        assert!(!allowed(Some("http://127.0.0.1:9999"), "127.0.0.1:8080", &none));
        assert!(!allowed(Some("http://127.0.0.1"), "127.0.0.1", &none));
        assert!(!allowed(Some("file://127.0.0.1:8080"), "127.0.0.1:8080", &none));
        let listed = vec![
            "https://dice.example".to_string(),
            "http://localhost:5173".to_string(),
        ];
        assert!(allowed(Some("https://Dice.Example"), "dice.example", &listed));
        assert!(allowed(Some("http://localhost:5173"), "127.0.0.1:8080", &listed));
        assert!(!allowed(Some("http://dice.example"), "dice.example", &listed));
    }
}
