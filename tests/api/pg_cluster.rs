//! A PostgreSQL cluster of one test's own, from Debian's package, on loopback, for the tests
//! that stop, crash or promote their database (the suite's shared server must stay up):
//! stopped and removed when dropped. A cluster can stream to a standby of its own.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::{Options, TestApp, TestMember};

pub struct Cluster {
    bin: PathBuf,
    dir: tempfile::TempDir,
    pub port: u16,
}

fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

impl Cluster {
    /// `initdb`, `pg_basebackup` and `pg_ctl` as the package's postgres user when we are root
    /// (initdb refuses root), as ourselves otherwise.
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

    /// An empty directory, owned by the user the tools run as, and a free port.
    fn empty() -> Self {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's postgresql package (scripts/test.sh installs it)")
            .filter_map(|entry| Some(entry.ok()?.path().join("bin")))
            .filter(|bin| bin.join("initdb").exists())
            .max()
            .expect("an initdb");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if running_as_root() {
            let chown = Command::new("chown").arg("postgres").arg(dir.path()).status().unwrap();
            assert!(chown.success());
        }
        Self { bin, dir, port }
    }

    /// A new cluster, started.
    pub fn new() -> Self {
        let cluster = Self::empty();
        let init = cluster
            .command("initdb")
            .arg("-D")
            .arg(cluster.data())
            .args(["-U", "postgres", "--auth=trust", "--no-sync"])
            .output()
            .unwrap();
        assert!(init.status.success(), "{}", String::from_utf8_lossy(&init.stderr));
        cluster.start();
        cluster
    }

    /// A streaming standby of `primary`, named `name` there (`application_name`), started.
    pub fn standby_of(primary: &Cluster, name: &str) -> Self {
        let standby = Self::empty();
        let source = format!("host=127.0.0.1 port={} user=postgres application_name={name}", primary.port);
        let copy = standby
            .command("pg_basebackup")
            .arg("-D")
            .arg(standby.data())
            // A fast checkpoint: a spread one makes a copy of a busy primary wait minutes.
            .args(["-d", &source, "-R", "-X", "stream", "--no-sync", "--checkpoint=fast"])
            .output()
            .unwrap();
        assert!(copy.status.success(), "pg_basebackup: {}", String::from_utf8_lossy(&copy.stderr));
        standby.start();
        standby
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    fn pg_ctl(&self, args: &[&str]) {
        let options =
            format!("-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off", self.port, self.dir.path().display());
        let output = self
            .command("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-l"])
            .arg(self.dir.path().join("server.log"))
            .args(["-o", &options, "-w", "-t", "60"])
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "pg_ctl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    }

    pub fn start(&self) {
        self.pg_ctl(&["start"]);
    }

    pub fn stop(&self) {
        self.pg_ctl(&["-m", "fast", "stop"]);
    }

    /// Stopped as a crash would: no checkpoint, connections cut.
    pub fn crash(&self) {
        self.pg_ctl(&["-m", "immediate", "stop"]);
    }

    /// A standby becomes a primary (returns once it takes writes).
    pub fn promote(&self) {
        self.pg_ctl(&["promote"]);
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// A client of the cluster's `postgres` database.
    pub async fn client(&self) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(&self.url(), tokio_postgres::NoTls).await.expect("connect");
        tokio::spawn(connection);
        client
    }

    /// Waits (bounded: thirty seconds) until `name` streams from this primary in `state`
    /// (`async`, or `sync` once `synchronous_standby_names` names it).
    pub async fn wait_for_standby(&self, name: &str, state: &str) {
        let client = self.client().await;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let row = client
                .query_opt(
                    "SELECT 1 FROM pg_stat_replication WHERE application_name = $1 AND state = 'streaming' AND sync_state = $2",
                    &[&name, &state],
                )
                .await
                .unwrap();
            if row.is_some() {
                return;
            }
            assert!(Instant::now() < deadline, "standby {name} is not streaming ({state}) within 30 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.command("pg_ctl").arg("-D").arg(self.data()).args(["-m", "immediate", "stop"]).output();
    }
}

/// A server on `cluster` (a request waits two seconds at most for it), a member of it, and a
/// cash campaign of theirs (5.00 a referral), named after `tag`.
pub async fn server_on(cluster: &Cluster, tag: &str) -> (TestApp, TestMember, u64) {
    let options = Options {
        env: vec![("REFERRALS_DATABASE_URL".into(), cluster.url())],
        config: Some("[storage]\ndatabase_timeout_ms = 2000\n".into()),
        ..Options::default()
    };
    let app = TestApp::spawn_with(options).await;
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"reward_type": 5, "reward_value": "5"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    (app, member, campaign)
}
