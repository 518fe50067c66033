//! Every wait of the tests and of the programs that share their helpers (the test bed, the load test): bounded,
//! a wait that overruns a failure that says what it waited for.

use std::time::Duration;

/// The longest any single wait may take.
pub const WAIT: Duration = Duration::from_secs(10);

pub async fn bounded<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(WAIT, future)
        .await
        .unwrap_or_else(|_| panic!("timed out waiting for {what}"))
}
