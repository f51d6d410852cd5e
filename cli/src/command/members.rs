//! `refctl members …`

use clap::Subcommand;
use reqwest::Method;
use serde_json::{json, Value};

use crate::client::AdminClient;
use crate::output;

const COLUMNS: [&str; 6] = ["id", "email", "name", "plan_id", "disabled", "date_signedup"];

#[derive(Subcommand)]
pub enum Cmd {
    /// List members, newest first
    List {
        /// Only members whose email or name contains this text
        #[arg(long)]
        search: Option<String>,
        #[arg(long, default_value_t = 1)]
        page: u64,
        #[arg(long, default_value_t = 20)]
        limit: u64,
    },
    /// Create a member, whatever the server's registration setting
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// At least 8 characters
        #[arg(long)]
        password: String,
        /// Plan id [default: the server's members.default_plan]
        #[arg(long)]
        plan: Option<u64>,
    },
    /// Invite someone to create their own account: prints the one-time link (valid 7 days),
    /// which is also emailed when the server sends email
    Invite { email: String },
    /// Show one member
    Show { id: u64 },
    /// Move a member to another plan
    SetPlan { id: u64, plan_id: u64 },
    /// Disable a member: their API key and tokens stop working
    Disable { id: u64 },
    /// Enable a disabled member again
    Enable { id: u64 },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let one = |data: Value| {
        output::record(json, &data);
        Ok(())
    };
    match cmd {
        Cmd::List { search, page, limit } => {
            let mut query = vec![("page", page.to_string()), ("limit", limit.to_string())];
            if let Some(search) = search {
                query.push(("search", search.clone()));
            }
            let data = client.call_with_query(Method::GET, "/members", &query, None)?;
            output::table(json, &data, data["members"].as_array().map_or(&[][..], Vec::as_slice), &COLUMNS);
            if !json {
                let p = &data["pagination"];
                println!("page {} of {} ({} members)", p["page"], p["totalPages"], p["total"]);
            }
            Ok(())
        }
        Cmd::Create { email, name, password, plan } => {
            let mut body = json!({"email": email, "name": name, "password": password});
            if let Some(plan) = plan {
                body["plan_id"] = json!(plan);
            }
            one(client.call(Method::POST, "/members", Some(body))?)
        }
        Cmd::Invite { email } => one(client.call(Method::POST, "/invitations", Some(json!({"email": email})))?),
        Cmd::Show { id } => one(client.call(Method::GET, &format!("/members/{id}"), None)?),
        Cmd::SetPlan { id, plan_id } => {
            one(client.call(Method::PUT, &format!("/members/{id}/plan"), Some(json!({"plan_id": plan_id})))?)
        }
        Cmd::Disable { id } => one(client.call(Method::POST, &format!("/members/{id}/disable"), None)?),
        Cmd::Enable { id } => one(client.call(Method::POST, &format!("/members/{id}/enable"), None)?),
    }
}
