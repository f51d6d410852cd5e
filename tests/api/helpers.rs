//! `TestApp`: a running server process plus typed request helpers.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::{Method, Response};

pub use crate::contract::{Request, TestClient};
use serde_json::{json, Value};

/// Both API roots; every endpoint test runs on each.
pub const ROOTS: [&str; 2] = ["/api/v1", "/v1"];

/// Secret used by tests that mint their own tokens with the library.
pub const TEST_SECRET: &str = "8d1f0c8e4b7a6f5e3d2c1b0a99887766554433221100ffeeddccbbaa99887766";

/// How to start a server.
#[derive(Default, Clone)]
pub struct Options {
    /// Set `REFERRALS_SECRET`; otherwise the server generates its own into the data dir.
    pub secret: Option<String>,
    /// Extra command-line arguments.
    pub args: Vec<String>,
    /// Set `REFERRALS_ADMIN_TOKEN`, enabling the admin API.
    pub admin_token: Option<String>,
    /// A configuration file's text to use instead of the shipped `config.toml`.
    pub config: Option<String>,
    /// Extra environment variables.
    pub env: Vec<(String, String)>,
    /// Keep `[members]` as the configuration says. By default the suite's servers let anyone
    /// register on the free plan (`registration = "open"`, `default_plan = 1`), as most tests
    /// register several members and test the plans' limits; the tests of the shipped
    /// registration policy set this.
    pub members_as_configured: bool,
}

/// The admin token of servers started with [`Options::with_admin`].
pub const ADMIN_TOKEN: &str = "test-admin-token-0123456789abcdef";

impl Options {
    /// A server with the admin API on, under [`ADMIN_TOKEN`].
    pub fn with_admin() -> Self {
        Self { admin_token: Some(ADMIN_TOKEN.into()), ..Default::default() }
    }

    /// A server with these test faults switched on (`REFERRALS_TEST_FAULTS`, see `src/faults.rs`).
    pub fn with_faults(faults: &str) -> Self {
        Self { env: vec![("REFERRALS_TEST_FAULTS".into(), faults.into())], ..Default::default() }
    }
}

/// A server process owned by one test. Killed (SIGKILL) when dropped.
pub struct TestApp {
    pub address: String,
    /// The line the server printed when it started (its addresses).
    pub banner: String,
    /// Every answer it receives is checked against the OpenAPI document (`contract.rs`).
    pub client: TestClient,
    pub data_dir: PathBuf,
    pub log_path: PathBuf,
    /// The PostgreSQL database this server keeps its data in, when the suite runs on
    /// PostgreSQL (`REFERRALS_TEST_BACKEND=postgres`): its own, kept across restarts.
    pub database_url: Option<String>,
    options: Options,
    child: Option<Child>,
    _dir: tempfile::TempDir,
}

/// A registered member with a token.
#[derive(Debug, Clone)]
pub struct TestMember {
    pub id: u64,
    pub email: String,
    pub password: String,
    pub token: String,
}

/// A credential to send.
#[derive(Debug, Clone)]
pub enum Cred {
    None,
    Key(String),
    Bearer(String),
    Both {
        key: String,
        token: String,
    },
    /// A raw `Authorization` header value.
    Authorization(String),
}

/// Whether the suite runs on PostgreSQL (`REFERRALS_TEST_BACKEND=postgres`, set by
/// scripts/test.sh for its second run of the suite) rather than the embedded database.
pub fn on_postgres() -> bool {
    std::env::var("REFERRALS_TEST_BACKEND").is_ok_and(|backend| backend == "postgres")
}

static UNIQUE: AtomicU64 = AtomicU64::new(0);

