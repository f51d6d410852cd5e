//! The live preview of a campaign's widget, as visitors will see it, with the settings being
//! edited (not yet saved): the real widget script and frame, given the unsaved settings.
//! The edit page shows [`page`] in an iframe and our script points it at the form's
//! current values as they change.
//!
//! A preview frame counts no impression and signs nobody up. All three are the owner's
//! only, and only the dashboard may frame them; nothing here is on the public site, so no
//! one can make the public widget show words its owner did not save.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/preview` | a stand-in page of the brand's site with the widget |
//! | `GET /dashboard/campaigns/{id}/preview.js` | the widget's script, with these settings |
//! | `GET /dashboard/campaigns/{id}/preview-frame` | the widget's frame, with these settings |
//!
//! Each takes the settings as the edit form names them: `widget_mode`, `widget_primary_color`,
//! `widget_headline`, `widget_button_text`. A value the API would refuse is left out.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use maud::{html, DOCTYPE};
use serde::Deserialize;

use super::page::PageError;
use super::session::SignedIn;
use crate::domain::campaign::{CampaignInput, WidgetInput};
use crate::domain::Campaign;
use crate::http::ownership;
use crate::http::site::page::{self as site_page, Embedding};
use crate::http::site::widget::{frame_config, widget_script};
use crate::http::state::AppState;

/// The widget settings being edited.
#[derive(Deserialize, Default)]
pub struct Settings {
    widget_mode: Option<String>,
    widget_primary_color: Option<String>,
    widget_headline: Option<String>,
    widget_button_text: Option<String>,
}

impl Settings {
    /// The query string that carries these settings on.
    fn query(&self) -> String {
        super::page::settings_query(&[
            ("widget_mode", &self.widget_mode),
            ("widget_primary_color", &self.widget_primary_color),
            ("widget_headline", &self.widget_headline),
            ("widget_button_text", &self.widget_button_text),
        ])
    }

    /// The campaign with each setting that the API would accept applied (each on its own,
    /// so one bad value leaves the others shown).
    fn applied_to(&self, mut campaign: Campaign) -> Campaign {
        let one = |w: WidgetInput| CampaignInput { widget: Some(w), ..Default::default() };
        let now = campaign.updated_at.clone();
        for input in [
            one(WidgetInput { mode: self.widget_mode.clone(), ..Default::default() }),
            one(WidgetInput { primary_color: self.widget_primary_color.clone(), ..Default::default() }),
            one(WidgetInput { headline: self.widget_headline.clone(), ..Default::default() }),
            one(WidgetInput { button_text: self.widget_button_text.clone(), ..Default::default() }),
        ] {
            let mut tried = campaign.clone();
            if tried.apply(&input, &now).is_ok() {
                campaign = tried;
            }
        }
        campaign
    }
}

async fn previewed(
    state: &AppState,
    signed_in: &SignedIn,
    id: u64,
    settings: &Settings,
) -> Result<Campaign, PageError> {
    Ok(settings.applied_to(ownership::campaign(state, &signed_in.member, id).await?))
}

/// `GET /dashboard/campaigns/{id}/preview`.
pub async fn page(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    settings: web::Query<Settings>,
) -> Result<HttpResponse, PageError> {
    let campaign = previewed(&state, &signed_in, *id, &settings).await?;
    let script = format!("/dashboard/campaigns/{}/preview.js?{}", campaign.id, settings.query());
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                title { "Preview of " (campaign.name) }
                link rel="stylesheet" href="/dashboard/assets/dashboard.css";
            }
            body.preview {
                p.hint { "Your page. The widget shows below, as it will on your site." }
                div #referrals-widget {}
                script src=(script) {}
            }
        }
    };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; \
             base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
        ))
        .insert_header((header::X_FRAME_OPTIONS, "SAMEORIGIN"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(markup.into_string()))
}

/// `GET /dashboard/campaigns/{id}/preview.js`.
pub async fn script(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    settings: web::Query<Settings>,
) -> Result<HttpResponse, PageError> {
    let campaign = previewed(&state, &signed_in, *id, &settings).await?;
    let frame = format!("/dashboard/campaigns/{}/preview-frame?{}", campaign.id, settings.query());
    Ok(HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(widget_script(&campaign, &state.public_url, &frame)))
}

/// `GET /dashboard/campaigns/{id}/preview-frame`.
pub async fn frame(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    settings: web::Query<Settings>,
) -> Result<HttpResponse, PageError> {
    let campaign = previewed(&state, &signed_in, *id, &settings).await?;
    let t = crate::domain::translations::Texts(campaign.language);
    let config = frame_config(&campaign, &state.public_url, "/api/widget", None, true, t);
    Ok(site_preview("Preview", "/assets/frame.css", "/assets/frame.js", &config, "'self' data:"))
}

/// A public page of the site (the widget's frame, the landing page) built from unsaved
/// settings: only the dashboard may frame it, and no cache keeps it.
pub fn site_preview(
    title: &str,
    stylesheet: &str,
    script: &str,
    config: &serde_json::Value,
    images: &str,
) -> HttpResponse {
    let mut response = site_page::html(title, stylesheet, script, config, Embedding::SameOrigin, images);
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_the_api_accepts_is_previewed_and_a_bad_one_leaves_the_saved_value() {
        let input = serde_json::from_value(serde_json::json!({"name": "c", "reward_type": 1})).unwrap();
        let saved = Campaign::create(1, 2, 3, &input, "t").unwrap();
        let settings = Settings {
            widget_mode: Some("popup".into()),
            widget_primary_color: Some("red".into()),
            widget_headline: Some("Bring a friend".into()),
            widget_button_text: Some(String::new()),
        };
        let shown = settings.applied_to(saved.clone());
        assert_eq!(crate::views::widget_mode(shown.widget.mode), "popup");
        assert_eq!(shown.widget.headline, "Bring a friend");
        assert_eq!(shown.widget.primary_color, saved.widget.primary_color, "not a colour");
        assert_eq!(shown.widget.button_text, saved.widget.button_text, "empty");
        assert_eq!(
            settings.query(),
            "widget_mode=popup&widget_primary_color=red&widget_headline=Bring+a+friend&widget_button_text="
        );
    }
}
