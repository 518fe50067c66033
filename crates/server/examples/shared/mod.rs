//! The tests' helpers as the example programs (the test bed, the load test) use them: starting and stopping the
//! processes, HTTP on loopback, bounded waits. Each program takes this with one `#[path]` module.

#[path = "../../tests/common/bounded.rs"]
pub mod bounded;
#[path = "../../tests/common/http.rs"]
#[allow(dead_code)]
pub mod http;
#[path = "../../tests/common/process.rs"]
#[allow(dead_code)]
pub mod process;

/// The longest any start-up step may take (the process helpers read it): longer than a test's wait, for a
/// machine busy with a load.
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(20);