/// A unique email for this test process.
pub fn unique_email(tag: &str) -> String {
    format!("{tag}-{}-{}@example.com", std::process::id(), UNIQUE.fetch_add(1, Ordering::Relaxed))
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(Options::default()).await
    }

    pub async fn spawn_with(options: Options) -> Self {
        let dir = tempfile::tempdir().expect("temporary directory");
        let data_dir = dir.path().join("data");
        let log_path = dir.path().join("server.log");
        let database_url = match on_postgres() {
            true => Some(crate::postgres_server::fresh_database().await),
            false => None,
        };
        let mut app = TestApp {
            address: String::new(),
            banner: String::new(),
            client: TestClient { inner: plain_client() },
            data_dir,
            log_path,
            database_url,
            options,
            child: None,
            _dir: dir,
        };
        app.start().await;
        app
    }

    /// A second server on the same PostgreSQL database as `other`, started with the same
    /// options (give `other` a secret: servers on one database share theirs), with a data
    /// directory of its own: several servers on one database.
    pub async fn spawn_beside(other: &TestApp) -> Self {
        assert!(other.database_url.is_some(), "servers share a database only on PostgreSQL");
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut app = TestApp {
            address: String::new(),
            banner: String::new(),
            client: TestClient { inner: plain_client() },
            data_dir: dir.path().join("data"),
            log_path: dir.path().join("server.log"),
            database_url: other.database_url.clone(),
            options: other.options.clone(),
            child: None,
            _dir: dir,
        };
        app.start().await;
        app
    }

    /// Starts the binary and waits for the line that names the bound address.
    async fn start(&mut self) {
        let config = match &self.options.config {
            Some(text) => {
                let path = self.log_path.with_file_name("config.toml");
                std::fs::write(&path, text).expect("test config written");
                path
            }
            None => Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml"),
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_referrals-server"));
        command
            .arg("--config")
            .arg(config)
            .args(["--bind", "127.0.0.1:0", "--log-level", "debug", "--data-dir"])
            .arg(&self.data_dir)
            .args(&self.options.args)
            .env_remove("RUST_LOG")
            .env_remove("REFERRALS_SECRET")
            .env_remove("REFERRALS_ADMIN_TOKEN")
            .env_remove("REFERRALS_CONFIG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(
                std::fs::OpenOptions::new().create(true).append(true).open(&self.log_path).expect("log file"),
            ));
        if let Some(secret) = &self.options.secret {
            command.env("REFERRALS_SECRET", secret);
        }
        if let Some(token) = &self.options.admin_token {
            command.env("REFERRALS_ADMIN_TOKEN", token);
        }
        command
            .env_remove("REFERRALS_STORAGE_BACKEND")
            .env_remove("REFERRALS_DATABASE_URL")
            .env_remove("REFERRALS_TEST_FAULTS");
        if let Some(url) = &self.database_url {
            command.env("REFERRALS_STORAGE_BACKEND", "postgres").env("REFERRALS_DATABASE_URL", url);
        }
        command.env_remove("REFERRALS_MEMBERS_REGISTRATION").env_remove("REFERRALS_MEMBERS_DEFAULT_PLAN");
        if !self.options.members_as_configured {
            command.env("REFERRALS_MEMBERS_REGISTRATION", "open").env("REFERRALS_MEMBERS_DEFAULT_PLAN", "1");
        }
        command.envs(self.options.env.iter().cloned());
        let mut child = command.spawn().expect("referrals-server starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let line = tokio::time::timeout(
            Duration::from_secs(60),
            tokio::task::spawn_blocking(move || {
                let mut line = String::new();
                BufReader::new(stdout).read_line(&mut line).map(|_| line)
            }),
        )
        .await
        .expect("server announced its address within 60 s")
        .expect("reader task")
        .expect("read stdout");
        // A plain line, or in JSON log mode a JSON object with the address in its fields.
        let announced = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|line| line["fields"]["address"].as_str().map(str::to_owned))
            .or_else(|| line.split_whitespace().find(|w| w.starts_with("http://")).map(str::to_owned));
        let address = announced.unwrap_or_else(|| {
            panic!(
                "server did not start: stdout {line:?}, log:\n{}",
                std::fs::read_to_string(&self.log_path).unwrap_or_default()
            )
        });
        self.address = address;
        self.banner = line.trim().to_owned();
        self.child = Some(child);
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("server is running").id()
    }

    /// SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Sends each stream's requests one after another (each answer before the next question),
    /// the streams side by side, and SIGKILLs the server once `before_kill` of them have been
    /// answered with success, so the kill falls between one commit and the next. Returns the
    /// tags of the requests answered with success, those in flight at the kill included.
    pub async fn kill_amid<T: Send + 'static>(
        &mut self,
        streams: Vec<Vec<(T, crate::contract::Request)>>,
        before_kill: usize,
    ) -> Vec<T> {
        let (acks, mut acked) = tokio::sync::mpsc::unbounded_channel();
        let streams: Vec<_> = streams
            .into_iter()
            .map(|requests| {
                let acks = acks.clone();
                tokio::spawn(async move {
                    for (tag, request) in requests {
                        match request.send().await {
                            Ok(answer) if answer.status().is_success() => drop(acks.send(tag)),
                            _ => return,
                        }
                    }
                })
            })
            .collect();
        drop(acks);
        let mut acknowledged = Vec::new();
        while acknowledged.len() < before_kill {
            acknowledged.push(acked.recv().await.expect("every stream ended before the kill"));
        }
        self.kill();
        for stream in streams {
            stream.await.unwrap();
        }
        while let Ok(tag) = acked.try_recv() {
            acknowledged.push(tag);
        }
        acknowledged
    }

    /// Starts the server again on the same data directory (after `kill` or `signal`).
    pub async fn restart(&mut self) {
        self.kill();
        self.start().await;
    }

    /// Starts the server again with these options (killing it first if it still runs).
    #[allow(dead_code)] // The chaos run's (tests/chaos.rs).
    pub async fn start_with(&mut self, options: Options) {
        self.kill();
        self.options = options;
        self.start().await;
    }

    /// Stops the server gracefully (SIGTERM: it flushes and exits) and starts it again on the
    /// same data directory with other options, as an operator changing the configuration does.
    pub async fn restart_with(&mut self, options: Options) {
        assert!(self.signal("TERM").success(), "the server stops cleanly");
        self.options = options;
        self.start().await;
    }

    /// Sends a signal (e.g. "TERM", "INT") and waits for the process to exit.
    pub fn signal(&mut self, name: &str) -> ExitStatus {
        let mut child = self.child.take().expect("server is running");
        let status =
            Command::new("kill").arg(format!("-{name}")).arg(child.id().to_string()).status().expect("kill runs");
        assert!(status.success(), "kill -{name} failed");
        child.wait().expect("server exits")
    }

    /// Every file under the data directory, with its bytes (stop the server first, so that
    /// everything it wrote is there).
    pub fn data_files(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        let mut stack = vec![self.data_dir.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let bytes = std::fs::read(&path).unwrap();
                    files.push((path, bytes));
                }
            }
        }
        files
    }

    /// Everything the server stored, by where it is: every file under the data directory and,
    /// on PostgreSQL, every table's rows (each column's bytes as stored: bytea raw, text as
    /// UTF-8, numbers as decimal text). Stop the server first, so that everything is there.
    pub async fn stored_data(&self) -> Vec<(String, Vec<u8>)> {
        let mut stored: Vec<(String, Vec<u8>)> =
            self.data_files().into_iter().map(|(path, bytes)| (path.display().to_string(), bytes)).collect();
        let Some(url) = &self.database_url else { return stored };
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.expect("connect");
        tokio::spawn(connection);
        let tables = client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'", &[]).await.unwrap();
        for table in tables {
            let table: String = table.get(0);
            let mut bytes = Vec::new();
            for row in client.query(&format!("SELECT * FROM {table}"), &[]).await.unwrap() {
                for (i, column) in row.columns().iter().enumerate() {
                    use tokio_postgres::types::Type;
                    let value = match *column.type_() {
                        Type::BYTEA => row.get::<_, Option<Vec<u8>>>(i),
                        Type::TEXT => row.get::<_, Option<String>>(i).map(String::into_bytes),
                        Type::INT8 => row.get::<_, Option<i64>>(i).map(|n| n.to_string().into_bytes()),
                        Type::INT4 => row.get::<_, Option<i32>>(i).map(|n| n.to_string().into_bytes()),
                        Type::INT2 => row.get::<_, Option<i16>>(i).map(|n| n.to_string().into_bytes()),
                        _ => None,
                    };
                    bytes.extend(value.unwrap_or_default());
                    bytes.push(0);
                }
            }
            stored.push((format!("table {table}"), bytes));
        }
        stored
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log_path).unwrap_or_default()
    }

    pub fn url(&self, root: &str, path: &str) -> String {
        format!("{}{root}{path}", self.address)
    }

    /// A request on `root` with a credential attached.
    pub fn request(&self, method: Method, root: &str, path: &str, cred: &Cred) -> Request {
        let builder = self.client.request(method, self.url(root, path));
        match cred {
            Cred::None => builder,
            Cred::Key(key) => builder.header("X-API-Key", key),
            Cred::Bearer(token) => builder.bearer_auth(token),
            Cred::Both { key, token } => builder.header("X-API-Key", key).bearer_auth(token),
            Cred::Authorization(value) => builder.header("Authorization", value),
        }
    }

    pub async fn get(&self, root: &str, path: &str, cred: &Cred) -> Response {
        self.request(Method::GET, root, path, cred).send().await.expect("request sent")
    }

    pub async fn post_json(&self, root: &str, path: &str, cred: &Cred, body: &Value) -> Response {
        self.request(Method::POST, root, path, cred).json(body).send().await.expect("request sent")
    }

    pub async fn register(&self, root: &str, email: &str, name: &str, password: &str) -> Response {
        self.post_json(root, "/members", &Cred::None, &json!({"email": email, "name": name, "password": password}))
            .await
    }

    pub async fn login(&self, root: &str, email: &str, password: &str) -> Response {
        self.post_json(root, "/auth/token", &Cred::None, &json!({"email": email, "password": password})).await
    }

    /// Registers a new member and logs in.
    pub async fn member(&self, tag: &str) -> TestMember {
        let email = unique_email(tag);
        let password = format!("pw-{tag}-long-enough");
        let registered = self.register("/api/v1", &email, tag, &password).await;
        let registered = expect_status(registered, 201).await;
        let token = expect_status(self.login("/api/v1", &email, &password).await, 200).await;
        TestMember {
            id: registered["data"]["id"].as_u64().expect("member id"),
            email,
            password,
            token: token["data"]["token"].as_str().expect("token").to_owned(),
        }
    }

    /// A member on the Scale plan (id 3, no limits): for tests of something other than plan
    /// limits that need more than the free plan's one brand. Needs [`Options::with_admin`].
    pub async fn unlimited_member(&self, tag: &str) -> TestMember {
        let member = self.member(tag).await;
        let path = format!("/members/{}/plan", member.id);
        let moved = self.admin_json(Method::PUT, &path, ADMIN_TOKEN, &json!({"plan_id": 3})).await;
        expect_status(moved, 200).await;
        member
    }

    /// Generates an API key for `member`.
    pub async fn api_key(&self, member: &TestMember) -> String {
        let body = expect_status(
            self.request(Method::POST, "/api/v1", "/members/api-key", &Cred::Bearer(member.token.clone()))
                .send()
                .await
                .unwrap(),
            201,
        )
        .await;
        body["data"]["api_key"].as_str().expect("api_key").to_owned()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A client whose answers are not checked (for the check's own fetch of the document).
pub fn plain_client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        // The server closes a connection idle for 5 s (actix's keep-alive). A test that blocks
        // its runtime longer (waiting on a child process) would otherwise send its next request
        // on a connection the server closed meanwhile, before the pool noticed: an
        // `IncompleteMessage`. Connections idle for 2 s are not reused.
        .pool_idle_timeout(Duration::from_secs(2))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// Asserts the status and returns the JSON body, printing the body on mismatch.
pub async fn expect_status(response: Response, status: u16) -> Value {
    let actual = response.status().as_u16();
    let text = response.text().await.expect("body");
    assert_eq!(actual, status, "unexpected status; body: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("body is not JSON ({e}): {text:?}"))
}

/// Asserts a failure envelope with this status and machine code; returns the message.
pub async fn expect_error(response: Response, status: u16, code: &str) -> String {
    let body = expect_status(response, status).await;
    assert_eq!(body["success"], json!(false), "{body}");
    assert_eq!(body["code"], json!(code), "{body}");
    body["error"].as_str().expect("error message").to_owned()
}

/// Admin API requests.
impl TestApp {
    pub fn admin(&self, method: Method, path: &str, token: &str) -> Request {
        self.client.request(method, format!("{}/admin/v1{path}", self.address)).bearer_auth(token)
    }

    /// An admin-API request with a JSON body, sent.
    pub async fn admin_json(&self, method: Method, path: &str, token: &str, body: &Value) -> Response {
        self.admin(method, path, token).json(body).send().await.expect("request sent")
    }

    /// The operator vouches for a brand's or a domain participant's domain (`kind`: `brands`
    /// or `participants`), on a server started with [`Options::with_admin`]: until then
    /// nothing attributes through it.
    pub async fn vouch(&self, kind: &str, id: u64) {
        let path = format!("/{kind}/{id}/domain-proof");
        let vouched = expect_status(self.admin_json(Method::POST, &path, ADMIN_TOKEN, &json!({})).await, 200).await;
        assert_eq!(vouched["data"]["verified_by"], json!("operator"), "{vouched}");
    }
}

/// Typed helpers for brands, campaigns and signups.
impl TestApp {
    /// Creates a brand for `url`; returns its id.
    pub async fn brand(&self, member: &TestMember, url: &str) -> u64 {
        let body = json!({"url": url, "description": "test brand"});
        let created = expect_status(self.post_json("/api/v1", "/brands", &member.bearer(), &body).await, 201).await;
        created["data"]["id"].as_u64().expect("brand id")
    }

    /// Creates a campaign on `brand_id` with `fields` merged over a coupon campaign.
    pub async fn campaign(&self, member: &TestMember, brand_id: u64, fields: Value) -> Value {
        let mut body = json!({"name": "Test campaign", "url_id": brand_id, "reward_type": 1});
        if let (Some(body), Some(fields)) = (body.as_object_mut(), fields.as_object()) {
            body.extend(fields.clone());
        }
        expect_status(self.post_json("/api/v1", "/campaigns", &member.bearer(), &body).await, 201).await["data"].clone()
    }

    /// Signs `email` up to a campaign; returns the participant.
    pub async fn participant(&self, member: &TestMember, campaign_id: u64, email: &str) -> Value {
        let body = json!({"campaign_id": campaign_id, "email": email, "name": "Participant"});
        expect_status(self.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await["data"]
            ["participant"]
            .clone()
    }

    /// The coupon each referrer's one reward got, by reward id, for the codes that start with
    /// `prefix` (those uploaded later, which filled pending rewards), lowest reward id first.
    /// Each referrer has exactly one reward, issued.
    pub async fn coupons_filled_later(&self, member: &TestMember, referrers: &[Value], prefix: &str) -> Vec<String> {
        let mut filled: Vec<(u64, String)> = Vec::new();
        for referrer in referrers {
            let path = format!("/participants/{}", referrer["id"]);
            let detail = expect_status(self.get("/api/v1", &path, &member.bearer()).await, 200).await;
            let rewards = detail["data"]["rewards"].as_array().unwrap();
            assert_eq!(rewards.len(), 1, "one reward per referrer: {detail}");
            assert_eq!(rewards[0]["status"], json!("issued"));
            let value = rewards[0]["value"].as_str().unwrap().to_owned();
            if value.starts_with(prefix) {
                filled.push((rewards[0]["id"].as_u64().unwrap(), value));
            }
        }
        filled.sort();
        filled.into_iter().map(|(_, code)| code).collect()
    }

    /// A referral signup through `code`.
    pub async fn refer(&self, member: &TestMember, code: &str, email: &str) -> Response {
        let body = json!({"referral_code": code, "email": email, "name": "Referred"});
        self.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await
    }

    /// Uploads coupon codes as a JSON array.
    pub async fn upload_coupons(&self, member: &TestMember, campaign_id: u64, codes: &[String]) -> Value {
        let path = format!("/campaigns/{campaign_id}/coupons");
        expect_status(self.post_json("/api/v1", &path, &member.bearer(), &json!(codes)).await, 201).await["data"]
            .clone()
    }

    /// The `data` of `GET /campaigns/:id/stats`.
    pub async fn campaign_stats(&self, member: &TestMember, campaign: u64) -> Value {
        let path = format!("/campaigns/{campaign}/stats");
        expect_status(self.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone()
    }

    /// Waits (bounded: ten seconds) until the campaign counter `field` reaches `want`, then
    /// checks it is exactly `want`, so overcounting fails too. Clicks, impressions and shares
    /// reach the store about once a second.
    pub async fn wait_for_count(&self, member: &TestMember, campaign: u64, field: &str, want: u64) {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let stats = self.campaign_stats(member, campaign).await;
            let have = stats[field].as_u64().unwrap_or(0);
            if have >= want || std::time::Instant::now() > deadline {
                assert_eq!(have, want, "{field} in {stats}");
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn put_json(&self, root: &str, path: &str, cred: &Cred, body: &Value) -> Response {
        self.request(Method::PUT, root, path, cred).json(body).send().await.expect("request sent")
    }

    pub async fn delete(&self, root: &str, path: &str, cred: &Cred) -> Response {
        self.request(Method::DELETE, root, path, cred).send().await.expect("request sent")
    }
}

impl TestMember {
    pub fn bearer(&self) -> Cred {
        Cred::Bearer(self.token.clone())
    }
}
