//! Slow request bodies and open requests per address: a client that sends its headers and
//! then trickles (or withholds) its body is answered 408 and cut off at the body's deadline,
//! and one address holding thousands of such requests gets 429 past its cap while another
//! client's signups go through.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::*;

/// The shipped configuration with a body deadline of `timeout_ms`.
fn with_body_timeout(timeout_ms: u64) -> Options {
    let config = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"))
        .unwrap()
        .replace("body_timeout_ms = 10000", &format!("body_timeout_ms = {timeout_ms}"));
    Options { config: Some(config), ..Default::default() }
}

/// A connection from `from` (a loopback address) to the server at `address` (`http://…`).
async fn connect_from(address: &str, from: [u8; 4]) -> TcpStream {
    let host: std::net::SocketAddr = address.trim_start_matches("http://").parse().unwrap();
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind((std::net::Ipv4Addr::from(from), 0).into()).unwrap();
    socket.connect(host).await.unwrap()
}

/// The headers of a `POST path` announcing a JSON body of `length` bytes.
fn headers(path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// Reads until the server closes the connection: its status and the envelope it answered.
async fn answer_then_close(stream: &mut TcpStream) -> (u16, Value) {
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut raw))
        .await
        .expect("the server closes the connection")
        .expect("read");
    let text = String::from_utf8_lossy(&raw);
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_body_trickled_a_byte_every_two_seconds_is_answered_408_and_cut_off() {
    let app = TestApp::spawn_with(with_body_timeout(3000)).await;
    let body = json!({"email": "slow@example.com", "name": "Slow", "password": "a long enough password"}).to_string();
    let mut stream = connect_from(&app.address, [127, 0, 0, 1]).await;
    stream.write_all(headers("/api/v1/members", body.len()).as_bytes()).await.unwrap();
    let started = Instant::now();
    // One byte every two seconds, as long as the server keeps the connection: the whole body
    // would take several minutes.
    let mut sent = 0;
    let mut closed = false;
    for byte in body.as_bytes() {
        if stream.write_all(&[*byte]).await.is_err() {
            closed = true;
            break;
        }
        sent += 1;
        let mut peek = [0u8; 1];
        match tokio::time::timeout(Duration::from_secs(2), stream.peek(&mut peek)).await {
            Ok(_) => {
                closed = true;
                break;
            }
            Err(_still_waiting) => {}
        }
    }
    assert!(closed, "the server answered before the body was complete");
    assert!(sent < body.len() / 2, "cut off after {sent} of {} bytes", body.len());
    let (status, envelope) = answer_then_close(&mut stream).await;
    assert_eq!(status, 408, "{envelope}");
    assert_eq!(envelope["code"], "body_timeout");
    assert_eq!(envelope["success"], false);
    assert!(started.elapsed() < Duration::from_secs(30), "cut off at the deadline: {:?}", started.elapsed());
    // Nothing of the half-sent registration was kept.
    expect_status(app.login("/api/v1", "slow@example.com", "a long enough password").await, 401).await;
}

#[tokio::test]
async fn a_body_that_never_comes_is_answered_408_and_the_server_serves_on() {
    let app = TestApp::spawn_with(with_body_timeout(1000)).await;
    let mut stream = connect_from(&app.address, [127, 0, 0, 1]).await;
    stream.write_all(headers("/api/v1/auth/token", 60).as_bytes()).await.unwrap();
    let (status, envelope) = answer_then_close(&mut stream).await;
    assert_eq!((status, envelope["code"].as_str()), (408, Some("body_timeout")), "{envelope}");
    // A whole body on a new connection is read as usual.
    let member = app.member("after-the-stall").await;
    expect_status(app.login("/api/v1", &member.email, &member.password).await, 200).await;
}

#[tokio::test]
async fn two_thousand_slow_bodies_from_one_address_get_429_past_its_cap_and_another_client_signs_up() {
    // A long body deadline: the held requests stay held for the whole test. The views' rate
    // limit (which registration counts against) out of the way: this is about the cap.
    let mut options = with_body_timeout(120_000);
    let config = options.config.take().unwrap();
    let config = config
        .replace("view_per_minute = 300", "view_per_minute = 600000")
        .replace("view_burst = 60", "view_burst = 100000");
    options.config = Some(config);
    let app = TestApp::spawn_with(options).await;
    let member = app.member("busy-shop").await;
    let brand = app.brand(&member, "https://busy-shop.example").await;
    let campaign = app.campaign(&member, brand, json!({"name": "Busy"})).await["id"].as_u64().unwrap();

    // 127.0.0.2 opens 2,000 registrations (no credential) and sends no body.
    let mut opened = Vec::new();
    for _ in 0..2000 {
        let mut stream = connect_from(&app.address, [127, 0, 0, 2]).await;
        stream.write_all(headers("/api/v1/members", 100).as_bytes()).await.unwrap();
        opened.push(stream);
    }
    // Each is either held (waiting for its body) or answered 429 and closed at once: read
    // them all at once, each for at most two seconds.
    let looks = opened.into_iter().map(|mut stream| async move {
        let mut first = [0u8; 12];
        match tokio::time::timeout(Duration::from_secs(2), stream.read_exact(&mut first)).await {
            Ok(Ok(_)) => Err(first),
            _ => Ok(stream),
        }
    });
    let (mut held, mut refused) = (Vec::new(), Vec::new());
    for look in futures_util::future::join_all(looks).await {
        match look {
            Ok(stream) => held.push(stream),
            Err(answer) => refused.push(answer),
        }
    }
    assert_eq!(held.len(), 64, "the shipped max_anonymous_requests_per_address holds");
    assert_eq!(refused.len(), 2000 - 64);
    assert!(refused.iter().all(|answer| answer == b"HTTP/1.1 429"), "an answer before the body is a refusal");

    // Meanwhile, from 127.0.0.1, a member's signups all go through.
    for i in 0..50 {
        app.participant(&member, campaign, &format!("friend{i}@example.com")).await;
    }
    // The held requests still count: one more from 127.0.0.2 is refused too.
    let mut one_more = connect_from(&app.address, [127, 0, 0, 2]).await;
    one_more.write_all(headers("/api/v1/members", 100).as_bytes()).await.unwrap();
    let (status, envelope) = answer_then_close(&mut one_more).await;
    assert_eq!((status, envelope["code"].as_str()), (429, Some("rate_limited")), "{envelope}");

    // A held request that ends (its body sent) is counted out: the next one fits.
    let mut finished = held.pop().unwrap();
    let body = format!("{:100}", json!({"email": "not-an-address", "name": "X", "password": "y"}).to_string());
    assert_eq!(body.len(), 100);
    finished.write_all(body.as_bytes()).await.unwrap();
    let mut first = [0u8; 12];
    finished.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 400", "the finished body is read and judged");
    let mut next = connect_from(&app.address, [127, 0, 0, 2]).await;
    let request = format!("{}{body}", headers("/api/v1/members", 100));
    next.write_all(request.as_bytes()).await.unwrap();
    let mut first = [0u8; 12];
    next.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 400", "counted in again, and answered");
}
