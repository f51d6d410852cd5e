//! `refctl backup FILE` (online: the server streams a consistent snapshot) and
//! `refctl restore FILE --data-dir DIR` (offline: the only command that opens the database
//! itself, so it refuses while a server holds it), or `refctl restore FILE --database-url URL`
//! (into an empty PostgreSQL database).

use std::fs::File;
use std::io::{BufReader, IsTerminal, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};
use referrals::store::backup::{database_dir, database_in_use, restore_into, verify};
use referrals::store::BackupSummary;
use serde_json::json;

use crate::client::AdminClient;

/// A progress bar over `total` bytes for a person at a terminal; hidden for scripts.
fn progress(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn report(json: bool, file: &Path, summary: &BackupSummary, paused_ms: Option<u64>, text: String) {
    if json {
        let mut value = json!({
            "file": file.display().to_string(),
            "trees": summary.trees,
            "entries": summary.entries,
            "bytes": summary.bytes,
        });
        if let Some(paused_ms) = paused_ms {
            value["writes_paused_ms"] = json!(paused_ms);
        }
        println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
    } else {
        println!("{text}");
    }
}

/// `refctl backup FILE`: downloads to `FILE.partial`, checks the whole file, then renames it,
/// so a file named FILE is always a complete, verified backup.
pub fn backup(client: &AdminClient, file: &Path, force: bool, json: bool) -> Result<(), String> {
    if file.exists() && !force {
        return Err(format!("{} already exists (pass --force to replace it)", file.display()));
    }
    let mut partial = file.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let mut response = client.download("/backup")?;
    let paused_ms =
        response.headers().get("x-backup-paused-ms").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let bar = progress(response.content_length().unwrap_or(0));
    let written = (|| {
        // The customers' data and sealed secrets: the user's alone, whatever the umask (a
        // file replaced with --force keeps that mode too).
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&partial)
            .and_then(|out| out.set_permissions(std::fs::Permissions::from_mode(0o600)).map(|()| out))
            .map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
        response
            .copy_to(&mut bar.wrap_write(&mut out))
            .map_err(|_| "the download was interrupted; no backup was written".to_owned())?;
        out.flush().and_then(|()| out.sync_all()).map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
        let copy = File::open(&partial).map_err(|e| format!("cannot read {}: {e}", partial.display()))?;
        verify(BufReader::new(copy)).map_err(|e| format!("the downloaded backup is unusable: {e}"))
    })();
    bar.finish_and_clear();
    let summary = match written {
        Ok(summary) => summary,
        Err(message) => {
            let _ = std::fs::remove_file(&partial);
            return Err(message);
        }
    };
    std::fs::rename(&partial, file).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut text = format!(
        "backup written to {}: {} entries in {} trees, {} bytes, verified",
        file.display(),
        summary.entries,
        summary.trees,
        summary.bytes
    );
    if let Some(paused_ms) = paused_ms {
        text.push_str(&format!(" (writes waited at most {paused_ms} ms for it)"));
    }
    report(json, file, &summary, paused_ms, text);
    Ok(())
}

