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
use crate::domain::translations::Texts;
use crate::domain::{Brand, Campaign};
use crate::http::ApiError;
use crate::store::StoreError;

/// The form field that carries the session's form token.
pub const TOKEN_FIELD: &str = "csrf";

/// The portal's path for a campaign: its page, and where its cookie applies.
pub fn portal_path(campaign_id: u64) -> String {
    format!("/p/{campaign_id}")
}

/// A path of the portal in the page's language (`?lang=`), so a form or link keeps the
/// language the participant reads.
pub fn in_language(path: &str, t: Texts) -> String {
    let joiner = if path.contains('?') { '&' } else { '?' };
    format!("{path}{joiner}lang={}", t.language().tag())
}

/// What the portal's pages look like: the brand's logo and the campaign's lander settings
/// (or the default lander's).
pub struct Look {
    /// The language the page speaks.
    pub texts: Texts,
    pub title: String,
    pub domain: String,
    pub logo_url: Option<String>,
    pub background_color: String,
    pub heading_font: String,
    pub body_font: String,
}

impl Look {
    pub fn of(texts: Texts, campaign: &Campaign, brand: &Brand, lander: &Lander) -> Self {
        Self {
            texts,
            title: campaign.name.clone(),
            domain: brand.domain.clone(),
            logo_url: brand.logo_url.clone(),
            background_color: lander.background_color.clone(),
            heading_font: lander.heading_font.clone(),
            body_font: lander.body_font.clone(),
        }
    }

    /// The look of a page that knows no campaign (a broken link).
    fn plain(texts: Texts) -> Self {
        Self {
            texts,
            title: texts.text("portal-title"),
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
        html lang=(look.texts.language().tag()) dir=(look.texts.language().direction()) {
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

/// A page that refuses something, with what to do next, in the request's language.
#[derive(Debug)]
pub struct Refusal {
    pub status: StatusCode,
    pub texts: Texts,
    pub title: String,
    pub text: String,
    /// The campaign whose portal to go back to, if known.
    pub back_to: Option<u64>,
}

impl Refusal {
    /// A refusal whose title and text are the messages `title` and `text`.
    pub fn new(texts: Texts, status: StatusCode, title: &str, text: &str) -> Self {
        Self::saying(texts, status, title, texts.text(text))
    }

    /// A refusal titled by the message `title` that says `text`.
    pub fn saying(texts: Texts, status: StatusCode, title: &str, text: String) -> Self {
        Self { status, texts, title: texts.text(title), text, back_to: None }
    }

    /// A form another site's page sent, or without the session's token.
    pub fn forged(texts: Texts) -> Self {
        Self::new(texts, StatusCode::FORBIDDEN, "portal-form-refused-title", "portal-form-refused")
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
                &Look::plain(refusal.texts),
                html! {
                    h1 { (refusal.title) }
                    p { (refusal.text) }
                    @if let Some(id) = refusal.back_to {
                        p { a href=(in_language(&portal_path(id), refusal.texts)) { (refusal.texts.text("portal-back-to-sign-in")) } }
                    }
                },
            ),
            Self::Api(e) => e.error_response(),
        }
    }
}

/// The sign-in form (`problem`: the message saying why the last attempt was refused).
/// `can_send`: whether this server sends email at all; without it the page says whom to ask.
pub fn sign_in_form(look: &Look, campaign_id: u64, problem: Option<&str>, can_send: bool) -> Markup {
    let t = look.texts;
    html! {
        h1 { (t.text("portal-title")) }
        @if can_send {
            p { (t.text("portal-sign-in-intro")) }
            @if let Some(problem) = problem { p.problem role="alert" { (t.text(problem)) } }
            form.sign-in method="post" action=(in_language(&format!("{}/sign-in", portal_path(campaign_id)), t)) {
                label for="email" { (t.text("portal-email-label")) }
                input #email type="email" name="email" required autocomplete="email" maxlength="254";
                button type="submit" { (t.text("portal-sign-in-button")) }
            }
        } @else {
            p { (t.with("portal-sign-in-unavailable", &[("shop", look.domain.as_str().into())])) }
        }
    }
}

/// What every sign-in request answers, whoever asked: nothing tells whether the address is
/// a participant's.
pub fn link_on_its_way(t: Texts, campaign_id: u64) -> Markup {
    html! {
        h1 { (t.text("portal-link-sent-title")) }
        p { (t.text("portal-link-sent")) }
        p { a href=(in_language(&portal_path(campaign_id), t)) { (t.text("portal-back")) } }
    }
}

/// The page a sign-in link opens: one button that signs in. Fetching the link changes
/// nothing, so a mail scanner that opens it does not use it up.
pub fn confirm_sign_in(t: Texts, campaign_id: u64, secret: &str) -> Markup {
    html! {
        h1 { (t.text("portal-enter-title")) }
        form.sign-in method="post" action=(in_language(&format!("{}/enter/{secret}", portal_path(campaign_id)), t)) {
            button type="submit" { (t.text("portal-enter-button")) }
        }
    }
}

/// A hidden field with the session's form token.
pub fn token_field(token: &str) -> Markup {
    html! { input type="hidden" name=(TOKEN_FIELD) value=(token); }
}
