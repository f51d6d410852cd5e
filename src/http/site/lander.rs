//! `GET /l/<campaign_id>`: a campaign's public landing page: the brand's logo, the header,
//! a link to the brand's site, the widget frame, the footer and social links, styled by the lander settings (see
//! `http::landers` for the API that sets them). Referral links land here once the campaign
//! has a lander, with their `ref` passed on to the frame.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use super::page::{self, Embedding};
use super::widget::public_campaign;
use crate::domain::campaign::Publish;
use crate::domain::lander::Lander;
use crate::domain::translations::Texts;
use crate::domain::Brand;
use crate::http::{language, ApiError, AppState};

/// The lander page's script (served at `/assets/lander.js`).
pub const LANDER_JS: &str = include_str!("assets/lander.js");
/// The lander page's styles (served at `/assets/lander.css`).
pub const LANDER_CSS: &str = include_str!("assets/lander.css");
/// Where the script is served.
pub const LANDER_JS_PATH: &str = "/assets/lander.js";
/// Where the styles are served.
pub const LANDER_CSS_PATH: &str = "/assets/lander.css";

/// `GET /l/<campaign_id>`.
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let missing = || ApiError::NotFound("this page does not exist".into());
    let id = super::widget::id_of(&id).ok_or_else(missing)?;
    let campaign = public_campaign(&state, id).await?.ok_or_else(missing)?;
    let brand = state.store.brand(campaign.brand_id).await?.ok_or_else(missing)?;
    let stored = state.store.lander(campaign.id).await?;
    let (lander, _) = Lander::configured_or_default(stored, &campaign);
    // The page's language, and its frame's: the same, whatever asked for it.
    let t = Texts(language::of_request(&req, campaign.language));
    let frame = format!("../widget/{}/embed?lang={}", campaign.id, t.language().tag());
    let config = lander_config(&lander, &brand, &frame, t);
    // Images (logo, background) are the member's http(s) URLs, hence `http: https:`.
    let title = html_escape::encode_text(&t.text("lander-title")).into_owned();
    let mut response = page::html(
        &title,
        "../assets/lander.css",
        "../assets/lander.js",
        &config,
        Embedding::Nowhere,
        "http: https: data:",
    );
    // A private campaign is unlisted: anyone with the address may join, and search engines
    // are asked not to list its page. A public one (paid plans) may be listed.
    if campaign.publish == Publish::Private {
        response.headers_mut().insert(
            actix_web::http::header::HeaderName::from_static("x-robots-tag"),
            actix_web::http::header::HeaderValue::from_static("noindex"),
        );
    }
    Ok(response)
}

/// What the lander page's script builds the page from: the lander's settings, the brand's
/// logo and site, the widget frame it shows (`frame`), and its words in `t`'s language.
pub fn lander_config(lander: &Lander, brand: &Brand, frame: &str, t: Texts) -> serde_json::Value {
    json!({
        "lang": t.language().tag(),
        "visit": t.with("lander-visit", &[("domain", brand.domain.as_str().into())]),
        "social_label": t.text("lander-social"),
        "template": lander.template,
        "header_text": lander.header_text,
        "footer_text": lander.footer_text,
        "background_color": lander.background_color,
        "background_image_url": lander.background_image(brand.background_url.as_ref()),
        "heading_font": lander.heading_font,
        "body_font": lander.body_font,
        "social_urls": lander.social_urls,
        "logo_url": brand.logo_url,
        "domain": brand.domain,
        // The brand's own site, linked from the page (an http(s) URL, checked when the brand
        // was registered).
        "brand_url": brand.url,
        "frame": frame,
    })
}
