//! The widget's settings on a campaign: how it shows on the brand's page, its colour and its
//! words, and the input that changes them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::{err, short_text};
use super::ValidationError;

/// How the widget shows on the brand's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WidgetMode {
    Embed,
    Popup,
    Floating,
}

/// The campaign's widget settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WidgetSettings {
    pub mode: WidgetMode,
    /// `#rrggbb`.
    pub primary_color: String,
    pub button_text: String,
    pub headline: String,
}

impl Default for WidgetSettings {
    fn default() -> Self {
        Self {
            mode: WidgetMode::Embed,
            primary_color: "#4f46e5".into(),
            button_text: "Get my referral link".into(),
            headline: "Invite friends, earn rewards".into(),
        }
    }
}

/// How the widget shows: the fields a member may change.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of widget settings")]
#[schema(as = WidgetSettings)]
pub struct WidgetInput {
    /// `embed`, `popup` or `floating`.
    pub mode: Option<String>,
    /// `#rrggbb`.
    pub primary_color: Option<String>,
    /// At most 60 characters.
    pub button_text: Option<String>,
    /// At most 160 characters.
    pub headline: Option<String>,
}

impl WidgetSettings {
    /// Applies the fields present in `w`, each checked with an error that names it.
    pub fn apply(&mut self, w: &WidgetInput) -> Result<(), ValidationError> {
        if let Some(mode) = &w.mode {
            self.mode = match mode.as_str() {
                "embed" => WidgetMode::Embed,
                "popup" => WidgetMode::Popup,
                "floating" => WidgetMode::Floating,
                _ => return Err(err("widget.mode", "widget.mode must be 'embed', 'popup' or 'floating'")),
            };
        }
        if let Some(color) = &w.primary_color {
            let ok = color.len() == 7 && color.starts_with('#') && color[1..].bytes().all(|b| b.is_ascii_hexdigit());
            if !ok {
                return Err(err("widget.primary_color", "widget.primary_color must be a colour like #4f46e5"));
            }
            self.primary_color = color.to_ascii_lowercase();
        }
        if let Some(t) = &w.button_text {
            self.button_text = short_text("widget.button_text", t, 60)?;
        }
        if let Some(t) = &w.headline {
            self.headline = short_text("widget.headline", t, 160)?;
        }
        Ok(())
    }
}
