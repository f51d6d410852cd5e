//! Building and running the application: open the store, derive keys, start the brand actors,
//! bind the listener (reading the port back, so tests and `--bind 127.0.0.1:0` work), serve
//! until told to stop, then drain requests, stop actors and flush.
//! Kept in one file, over 500 lines, so that the start-up reads top to bottom in the order it
//! happens; what it wires lives in the modules it names (the background tasks are the part to
//! move out next).

mod data_dir;

use std::future::Future;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

use actix::{Actor, Addr};
use actix_web::dev::Server;
use actix_web::http::header;
use actix_web::{middleware, web, App, HttpResponse, HttpServer};

use crate::actors::{BrandRegistry, BrandSettings, Tallies};
use crate::auth::{jwt::TokenSettings, AuthKeys, ServerSecret};
use crate::config::{Backend, Config};
use crate::domain::engine::Mailing;
use crate::emails::{Mailer, MailerSettings, SmtpSender};
use crate::http::{self, AppState};
use crate::store::{BackupHold, SharedStorage, StoreOptions};
use crate::webhooks::dispatcher::DispatcherSettings;
use crate::webhooks::WebhookDispatcher;

/// Why the server could not start. Printed as one line for the operator.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("cannot create data directory {path}, or make it its user's alone: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error(transparent)]
    Secret(#[from] crate::auth::secret::SecretError),
    /// The database holds data sealed with a server secret, and none is here.
    #[error(
        "{database} was written with a server secret that is not here: copy secret.key from the data directory it \
         came from into {dir}, or set [auth] secret (REFERRALS_SECRET) to that secret. Starting with a new secret \
         would leave every stored API key and webhook secret unreadable, so the server does not start"
    )]
    SecretMissing { database: String, dir: String },
    /// The secret given is not the one the database was written with.
    #[error(
        "the server secret from {origin} is not the one {database} was written with: use the secret.key (or [auth] \
         secret, REFERRALS_SECRET) that belongs with this database"
    )]
    SecretMismatch { origin: String, database: String },
    #[error("cannot open {database}: {message}")]
    Store { database: String, message: String },
    #[error("cannot listen on {bind}: {source}")]
    Bind { bind: String, source: std::io::Error },
    #[error("cannot start webhook delivery: {0}")]
    Webhooks(String),
    #[error("cannot start sending email: {0}")]
    Email(String),
    #[error("{0}")]
    Faults(String),
    /// A setting the configuration check should have refused.
    #[error("{0}")]
    Config(String),
}

/// A built, bound, not yet running server.
pub struct Application {
    /// `GET /metrics` on its own address, when configured: the address and its server.
    metrics: Option<(SocketAddr, Server)>,
    address: SocketAddr,
    public_url: String,
    server: Server,
    store: SharedStorage,
    brands: BrandRegistry,
    /// Where the webhook dispatcher and the mailer run; stopped at shutdown, once they are
    /// drained (pending deliveries and emails stay queued in the store and resume at the next
    /// start).
    webhooks_arbiter: actix::Arbiter,
    webhooks: Addr<WebhookDispatcher>,
    mailer: Option<Addr<Mailer>>,
    /// `server.shutdown_timeout_secs`: the whole stop's deadline, from the signal.
    shutdown_timeout: Duration,
    /// Pending click, impression and share counts, and the task that hands them over.
    tallies: Tallies,
    tally_task: tokio::task::JoinHandle<()>,
    /// The task that issues held rewards whose hold period ended.
    hold_task: tokio::task::JoinHandle<()>,
    /// The task that records the winners of contests whose window ended.
    contest_task: tokio::task::JoinHandle<()>,
    /// Composes the daily digests; none when the server sends no email.
    digest_task: Option<tokio::task::JoinHandle<()>>,
}

