//! `refctl brands …`

use clap::Subcommand;
use reqwest::Method;
use serde_json::json;

use crate::client::AdminClient;
use crate::output;

#[derive(Subcommand)]
pub enum Cmd {
    /// Link a brand to a crypto-token network: only then may its campaigns pay the legacy token
    /// rewards (reward_type 4). Shops paying coupons, cash or messages never need it
    LinkTokenNetwork { brand_id: u64, network: String },
    /// Unlink a brand from its crypto-token network
    UnlinkTokenNetwork { brand_id: u64 },
    /// Vouch for a brand's domain, for a site that cannot serve its proof file
    ///
    /// As if the brand's /.well-known/referrals-verify.txt held its line: until its domain is
    /// proven, a brand's clicks attribute nothing. Vouch only for a site whose owner you know.
    VouchDomain { brand_id: u64 },
    /// Vouch for a partner site's domain (a domain participant's website)
    ///
    /// As for a brand: until proven, a partner site's tracker clicks and ref=<domain> signups
    /// credit nothing.
    VouchPartnerDomain { participant_id: u64 },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let data = match cmd {
        Cmd::LinkTokenNetwork { brand_id, network } => {
            client.call(Method::PUT, &format!("/brands/{brand_id}/token-network"), Some(json!({"network": network})))?
        }
        Cmd::UnlinkTokenNetwork { brand_id } => {
            client.call(Method::DELETE, &format!("/brands/{brand_id}/token-network"), None)?
        }
        Cmd::VouchDomain { brand_id } => {
            client.call(Method::POST, &format!("/brands/{brand_id}/domain-proof"), None)?
        }
        Cmd::VouchPartnerDomain { participant_id } => {
            client.call(Method::POST, &format!("/participants/{participant_id}/domain-proof"), None)?
        }
    };
    output::record(json, &data);
    Ok(())
}
