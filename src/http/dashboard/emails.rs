//! A campaign's email log in the browser: every email to its participants and every daily
//! digest to the member, newest first, with to whom, which email, what became of it, the
//! attempts and the SMTP server's last answer; a failed one sent again. Read from the same
//! log as the API's `GET /campaigns/:id/emails` ([`logged`]); a resend is the API's
//! ([`resend_email`]: once, however many press the button). Templates are set in the
//! campaign's form.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/emails` | the log (`?page=`) |
//! | `POST /dashboard/campaigns/{id}/emails/{email_id}/resend` | a failed email sent again, back to the log |

use actix_web::{web, HttpResponse};
use maud::html;
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::pagination::{Page, PageRequest};
use crate::http::emails::{logged, resend_email};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;
use crate::http::Code;

/// Rows of a page of the log.
const PER_PAGE: u64 = 50;

/// The log's query: the page, and what the last resend did.
#[derive(Debug, Default, Deserialize)]
pub struct LogQuery {
    page: Option<String>,
    done: Option<String>,
}

impl LogQuery {
    /// Our own sentence for `done`, never request text.
    fn notice(&self) -> Option<&'static str> {
        match self.done.as_deref()? {
            "resent" => Some("The email is queued again: it leaves within seconds, under the same Message-ID."),
            "not-failed" => Some("That email did not fail (it is queued, sent or cancelled now): nothing changed."),
            _ => None,
        }
    }
}

/// `GET /dashboard/campaigns/{id}/emails`.
pub async fn log(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<LogQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let page_request =
        PageRequest::parse(query.page.as_deref(), Some(&PER_PAGE.to_string())).map_err(ApiError::from)?;
    let (emails, total) = state.store.emails_of_campaign(campaign.id, page_request).await?;
    let emails: Vec<_> = emails.into_iter().map(|(email, delivery)| logged(email, delivery)).collect();
    let base = format!("/dashboard/campaigns/{}/emails", campaign.id);
    let content = html! {
        p {
            (page::back_to(&campaign)) " · "
            a href={ "/dashboard/campaigns/" (campaign.id) "/edit" } { "Edit the emails" }
        }
        @if emails.is_empty() {
            p { "No emails yet. Emails are off until you turn them on in the campaign's settings, and the server \
                 sends them only when its operator configured SMTP." }
        } @else {
            div.scroll { table.stack {
                caption.visually-hidden { "Emails" }
                thead { tr {
                    th scope="col" { "To" } th scope="col" { "Email" } th scope="col" { "State" }
                    th scope="col" .num { "Attempts" } th scope="col" { "Last attempt" } th scope="col" { "Last answer" }
                } }
                tbody {
                    @for e in &emails {
                        tr #{ "email-" (e.id) } {
                            td.email {
                                @match e.participant_id {
                                    Some(p) if !e.to.is_empty() => a href={ "/dashboard/participants/" (p) } { (e.to) },
                                    Some(_) => em { "erased" },
                                    None => { (e.to) " (you)" },
                                }
                            }
                            td { (e.kind) br; span.hint { (e.subject) } }
                            td.state { (e.status) @if let Some(at) = &e.sent_at { br; span.hint { (page::when(at)) } } }
                            td.num data-label="Attempts" { (e.attempts) }
                            td data-label="Last attempt" { @if let Some(at) = &e.last_attempt_at { (page::when(at)) } }
                            td data-label="Last answer" {
                                @if let Some(error) = &e.last_error { (error) }
                                @if e.status == "failed" {
                                    form.inline method="post" action={ (base) "/" (e.id) "/resend" } {
                                        (page::token_field(&signed_in.form_token))
                                        button.small type="submit" { "Send again" }
                                    }
                                }
                            }
                        }
                    }
                }
            } }
        }
        (page::pager(&format!("{base}?"), &Page::new(page_request, total)))
    };
    let title = format!("Emails of {}", campaign.name);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, query.notice(), content)))
}

/// `POST /dashboard/campaigns/{id}/emails/{email_id}/resend`.
pub async fn resend(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, u64)>,
) -> Result<HttpResponse, PageError> {
    let (campaign_id, email_id) = path.into_inner();
    let done = match resend_email(&state, &posted.signed_in.member, campaign_id, email_id).await {
        Ok(_) => "resent",
        Err(ApiError::Refused { code: Code::EmailNotFailed, .. }) => "not-failed",
        Err(other) => return Err(other.into()),
    };
    Ok(page::see_other(&format!("/dashboard/campaigns/{campaign_id}/emails?done={done}")))
}