/// The server secret: configured, or `<data_dir>/secret.key`, or a new one for a database that
/// holds nothing sealed. Whichever it is must be the one the database was written with (its
/// recorded check value); the first start records it.
async fn server_secret(config: &Config, store: &SharedStorage) -> Result<ServerSecret, StartupError> {
    let data_dir = &config.storage.data_dir;
    let dir = data_dir.display().to_string();
    let database = match config.storage.backend {
        Backend::Sled => format!("the database in {dir}"),
        Backend::Postgres => "the PostgreSQL database".to_owned(),
    };
    let store_error =
        |e: crate::store::StoreError| StartupError::Store { database: database.clone(), message: e.to_string() };
    let recorded = store.secret_check().await.map_err(store_error)?;
    let (secret, origin) = if !config.auth.secret.is_empty() {
        (ServerSecret::from_hex(&config.auth.secret)?, "[auth] secret (REFERRALS_SECRET)".to_owned())
    } else {
        let file = data_dir.join(crate::auth::secret::SECRET_FILE).display().to_string();
        match ServerSecret::load(data_dir)? {
            Some(secret) => (secret, file),
            None if recorded.is_some() || store.holds_sealed_data().await.map_err(store_error)? => {
                return Err(StartupError::SecretMissing { database, dir })
            }
            None => (ServerSecret::create(data_dir)?, file),
        }
    };
    match recorded {
        Some(check) if check[..] != secret.check_value()[..] => Err(StartupError::SecretMismatch { origin, database }),
        Some(_) => Ok(secret),
        None => {
            store.record_secret_check(&secret.check_value()).await.map_err(store_error)?;
            Ok(secret)
        }
    }
}

