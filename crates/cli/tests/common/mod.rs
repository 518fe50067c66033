//! What the command-line tests share: running the tool as a user does.

#![allow(dead_code)]

use std::process::{Command, Output};

use serde_json::Value;

pub fn fivedice(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn json_of(args: &[&str]) -> Value {
    let output = fivedice(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the output is JSON")
}

/// The one-line message of a refused command line, after checking it exits with status 2.
pub fn refusal(args: &[&str]) -> String {
    let output = fivedice(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty());
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "{message}");
    message.trim_end().to_string()
}
