//! The chaos run's faults, one at a time at random moments while the load goes on: a server
//! killed (SIGKILL) or stopped (SIGTERM) and started again; the webhook receiver or the SMTP
//! server down for a moment; on the embedded store a disk that fails its flushes (the
//! `disk_flush` fault hook: 503 until the operator restarts); on PostgreSQL the database
//! crashed and restarted, and once its synchronous standby promoted in its place (a new
//! standby then follows the new primary).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;

use crate::helpers::{Options, TestApp};
use crate::load::Load;
use crate::pg_cluster::Cluster;
use crate::receiver::Receiver;
use crate::smtp_sink::SmtpSink;

/// The database of a PostgreSQL run: a primary and its synchronous standby.
pub struct Database {
    pub primary: Cluster,
    pub standby: Cluster,
    /// Standbys made so far (each gets a new name).
    pub made: u32,
    pub promoted: bool,
}

impl Database {
    pub async fn new() -> Self {
        let primary = Cluster::new();
        let standby = Cluster::standby_of(&primary, "standby1");
        let database = Self { primary, standby, made: 1, promoted: false };
        database.synchronous("standby1").await;
        database
    }

    /// Makes the primary wait for `name` at each commit: a promotion then loses nothing
    /// acknowledged.
    async fn synchronous(&self, name: &str) {
        let client = self.primary.client().await;
        client.batch_execute(&format!("ALTER SYSTEM SET synchronous_standby_names = '{name}'")).await.unwrap();
        client.batch_execute("SELECT pg_reload_conf()").await.unwrap();
        self.primary.wait_for_standby(name, "sync").await;
    }

    /// The servers' URL: both hosts, the one taking writes chosen at each connection.
    pub fn url(&self) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/postgres?target_session_attrs=read-write",
            self.primary.port, self.standby.port
        )
    }

    /// The primary crashes, the standby takes over, and a new standby of it is made and made
    /// synchronous (commits wait meanwhile).
    async fn promote(&mut self) {
        self.primary.crash();
        self.standby.promote();
        self.made += 1;
        let name = format!("standby{}", self.made);
        let standby = tokio::task::block_in_place(|| Cluster::standby_of(&self.standby, &name));
        let old = std::mem::replace(&mut self.primary, std::mem::replace(&mut self.standby, standby));
        drop(old);
        self.synchronous(&name).await;
        self.promoted = true;
    }
}

/// Everything a fault may touch.
pub struct Targets {
    pub servers: Vec<TestApp>,
    pub options: Options,
    pub receiver: Arc<Receiver>,
    pub sink: SmtpSink,
    pub database: Option<Database>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fault {
    Kill,
    Term,
    ReceiverDown,
    SmtpDown,
    DiskFails,
    DatabaseRestart,
    Promotion,
}

/// Faults injected, by kind, and how many stops cut attempts off (exit 3).
#[derive(Default, Debug)]
pub struct Injected {
    pub faults: BTreeMap<String, u64>,
    pub cut_stops: u64,
}

impl Targets {
    /// Injects faults until `deadline`, then leaves everything up.
    pub async fn run(&mut self, load: &Load, deadline: Instant) -> Injected {
        let mut injected = Injected::default();
        let half = Instant::now() + deadline.saturating_duration_since(Instant::now()) / 2;
        while Instant::now() < deadline {
            let pause = Duration::from_millis(rand::thread_rng().gen_range(1000..4000));
            tokio::time::sleep(pause.min(deadline.saturating_duration_since(Instant::now()))).await;
            if Instant::now() >= deadline {
                break;
            }
            let fault = self.pick(Instant::now() >= half);
            let at = Instant::now();
            self.inject(fault, load, &mut injected).await;
            eprintln!("chaos: {fault:?} took {} ms", at.elapsed().as_millis());
            *injected.faults.entry(format!("{fault:?}")).or_default() += 1;
        }
        injected
    }

    fn pick(&self, past_half: bool) -> Fault {
        let mut kinds = vec![Fault::Kill, Fault::Kill, Fault::Term, Fault::ReceiverDown, Fault::SmtpDown];
        match &self.database {
            None => kinds.push(Fault::DiskFails),
            Some(database) => {
                kinds.push(Fault::DatabaseRestart);
                if past_half && !database.promoted {
                    return Fault::Promotion;
                }
            }
        }
        *kinds.choose(&mut rand::thread_rng()).unwrap()
    }

    async fn inject(&mut self, fault: Fault, load: &Load, injected: &mut Injected) {
        let which = rand::thread_rng().gen_range(0..self.servers.len());
        let moment = Duration::from_millis(rand::thread_rng().gen_range(300..2500));
        match fault {
            Fault::Kill => {
                self.servers[which].kill();
                self.start(which, load).await;
            }
            Fault::Term => self.stop_and_start(which, load, injected).await,
            Fault::ReceiverDown => {
                self.receiver.stop();
                tokio::time::sleep(moment).await;
                self.receiver.start_again().await;
            }
            Fault::SmtpDown => {
                self.sink.stop();
                tokio::time::sleep(moment).await;
                self.sink.restart();
            }
            Fault::DiskFails => {
                let trigger = self.servers[which].data_dir.join("fail-flush");
                std::fs::write(&trigger, b"").unwrap();
                tokio::time::sleep(moment).await;
                std::fs::remove_file(&trigger).unwrap();
                // Nothing is acknowledged after a failed flush until a restart.
                self.stop_and_start(which, load, injected).await;
            }
            Fault::DatabaseRestart => {
                let database = self.database.as_ref().unwrap();
                tokio::task::block_in_place(|| database.primary.crash());
                tokio::time::sleep(moment).await;
                tokio::task::block_in_place(|| database.primary.start());
            }
            Fault::Promotion => {
                self.database.as_mut().unwrap().promote().await;
                // Servers started from now on name the new pair.
                let url = self.database.as_ref().unwrap().url();
                for (name, value) in &mut self.options.env {
                    if name == "REFERRALS_DATABASE_URL" {
                        *value = url.clone();
                    }
                }
            }
        }
    }

    /// SIGTERM: a graceful stop (0, or 3 when its deadline cut attempts off), then a start.
    async fn stop_and_start(&mut self, which: usize, load: &Load, injected: &mut Injected) {
        let status = tokio::task::block_in_place(|| self.servers[which].signal("TERM"));
        match status.code() {
            Some(0) => {}
            Some(3) => injected.cut_stops += 1,
            other => panic!("a graceful stop exited {other:?}:\n{}", self.servers[which].log()),
        }
        self.start(which, load).await;
    }

    async fn start(&mut self, which: usize, load: &Load) {
        self.servers[which].start_with(self.options.clone()).await;
        *load.addresses[which].write().unwrap() = self.servers[which].address.clone();
    }
}
