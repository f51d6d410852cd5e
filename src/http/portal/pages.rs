//! The portal's page shell in the brand's look (logo, the lander's background colour and
//! fonts), its refusals as pages, and the signed-out pages: the sign-in form, "a link is on
//! its way", and the sign-in link's confirmation. Built with maud, so every value a member
//! or participant wrote is shown as text.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use base64::Engine;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use rand::RngCore;

use crate::domain::lander::Lander;
use crate::domain::{Brand, Campaign};
use crate::http::ApiError;
use crate::store::StoreError;

/// The form field that carries the session's form token.
pub const TOKEN_FIELD: &str = "csrf";

/// The portal's path for a campaign: its page, and where its cookie applies.
pub fn portal_path(campaign_id: u64) -> String {
    format!("/p/{campaign_id}")
}

/// Says why a form was refused.
pub const FORGED: &str = "This form was not sent from this page, or the page is too old. Reload it and try again.";

/// What the portal's pages look like: the brand's logo and the campaign's lander settings
/// (or the default lander's).
pub struct Look {
    pub title: String,
    pub domain: String,
    pub logo_url: Option<String>,
    pub background_color: String,
    pub heading_font: String,
    pub body_font: String,
}

impl Look {
    pub fn of(campaign: &Campaign, brand: &Brand, lander: &Lander) -> Self {
        Self {
            title: campaign.name.clone(),
            domain: brand.domain.clone(),
            logo_url: brand.logo_url.clone(),
            background_color: lander.background_color.clone(),
            heading_font: lander.heading_font.clone(),
            body_font: lander.body_font.clone(),
        }
    }

    /// The look of a page that knows no campaign (a broken link).
    fn plain() -> Self {
        Self {
            title: "Your rewards".into(),
            domain: String::new(),
            logo_url: None,
            background_color: "#f8fafc".into(),
            heading_font: "system-ui".into(),
            body_font: "system-ui".into(),
        }
    }
}

/// A whole page, `status`, in `look`, never cached, never framed, sending a referrer to our
/// own pages only (a sign-in link's address holds its secret; and a policy of no referrer at
/// all makes browsers send `Origin: null` with forms, which the forgery check refuses).
pub fn page(status: StatusCode, look: &Look, content: Markup) -> HttpResponse {
    let mut nonce = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut nonce);
    let nonce = base64::engine::general_purpose::STANDARD.encode(nonce);
    // The colour and fonts were checked when the member saved them (a `#rrggbb` colour, a
    // font from a fixed list), so they cannot leave the rule they are written in.
    let theme = format!(
        ":root{{--brand-bg:{};--heading-font:{};--body-font:{}}}",
        look.background_color, look.heading_font, look.body_font
    );
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                meta name="referrer" content="same-origin";
                title { (look.title) }
                link rel="stylesheet" href="/assets/portal.css";
                style nonce=(nonce) { (PreEscaped(theme)) }
                script src="/assets/portal.js" defer {}
            }
            body {
                header.brand {
                    @if let Some(logo) = &look.logo_url { img.logo src=(logo) alt=(look.domain); }
                    p.campaign { (look.title) }
                }
                main #main { (content) }
            }
        }
    };
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-{nonce}'; img-src 'self' http: https: data:; \
         connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    );
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CONTENT_SECURITY_POLICY, policy))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "same-origin"))
        .body(markup.into_string())
}

/// A page that refuses something, with what to do next.
#[derive(Debug)]
pub struct Refusal {
    pub status: StatusCode,
    pub title: &'static str,
    pub text: String,
    /// The campaign whose portal to go back to, if known.
    pub back_to: Option<u64>,
}

impl Refusal {
    pub fn new(status: StatusCode, title: &'static str, text: impl Into<String>) -> Self {
        Self { status, title, text: text.into(), back_to: None }
    }

    pub fn back_to(mut self, campaign_id: u64) -> Self {
        self.back_to = Some(campaign_id);
        self
    }
}

/// What a portal handler fails with: a page of ours, or what the API would answer (a store
/// that cannot be reached: 503 in the envelope, as everywhere).
#[derive(Debug, thiserror::Error)]
pub enum PortalError {
    #[error("{}", .0.title)]
    Refused(Refusal),
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl From<Refusal> for PortalError {
    fn from(refusal: Refusal) -> Self {
        Self::Refused(refusal)
    }
}

impl From<StoreError> for PortalError {
    fn from(e: StoreError) -> Self {
        Self::Api(e.into())
    }
}

impl From<crate::actors::BrandError> for PortalError {
    fn from(e: crate::actors::BrandError) -> Self {
        Self::Api(e.into())
    }
}

impl From<actix::MailboxError> for PortalError {
    fn from(e: actix::MailboxError) -> Self {
        Self::Api(e.into())
    }
}

impl ResponseError for PortalError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Refused(refusal) => refusal.status,
            Self::Api(e) => e.status_code(),
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Refused(refusal) => page(
                refusal.status,
                &Look::plain(),
                html! {
                    h1 { (refusal.title) }
                    p { (refusal.text) }
                    @if let Some(id) = refusal.back_to { p { a href=(portal_path(id)) { "Back to sign-in" } } }
                },
            ),
            Self::Api(e) => e.error_response(),
        }
    }
}

/// The sign-in form (`problem`: why the last attempt was refused). `can_send`: whether this
/// server sends email at all; without it the page says whom to ask.
pub fn sign_in_form(look: &Look, campaign_id: u64, problem: Option<&str>, can_send: bool) -> Markup {
    html! {
        h1 { "Your rewards" }
        @if can_send {
            p { "Sign in to see your referral link, the friends you referred, your rewards and your payouts." }
            @if let Some(problem) = problem { p.problem role="alert" { (problem) } }
            form.sign-in method="post" action={ (portal_path(campaign_id)) "/sign-in" } {
                label for="email" { "Email" }
                input #email type="email" name="email" required autocomplete="email" maxlength="254";
                button type="submit" { "Email me a sign-in link" }
            }
        } @else {
            p { "Sign-in by email is not available here. Ask " (look.domain) " for a link to your rewards." }
        }
    }
}

/// What every sign-in request answers, whoever asked: nothing tells whether the address is
/// a participant's.
pub fn link_on_its_way(campaign_id: u64) -> Markup {
    html! {
        h1 { "Check your email" }
        p { "If that address belongs to a participant, a sign-in link is on its way to it. The link works once, for 15 minutes." }
        p { a href=(portal_path(campaign_id)) { "Back" } }
    }
}

/// The page a sign-in link opens: one button that signs in. Fetching the link changes
/// nothing, so a mail scanner that opens it does not use it up.
pub fn confirm_sign_in(campaign_id: u64, secret: &str) -> Markup {
    html! {
        h1 { "Sign in" }
        form.sign-in method="post" action={ (portal_path(campaign_id)) "/enter/" (secret) } {
            button type="submit" { "Continue to your rewards" }
        }
    }
}

/// A hidden field with the session's form token.
pub fn token_field(token: &str) -> Markup {
    html! { input type="hidden" name=(TOKEN_FIELD) value=(token); }
}
