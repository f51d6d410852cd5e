//! `refctl keys …`

use clap::Subcommand;
use reqwest::Method;

use crate::client::AdminClient;
use crate::output;

#[derive(Subcommand)]
pub enum Cmd {
    /// Generate a new API key for a member (revokes the previous one; shown only now)
    Generate { member_id: u64 },
    /// Show the prefix and date of a member's current key
    Show { member_id: u64 },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let data = match cmd {
        Cmd::Generate { member_id } => client.call(Method::POST, &format!("/members/{member_id}/api-key"), None)?,
        Cmd::Show { member_id } => client.call(Method::GET, &format!("/members/{member_id}/api-key"), None)?,
    };
    output::record(json, &data);
    Ok(())
}
