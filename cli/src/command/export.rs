//! `refctl export --brand ID --out FILE [--rewards]`: a brand's participants (or rewards) as
//! CSV, every campaign, each row led by its campaign's id. Written to `FILE.partial` and
//! renamed once complete, so a file named FILE is always a whole export.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::json;

use crate::client::AdminClient;

pub fn export(
    client: &AdminClient,
    brand: u64,
    out: &Path,
    rewards: bool,
    force: bool,
    json: bool,
) -> Result<(), String> {
    if out.exists() && !force {
        return Err(format!("{} already exists (pass --force to replace it)", out.display()));
    }
    let mut partial = out.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let what = if rewards { "rewards" } else { "participants" };
    let mut response = client.download(&format!("/brands/{brand}/{what}.csv"))?;
    let written = (|| {
        let mut file = File::create(&partial).map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
        let bytes =
            response.copy_to(&mut file).map_err(|_| "the export was interrupted; nothing was written".to_owned())?;
        file.flush().and_then(|()| file.sync_all()).map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
        Ok::<u64, String>(bytes)
    })();
    let bytes = match written {
        Ok(bytes) => bytes,
        Err(message) => {
            let _ = std::fs::remove_file(&partial);
            return Err(message);
        }
    };
    std::fs::rename(&partial, out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    if json {
        let value = json!({"file": out.display().to_string(), "brand_id": brand, "export": what, "bytes": bytes});
        println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
    } else {
        println!("{what} of brand {brand} written to {}: {bytes} bytes", out.display());
    }
    Ok(())
}
