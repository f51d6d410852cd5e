//! The dashboard's page shell and its failures: every page is a whole HTML document built
//! by maud (which escapes every value it is given, so a name or text a member or participant
//! wrote is always shown as text), sent with a Content-Security-Policy that allows no inline
//! script and no framing.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use maud::{html, Markup, DOCTYPE};

use crate::domain::{Campaign, Member};
use crate::http::error::ApiError;
use crate::store::StoreError;

/// The policy of every dashboard page: our own scripts and styles only, images from the
/// brands' own sites (logos), the widget's frame for its preview, forms posted to us only.
pub const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; \
     connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Who the page is for: a signed-in member (the header shows their name and a sign-out
/// button carrying the session's form token) or a visitor.
pub enum Viewer<'a> {
    /// `held`: the rewards waiting for the member's review, counted in the navigation.
    Member {
        member: &'a Member,
        form_token: &'a str,
        held: u64,
    },
    Visitor,
}

/// The form field (and, for scripts, the `X-CSRF-Token` header) that carries the token.
pub const TOKEN_FIELD: &str = "csrf";

/// The link from one of a campaign's pages back to the campaign's own.
pub fn back_to(campaign: &Campaign) -> Markup {
    html! { a href={ "/dashboard/campaigns/" (campaign.id) } { "Back to " (campaign.name) } }
}

/// A hidden field with the form token.
pub fn token_field(token: &str) -> Markup {
    html! { input type="hidden" name=(TOKEN_FIELD) value=(token); }
}

/// A whole page: the header and navigation, then `content` under an `h1` of `title`.
pub fn page(viewer: &Viewer<'_>, title: &str, notice: Option<&str>, content: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                meta name="referrer" content="same-origin";
                title { (title) " · referrals" }
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                link rel="stylesheet" href="/dashboard/assets/dashboard.css";
                script src="/dashboard/assets/dashboard.js" defer {}
            }
            body {
                a.skip href="#main" { "Skip to content" }
                header.top {
                    a.product href="/dashboard" { "referrals" }
                    @if let Viewer::Member { member, form_token, held } = viewer {
                        nav aria-label="Main" {
                            a href="/dashboard/brands" { "Brands" }
                            a href="/dashboard/review" {
                                "Review"
                                @if *held > 0 {
                                    " " span.count aria-label={ (held) " rewards held" } { (held) }
                                }
                            }
                            a href="/dashboard/webhooks" { "Webhooks" }
                            a href="/dashboard/account" { "Account" }
                        }
                        form.sign-out method="post" action="/dashboard/sign-out" {
                            (token_field(form_token))
                            span.who { (member.name) }
                            button type="submit" { "Sign out" }
                        }
                    }
                }
                main #main {
                    h1 { (title) }
                    @if let Some(notice) = notice {
                        p.notice role="status" { (notice) }
                    }
                    (content)
                }
            }
        }
    }
}

/// The page before a deletion: what goes with it (`what`), then the button that posts to
/// `action` and a link back to `keep` (the default: nothing happens until the button).
pub fn confirmation(form_token: &str, action: &str, keep: &str, button: &str, what: Markup) -> Markup {
    html! {
        section.card.warning {
            (what)
            form method="post" action=(action) {
                (token_field(form_token))
                button.danger type="submit" { (button) }
                " "
                a href=(keep) { "Keep it" }
            }
        }
    }
}

/// Headline numbers, each a label over its value.
pub fn numbers(items: &[(&str, u64)]) -> Markup {
    html! {
        dl.numbers {
            @for (label, value) in items {
                div { dt { (label) } dd { (value) } }
            }
        }
    }
}

/// A stored time (RFC 3339) as people read it: "27 Nov 2026, 21:01 UTC", the exact time on
/// hover. The script shows it in the reader's own time zone; without it, UTC says which.
/// A value that does not parse is shown as it is.
pub fn when(at: &str) -> Markup {
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => {
            let utc = t.with_timezone(&chrono::Utc);
            html! { time datetime=(at) title=(at) { (utc.format("%-d %b %Y, %H:%M")) " UTC" } }
        }
        Err(_) => html! { (at) },
    }
}

/// A day (Unix milliseconds) as people read it: "4 Dec 2026".
pub fn day_of_ms(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.format("%-d %b %Y").to_string()).unwrap_or_default()
}

/// Links to the previous and next page of a list; `base` ends with `?` or `&`.
pub fn pager(base: &str, page: &crate::domain::pagination::Page) -> Markup {
    html! {
        @if page.total_pages > 1 {
            nav.pager aria-label="Pages" {
                @if page.page > 1 { a rel="prev" href={ (base) "page=" (page.page - 1) } { "← Newer" } }
                span { "Page " (page.page) " of " (page.total_pages) " (" (page.total) ")" }
                @if page.page < page.total_pages { a rel="next" href={ (base) "page=" (page.page + 1) } { "Older →" } }
            }
        }
    }
}

/// Answers with a page: no caching (pages show private data), the policy, no framing.
pub fn respond(status: StatusCode, markup: Markup) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CONTENT_SECURITY_POLICY, POLICY))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "same-origin"))
        .body(markup.into_string())
}

