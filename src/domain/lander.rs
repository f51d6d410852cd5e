//! A campaign's landing page ("lander"): the public page at `/l/<campaign_id>` that a
//! referral link lands on once the member configured one. Every value here is shown as text
//! or used as a validated URL, colour or font name, never as markup.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::brand_url::parse_http_url;
use super::ValidationError;

/// Layouts of the page.
pub const TEMPLATES: [&str; 3] = ["default", "centered", "minimal"];
/// Font families a lander may name: generic families and fonts every system has, so the page
/// loads nothing from elsewhere.
pub const FONTS: [&str; 10] = [
    "system-ui",
    "sans-serif",
    "serif",
    "monospace",
    "Georgia",
    "Helvetica",
    "Arial",
    "Verdana",
    "Trebuchet MS",
    "Times New Roman",
];
/// Longest header text, in characters.
pub const MAX_HEADER_CHARS: usize = 200;
/// Longest footer text, in characters.
pub const MAX_FOOTER_CHARS: usize = 1_000;
/// Most social links on one lander.
pub const MAX_SOCIAL_URLS: usize = 10;

/// A lander as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lander {
    pub template: String,
    pub header_text: String,
    pub footer_text: String,
    pub background_color: String,
    /// `None`: the brand's background image.
    pub background_image_url: Option<String>,
    pub heading_font: String,
    pub body_font: String,
    pub social_urls: Vec<String>,
    pub updated_at: Option<String>,
}

impl Lander {
    /// The member's own lander when there is one (`stored`), or the default; and whether it
    /// is the member's own.
    pub fn configured_or_default(stored: Option<Lander>, campaign: &super::Campaign) -> (Lander, bool) {
        match stored {
            Some(lander) => (lander, true),
            None => (Self::default_for(&campaign.widget.headline), false),
        }
    }

    /// What a campaign without a custom lander shows.
    pub fn default_for(headline: &str) -> Self {
        Self {
            template: "default".into(),
            header_text: headline.to_owned(),
            footer_text: String::new(),
            background_color: "#f8fafc".into(),
            background_image_url: None,
            heading_font: "system-ui".into(),
            body_font: "system-ui".into(),
            social_urls: Vec::new(),
            updated_at: None,
        }
    }

    /// The background image the page shows: the lander's own, else the brand's.
    pub fn background_image<'a>(&'a self, brand_background: Option<&'a String>) -> Option<&'a String> {
        self.background_image_url.as_ref().or(brand_background)
    }

    /// Applies a `PUT /lander` body; fields it leaves out keep their value.
    pub fn apply(&mut self, input: &LanderInput, now: &str) -> Result<(), ValidationError> {
        if let Some(t) = &input.template {
            if !TEMPLATES.contains(&t.as_str()) {
                return Err(ValidationError::new("template", "template must be 'default', 'centered' or 'minimal'"));
            }
            self.template = t.clone();
        }
        if let Some(t) = &input.header_text {
            self.header_text = text("header_text", t, MAX_HEADER_CHARS)?;
        }
        if let Some(t) = &input.footer_text {
            self.footer_text = text("footer_text", t, MAX_FOOTER_CHARS)?;
        }
        if let Some(b) = &input.background {
            if let Some(color) = &b.color {
                self.background_color = color_value("background.color", color)?;
            }
            if let Some(url) = &b.image_url {
                self.background_image_url = match url.as_deref().map(str::trim) {
                    None | Some("") => None,
                    Some(raw) => Some(parse_http_url("background.image_url", raw)?.to_string()),
                };
            }
        }
        if let Some(f) = &input.fonts {
            if let Some(name) = &f.heading {
                self.heading_font = font("fonts.heading", name)?;
            }
            if let Some(name) = &f.body {
                self.body_font = font("fonts.body", name)?;
            }
        }
        if let Some(urls) = &input.social_urls {
            if urls.len() > MAX_SOCIAL_URLS {
                return Err(ValidationError::new(
                    "social_urls",
                    format!("social_urls takes at most {MAX_SOCIAL_URLS} links"),
                ));
            }
            self.social_urls = urls
                .iter()
                .map(|u| parse_http_url("social_urls", u).map(|u| u.to_string()))
                .collect::<Result<_, _>>()?;
        }
        self.updated_at = Some(now.to_owned());
        Ok(())
    }
}

