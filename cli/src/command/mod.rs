//! The command tree; one module per subcommand group.

mod backup;
mod brands;
mod coupons;
mod export;
mod keys;
mod mcp;
mod members;
mod plans;
mod rates;

use std::path::PathBuf;

use clap::Subcommand;

use crate::client::AdminClient;
use crate::Cli;

#[derive(Subcommand)]
pub enum Command {
    /// Members: list, create, invite, show, set-plan, disable, enable (server must be running)
    #[command(subcommand)]
    Members(members::Cmd),
    /// A member's API key: generate a new one or show its prefix (server must be running)
    #[command(subcommand)]
    Keys(keys::Cmd),
    /// Subscription plans: list, create, update, delete (server must be running)
    #[command(subcommand)]
    Plans(plans::Cmd),
    /// Brands: vouch for a brand's or a partner's website when it cannot serve its proof file; link a brand to a
    /// crypto-token network for the legacy token rewards (server must be running)
    #[command(subcommand)]
    Brands(brands::Cmd),
    /// Coupon codes: import a file into a campaign's pool (server must be running)
    #[command(subcommand)]
    Coupons(coupons::Cmd),
    /// Exchange rates: import the European Central Bank's CSV for a member (server must be running)
    #[command(subcommand)]
    Rates(rates::Cmd),
    /// Export a brand's participants (or, with --rewards, its rewards) as CSV (server must be running)
    ///
    /// Every campaign of the brand, oldest participant first, each row led by its campaign's
    /// id; the columns are those of GET /campaigns/:id/participants.csv (or rewards.csv).
    /// Cells a spreadsheet would run as a formula are neutralised.
    Export {
        /// The brand's id
        #[arg(long)]
        brand: u64,
        /// Where to write the CSV
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Export the rewards, with their state history, instead of the participants
        #[arg(long)]
        rewards: bool,
        /// Replace FILE if it exists
        #[arg(long)]
        force: bool,
    },
    /// Write a consistent snapshot of the whole database to FILE (server must be running)
    ///
    /// The server copies every tree while writes go on (they wait only a moment as the copy
    /// begins and as it ends), then streams the copy; refctl saves it as FILE.partial,
    /// verifies its checksum and renames it to FILE. Every signup acknowledged before the
    /// copy ended is in it. The server secret (secret.key in the data directory, or [auth]
    /// secret) is not: keep it with your backups.
    Backup {
        /// Where to write the backup
        file: PathBuf,
        /// Replace FILE if it exists
        #[arg(long)]
        force: bool,
    },
    /// Restore a backup into a data directory, or into an empty PostgreSQL database
    /// (offline: the server must be stopped)
    ///
    /// The only command that opens the database itself, so it refuses while a server holds
    /// it. With --data-dir, the backup is checked and written to DIR/db.restoring, then
    /// swapped in; the database it replaces is kept as DIR/db.before-restore-<time>. With
    /// --database-url, a backup is loaded into an empty PostgreSQL database: one taken from
    /// PostgreSQL in one transaction, one taken from the embedded database record by record
    /// (the move to PostgreSQL), emptied again if anything fails. Then start the server on
    /// it with the same secret as before (the embedded database's secret.key as
    /// REFERRALS_SECRET).
    Restore {
        /// A file written by refctl backup
        file: PathBuf,
        /// The server's data directory (its [storage] data_dir)
        #[arg(long, value_name = "DIR", required_unless_present = "database_url", conflicts_with = "database_url")]
        data_dir: Option<PathBuf>,
        /// An empty PostgreSQL database (postgres://user:password@host:port/database)
        #[arg(long, value_name = "URL")]
        database_url: Option<String>,
    },
    /// Serve MCP over stdio: an assistant runs the member's programme with their API key
    ///
    /// For an MCP client on the member's machine (its command: refctl mcp). The tools are the
    /// API's operations, read from the running server's OpenAPI document; each call is made
    /// with the key in REFERRALS_API_KEY, so a scoped key's scopes decide what the assistant
    /// may do (a key with scopes ["read"] changes nothing). Reads are marked read-only; every
    /// write is idempotent. Needs no admin token.
    Mcp {
        /// The member's API key
        #[arg(long, env = "REFERRALS_API_KEY", hide_env_values = true)]
        api_key: Option<String>,
    },
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish, powershell)
    ///
    /// For bash: refctl completions bash > /etc/bash_completion.d/refctl (the Debian package
    /// installs it).
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print refctl's man page (roff), made from these very help texts
    Man,
}

pub fn run(cli: &Cli) -> Result<(), String> {
    // Built on first use: restore is offline and needs neither a server nor a token.
    let client = || AdminClient::new(cli);
    match &cli.command {
        Command::Completions { shell } => {
            clap_complete::generate(
                *shell,
                &mut <Cli as clap::CommandFactory>::command(),
                "refctl",
                &mut std::io::stdout(),
            );
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(<Cli as clap::CommandFactory>::command())
            .render(&mut std::io::stdout())
            .map_err(|e| format!("cannot write the man page: {e}")),
        Command::Mcp { api_key } => mcp::serve(&crate::client::server_base(cli), api_key.as_deref()),
        Command::Members(cmd) => members::run(cmd, &client()?, cli.json),
        Command::Keys(cmd) => keys::run(cmd, &client()?, cli.json),
        Command::Plans(cmd) => plans::run(cmd, &client()?, cli.json),
        Command::Brands(cmd) => brands::run(cmd, &client()?, cli.json),
        Command::Coupons(cmd) => coupons::run(cmd, &client()?, cli.json),
        Command::Rates(cmd) => rates::run(cmd, &client()?, cli.json),
        Command::Export { brand, out, rewards, force } => {
            export::export(&client()?, *brand, out, *rewards, *force, cli.json)
        }
        Command::Backup { file, force } => backup::backup(&client()?, file, *force, cli.json),
        Command::Restore { file, data_dir: Some(data_dir), .. } => backup::restore(file, data_dir, cli.json),
        Command::Restore { file, database_url: Some(url), .. } => backup::restore_postgres(file, url, cli.json),
        Command::Restore { .. } => Err("name where to restore: --data-dir DIR or --database-url URL".into()),
    }
}