/// Answers 200 with a page.
pub fn ok(markup: Markup) -> HttpResponse {
    respond(StatusCode::OK, markup)
}

/// After a form did its work: a redirect to the page that shows the result (303, so a
/// reload does not post the form again).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location.to_owned())).finish()
}

/// The sentence of a `?notice=` that a redirect carries: a fixed set of our own words,
/// never text from the request.
pub fn notice(key: Option<&str>) -> Option<&'static str> {
    Some(match key? {
        "signed-out" => "You are signed out.",
        "password-changed" => {
            "Your password is changed. You are signed out everywhere else, and API tokens made before no longer work."
        }
        "brand-created" => "The brand is created.",
        "brand-saved" => "The brand is saved.",
        "domain-proven" => "The domain is proven: what comes through it counts from now on.",
        "brand-deleted" => "The brand and everything under it are deleted.",
        "campaign-created" => "The campaign is created.",
        "campaign-saved" => "The campaign is saved.",
        "campaign-deleted" => "The campaign and everything under it are deleted.",
        "lander-saved" => "The landing page is saved; referral links land on it.",
        "admitted" => "The next in line are admitted; each got a waitlist.admitted event.",
        "nobody-admitted" => "Nobody was admitted: the line is empty.",
        "webhook-saved" => "The webhook is saved.",
        "webhook-deleted" => "The webhook is deleted, with its log and waiting deliveries.",
        "test-sent" => "A test event was sent: its attempt is at the top of the log.",
        "retry-queued" => "The delivery will be tried again now.",
        "retry-waiting" => "That delivery is already waiting or on its way.",
        "confirmation-sent" => "A new link to confirm your address is on its way to it.",
        "key-revoked" => "The key is revoked: it no longer works.",
        _ => return None,
    })
}

/// A page that could not be shown or a form that was refused, as the browser gets it.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// No live session: to the sign-in page.
    #[error("not signed in")]
    SignedOut,
    /// A form without a valid token, or sent by another site's page: refused, nothing changed.
    #[error("form refused")]
    Forged,
    /// The body was not a form.
    #[error("{0}")]
    BadForm(&'static str),
    /// What the API would answer.
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl From<StoreError> for PageError {
    fn from(e: StoreError) -> Self {
        Self::Api(e.into())
    }
}

impl PageError {
    /// A fault of ours (logged with its cause, never shown).
    pub fn internal(cause: String) -> Self {
        Self::Api(ApiError::Internal(cause))
    }

    /// The 404 of something that is not the member's, or does not exist.
    pub fn not_found(what: &str) -> Self {
        Self::Api(ApiError::not_found(what))
    }
}

/// A refusal of the member's input is shown on the form again; anything else is a page of
/// its own.
pub fn refusal_status(error: ApiError) -> Result<(StatusCode, String), PageError> {
    match error {
        ApiError::Refused { .. } | ApiError::PlanRequired(_) => Ok((error.status_code(), error.to_string())),
        other => Err(other.into()),
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::SignedOut => StatusCode::SEE_OTHER,
            Self::Forged => StatusCode::FORBIDDEN,
            Self::BadForm(_) => StatusCode::BAD_REQUEST,
            Self::Api(e) => e.status_code(),
        }
    }

    fn error_response(&self) -> HttpResponse {
        let (title, text) = match self {
            Self::SignedOut => return see_other("/dashboard/sign-in"),
            Self::Forged => (
                "This form was refused",
                "It did not come from this dashboard's own page, or the page was too old. Nothing was \
                 changed. Go back, reload the page and try again."
                    .to_owned(),
            ),
            Self::BadForm(why) => ("This form could not be read", (*why).to_owned()),
            Self::Api(e) => {
                match e {
                    ApiError::Internal(cause) => {
                        tracing::error!(%cause, "dashboard page failed with an internal error")
                    }
                    ApiError::Unavailable { cause: Some(cause), .. } => {
                        tracing::warn!(%cause, "dashboard write not acknowledged")
                    }
                    _ => {}
                }
                let title = match e.status_code() {
                    StatusCode::NOT_FOUND => "Not found",
                    StatusCode::TOO_MANY_REQUESTS => "Too many attempts",
                    s if s.is_server_error() => "Something went wrong",
                    _ => "That did not work",
                };
                (title, e.to_string())
            }
        };
        let markup = page(
            &Viewer::Visitor,
            title,
            None,
            html! {
                p { (text) }
                p { a href="/dashboard" { "Back to the dashboard" } }
            },
        );
        let mut response = respond(self.status_code(), markup);
        if let Self::Api(ApiError::RateLimited { retry_after_secs, .. }) = self {
            if let Ok(value) = header::HeaderValue::from_str(&retry_after_secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}

/// A query string of the settings given (those `None` left out), as a preview's URL takes them.
pub fn settings_query(settings: &[(&str, &Option<String>)]) -> String {
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in settings {
        if let Some(value) = value {
            out.append_pair(name, value);
        }
    }
    out.finish()
}