impl Application {
    /// Everything but serving. Must run inside an actix System (the brand actors need one).
    pub async fn build(config: &Config) -> Result<Self, StartupError> {
        let data_dir = &config.storage.data_dir;
        data_dir::private_from_now_on();
        data_dir::create_private(data_dir)
            .map_err(|source| StartupError::DataDir { path: data_dir.display().to_string(), source })?;
        let faults = crate::faults::Faults::from_env().map_err(StartupError::Faults)?;
        if faults.any() {
            tracing::warn!(?faults, "test faults are switched on; never run like this in production");
        }
        let options = StoreOptions {
            cache_capacity: config.storage.cache_capacity_mb * 1024 * 1024,
            idle_flush: Duration::from_millis(config.storage.idle_flush_ms.max(10)),
            fail_flush_trigger: faults.disk_flush.then(|| data_dir.join(crate::faults::FAIL_FLUSH_TRIGGER)),
            backup_hold: faults.backup_hold.then(|| BackupHold {
                trigger: data_dir.join(crate::faults::BACKUP_HOLD_TRIGGER),
                marker: data_dir.join(crate::faults::BACKUP_HELD_MARKER),
            }),
        };
        let store = match config.storage.backend {
            Backend::Sled => crate::store::open_embedded(data_dir, &options).map_err(|e| StartupError::Store {
                database: format!("the database in {}", data_dir.display()),
                message: describe_open_error(&e),
            })?,
            Backend::Postgres => {
                let options = crate::store::PostgresOptions {
                    url: config.storage.database_url.trim().to_owned(),
                    pool_size: config.storage.pool_size as usize,
                    timeout: Duration::from_millis(config.storage.database_timeout_ms),
                    delivery_lease: Duration::from_secs(config.webhooks.lease_secs),
                    server_id: server_id(data_dir)?,
                };
                crate::store::open_postgres(&options).await.map_err(|e| StartupError::Store {
                    database: "the PostgreSQL database (storage.database_url)".into(),
                    message: e.to_string(),
                })?
            }
        };
        let secret = server_secret(config, &store).await?;
        let token_settings = TokenSettings {
            issuer: config.auth.token_issuer.clone(),
            ttl: chrono::Duration::days(config.auth.token_ttl_days.into()),
        };
        let auth = AuthKeys::derive(&secret, token_settings);
        http::registration::check_default_plan(&store, config.members.default_plan).await;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let listener = TcpListener::bind(&config.server.bind)
            .map_err(|source| StartupError::Bind { bind: config.server.bind.clone(), source })?;
        let address =
            listener.local_addr().map_err(|source| StartupError::Bind { bind: config.server.bind.clone(), source })?;
        let public_url = if config.server.public_url.is_empty() {
            format!("http://{address}")
        } else {
            config.server.public_url.trim_end_matches('/').to_owned()
        };
        let mailing = config.email.enabled.then(|| {
            let (links, site) = (auth.unsubscribe.clone(), public_url.clone());
            let (digest_links, digest_site) = (auth.unsubscribe.clone(), public_url.clone());
            std::sync::Arc::new(Mailing {
                site: public_url.clone(),
                unsubscribe_link: std::sync::Arc::new(move |campaign_id, participant_id| {
                    format!("{site}/unsubscribe/{}", links.token(campaign_id, participant_id))
                }),
                digest_off_link: std::sync::Arc::new(move |campaign_id| {
                    format!("{digest_site}/unsubscribe/{}", digest_links.digest_token(campaign_id))
                }),
                owners_confirm: config.members.registration == crate::config::Registration::Open,
            })
        });
        let brand_settings =
            BrandSettings { hold_day_ms: config.rewards.hold_day_seconds as i64 * 1000, mailing: mailing.clone() };
        // An arbiter a core: no brand's work waits on an arbiter's thread (PostgreSQL's
        // decisions wait for their reads on the store's own threads, see
        // store/postgres/session.rs).
        let brands = BrandRegistry::new(store.clone(), cores, brand_settings);
        let tallies = Tallies::default();
        let tally_task = tallies.start(brands.clone(), options.idle_flush);

        let admin_token_digest = (!config.admin.token.is_empty()).then(|| {
            use sha2::Digest;
            sha2::Sha256::digest(config.admin.token.as_bytes()).into()
        });
        let admin_enabled = admin_token_digest.is_some();
        let dispatcher_settings = DispatcherSettings {
            config: config.webhooks.clone(),
            site: public_url.clone(),
            secrets: auth.webhook_secrets.clone(),
        };
        let resumed = WebhookDispatcher::resume(&store, &config.webhooks).await.map_err(StartupError::Webhooks)?;
        let dispatcher = WebhookDispatcher::new(store.clone(), dispatcher_settings, resumed)
            .map_err(|e| StartupError::Webhooks(e.to_string()))?;
        let webhooks_arbiter = actix::Arbiter::new();
        webhooks_arbiter.spawn_fn(crate::webhooks::dispatcher::lower_priority);
        let webhooks = WebhookDispatcher::start_in_arbiter(&webhooks_arbiter.handle(), move |_| dispatcher);
        // One SMTP client: the mailer's outbox and the portal's sign-in links.
        let smtp = mailing.as_ref().map(|_| SmtpSender::new(&config.email, &public_url).map(Arc::new));
        let smtp = smtp.transpose().map_err(StartupError::Email)?;
        let mailer = smtp.clone().map(|sender| {
            let hold = faults.mail_hold.then(|| data_dir.join(crate::faults::MAIL_HOLD_TRIGGER));
            let (store, settings) = (store.clone(), MailerSettings { config: config.email.clone(), hold });
            Mailer::start_in_arbiter(&webhooks_arbiter.handle(), move |_| Mailer::new(store, sender, settings))
        });
        let digest_task = mailing.is_some().then(|| {
            let every = Duration::from_millis(config.email.digest_interval_ms);
            crate::actors::digests::start(store.clone(), brands.clone(), config.email.digest_hour, every)
        });
        let hold_wake = webhooks.clone();
        let hold_task = crate::actors::holds::start(
            store.clone(),
            brands.clone(),
            Duration::from_millis(config.rewards.release_interval_ms),
            move |deliveries| hold_wake.do_send(crate::webhooks::NewDeliveries(deliveries)),
        );
        let contest_wake = webhooks.clone();
        let contest_task = crate::actors::contests::start(
            store.clone(),
            brands.clone(),
            Duration::from_millis(config.rewards.release_interval_ms),
            move |deliveries| contest_wake.do_send(crate::webhooks::NewDeliveries(deliveries)),
        );
        let state = web::Data::new(AppState {
            store: store.clone(),
            auth,
            brands: brands.clone(),
            public_url: public_url.clone(),
            body_limit: config.server.max_body_bytes,
            admin_token_digest,
            webhooks: webhooks.clone(),
            max_webhooks_per_member: config.webhooks.max_per_member,
            allow_private_webhook_targets: config.webhooks.allow_private_targets,
            domain_checks: crate::webhooks::domain_check::DomainChecker::new(&config.webhooks)
                .map_err(|e| StartupError::Webhooks(e.to_string()))?,
            tallies: tallies.clone(),
            limiters: http::rate_limit::Limiters::new(&config.rate_limits),
            faults,
            portal_mail: smtp,
            registration: config.members.registration,
            default_plan: config.members.default_plan,
            first_account: Default::default(),
            mcp: crate::mcp::http_service(&http::openapi::as_json(&public_url)),
        });
        // Keyed limiters remember every key they saw, and the store what imports asked of it:
        // forget the idle ones each minute.
        let limiter_state = state.clone();
        actix::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                limiter_state.limiters.forget_idle();
                limiter_state.store.forget_idle();
            }
        });
        // The fraud rules' client prints are forgotten after 30 days: look at start, then hourly.
        let print_store = store.clone();
        actix::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(3600));
            loop {
                tick.tick().await;
                match print_store.forget_old_prints(chrono::Utc::now().timestamp_millis()).await {
                    Ok(0) => {}
                    Ok(forgotten) => tracing::info!(forgotten, "forgot old client prints"),
                    Err(error) => tracing::warn!(%error, "old client prints not forgotten; trying again in an hour"),
                }
            }
        });
        let public_limits = http::rate_limit::public_limits(&config.rate_limits);
        let workers = if config.server.workers == 0 { cores } else { config.server.workers };
        let in_flight = web::Data::new(http::body_deadline::InFlight::configured(&config.server));
        // Checked when the configuration was read; `http::client` reads it for every request.
        let trusted_proxies = web::Data::new(
            crate::config::proxies::TrustedProxies::parse(&config.server.trusted_proxies)
                .map_err(StartupError::Config)?,
        );
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(in_flight.clone())
                .app_data(trusted_proxies.clone())
                // Around every route, before anything reads a body (`body_deadline.rs`).
                .wrap(middleware::from_fn(http::body_deadline::middleware))
                // Around every route: every answer, a rate-limit refusal too, gets both.
                .wrap(middleware::DefaultHeaders::new().add((header::X_CONTENT_TYPE_OPTIONS, "nosniff")))
                .wrap(middleware::from_fn(http::openapi::refuse_unknown))
                .wrap(middleware::from_fn(http::openapi::mark_need))
                .wrap(middleware::from_fn(http::request_id::middleware))
                .configure(|cfg| http::configure(cfg, admin_enabled, &public_limits))
                .default_service(web::to(http::fallback::not_found))
        })
        .workers(workers)
        // Signals are ours: SIGINT and SIGTERM both mean a graceful stop (actix would treat
        // SIGINT as a forced one), followed by the final flush.
        .disable_signals()
        .shutdown_timeout(config.server.shutdown_timeout_secs)
        .listen(listener)
        .map_err(|source| StartupError::Bind { bind: config.server.bind.clone(), source })?
        .run();
        let metrics = metrics_server(config.server.metrics_bind.trim())?;
        Ok(Self {
            address,
            metrics,
            public_url,
            server,
            store,
            brands,
            webhooks_arbiter,
            webhooks,
            mailer,
            shutdown_timeout: Duration::from_secs(config.server.shutdown_timeout_secs),
            tallies,
            tally_task,
            hold_task,
            contest_task,
            digest_task,
        })
    }

    /// The address actually bound (the real port when 0 was asked for).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Where `GET /metrics` is served, when `server.metrics_bind` asks for it.
    pub fn metrics_address(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|(address, _)| *address)
    }

    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    /// Serves until `shutdown` resolves; then stops accepting, lets in-flight requests finish,
    /// stops the brand actors, lets the webhook and email attempts under way finish and be
    /// logged (starting none), and flushes the store; all of it within `shutdown_timeout`
    /// of the signal. Says whether everything was drained in time.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<Stopped> {
        let handle = self.server.handle();
        let server = self.server;
        let metrics = self.metrics.map(|(_, server)| {
            let handle = server.handle();
            actix_web::rt::spawn(server);
            handle
        });
        let timeout = self.shutdown_timeout;
        let stopper = async move {
            shutdown.await;
            let deadline = tokio::time::Instant::now() + timeout;
            tracing::info!("shutting down: finishing in-flight requests");
            handle.stop(true).await;
            if let Some(metrics) = metrics {
                metrics.stop(false).await;
            }
            deadline
        };
        let (served, deadline) = futures_util::future::join(server, stopper).await;
        // Counts gathered since the last hand-over reach the store before the final flush.
        self.tally_task.abort();
        self.hold_task.abort();
        self.contest_task.abort();
        if let Some(task) = &self.digest_task {
            task.abort();
        }
        self.tallies.hand_over(&self.brands).await;
        self.brands.shutdown();
        let drained = drain_outbound(&self.webhooks, self.mailer.as_ref(), deadline).await;
        if drained {
            self.webhooks_arbiter.stop();
        }
        // Else left to the process's exit: stopping the arbiter would drop the attempts still
        // under way outside any runtime, where lettre's pool panics. They start nothing more.
        // Every request's decision was answered, so its batch committed; the brands' actors
        // stopped with their arbiters. Then the final flush.
        let (webhooks, emails) = left_queued(&self.store).await;
        self.store.close().await.map_err(std::io::Error::other)?;
        let counted = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let queued = format!(
            "{} and {} left queued, sent after the next start (or by another server sharing the database)",
            counted(webhooks, "webhook delivery", "webhook deliveries"),
            counted(emails, "email", "emails")
        );
        if drained {
            tracing::info!(webhooks, emails, "stopped cleanly; {queued}");
        } else {
            tracing::warn!(
                webhooks,
                emails,
                "stopped at the deadline (server.shutdown_timeout_secs) with webhook or email attempts under way: \
                 they are made again after the next start; {queued}"
            );
        }
        served.map(|()| Stopped { drained })
    }
}

