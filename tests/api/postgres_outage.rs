//! PostgreSQL going away under load (run in the suite's PostgreSQL pass, on a cluster of the
//! test's own, since it is stopped): requests that need it answer 503 within the database
//! timeout, never 500; `GET /health` says so; and the server serves again by itself once the
//! database is back, with nothing acknowledged lost.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::*;

/// A PostgreSQL cluster of one test's own, from Debian's package, on loopback: stopped and
/// removed when dropped.
struct Cluster {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
}

fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

impl Cluster {
    /// `initdb` and `pg_ctl` as the package's postgres user when we are root (initdb refuses
    /// root), as ourselves otherwise.
    fn command(&self, tool: &str) -> Command {
        let tool = self.bin.join(tool);
        if running_as_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(tool);
            command
        } else {
            Command::new(tool)
        }
    }

    fn new() -> Self {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's postgresql package (scripts/test.sh installs it)")
            .filter_map(|entry| Some(entry.ok()?.path().join("bin")))
            .filter(|bin| bin.join("initdb").exists())
            .max()
            .expect("an initdb");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let cluster = Self { bin, dir, port };
        if running_as_root() {
            let chown = Command::new("chown").arg("postgres").arg(cluster.dir.path()).status().unwrap();
            assert!(chown.success());
        }
        let data = cluster.dir.path().join("data");
        let init = cluster
            .command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-U", "postgres", "--auth=trust", "--no-sync"])
            .output()
            .unwrap();
        assert!(init.status.success(), "{}", String::from_utf8_lossy(&init.stderr));
        cluster.start();
        cluster
    }

    fn pg_ctl(&self, args: &[&str]) {
        let data = self.dir.path().join("data");
        let options =
            format!("-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off", self.port, self.dir.path().display());
        let output = self
            .command("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-l"])
            .arg(self.dir.path().join("server.log"))
            .args(["-o", &options, "-w", "-t", "60"])
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "pg_ctl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    }

    fn start(&self) {
        self.pg_ctl(&["start"]);
    }

    fn stop(&self) {
        self.pg_ctl(&["-m", "fast", "stop"]);
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = self.command("pg_ctl").arg("-D").arg(&data).args(["-m", "immediate", "stop"]).output();
    }
}

#[tokio::test]
async fn stopping_postgres_under_load_answers_503_never_500_and_the_server_serves_again_when_it_is_back() {
    if !on_postgres() {
        return;
    }
    let cluster = Cluster::new();
    let options = Options {
        env: vec![("REFERRALS_DATABASE_URL".into(), cluster.url())],
        config: Some("[storage]\ndatabase_timeout_ms = 2000\n".into()),
        ..Options::default()
    };
    let app = TestApp::spawn_with(options).await;
    let member = app.member("outage").await;
    let brand = app.brand(&member, "https://outage.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await["id"].as_u64().unwrap();
    let signup = |n: usize| {
        let body = json!({"campaign_id": campaign, "email": format!("p{n}@outage.example")});
        let app = &app;
        let member = &member;
        async move { app.post_json("/api/v1", "/signups", &member.bearer(), &body).await.status().as_u16() }
    };
    let mut acknowledged = Vec::new();
    for n in 0..20 {
        assert_eq!(signup(n).await, 201);
        acknowledged.push(n);
    }

    cluster.stop();
    for n in 20..40 {
        let started = Instant::now();
        let status = signup(n).await;
        assert_eq!(status, 503, "a signup while the database is away");
        assert!(started.elapsed() < Duration::from_secs(10), "answered within the timeout: {:?}", started.elapsed());
    }
    let health = reqwest::get(app.url("/api/v1", "/health")).await.unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let body: serde_json::Value = health.json().await.unwrap();
    assert_eq!(body["code"], json!("unavailable"), "{body}");

    cluster.start();
    // Back by itself: the pool opens new connections on the next request.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut n = 40;
    loop {
        let status = signup(n).await;
        n += 1;
        if status == 201 {
            acknowledged.push(n - 1);
            break;
        }
        assert_eq!(status, 503, "never 500 while reconnecting");
        assert!(Instant::now() < deadline, "the server did not serve again within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(reqwest::get(app.url("/api/v1", "/health")).await.unwrap().status().as_u16(), 200);
    let page = app.get("/api/v1", &format!("/participants?campaign_id={campaign}&limit=100"), &member.bearer()).await;
    let page = expect_status(page, 200).await;
    let stored: Vec<String> = page["data"]["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["email"].as_str().unwrap().to_owned())
        .collect();
    for n in acknowledged {
        assert!(stored.contains(&format!("p{n}@outage.example")), "acknowledged signup {n} is kept");
    }
}
