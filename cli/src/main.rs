//! `refctl`: the operator's command-line tool for a referrals server.
//!
//! sled lets only one process open the database, so `refctl` does not open it while a server
//! runs: every command but one is a request to the running server's admin API (`/admin/v1`),
//! authenticated with the admin token. The exception is `refctl restore`, which runs with the
//! server stopped and refuses otherwise. The module tree mirrors the command tree:
//! `command/members.rs` is `refctl members …`.

mod client;
mod command;
mod output;

use std::process::ExitCode;

use clap::Parser;

/// Administer a referrals server: members, API keys, plans, brands, coupons and backups.
///
/// refctl talks to the server's admin API over HTTP, so the server must be running (the
/// database allows one process at a time); only `refctl restore` works on a stopped server. The admin API is enabled by setting an admin
/// token in the server's config.toml ([admin] token) or REFERRALS_ADMIN_TOKEN; refctl reads
/// the same token from --token, REFERRALS_ADMIN_TOKEN, the config file, or the environment
/// file beside it. Installed from the Debian package, `sudo refctl …` finds both in
/// /etc/referrals.
#[derive(Parser)]
#[command(name = "refctl", version, propagate_version = true)]
pub struct Cli {
    /// Base URL of the running server [default: the config file's server.bind, else http://127.0.0.1:8080]
    #[arg(long, global = true, env = "REFCTL_SERVER")]
    server: Option<String>,
    /// Admin token [default: the config file's admin.token, else REFERRALS_ADMIN_TOKEN in the
    /// file `environment` beside it (the package's /etc/referrals/environment)]
    #[arg(long, global = true, env = "REFERRALS_ADMIN_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// The server's configuration file, for the defaults above [default: ./config.toml, else
    /// the package's /etc/referrals/config.toml]
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<std::path::PathBuf>,
    /// Print machine-readable JSON instead of tables
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: command::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match command::run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("refctl: {error}");
            ExitCode::FAILURE
        }
    }
}
