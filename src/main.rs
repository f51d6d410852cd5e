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
    referrals::telemetry::init(&config.log.level, config.log.format == referrals::config::LogFormat::Json);
    let system = actix_web::rt::System::new();
    system.block_on(async move {
        let app = match Application::build(&config).await {
            Ok(app) => app,
            Err(e) => {
                eprintln!("referrals-server: {e}");
                return ExitCode::FAILURE;
            }
        };
        // One plain line on stdout that scripts and tests read to learn the real port (and the
        // metrics address, on the same line).
        let metrics = app.metrics_address().map(|m| format!("; metrics on http://{m}/metrics")).unwrap_or_default();
        println!(
            "referrals-server listening on http://{} (public URL {}; dashboard {}/dashboard{metrics})",
            app.address(),
            app.public_url(),
            app.public_url()
        );
        let dashboard = format!("{}/dashboard", app.public_url());
        tracing::info!(address = %app.address(), %dashboard, data_dir = %config.storage.data_dir.display(), "listening");
        match app.run_until(shutdown_signal()).await {
            Ok(stopped) if stopped.drained => ExitCode::SUCCESS,
            // Documented in docs/operating.md: the stop's deadline cut attempts off.
            Ok(_) => ExitCode::from(3),
            Err(e) => {
                eprintln!("referrals-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
