//! Input nobody planned for gets a 4xx in the envelope: never a 500, never plain text, never a
//! closed connection.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;

async fn post_raw(
    app: &TestApp,
    root: &str,
    path: &str,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> reqwest::Response {
    let mut request = app.client.post(app.url(root, path)).body(body);
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    request.send().await.expect("answered")
}

#[tokio::test]
async fn malformed_bodies_get_400_in_the_envelope() {
    let app = TestApp::spawn().await;
    let json_type = Some("application/json");
    for root in ROOTS {
        let cases: Vec<(Option<&str>, Vec<u8>, &str)> = vec![
            (json_type, br#"{"email": "a@b.com", "name": "#.to_vec(), "invalid_json"),
            (json_type, b"{not json}".to_vec(), "invalid_json"),
            (json_type, br#"["a@b.com", "Ada", "violet-tugboat-quarrel"]"#.to_vec(), "invalid_body"),
            (json_type, b"\"a string\"".to_vec(), "invalid_body"),
            (json_type, b"null".to_vec(), "invalid_body"),
            (json_type, b"".to_vec(), "invalid_json"),
            (
                json_type,
                b"{\"email\": \"\xff\xfe@b.com\", \"name\": \"x\", \"password\": \"violet-tugboat-quarrel\"}".to_vec(),
                "invalid_json",
            ),
            (json_type, b"\xff\xfe\xfd\x00\x01".to_vec(), "invalid_json"),
            (
                Some("text/plain"),
                br#"{"email":"a@b.com","name":"A","password":"violet-tugboat-quarrel"}"#.to_vec(),
                "unsupported_content_type",
            ),
            (
                None,
                br#"{"email":"a@b.com","name":"A","password":"violet-tugboat-quarrel"}"#.to_vec(),
                "unsupported_content_type",
            ),
        ];
        for (content_type, body, code) in cases {
            let shown = String::from_utf8_lossy(&body).into_owned();
            let response = post_raw(&app, root, "/members", content_type, body).await;
            assert_eq!(response.status().as_u16(), 400, "{shown:?} ({content_type:?})");
            expect_error(response, 400, code).await;
        }
    }
    // None of it created a member.
    expect_status(app.register("/api/v1", "a@b.com", "A", "violet-tugboat-quarrel").await, 201).await;
}

#[tokio::test]
async fn a_10_mb_body_gets_413_and_the_connection_keeps_serving() {
    let app = TestApp::spawn().await;
    let host = app.address.trim_start_matches("http://").to_owned();
    let stream = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(&host).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let body = vec![b'a'; 10 * 1024 * 1024];
        let head = format!("POST /api/v1/members HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&body).expect("the server reads the whole body instead of resetting");
        let first = read_response(&mut stream);
        // Same connection, next request.
        let next = format!("GET /api/v1/billing/plans HTTP/1.1\r\nHost: {host}\r\n\r\n");
        stream.write_all(next.as_bytes()).unwrap();
        let second = read_response(&mut stream);
        (first, second)
    })
    .await
    .unwrap();
    let ((status, body), (next_status, next_body)) = stream;
    assert_eq!(status, 413);
    assert_eq!(body["success"], json!(false));
    assert_eq!(body["code"], json!("payload_too_large"));
    assert!(body["error"].as_str().unwrap().contains("65536"));
    assert_eq!(next_status, 200, "the connection still serves requests after the 413");
    assert_eq!(next_body["success"], json!(true));
}

/// Reads one HTTP/1.1 response with a Content-Length body.
fn read_response(stream: &mut TcpStream) -> (u16, Value) {
    let mut buffer = Vec::new();
    let mut byte = [0u8; 1];
    while !buffer.ends_with(b"\r\n\r\n") {
        let n = stream.read(&mut byte).expect("response head");
        assert_eq!(n, 1, "connection closed before the response head; got {:?}", String::from_utf8_lossy(&buffer));
        buffer.push(byte[0]);
    }
    let head = String::from_utf8(buffer).unwrap();
    let status: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let length: usize = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap()))
        .expect("content-length");
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).unwrap();
    (status, serde_json::from_slice(&body).unwrap())
}

#[tokio::test]
async fn unknown_paths_methods_and_roots_answer_in_the_envelope() {
    let app = TestApp::spawn().await;
    for path in ["/api/v1/nothing", "/api/v2/billing/plans", "/v1/members/profile/extra", "/api/v1/members/%ff", "/"] {
        let response = app.client.get(format!("{}{path}", app.address)).send().await.unwrap();
        assert_eq!(response.headers()["content-type"], "application/json");
        expect_error(response, 404, "not_found").await;
    }
    for root in ROOTS {
        let response = app.client.put(app.url(root, "/members")).send().await.unwrap();
        expect_error(response, 405, "method_not_allowed").await;
    }
}

#[tokio::test]
async fn every_answer_carries_a_request_id() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/v1", "/billing/plans", &Cred::None).await;
    let id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(id.len(), 16);
    let echoed =
        app.client.get(app.url("/v1", "/nothing")).header("x-request-id", "trace-abc_123").send().await.unwrap();
    assert_eq!(echoed.headers()["x-request-id"], "trace-abc_123");
    let hostile = app.client.get(app.url("/v1", "/nothing")).header("x-request-id", "<script>").send().await.unwrap();
    assert_ne!(hostile.headers()["x-request-id"], "<script>");
}
