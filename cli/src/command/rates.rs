//! `refctl rates …`

use std::path::PathBuf;

use clap::Subcommand;

use crate::client::AdminClient;

#[derive(Subcommand)]
pub enum Cmd {
    /// Import exchange rates for a member from the European Central Bank's CSV of reference
    /// rates (eurofxref-hist.csv or a day's eurofxref.csv, downloaded by you: the server never
    /// fetches rates). Each rate replaces the member's of its pair and date; commissions held
    /// for want of a rate are computed at once.
    Import {
        /// The member's id
        #[arg(long)]
        member: u64,
        /// The CSV file, or - for standard input
        file: PathBuf,
    },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let Cmd::Import { member, file } = cmd;
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))?
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?
    };
    let data = client.upload(&format!("/members/{member}/exchange-rates"), "text/csv", text.into())?;
    if json {
        println!("{}", serde_json::to_string_pretty(&data).unwrap_or_default());
        return Ok(());
    }
    println!("saved {} rates; {} commissions computed", data["saved"], data["rated"]);
    Ok(())
}
