//! `GET/POST /brands/:id/domain-proof` and `GET/POST /participants/:id/domain-proof`: how a
//! brand or a partner site (a domain participant) proves its domain, and the check itself.
//! GET says whether it is proven and what to do: the line (the subject's code) to put in
//! `http://<domain>/.well-known/referrals-verify.txt`. POST fetches that file now
//! (`webhooks::domain_check`, under the outbound rules of webhooks) and keeps the proof when
//! the line is there; 409 `domain_not_proven` says what was wrong otherwise. Until proven,
//! nothing attributes through the domain (`domain::domain_proof`).

use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::state::AppState;
use super::{envelope, ownership, Code};
use crate::domain::domain_proof::{file_holds, DomainProof, ProofMethod, ProofSubject};
use crate::domain::now_rfc3339;

/// Whether a brand's or a partner site's domain is proven, and how to prove it.
#[derive(Serialize, ToSchema)]
pub struct DomainProofStatus {
    /// `brand` or `participant`.
    pub subject: &'static str,
    /// The brand's or participant's id.
    pub id: u64,
    pub domain: String,
    /// Whether clicks and `ref=<domain>` signups attribute through it.
    pub verified: bool,
    pub verified_at: Option<String>,
    /// `file` (the `.well-known` file held the line) or `operator` (vouched with `refctl`).
    pub verified_by: Option<&'static str>,
    /// Where the server looks for the file.
    pub file_url: String,
    /// The line the file must hold (other lines may hold other codes).
    pub line: String,
}

/// What the member is told about `subject`'s proof of `domain`.
pub(crate) fn status(
    state: &AppState,
    subject: ProofSubject,
    domain: &str,
    proof: Option<&DomainProof>,
) -> DomainProofStatus {
    let proof = proof.filter(|p| p.proves(domain));
    DomainProofStatus {
        subject: subject.kind(),
        id: subject.id(),
        domain: domain.to_owned(),
        verified: proof.is_some(),
        verified_at: proof.map(|p| p.verified_at.clone()),
        verified_by: proof.map(|p| p.by.as_str()),
        file_url: state.domain_checks.file_url(domain),
        line: state.auth.domain_codes.code(subject, domain),
    }
}

/// The subject's kept proof.
pub(crate) async fn proof_of(state: &AppState, subject: ProofSubject) -> Result<Option<DomainProof>, ApiError> {
    Ok(state.store.domain_proofs(&[subject]).await?.into_iter().next())
}

/// Fetches the file and keeps the proof when it holds the subject's line; the status after.
/// Counted against `member_id`'s domain checks (429 past them).
pub(crate) async fn check(
    state: &AppState,
    member_id: u64,
    subject: ProofSubject,
    domain: &str,
) -> Result<DomainProofStatus, ApiError> {
    state.limiters.domain_checks.check(&member_id)?;
    let line = state.auth.domain_codes.code(subject, domain);
    let file = state.domain_checks.file_url(domain);
    let why = match state.domain_checks.fetch(domain).await {
        Ok(body) if file_holds(&body, &line) => {
            let proof =
                DomainProof { subject, domain: domain.to_owned(), verified_at: now_rfc3339(), by: ProofMethod::File };
            state.store.save_domain_proof(&proof).await?;
            tracing::info!(subject = subject.kind(), id = subject.id(), domain, "domain proven");
            return Ok(status(state, subject, domain, Some(&proof)));
        }
        Ok(_) => format!("{file} does not hold the line {line}"),
        Err(why) => why,
    };
    Err(ApiError::refused(
        Code::DomainNotProven,
        format!("{domain} is not proven: {why}; put the line {line} in {file}"),
    ))
}

/// `GET /brands/:id/domain-proof`.
pub async fn brand_status(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    let subject = ProofSubject::Brand(brand.id);
    let proof = proof_of(&state, subject).await?;
    Ok(envelope::ok(status(&state, subject, &brand.domain, proof.as_ref())))
}

/// `POST /brands/:id/domain-proof`.
pub async fn brand_check(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    Ok(envelope::ok(check(&state, member.id, ProofSubject::Brand(brand.id), &brand.domain).await?))
}

/// The member's domain participant and its website; 409 `no_domain` for anyone else.
pub(crate) async fn partner(
    state: &AppState,
    member: &crate::domain::Member,
    id: u64,
) -> Result<(ProofSubject, String), ApiError> {
    let (participant, _) = ownership::participant(state, member, id).await?;
    website(participant)
}

/// A domain participant's subject and website; 409 `no_domain` for a participant without one.
pub(crate) fn website(participant: crate::domain::Participant) -> Result<(ProofSubject, String), ApiError> {
    let id = participant.id;
    let domain = participant.domain.ok_or_else(|| {
        ApiError::refused(Code::NoDomain, format!("participant {id} has no website (domain) to prove"))
    })?;
    Ok((ProofSubject::Participant(id), domain))
}

/// `GET /participants/:id/domain-proof`.
pub async fn participant_status(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (subject, domain) = partner(&state, &member, *id).await?;
    let proof = proof_of(&state, subject).await?;
    Ok(envelope::ok(status(&state, subject, &domain, proof.as_ref())))
}

/// `POST /participants/:id/domain-proof`.
pub async fn participant_check(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (subject, domain) = partner(&state, &member, *id).await?;
    Ok(envelope::ok(check(&state, member.id, subject, &domain).await?))
}
