//! `POST /admin/v1/campaigns/:id/coupons`: the operator's coupon import, streamed. The body
//! (CSV or one code a line, any size up to [`MAX_IMPORT_BYTES`]) is read in blocks of whole
//! lines; each block is parsed and imported through the campaign's brand actor, so memory
//! stays flat whatever the file size, and pending coupon rewards are filled as codes land.

use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;

use super::AdminToken;
use crate::actors::brand::ImportCoupons;
use crate::domain::coupon::{InvalidLine, ParsedCodes};
use crate::http::answers::{CouponImport, ImportedPool};
use crate::http::json::media_type;
use crate::http::Code;
use crate::http::{envelope, ApiError, AppState};

/// Largest import accepted, in bytes (about 40 million short codes).
pub const MAX_IMPORT_BYTES: usize = 512 * 1024 * 1024;
/// Bytes of whole lines parsed and imported together.
const BLOCK_BYTES: usize = 1024 * 1024;
/// Invalid lines listed in the answer (all are counted).
const MAX_LISTED_INVALID: usize = 1_000;

/// Running totals of an import.
#[derive(Default)]
struct Totals {
    lines: u64,
    added: u64,
    duplicates: u64,
    blank: u64,
    invalid: Vec<InvalidLine>,
    invalid_count: u64,
    pending_filled: u64,
}

/// `POST /admin/v1/campaigns/:id/coupons` with `text/csv` or `text/plain`.
pub async fn import(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
    req: HttpRequest,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let campaign = state.store.campaign(*id).await?.ok_or_else(|| ApiError::not_found("campaign"))?;
    if !campaign.uses_coupons() {
        return Err(ApiError::refused(
            Code::NotACouponCampaign,
            "this campaign's rewards are not coupons (reward_type 1, or a coupon tier)",
        ));
    }
    if !matches!(media_type(&req).as_str(), "text/csv" | "text/plain") {
        return Err(ApiError::refused(Code::UnsupportedContentType, "Content-Type must be text/csv or text/plain"));
    }
    let mut totals = Totals::default();
    let mut pending = web::BytesMut::new();
    let mut received = 0usize;
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::refused(Code::UnreadableBody, format!("upload could not be read: {e}")))?;
        received += chunk.len();
        if received > MAX_IMPORT_BYTES {
            return Err(ApiError::PayloadTooLarge { limit: MAX_IMPORT_BYTES });
        }
        pending.extend_from_slice(&chunk);
        if pending.len() >= BLOCK_BYTES {
            let Some(last_newline) = pending.iter().rposition(|&b| b == b'\n') else {
                return Err(ApiError::refused(
                    Code::LineTooLong,
                    format!("line {} is longer than {BLOCK_BYTES} bytes", totals.lines + 1),
                ));
            };
            let block = pending.split_to(last_newline + 1);
            import_block(&state, &campaign, &block, &mut totals).await?;
        }
    }
    if !pending.is_empty() {
        import_block(&state, &campaign, &pending, &mut totals).await?;
    }
    let pool = state.store.coupon_pool(campaign.id).await?;
    Ok(envelope::created(CouponImport {
        campaign_id: campaign.id,
        lines: totals.lines,
        added: totals.added,
        skipped_duplicates: totals.duplicates,
        skipped_blank: totals.blank,
        invalid_count: totals.invalid_count,
        invalid: totals.invalid,
        pending_filled: totals.pending_filled,
        pool: ImportedPool { uploaded: pool.uploaded, available: pool.available(), used: pool.assigned },
    }))
}

/// Parses one block of whole lines and imports its codes through the brand actor.
async fn import_block(
    state: &AppState,
    campaign: &crate::domain::Campaign,
    block: &[u8],
    totals: &mut Totals,
) -> Result<(), ApiError> {
    let parsed = ParsedCodes::from_csv_block(block, totals.lines + 1);
    totals.lines += block.iter().filter(|&&b| b == b'\n').count() as u64 + u64::from(!block.ends_with(b"\n"));
    totals.blank += parsed.blank;
    totals.duplicates += parsed.duplicate_in_upload;
    totals.invalid_count += parsed.invalid.len() as u64;
    let room = MAX_LISTED_INVALID.saturating_sub(totals.invalid.len());
    totals.invalid.extend(parsed.invalid.into_iter().take(room));
    if parsed.codes.is_empty() {
        return Ok(());
    }
    let message = ImportCoupons { campaign_id: campaign.id, member_id: campaign.member_id, codes: parsed.codes };
    let imported = state.brands.get(campaign.brand_id).send(message).await??;
    // Answered once durable: the rewards this block filled announce themselves now.
    state.deliver(imported.deliveries);
    let outcome = imported.outcome;
    totals.added += outcome.added;
    totals.duplicates += outcome.duplicates_in_pool;
    totals.pending_filled += outcome.pending_filled;
    Ok(())
}
