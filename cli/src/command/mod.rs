//! The command tree; one module per subcommand group.

mod brands;
mod coupons;
mod keys;
mod members;
mod plans;

use clap::Subcommand;

use crate::client::AdminClient;
use crate::Cli;

#[derive(Subcommand)]
pub enum Command {
    /// Members: list, create, show, set-plan, disable, enable (server must be running)
    #[command(subcommand)]
    Members(members::Cmd),
    /// A member's API key: generate a new one or show its prefix (server must be running)
    #[command(subcommand)]
    Keys(keys::Cmd),
    /// Subscription plans: list, create, update, delete (server must be running)
    #[command(subcommand)]
    Plans(plans::Cmd),
    /// Brands: link or unlink a token network (server must be running)
    #[command(subcommand)]
    Brands(brands::Cmd),
    /// Coupon codes: import a file into a campaign's pool (server must be running)
    #[command(subcommand)]
    Coupons(coupons::Cmd),
}

pub fn run(cli: &Cli) -> Result<(), String> {
    let client = AdminClient::new(cli)?;
    match &cli.command {
        Command::Members(cmd) => members::run(cmd, &client, cli.json),
        Command::Keys(cmd) => keys::run(cmd, &client, cli.json),
        Command::Plans(cmd) => plans::run(cmd, &client, cli.json),
        Command::Brands(cmd) => brands::run(cmd, &client, cli.json),
        Command::Coupons(cmd) => coupons::run(cmd, &client, cli.json),
    }
}
