//! Abuse limits: message rate per connection, connections per address, and which pages may connect.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};

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
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Open WebSocket connections per IP address.
#[derive(Debug, Default)]
pub struct ConnectionsPerIp {
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl ConnectionsPerIp {
    /// A place for one more connection from `ip`, or `None` at the cap; the place is freed when dropped.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, max: usize) -> Option<ConnectionPermit> {
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
    ip: IpAddr,
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

/// Whether a WebSocket handshake may proceed: browsers always send `Origin`, and a page from another site
/// must not be able to play in a visitor's rooms, so a present `Origin` must name this host (any scheme)
/// or one of `allowed`. Programs that send no `Origin` (the load test, command-line clients) are accepted.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if allowed.iter().any(|allowed| allowed.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let Some((_, authority)) = origin.split_once("://") else {
        return false;
    };
    headers
        .get(HOST)
        .and_then(|host| host.to_str().ok())
        .is_some_and(|host| host.eq_ignore_ascii_case(authority))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use axum::http::HeaderValue;

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
    fn origins_must_match_the_host_or_be_allowed() {
        let none: Vec<String> = Vec::new();
        assert!(origin_allowed(&headers(None, "127.0.0.1:8080"), &none));
        assert!(origin_allowed(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            &none
        ));
        assert!(origin_allowed(
            &headers(Some("https://Dice.Example"), "dice.example"),
            &none
        ));
        assert!(!origin_allowed(
            &headers(Some("http://evil.example"), "127.0.0.1:8080"),
            &none
        ));
        assert!(!origin_allowed(&headers(Some("null"), "127.0.0.1:8080"), &none));
        assert!(!origin_allowed(
            &headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"),
            &none
        ));
        let allowed = vec!["http://localhost:5173".to_string()];
        assert!(origin_allowed(
            &headers(Some("http://localhost:5173"), "127.0.0.1:8080"),
            &allowed
        ));
    }
}
