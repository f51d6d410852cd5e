//! `refctl plans …`

use clap::{Args, Subcommand};
use reqwest::Method;
use serde_json::{json, Map, Value};

use crate::client::AdminClient;
use crate::output;

#[derive(Subcommand)]
pub enum Cmd {
    /// List plans
    List,
    /// Create a plan
    Create(#[command(flatten)] Fields),
    /// Change a plan (only the fields given)
    Update {
        id: u64,
        #[command(flatten)]
        fields: Fields,
    },
    /// Delete a plan no member is on
    Delete { id: u64 },
}

/// Plan fields; each optional on update.
#[derive(Args)]
pub struct Fields {
    #[arg(long)]
    name: Option<String>,
    /// Price per interval, e.g. 29.00
    #[arg(long)]
    price: Option<String>,
    /// ISO 4217 code, e.g. USD
    #[arg(long)]
    currency: Option<String>,
    /// month or year
    #[arg(long)]
    interval: Option<String>,
    /// Whether the plan is paid (paid plans allow public campaigns)
    #[arg(long)]
    paid: Option<bool>,
}

impl Fields {
    fn body(&self) -> Value {
        let mut body = Map::new();
        for (key, value) in
            [("name", &self.name), ("price", &self.price), ("currency", &self.currency), ("interval", &self.interval)]
        {
            if let Some(value) = value {
                body.insert(key.into(), json!(value));
            }
        }
        if let Some(paid) = self.paid {
            body.insert("paid".into(), json!(paid));
        }
        Value::Object(body)
    }
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    match cmd {
        Cmd::List => {
            let data = client.call(Method::GET, "/plans", None)?;
            // Each limit in a column of its own; none is "no limit".
            let rows: Vec<Value> = data["plans"]
                .as_array()
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|plan| {
                    let mut row = plan.clone();
                    for limit in ["brands", "campaigns", "participants"] {
                        let shown = match &plan["limits"][limit] {
                            Value::Null => json!("no limit"),
                            n => n.clone(),
                        };
                        row[limit] = shown;
                    }
                    row
                })
                .collect();
            output::table(
                json,
                &data,
                &rows,
                &["id", "name", "price", "currency", "interval", "paid", "brands", "campaigns", "participants"],
            );
        }
        Cmd::Create(fields) => output::record(json, &client.call(Method::POST, "/plans", Some(fields.body()))?),
        Cmd::Update { id, fields } => {
            output::record(json, &client.call(Method::PUT, &format!("/plans/{id}"), Some(fields.body()))?)
        }
        Cmd::Delete { id } => output::record(json, &client.call(Method::DELETE, &format!("/plans/{id}"), None)?),
    }
    Ok(())
}