/// How a stop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// Every webhook and email attempt under way at the stop finished and was logged before
    /// the deadline; false: some were cut off, and are made again after the next start.
    pub drained: bool,
}

/// Lets the webhook and email attempts under way finish and be logged, starting none, until
/// `deadline`. True when they all did.
async fn drain_outbound(
    webhooks: &Addr<WebhookDispatcher>,
    mailer: Option<&Addr<Mailer>>,
    deadline: tokio::time::Instant,
) -> bool {
    let emails = async {
        match mailer {
            Some(mailer) => mailer.send(crate::emails::Drain).await.is_ok(),
            None => true,
        }
    };
    let both = futures_util::future::join(webhooks.send(crate::webhooks::Drain), emails);
    matches!(tokio::time::timeout_at(deadline, both).await, Ok((Ok(()), true)))
}

/// How many webhook deliveries and emails wait in the store at a stop (counted up to a
/// million each): what the next start sends. A count that cannot be read is left out as 0;
/// the stop goes on.
async fn left_queued(store: &SharedStorage) -> (usize, usize) {
    let webhooks = store.pending_deliveries().await.map(|pending| pending.len()).unwrap_or(0);
    let emails = store.due_emails(i64::MAX, 1_000_000).await.map(|due| due.len()).unwrap_or(0);
    (webhooks, emails)
}

