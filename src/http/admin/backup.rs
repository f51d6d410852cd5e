//! `GET /admin/v1/backup`: a consistent snapshot of the whole database, streamed to the
//! operator (`refctl backup FILE`). The snapshot is taken into an unlinked temporary file
//! first, while the server goes on writing (see `store/sled/backup/live.rs`), then streamed
//! from it.

use std::io::Read;

use actix_web::body::SizedStream;
use actix_web::{web, HttpResponse};

use super::AdminToken;
use crate::http::{ApiError, AppState};

/// Bytes read from the snapshot file per body chunk.
const CHUNK: usize = 256 * 1024;

/// `GET /admin/v1/backup`: `application/octet-stream` in the backup format, with the entry
/// count in `X-Backup-Entries` and the longest time writes waited for it in
/// `X-Backup-Paused-Ms`.
pub async fn backup(_: AdminToken, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.store.snapshot().await?;
    let (summary, paused) = (snapshot.summary, snapshot.paused);
    let chunks = futures_util::stream::try_unfold(snapshot.file, |mut file| async move {
        let (file, chunk) = web::block(move || {
            let mut chunk = vec![0u8; CHUNK];
            let n = file.read(&mut chunk)?;
            chunk.truncate(n);
            Ok::<_, std::io::Error>((file, chunk))
        })
        .await
        .map_err(std::io::Error::other)??;
        Ok::<_, std::io::Error>((!chunk.is_empty()).then(|| (web::Bytes::from(chunk), file)))
    });
    let filename = format!("referrals-{}.backup", chrono::Utc::now().format("%Y%m%dT%H%M%SZ"));
    Ok(HttpResponse::Ok()
        .content_type("application/octet-stream")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
        .insert_header(("X-Backup-Entries", summary.entries.to_string()))
        .insert_header(("X-Backup-Paused-Ms", paused.as_millis().to_string()))
        .body(SizedStream::new(summary.bytes, Box::pin(chunks))))
}
