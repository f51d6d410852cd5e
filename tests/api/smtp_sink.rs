//! A real SMTP server on 127.0.0.1 for the email tests: `tests/smtp/sink.py` (aiosmtpd, in
//! the virtual environment `scripts/test.sh` prepares), one per test. It keeps each message it
//! accepts as JSON, decoded by Python's email package.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running sink. Dropping it closes its standard input, and the sink exits.
pub struct SmtpSink {
    pub port: u16,
    dir: tempfile::TempDir,
    child: Child,
    _stdin: ChildStdin,
}

/// The tests' Python, which has aiosmtpd and the `mcp` client: `SMTP_SINK_PYTHON`, or the
/// environment `scripts/test.sh` makes.
pub fn python() -> PathBuf {
    let path = std::env::var("SMTP_SINK_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/smtp-venv/bin/python"));
    assert!(path.exists(), "{} is missing: run scripts/test.sh, which installs aiosmtpd into it", path.display());
    path
}

impl SmtpSink {
    /// A sink that accepts every message.
    pub fn start() -> Self {
        Self::refusing(0, 451)
    }

    /// A sink that accepts every message `delay` after its data arrived (a slow server).
    pub fn slow(delay: Duration) -> Self {
        Self::launch(0, 451, delay)
    }

    /// A sink that answers the first `first` messages with `code`, keeping none of them.
    pub fn refusing(first: u32, code: u16) -> Self {
        Self::launch(first, code, Duration::ZERO)
    }

    fn launch(first: u32, code: u16, delay: Duration) -> Self {
        let dir = tempfile::tempdir().expect("sink directory");
        let (port, child, stdin) = spawn(
            dir.path(),
            &[
                "--fail-first",
                &first.to_string(),
                "--code",
                &code.to_string(),
                "--delay",
                &delay.as_secs_f64().to_string(),
            ],
        );
        Self { port, dir, child, _stdin: stdin }
    }

    /// Stops the sink, as a mail server that went down: sends fail until [`SmtpSink::restart`].
    #[allow(dead_code)] // The chaos run's (tests/chaos.rs).
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts a sink that accepts every message again on the same port, keeping the messages
    /// kept so far.
    #[allow(dead_code)] // The chaos run's (tests/chaos.rs).
    pub fn restart(&mut self) {
        let (_, child, stdin) = spawn(self.dir.path(), &["--port", &self.port.to_string()]);
        self.child = child;
        self._stdin = stdin;
    }

    /// The `[email]` section of a server that sends through this sink, retrying quickly.
    pub fn config(&self) -> String {
        format!(
            "[email]\nenabled = true\nhost = \"127.0.0.1\"\nport = {}\ntls = \"none\"\n\
             from = \"Acme Rewards <rewards@acme.example>\"\ntimeout_secs = 5.0\nretry_delays_secs = [0.2, 0.2, 0.2]\n",
            self.port
        )
    }

    /// How many messages a slow sink has had the data of, answered or not yet.
    pub fn data_received(&self) -> usize {
        std::fs::read_dir(self.dir.path())
            .expect("sink directory")
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "started")))
            .count()
    }

    /// The messages kept so far, in the order they arrived.
    pub fn messages(&self) -> Vec<Value> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("sink directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        files.iter().map(|f| serde_json::from_slice(&std::fs::read(f).expect("message")).expect("JSON")).collect()
    }

    /// Waits (bounded: twenty seconds) until at least `n` messages arrived.
    pub async fn wait_for(&self, n: usize) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            assert!(Instant::now() < deadline, "expected {n} emails within 20 s, got {}", messages.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Starts `sink.py` keeping messages in `dir`; its port, process and standard input.
fn spawn(dir: &Path, args: &[&str]) -> (u16, Child, ChildStdin) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smtp/sink.py");
    let mut child = Command::new(python())
        .arg(script)
        .arg(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the SMTP sink starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout")).read_line(&mut line).expect("sink port");
    let port = line.trim().parse().unwrap_or_else(|_| panic!("the sink printed {line:?}, not its port"));
    let stdin = child.stdin.take().expect("piped stdin");
    (port, child, stdin)
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
