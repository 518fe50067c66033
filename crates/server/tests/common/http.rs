//! HTTP on loopback for the tests, written by hand on a TCP stream: a GET, and a request with a JSON body.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::bounded::bounded;

/// Sends one request (the connection closes after it) and returns the whole response as text.
async fn exchange(addr: SocketAddr, request: &str) -> String {
    let mut stream = bounded("a TCP connection", TcpStream::connect(addr))
        .await
        .expect("connects");
    bounded("a request", stream.write_all(request.as_bytes()))
        .await
        .expect("writes");
    let mut response = Vec::new();
    bounded("a response", stream.read_to_end(&mut response))
        .await
        .expect("reads");
    String::from_utf8_lossy(&response).into_owned()
}

/// An HTTP GET on loopback, returning the status line, headers and body as text.
pub async fn http_get(addr: SocketAddr, path: &str) -> String {
    exchange(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
    .await
}

/// An HTTP GET on loopback whose answer is JSON: the body read (a string where it is not JSON).
pub async fn get_json(addr: SocketAddr, path: &str) -> serde_json::Value {
    json_body(&http_get(addr, path).await)
}

/// A response's body read as JSON (a string where it is not JSON).
fn json_body(response: &str) -> serde_json::Value {
    let body = response.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    serde_json::from_str(body).unwrap_or_else(|_| serde_json::Value::String(body.to_string()))
}

/// An HTTP request with a JSON body on loopback: the status and the body.
pub async fn http_json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let body = body.to_string();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let response = exchange(addr, &request).await;
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {response:?}"));
    (status, json_body(&response))
}
