//! Domain proofs in the dashboard: the section of a brand's and a domain participant's page
//! that says whether its domain is proven and, until it is, which line to put where and a
//! button to check now. A check that fails gets a page of its own saying what was wrong
//! (the file missing, the line not in it, the site not reachable), with the button again.
//! The rules and the fetch are `http::domain_proofs`'s.
//!
//! | path | what |
//! |---|---|
//! | `POST /dashboard/brands/{id}/domain-proof` | check the brand's domain now |
//! | `POST /dashboard/participants/{id}/domain-proof` | check a partner site's domain now |

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use maud::{html, Markup};

use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::domain_proof::ProofSubject;
use crate::http::domain_proofs::{check, partner, proof_of, status, DomainProofStatus};
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::http::{ownership, Code};

/// The section for `subject`'s domain on its page; `what` says what attributes through it.
pub async fn section(
    state: &AppState,
    signed_in: &SignedIn,
    subject: ProofSubject,
    domain: &str,
    what: &str,
) -> Result<Markup, PageError> {
    let proof = proof_of(state, subject).await?;
    Ok(status_section(subject, &status(state, subject, domain, proof.as_ref()), &signed_in.form_token, what))
}

fn action(subject: ProofSubject) -> String {
    format!("/dashboard/{}s/{}/domain-proof", subject.kind(), subject.id())
}

fn status_section(subject: ProofSubject, status: &DomainProofStatus, token: &str, what: &str) -> Markup {
    html! {
        section aria-labelledby="domain-proof" {
            h2 #domain-proof { "Domain" }
            @if let (true, Some(at)) = (status.verified, &status.verified_at) {
                p { (status.domain) " is proven (" (page::when(at))
                    @if status.verified_by == Some("operator") { ", vouched for by the server's operator" } ")." }
            } @else {
                p.error { (status.domain) " is not proven yet: until it is, " (what) " count for nothing." }
                p { "To prove it, the site serves a file at " code { (status.file_url) }
                    " (a redirect to https is fine) holding this line:" }
                p.secret { code #proof-line { (status.line) } button.copy type="button" data-copy="proof-line" { "Copy" } }
                form.inline method="post" action=(action(subject)) {
                    (page::token_field(token))
                    button.small type="submit" { "Check now" }
                }
            }
        }
    }
}

/// `POST /dashboard/brands/{id}/domain-proof`.
pub async fn check_brand(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &posted.signed_in.member, *id).await?;
    let back = format!("/dashboard/brands/{}", brand.id);
    checked(&state, &posted.signed_in, ProofSubject::Brand(brand.id), &brand.domain, &back, "its clicks").await
}

/// `POST /dashboard/participants/{id}/domain-proof`.
pub async fn check_participant(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let (subject, domain) = partner(&state, &posted.signed_in.member, *id).await?;
    let back = format!("/dashboard/participants/{}", subject.id());
    checked(&state, &posted.signed_in, subject, &domain, &back, "its tracker clicks and referrals").await
}

/// Checks now: back to the page when proven, else a page with what was wrong.
async fn checked(
    state: &AppState,
    signed_in: &SignedIn,
    subject: ProofSubject,
    domain: &str,
    back: &str,
    what: &str,
) -> Result<HttpResponse, PageError> {
    let refusal = match check(state, signed_in.member.id, subject, domain).await {
        Ok(_) => return Ok(page::see_other(&format!("{back}?notice=domain-proven"))),
        Err(ApiError::Refused { code: Code::DomainNotProven, message }) => message,
        Err(other) => return Err(other.into()),
    };
    let status = status(state, subject, domain, None);
    let content = html! {
        p.error role="alert" { (refusal) }
        (status_section(subject, &status, &signed_in.form_token, what))
        p { a href=(back) { "Back" } }
    };
    Ok(page::respond(
        StatusCode::CONFLICT,
        page::page(&Viewer::of(signed_in), &format!("Prove {domain}"), None, content),
    ))
}
