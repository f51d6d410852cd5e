//! `referrals-server`: parses flags, loads the layered configuration and runs the server
//! until SIGTERM or SIGINT. All the work is in the library.

use std::process::ExitCode;

use clap::Parser;
use referrals::config::{Config, Overrides};
use referrals::startup::{shutdown_signal, Application};

/// sled allocates and frees on every write (it copies pages as it changes them): glibc's
/// malloc was about a sixth of a durable signup's CPU, mimalloc costs less (see docs/benchmarks.md,
/// "Measured").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The referrals server: brands, campaigns, referral signups and rewards over a JSON API.
///
/// Configuration is layered: built-in defaults < config.toml < REFERRALS_* environment
/// variables < these flags. Data lives in an embedded database under the data directory.
#[derive(Parser)]
#[command(name = "referrals-server", version)]
struct Cli {
    #[command(flatten)]
    overrides: Overrides,
    /// Print every configuration key with its built-in default, as TOML, and exit (the
    /// shipped config.toml says the same, with a comment on each key; a test keeps them equal)
    #[arg(long)]
    print_default_config: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.print_default_config {
        return match toml::to_string(&Config::default()) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("referrals-server: cannot write the defaults: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let config = match Config::load(&cli.overrides, |name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("referrals-server: {e}");
            return ExitCode::from(2);
        }
    };
    let json = config.log.format == referrals::config::LogFormat::Json;
    referrals::telemetry::init(&config.log.level, json);
    let system = actix_web::rt::System::new();
    system.block_on(async move {
        let app = match Application::build(&config).await {
            Ok(app) => app,
            Err(e) => {
                failed(json, &e);
                return ExitCode::FAILURE;
            }
        };
        announce(json, &app, &config);
        match app.run_until(shutdown_signal()).await {
            Ok(stopped) if stopped.drained => ExitCode::SUCCESS,
            // Documented in docs/operating.md: the stop's deadline cut attempts off.
            Ok(_) => ExitCode::from(3),
            Err(e) => {
                failed(json, &e);
                ExitCode::FAILURE
            }
        }
    })
}

/// One line on stdout that scripts and tests read to learn the real port (and the metrics
/// address): plain text, or in JSON log mode a JSON object like every other line the server
/// writes, its `fields.address` the address. Then the same in the log.
fn announce(json: bool, app: &Application, config: &Config) {
    let address = format!("http://{}", app.address());
    let dashboard = format!("{}/dashboard", app.public_url());
    let metrics = app.metrics_address().map(|m| format!("http://{m}/metrics"));
    if json {
        let line = serde_json::json!({
            "timestamp": referrals::domain::now_rfc3339(),
            "level": "INFO",
            "fields": {
                "message": "listening",
                "address": address,
                "public_url": app.public_url(),
                "dashboard": dashboard,
                "metrics": metrics,
            },
            "target": "referrals_server",
        });
        println!("{line}");
    } else {
        let metrics = metrics.map(|m| format!("; metrics on {m}")).unwrap_or_default();
        println!(
            "referrals-server listening on {address} (public URL {}; dashboard {dashboard}{metrics})",
            app.public_url()
        );
    }
    tracing::info!(%address, %dashboard, data_dir = %config.storage.data_dir.display(), "listening");
}

/// Why the server could not start or run, on stderr: in JSON log mode as a JSON line.
fn failed(json: bool, error: &dyn std::fmt::Display) {
    if json {
        let line = serde_json::json!({
            "timestamp": referrals::domain::now_rfc3339(),
            "level": "ERROR",
            "fields": {"message": format!("referrals-server: {error}")},
            "target": "referrals_server",
        });
        eprintln!("{line}");
    } else {
        eprintln!("referrals-server: {error}");
    }
}
