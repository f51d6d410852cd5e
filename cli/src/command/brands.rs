//! `refctl brands …`

use clap::Subcommand;
use reqwest::Method;
use serde_json::json;

use crate::client::AdminClient;
use crate::output;

#[derive(Subcommand)]
pub enum Cmd {
    /// Link a brand to a token network (enables token rewards, reward_type 4)
    LinkTokenNetwork { brand_id: u64, network: String },
    /// Unlink a brand from its token network
    UnlinkTokenNetwork { brand_id: u64 },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let data = match cmd {
        Cmd::LinkTokenNetwork { brand_id, network } => {
            client.call(Method::PUT, &format!("/brands/{brand_id}/token-network"), Some(json!({"network": network})))?
        }
        Cmd::UnlinkTokenNetwork { brand_id } => {
            client.call(Method::DELETE, &format!("/brands/{brand_id}/token-network"), None)?
        }
    };
    output::record(json, &data);
    Ok(())
}
