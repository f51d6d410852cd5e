//! A campaign's landing page settings, with a live preview of the real landing page.
//!
//! The form becomes the API's own `PUT /lander` body ([`LanderInput`]) and is saved by the
//! same operation ([`set_lander`]), so it is checked the same way. The preview is the public
//! page's own template and script (`/l/<id>`), given the unsaved settings; its widget is the
//! dashboard's preview frame, which counts no impression and signs nobody up. Like the
//! widget's preview, it answers only the owner, and only the dashboard may frame it.
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/campaigns/{id}/lander` | the settings |
//! | `GET /dashboard/campaigns/{id}/lander/preview` | the landing page with the settings of its query |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::campaign_body::lines;
use super::form::FormData;
use super::page::refusal_status;
use super::page::{self, PageError, Viewer};
use super::preview::site_preview;
use super::session::{SignedIn, SignedInForm};
use crate::domain::lander::{BackgroundInput, FontsInput, Lander, LanderInput, FONTS, TEMPLATES};
use crate::domain::{Brand, Campaign};
use crate::http::landers::set_lander;
use crate::http::ownership;
use crate::http::site::lander::{lander_config, LANDER_CSS_PATH, LANDER_JS_PATH};
use crate::http::state::AppState;

/// The lander settings as the form names them (`lander_*`), posted or in the preview's query.
#[derive(Deserialize, Default)]
pub struct Settings {
    lander_template: Option<String>,
    lander_header_text: Option<String>,
    lander_footer_text: Option<String>,
    lander_background_color: Option<String>,
    lander_background_image_url: Option<String>,
    lander_heading_font: Option<String>,
    lander_body_font: Option<String>,
    lander_social_urls: Option<String>,
}

impl Settings {
    fn of(form: &FormData) -> Self {
        let field = |name: &str| form.get(name).map(str::to_owned);
        Self {
            lander_template: field("lander_template"),
            lander_header_text: field("lander_header_text"),
            lander_footer_text: field("lander_footer_text"),
            lander_background_color: field("lander_background_color"),
            lander_background_image_url: field("lander_background_image_url"),
            lander_heading_font: field("lander_heading_font"),
            lander_body_font: field("lander_body_font"),
            lander_social_urls: field("lander_social_urls"),
        }
    }

    /// The whole `PUT /lander` body of these settings; a setting not given is left out.
    fn input(&self) -> LanderInput {
        let text = |t: &Option<String>| t.as_deref().map(lines);
        let (color, image) = (self.lander_background_color.clone(), self.lander_background_image_url.clone());
        let (heading, body) = (self.lander_heading_font.clone(), self.lander_body_font.clone());
        LanderInput {
            template: self.lander_template.clone(),
            header_text: text(&self.lander_header_text),
            footer_text: text(&self.lander_footer_text),
            background: (color.is_some() || image.is_some())
                .then(|| BackgroundInput { color, image_url: image.map(Some) }),
            fonts: (heading.is_some() || body.is_some()).then_some(FontsInput { heading, body }),
            social_urls: self
                .lander_social_urls
                .as_ref()
                .map(|urls| urls.lines().map(str::trim).filter(|u| !u.is_empty()).map(str::to_owned).collect()),
        }
    }

    /// The same body split into one per setting given, so a preview can leave out a bad one
    /// alone.
    fn inputs(&self) -> Vec<LanderInput> {
        let whole = self.input();
        let one = LanderInput::default;
        let (background, fonts) = (whole.background.unwrap_or_default(), whole.fonts.unwrap_or_default());
        [
            whole.template.map(|t| LanderInput { template: Some(t), ..one() }),
            whole.header_text.map(|t| LanderInput { header_text: Some(t), ..one() }),
            whole.footer_text.map(|t| LanderInput { footer_text: Some(t), ..one() }),
            background.color.map(|c| LanderInput {
                background: Some(BackgroundInput { color: Some(c), image_url: None }),
                ..one()
            }),
            background.image_url.map(|u| LanderInput {
                background: Some(BackgroundInput { color: None, image_url: Some(u) }),
                ..one()
            }),
            fonts.heading.map(|f| LanderInput { fonts: Some(FontsInput { heading: Some(f), body: None }), ..one() }),
            fonts.body.map(|f| LanderInput { fonts: Some(FontsInput { heading: None, body: Some(f) }), ..one() }),
            whole.social_urls.map(|u| LanderInput { social_urls: Some(u), ..one() }),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The lander with each setting that the API would accept applied, each on its own.
    fn applied_to(&self, mut lander: Lander) -> Lander {
        for input in self.inputs() {
            let mut tried = lander.clone();
            if tried.apply(&input, "").is_ok() {
                lander = tried;
            }
        }
        lander
    }

    /// The query that carries these settings to the preview.
    fn query(&self) -> String {
        super::page::settings_query(&[
            ("lander_template", &self.lander_template),
            ("lander_header_text", &self.lander_header_text),
            ("lander_footer_text", &self.lander_footer_text),
            ("lander_background_color", &self.lander_background_color),
            ("lander_background_image_url", &self.lander_background_image_url),
            ("lander_heading_font", &self.lander_heading_font),
            ("lander_body_font", &self.lander_body_font),
            ("lander_social_urls", &self.lander_social_urls),
        ])
    }
}

async fn stored_lander(state: &AppState, campaign: &Campaign) -> Result<Lander, PageError> {
    Ok(Lander::configured_or_default(state.store.lander(campaign.id).await?, campaign).0)
}

fn choice(id: &str, label: &str, chosen: &str, options: &[&str]) -> Markup {
    html! {
        label for=(id) { (label) }
        select #(id) name=(id) { @for option in options { option value=(option) selected[*option == chosen] { (option) } } }
    }
}

fn lander_page(
    signed_in: &SignedIn,
    campaign: &Campaign,
    brand: &Brand,
    lander: &Lander,
    posted: Option<&Settings>,
    error: Option<&str>,
) -> Markup {
    let shown = posted.map_or_else(|| lander.clone(), |s| s.applied_to(lander.clone()));
    let text = |posted_value: Option<&Option<String>>, stored: &str| {
        posted_value.and_then(Option::as_ref).cloned().unwrap_or_else(|| stored.to_owned())
    };
    let image =
        text(posted.map(|s| &s.lander_background_image_url), lander.background_image_url.as_deref().unwrap_or(""));
    let socials = text(posted.map(|s| &s.lander_social_urls), &lander.social_urls.join("\n"));
    let header_text = text(posted.map(|s| &s.lander_header_text), &lander.header_text);
    let footer_text = text(posted.map(|s| &s.lander_footer_text), &lander.footer_text);
    let preview = Settings {
        lander_template: Some(shown.template.clone()),
        lander_header_text: Some(header_text.clone()),
        lander_footer_text: Some(footer_text.clone()),
        lander_background_color: Some(shown.background_color.clone()),
        lander_background_image_url: Some(image.clone()),
        lander_heading_font: Some(shown.heading_font.clone()),
        lander_body_font: Some(shown.body_font.clone()),
        lander_social_urls: Some(socials.clone()),
    };
    let base = format!("/dashboard/campaigns/{}/lander/preview", campaign.id);
    let content = html! {
        p {
            (page::back_to(campaign))
            " · The page is at " a href={ "/l/" (campaign.id) } rel="noopener" target="_blank" { "/l/" (campaign.id) }
            " (public campaigns); referral links land there once it is saved."
        }
        form.card.settings method="post" action={ "/dashboard/campaigns/" (campaign.id) "/lander" }
            data-preview="lander-preview" data-preview-prefix="lander_" {
            (page::token_field(&signed_in.form_token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            fieldset {
                legend { "Landing page" }
                (choice("lander_template", "Layout", &shown.template, &TEMPLATES))
                label for="lander_header_text" { "Headline" }
                input #lander_header_text type="text" name="lander_header_text" maxlength="200" value=(header_text);
                label for="lander_footer_text" { "Footer text" }
                textarea #lander_footer_text name="lander_footer_text" rows="3" maxlength="1000" { (footer_text) }
                label for="lander_background_color" { "Background colour" }
                input #lander_background_color type="color" name="lander_background_color" value=(shown.background_color);
                label for="lander_background_image_url" { "Background image URL" }
                input #lander_background_image_url type="url" name="lander_background_image_url" value=(image)
                    aria-describedby="lander_background_image_url-hint";
                p.hint #lander_background_image_url-hint {
                    "Empty: the brand's background image"
                    @if let Some(url) = &brand.background_url { " (" (url) ")" } "."
                }
                (choice("lander_heading_font", "Headline font", &shown.heading_font, &FONTS))
                (choice("lander_body_font", "Text font", &shown.body_font, &FONTS))
                label for="lander_social_urls" { "Social links, one per line" }
                textarea #lander_social_urls name="lander_social_urls" rows="3" { (socials) }
            }
            p.hint { "The preview follows these settings as you change them; visitors see them once saved." }
            iframe #lander-preview.lander-preview title="Preview of the landing page" data-base=(base)
                src={ (base) "?" (preview.query()) } {}
            button type="submit" { "Save landing page" }
        }
    };
    page::page(&Viewer::of(signed_in), &format!("Landing page of {}", campaign.name), None, content)
}

/// `GET /dashboard/campaigns/{id}/lander`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    let lander = stored_lander(&state, &campaign).await?;
    Ok(page::ok(lander_page(&signed_in, &campaign, &brand, &lander, None, None)))
}

/// `POST /dashboard/campaigns/{id}/lander`: saved, or the form again with why not.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    let settings = Settings::of(&form);
    match set_lander(&state, &signed_in.member, &campaign, settings.input()).await {
        Ok(_) => Ok(page::see_other(&format!("/dashboard/campaigns/{}?notice=lander-saved", campaign.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            let lander = stored_lander(&state, &campaign).await?;
            let markup = lander_page(&signed_in, &campaign, &brand, &lander, Some(&settings), Some(&message));
            Ok(page::respond(status, markup))
        }
    }
}

/// `GET /dashboard/campaigns/{id}/lander/preview`: the landing page as it would be.
pub async fn preview(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    settings: web::Query<Settings>,
) -> Result<HttpResponse, PageError> {
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    let lander = settings.applied_to(stored_lander(&state, &campaign).await?);
    let frame = format!("/dashboard/campaigns/{}/preview-frame", campaign.id);
    let config = lander_config(&lander, &brand, &frame, crate::domain::translations::Texts(campaign.language));
    Ok(site_preview("Preview of the landing page", LANDER_CSS_PATH, LANDER_JS_PATH, &config, "http: https: data:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_the_api_accepts_is_previewed_and_a_bad_one_leaves_the_saved_value() {
        let saved = Lander::default_for("Join us");
        let settings = Settings {
            lander_template: Some("centered".into()),
            lander_background_color: Some("red".into()),
            lander_heading_font: Some("Georgia".into()),
            lander_social_urls: Some("https://social.example/a\r\n\r\njavascript:alert(1)".into()),
            lander_footer_text: Some("Line one\r\nLine two".into()),
            ..Default::default()
        };
        let shown = settings.applied_to(saved.clone());
        assert_eq!(shown.template, "centered");
        assert_eq!(shown.heading_font, "Georgia");
        assert_eq!(shown.footer_text, "Line one\nLine two", "a textarea's line breaks");
        assert_eq!(shown.background_color, saved.background_color, "not a colour");
        assert_eq!(shown.social_urls, saved.social_urls, "a link that is not http(s) leaves the list as saved");
        let whole = settings.input();
        assert_eq!(whole.template.as_deref(), Some("centered"));
        assert_eq!(whole.background.and_then(|b| b.color).as_deref(), Some("red"), "the API refuses it, by name");
        assert_eq!(whole.social_urls.map(|u| u.len()), Some(2), "empty lines left out");
    }
}
