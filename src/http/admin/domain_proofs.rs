//! `POST /admin/v1/brands/:id/domain-proof` and `POST /admin/v1/participants/:id/domain-proof`:
//! the operator vouches for a brand's or a partner site's domain (`refctl brands vouch-domain`,
//! `vouch-partner-domain`),
//! for a site that cannot serve the `.well-known` file and whose owner the operator knows.
//! The proof is kept as if the file had been found, marked `operator`.

use actix_web::{web, HttpResponse};

use super::AdminToken;
use crate::domain::domain_proof::{DomainProof, ProofMethod, ProofSubject};
use crate::domain::now_rfc3339;
use crate::http::domain_proofs::{status, website};
use crate::http::{envelope, ApiError, AppState};

/// Keeps the operator's proof of `domain` for `subject`; the status after.
async fn vouch(state: &AppState, subject: ProofSubject, domain: String) -> Result<HttpResponse, ApiError> {
    let proof = DomainProof { subject, domain, verified_at: now_rfc3339(), by: ProofMethod::Operator };
    state.store.save_domain_proof(&proof).await?;
    tracing::info!(subject = subject.kind(), id = subject.id(), domain = %proof.domain, "domain vouched for by the operator");
    Ok(envelope::ok(status(state, subject, &proof.domain, Some(&proof))))
}

/// `POST /admin/v1/brands/:id/domain-proof`.
pub async fn brand(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let brand = state.store.brand(*id).await?.ok_or_else(|| ApiError::not_found("brand"))?;
    vouch(&state, ProofSubject::Brand(brand.id), brand.domain).await
}

/// `POST /admin/v1/participants/:id/domain-proof`; 409 `no_domain` for a participant without
/// a website.
pub async fn participant(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let participant = state.store.participant(*id).await?.ok_or_else(|| ApiError::not_found("participant"))?;
    let (subject, domain) = website(participant)?;
    vouch(&state, subject, domain).await
}