/// `refctl restore FILE --data-dir DIR`: restores into `DIR/db.restoring`, then swaps it in,
/// keeping the database it replaces as `DIR/db.before-restore-<unix time>`.
pub fn restore(file: &Path, data_dir: &Path, json: bool) -> Result<(), String> {
    let running = || -> Result<(), String> {
        match database_in_use(data_dir) {
            Ok(false) => Ok(()),
            Ok(true) => Err(format!(
                "a server is running on {} (its database is locked); stop it, then run refctl restore again",
                data_dir.display()
            )),
            Err(e) => Err(format!("cannot check {}: {e}", data_dir.display())),
        }
    };
    running()?;
    let input = File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let size = input.metadata().map(|m| m.len()).unwrap_or(0);
    std::fs::create_dir_all(data_dir).map_err(|e| format!("cannot create {}: {e}", data_dir.display()))?;
    let staging = data_dir.join("db.restoring");
    if staging.exists() {
        // Left by an interrupted restore; never a live database (servers open `db`).
        std::fs::remove_dir_all(&staging).map_err(|e| format!("cannot remove {}: {e}", staging.display()))?;
    }
    let bar = progress(size);
    let restored = restore_into(bar.wrap_read(input), &staging);
    bar.finish_and_clear();
    let summary = restored.map_err(|e| format!("cannot restore {}: {e}; nothing was changed", file.display()))?;

    // A server may have started while we restored: check again just before the swap.
    if let Err(message) = running() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(message);
    }
    let live = database_dir(data_dir);
    let mut kept = None;
    if live.exists() {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let aside = data_dir.join(format!("db.before-restore-{stamp}"));
        std::fs::rename(&live, &aside).map_err(|e| format!("cannot move the current database aside: {e}"))?;
        kept = Some(aside);
    }
    std::fs::rename(&staging, &live).map_err(|e| format!("cannot put the restored database in place: {e}"))?;
    let mut text = format!(
        "restored {} entries in {} trees into {}; start the server on it\n\
         the server secret must come along: copy secret.key from the data directory the backup was taken \
         from into {} (or set [auth] secret / REFERRALS_SECRET to it); the server refuses to start without it",
        summary.entries,
        summary.trees,
        data_dir.display(),
        data_dir.display()
    );
    if let Some(kept) = kept {
        text.push_str(&format!(
            "\nthe database it replaced is kept in {} (delete it once the restored server works)",
            kept.display()
        ));
    }
    report(json, file, &summary, None, text);
    Ok(())
}

/// `refctl restore FILE --database-url URL`: loads a backup into an empty PostgreSQL
/// database. One taken from PostgreSQL is loaded in one transaction; one taken from the
/// embedded database is moved (restored into a scratch directory, read out and loaded, see
/// `store::move_embedded_backup`).
pub fn restore_postgres(file: &Path, url: &str, json: bool) -> Result<(), String> {
    let open = || File::open(file).map_err(|e| format!("cannot read {}: {e}", file.display()));
    let from_postgres = referrals::store::backup::taken_from_postgres(BufReader::new(open()?))
        .map_err(|e| format!("cannot restore {}: {e}; nothing was changed", file.display()))?;
    let input = open()?;
    let size = input.metadata().map(|m| m.len()).unwrap_or(0);
    let options = referrals::store::PostgresOptions {
        url: url.trim().to_owned(),
        // A move takes at least 4 (see `store::move_embedded_backup`).
        pool_size: 2,
        timeout: std::time::Duration::from_secs(600),
        delivery_lease: std::time::Duration::from_secs(60),
        // A restore queues no delivery: no server holds a lease through it.
        server_id: 0,
    };
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| format!("cannot start: {e}"))?;
    let bar = progress(size);
    let reader = BufReader::new(bar.wrap_read(input));
    let failed = |e: &dyn std::fmt::Display| format!("cannot restore {}: {e}; nothing was changed", file.display());
    let (summary, text) = if from_postgres {
        let summary = runtime.block_on(referrals::store::restore_postgres(reader, &options));
        bar.finish_and_clear();
        let summary = summary.map_err(|e| failed(&e))?;
        let text = format!(
            "restored {} rows in {} tables into the PostgreSQL database; start the servers on it with the same \
             server secret ([auth] secret / REFERRALS_SECRET) as the database the backup was taken from",
            summary.entries,
            summary.trees.saturating_sub(2)
        );
        (summary, text)
    } else {
        // Beside the backup, where there is room for what it holds (not a small /tmp).
        let beside = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let scratch = tempfile::Builder::new()
            .prefix(".refctl-move-")
            .tempdir_in(beside)
            .map_err(|e| format!("cannot make a scratch directory in {}: {e}", beside.display()))?;
        let moved = runtime.block_on(referrals::store::move_embedded_backup(reader, scratch.path(), &options));
        bar.finish_and_clear();
        let (summary, imported) = moved.map_err(|e| failed(&e))?;
        let text = format!(
            "moved the embedded database into PostgreSQL: {} members, {} brands, {} campaigns, {} rows; start the \
             servers on it with REFERRALS_SECRET set to the contents of the secret.key of the data directory the \
             backup was taken from",
            imported.members, imported.brands, imported.campaigns, imported.rows
        );
        (summary, text)
    };
    report(json, file, &summary, None, text);
    Ok(())
}