/// Body of `PUT /lander`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object of lander settings")]
#[schema(example = json!({"template": "centered", "header_text": "Join us", "background": {"color": "#fef3c7"}}))]
pub struct LanderInput {
    /// `default`, `centered` or `minimal`.
    pub template: Option<String>,
    /// At most 200 characters.
    pub header_text: Option<String>,
    /// At most 1,000 characters.
    pub footer_text: Option<String>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub background: Option<BackgroundInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub fonts: Option<FontsInput>,
    /// At most 10 http(s) links.
    pub social_urls: Option<Vec<String>>,
}

/// `background` of a `PUT /lander` body.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object with color and image_url")]
#[schema(as = LanderBackground)]
pub struct BackgroundInput {
    /// `#rrggbb`.
    pub color: Option<String>,
    /// An http(s) image; `null` or `""`: back to the brand's background image.
    #[serde(default, deserialize_with = "crate::domain::present")]
    #[schema(value_type = Option<String>)]
    pub image_url: Option<Option<String>>,
}

/// `fonts` of a `PUT /lander` body: `system-ui`, `sans-serif`, `serif`, `monospace`,
/// `Georgia`, `Helvetica`, `Arial`, `Verdana`, `Trebuchet MS` or `Times New Roman`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object with heading and body font names")]
#[schema(as = LanderFonts)]
pub struct FontsInput {
    pub heading: Option<String>,
    pub body: Option<String>,
}

fn text(field: &'static str, value: &str, max_chars: usize) -> Result<String, ValidationError> {
    let value = value.trim();
    if value.chars().count() > max_chars {
        return Err(ValidationError::new(field, format!("{field} must be at most {max_chars} characters")));
    }
    if value.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ValidationError::new(field, format!("{field} must not contain control characters")));
    }
    Ok(value.to_owned())
}

/// `#rrggbb`, lower-cased.
pub fn color_value(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    let ok = raw.len() == 7 && raw.starts_with('#') && raw[1..].bytes().all(|b| b.is_ascii_hexdigit());
    if !ok {
        return Err(ValidationError::new(field, format!("{field} must be a colour like #4f46e5")));
    }
    Ok(raw.to_ascii_lowercase())
}

fn font(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    FONTS
        .iter()
        .find(|f| f.eq_ignore_ascii_case(raw.trim()))
        .map(|f| (*f).to_owned())
        .ok_or_else(|| ValidationError::new(field, format!("{field} must be one of: {}", FONTS.join(", "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: serde_json::Value) -> LanderInput {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn applies_valid_settings_and_keeps_the_rest() {
        let mut lander = Lander::default_for("Invite friends");
        lander
            .apply(
                &input(serde_json::json!({
                    "template": "centered",
                    "header_text": "  Join us  ",
                    "background": {"color": "#AABBCC", "image_url": "https://cdn.example/bg.png"},
                    "fonts": {"heading": "georgia"},
                    "social_urls": ["https://x.com/brand"],
                })),
                "2026-11-22T00:00:00Z",
            )
            .unwrap();
        assert_eq!(lander.template, "centered");
        assert_eq!(lander.header_text, "Join us");
        assert_eq!(lander.background_color, "#aabbcc");
        assert_eq!(lander.background_image_url.as_deref(), Some("https://cdn.example/bg.png"));
        assert_eq!((lander.heading_font.as_str(), lander.body_font.as_str()), ("Georgia", "system-ui"));
        assert_eq!(lander.social_urls, ["https://x.com/brand"]);
        lander.apply(&input(serde_json::json!({"background": {"image_url": null}})), "t").unwrap();
        assert_eq!(lander.background_image_url, None);
    }

    #[test]
    fn refuses_what_could_be_markup_or_script() {
        for (body, field) in [
            (serde_json::json!({"template": "<b>"}), "template"),
            (serde_json::json!({"background": {"color": "red;background:url(x)"}}), "background.color"),
            (serde_json::json!({"background": {"image_url": "javascript:alert(1)"}}), "background.image_url"),
            (serde_json::json!({"fonts": {"body": "x;}body{display:none"}}), "fonts.body"),
            (serde_json::json!({"social_urls": ["data:text/html,<script>"]}), "social_urls"),
            (serde_json::json!({"header_text": "a".repeat(201)}), "header_text"),
        ] {
            let mut lander = Lander::default_for("h");
            assert_eq!(lander.apply(&input(body), "t").unwrap_err().field, field);
        }
        assert!(serde_json::from_value::<LanderInput>(serde_json::json!({"script": "x"})).is_err());
    }
}
