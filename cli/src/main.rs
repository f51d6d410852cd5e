//! `refctl`: the operator's command-line tool for a referrals server.
//!
//! sled lets only one process open the database, so `refctl` never opens it: every command is
//! a request to the running server's admin API (`/admin/v1`), authenticated with the admin
//! token. This is the command skeleton and its help; the commands arrive with the admin API.

use clap::Parser;

/// Administer a running referrals server: members, API keys, plans, coupon imports, backups.
///
/// refctl talks to the server's admin API over HTTP, so the server must be running (the
/// database allows one process at a time). The admin API is enabled by setting an admin
/// token in the server's config.toml ([admin] token) or REFERRALS_ADMIN_TOKEN.
#[derive(Parser)]
#[command(name = "refctl", version)]
struct Cli {
    /// Base URL of the running server
    #[arg(long, global = true, env = "REFCTL_SERVER", default_value = "http://127.0.0.1:8080")]
    server: String,
    /// Admin token (the server's [admin] token)
    #[arg(long, global = true, env = "REFERRALS_ADMIN_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Print machine-readable JSON instead of tables
    #[arg(long, global = true)]
    json: bool,
}

fn main() {
    use clap::CommandFactory;
    // The subcommands (members, keys, plans, coupons, backup, restore) arrive with the admin
    // API; until then the parsed globals are only validated and the help is shown.
    let _cli = Cli::parse();
    let _ = Cli::command().print_help();
}
