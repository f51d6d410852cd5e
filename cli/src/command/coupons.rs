//! `refctl coupons …`

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};

use crate::client::AdminClient;

#[derive(Subcommand)]
pub enum Cmd {
    /// Import coupon codes into a campaign's pool, streamed (any size). The file is CSV (the
    /// first column is the code; a header named "code" is skipped) or one code a line.
    /// Blank lines and codes already in the pool are skipped and counted; pending coupon
    /// rewards are filled as the codes land.
    Import {
        /// Campaign id
        #[arg(long)]
        campaign: u64,
        /// The file, or - for standard input
        file: PathBuf,
    },
}

pub fn run(cmd: &Cmd, client: &AdminClient, json: bool) -> Result<(), String> {
    let Cmd::Import { campaign, file } = cmd;
    let (body, bar) = if file.as_os_str() == "-" {
        (reqwest::blocking::Body::new(std::io::stdin()), None)
    } else {
        let handle = std::fs::File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let size = handle.metadata().map(|m| m.len()).unwrap_or(0);
        // A progress bar only for a person at a terminal; scripts get clean output.
        let bar = if std::io::stderr().is_terminal() { ProgressBar::new(size) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        (reqwest::blocking::Body::sized(bar.wrap_read(handle), size), Some(bar))
    };
    let data = client.upload(&format!("/campaigns/{campaign}/coupons"), "text/csv", body);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let data = data?;
    if json {
        println!("{}", serde_json::to_string_pretty(&data).unwrap_or_default());
        return Ok(());
    }
    println!(
        "added {}, duplicates skipped {}, blank lines {}, invalid lines {}, pending rewards filled {} ({} lines read)",
        data["added"],
        data["skipped_duplicates"],
        data["skipped_blank"],
        data["invalid_count"],
        data["pending_filled"],
        data["lines"]
    );
    for line in data["invalid"].as_array().into_iter().flatten() {
        println!("  line {}: {}", line["line"], line["reason"].as_str().unwrap_or(""));
    }
    let listed = data["invalid"].as_array().map_or(0, Vec::len) as u64;
    if data["invalid_count"].as_u64().unwrap_or(0) > listed {
        println!("  … {} more invalid lines", data["invalid_count"].as_u64().unwrap_or(0) - listed);
    }
    Ok(())
}
