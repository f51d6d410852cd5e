//! `Receiver`: a webhook receiver on 127.0.0.1 for tests. It records every request, counts
//! connections, answers from a script of statuses (then a default), and lets a test wait for
//! the n-th request without sleeping. Request heads are parsed with `httparse`.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// One request as the receiver saw it, with the status it answered.
#[derive(Debug, Clone)]
pub struct Received {
    /// The request line's path (with its query).
    pub path: String,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
    pub status: u16,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("webhook body is JSON")
    }
}

struct State {
    /// Set while the receiver is stopped: open connections are closed unanswered.
    down: std::sync::atomic::AtomicBool,
    connections: AtomicUsize,
    /// Requests read whole, answered or not yet.
    arrived: AtomicUsize,
    requests: Mutex<Vec<Received>>,
    script: Mutex<VecDeque<u16>>,
    default_status: AtomicU16,
    /// How long each answer waits, in milliseconds: a slow receiver.
    delay_ms: AtomicU64,
    /// What each answer carries: `ok` unless a test serves a file.
    body: Mutex<String>,
    count: watch::Sender<usize>,
}

/// A running receiver; stops with the test's runtime.
pub struct Receiver {
    pub port: u16,
    state: Arc<State>,
    /// The accept loop, while the receiver is up ([`Receiver::stop`], [`Receiver::start_again`]).
    #[allow(dead_code)] // Taken only by the chaos run (tests/chaos.rs).
    accepting: Mutex<Option<tokio::task::JoinHandle<()>>>,
}

impl Receiver {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("receiver binds");
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(State {
            down: Default::default(),
            connections: AtomicUsize::new(0),
            arrived: AtomicUsize::new(0),
            requests: Mutex::default(),
            script: Mutex::default(),
            default_status: AtomicU16::new(200),
            delay_ms: AtomicU64::new(0),
            body: Mutex::new("ok".into()),
            count: watch::channel(0).0,
        });
        let accepting = Mutex::new(Some(accept(listener, state.clone())));
        Self { port, state, accepting }
    }

    /// Stops listening and closes every open connection unanswered, as a receiver that went
    /// down: attempts fail until [`Receiver::start_again`].
    #[allow(dead_code)] // The chaos run's (tests/chaos.rs).
    pub fn stop(&self) {
        self.state.down.store(true, Ordering::SeqCst);
        if let Some(task) = self.accepting.lock().unwrap().take() {
            task.abort();
        }
    }

    /// Listens again on the same port, keeping what it received.
    #[allow(dead_code)] // The chaos run's (tests/chaos.rs).
    pub async fn start_again(&self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.expect("the receiver binds its port again");
        self.state.down.store(false, Ordering::SeqCst);
        *self.accepting.lock().unwrap() = Some(accept(listener, self.state.clone()));
    }

    /// `http://127.0.0.1:<port>/hook`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/hook", self.port)
    }

    /// Answer these statuses to the next requests, in order, then the default.
    pub fn script(&self, statuses: &[u16]) {
        self.state.script.lock().unwrap().extend(statuses);
    }

    pub fn set_default_status(&self, status: u16) {
        self.state.default_status.store(status, Ordering::SeqCst);
    }

    /// Wait this long before each answer, as a slow receiver does.
    pub fn set_delay(&self, delay: Duration) {
        self.state.delay_ms.store(delay.as_millis() as u64, Ordering::SeqCst);
    }

    /// Answer every request with this body from now on: a web site serving one file.
    pub fn serve(&self, body: &str) {
        *self.state.body.lock().unwrap() = body.to_owned();
    }

    /// Requests read whole so far, answered or not yet (a slow receiver's are under way).
    pub fn arrived(&self) -> usize {
        self.state.arrived.load(Ordering::SeqCst)
    }

    pub fn connections(&self) -> usize {
        self.state.connections.load(Ordering::SeqCst)
    }

    pub fn received(&self) -> Vec<Received> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Waits until at least `n` requests arrived; panics after `within`.
    pub async fn wait_for(&self, n: usize, within: Duration) -> Vec<Received> {
        let mut count = self.state.count.subscribe();
        let reached = tokio::time::timeout(within, count.wait_for(|&c| c >= n)).await;
        assert!(reached.is_ok(), "expected {n} webhook requests within {within:?}, got {}", self.received().len());
        self.received()
    }

    /// Waits until `done` holds for the requests so far; panics after `within`.
    pub async fn wait_until(&self, within: Duration, done: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        let mut count = self.state.count.subscribe();
        let state = self.state.clone();
        let reached =
            tokio::time::timeout(within, count.wait_for(|_| done(&state.requests.lock().unwrap()))).await.is_ok();
        assert!(reached, "condition not met within {within:?}; {} requests", self.received().len());
        self.received()
    }
}

fn accept(listener: TcpListener, state: Arc<State>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            state.connections.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(serve(stream, state.clone()));
        }
    })
}

/// Serves one keep-alive connection: request after request until the peer closes.
async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buffer = Vec::new();
    loop {
        let (head_len, path, headers, content_length) = loop {
            let mut parsed_headers = [httparse::EMPTY_HEADER; 64];
            let mut request = httparse::Request::new(&mut parsed_headers);
            match request.parse(&buffer) {
                Ok(httparse::Status::Complete(len)) => {
                    let headers: HashMap<String, String> = request
                        .headers
                        .iter()
                        .map(|h| (h.name.to_ascii_lowercase(), String::from_utf8_lossy(h.value).into_owned()))
                        .collect();
                    let length = headers.get("content-length").and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
                    break (len, request.path.unwrap_or("").to_owned(), headers, length);
                }
                Ok(httparse::Status::Partial) => {}
                Err(_) => return,
            }
            let mut chunk = [0u8; 8192];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            }
        };
        while buffer.len() < head_len + content_length {
            let mut chunk = [0u8; 8192];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            }
        }
        let body = buffer[head_len..head_len + content_length].to_vec();
        buffer.drain(..head_len + content_length);
        if state.down.load(Ordering::SeqCst) {
            return;
        }
        state.arrived.fetch_add(1, Ordering::SeqCst);
        let status =
            state.script.lock().unwrap().pop_front().unwrap_or_else(|| state.default_status.load(Ordering::SeqCst));
        let delay = state.delay_ms.load(Ordering::SeqCst);
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        let body_out = state.body.lock().unwrap().clone();
        let answer = format!("HTTP/1.1 {status} Scripted\r\ncontent-length: {}\r\n\r\n{body_out}", body_out.len());
        if stream.write_all(answer.as_bytes()).await.is_err() {
            return;
        }
        state.requests.lock().unwrap().push(Received { path, headers, body, status });
        state.count.send_modify(|c| *c += 1);
    }
}