/// `GET /metrics` on `bind` (one worker; nothing else is served there), or `None` when
/// `bind` is empty.
fn metrics_server(bind: &str) -> Result<Option<(SocketAddr, Server)>, StartupError> {
    if bind.is_empty() {
        return Ok(None);
    }
    let failed = |source| StartupError::Bind { bind: bind.to_owned(), source };
    let listener = TcpListener::bind(bind).map_err(failed)?;
    let address = listener.local_addr().map_err(failed)?;
    let server = HttpServer::new(|| {
        App::new().route(
            "/metrics",
            web::get().to(|| async {
                HttpResponse::Ok().content_type(crate::metrics::CONTENT_TYPE).body(crate::metrics::render())
            }),
        )
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .map_err(failed)?
    .run();
    Ok(Some((address, server)))
}

/// sled reports a second process on the same directory as an I/O error about a lock.
/// This server's id among the servers on one database, kept in `<data_dir>/server.id` from
/// its first start: a restarted server takes the webhook deliveries it held back at once
/// (another server would wait for their leases to run out). Each server needs a data
/// directory of its own.
fn server_id(data_dir: &std::path::Path) -> Result<u64, StartupError> {
    let path = data_dir.join("server.id");
    let failed = |source| StartupError::DataDir { path: path.display().to_string(), source };
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            u64::from_str_radix(text.trim(), 16).ok().filter(|&id| id != 0 && id <= i64::MAX as u64).ok_or_else(|| {
                StartupError::Config(format!(
                    "{} does not hold a server id (16 hexadecimal characters); delete it and a new one is made",
                    path.display()
                ))
            })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let id = (rand::random::<u64>() & i64::MAX as u64).max(1);
            std::fs::write(&path, format!("{id:016x}\n")).map_err(failed)?;
            Ok(id)
        }
        Err(e) => Err(failed(e)),
    }
}

fn describe_open_error(e: &crate::store::StoreError) -> String {
    let text = e.to_string();
    if text.contains("lock") {
        format!("{text} (is another referrals-server using this data directory?)")
    } else {
        text
    }
}

/// Resolves on SIGTERM or SIGINT (Ctrl-C).
pub async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(mut term), Ok(mut int)) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
            }
            _ => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
