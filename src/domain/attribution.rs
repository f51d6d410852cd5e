//! Attribution: how long a visit through a partner's link is remembered on the brand's site,
//! and which partner is credited when a visitor opened several partners' links.
//!
//! The memory itself is the visitor's: `widget.js` (and the tracker, `referral.js`) keep the
//! visits of a `ref=` or `via=` link in the brand's own first-party storage, and the widget
//! hands the code this campaign's rule picks to its frame, so a signup on any later page of
//! the brand is that partner's referral. The server only states the rule (the widget's
//! settings carry it) and checks the code at signup as it checks any `ref`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::fields::whole;
use super::ValidationError;

/// Days a visit is remembered unless the campaign says otherwise.
pub const DEFAULT_WINDOW_DAYS: u16 = 60;
/// The longest window a campaign may set.
pub const MAX_WINDOW_DAYS: u16 = 365;

/// Which remembered visit a signup credits when there are several within the window.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttributionModel {
    /// The newest visit: a later partner's link takes the visitor over.
    #[default]
    LastClick,
    /// The oldest visit: the partner who brought the visitor first keeps them.
    FirstClick,
}

impl AttributionModel {
    /// Its name in the API: `last_click` or `first_click`.
    pub fn name(self) -> &'static str {
        match self {
            Self::LastClick => "last_click",
            Self::FirstClick => "first_click",
        }
    }
}

/// A campaign's attribution rule (schema 13 of the campaign row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttributionSettings {
    /// Days a visit through a partner's link is remembered (1 to 365).
    pub window_days: u16,
    pub model: AttributionModel,
}

impl Default for AttributionSettings {
    fn default() -> Self {
        Self { window_days: DEFAULT_WINDOW_DAYS, model: AttributionModel::default() }
    }
}

/// `attribution` fields a member may change.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of attribution settings")]
pub struct AttributionInput {
    /// Days a visit through a partner's link (`ref=` or `via=`) is remembered on the brand's
    /// site: a signup through the widget on any page within them is that partner's referral
    /// (1 to 365; default 60).
    #[schema(value_type = Option<u16>, minimum = 1, maximum = 365)]
    pub window_days: Option<Value>,
    /// Which partner a visitor who opened several partners' links within the window is
    /// credited to: `last_click` (the newest link; the default) or `first_click` (the oldest).
    #[schema(value_type = Option<String>, example = "last_click")]
    pub model: Option<Value>,
}

impl AttributionSettings {
    pub fn apply(&mut self, input: &AttributionInput) -> Result<(), ValidationError> {
        if let Some(v) = &input.window_days {
            self.window_days = whole("attribution.window_days", v, 1, u64::from(MAX_WINDOW_DAYS))? as u16;
        }
        if let Some(v) = &input.model {
            self.model = match v.as_str() {
                Some("last_click") => AttributionModel::LastClick,
                Some("first_click") => AttributionModel::FirstClick,
                _ => {
                    return Err(ValidationError::new(
                        "attribution.model",
                        "attribution.model must be 'last_click' or 'first_click'",
                    ))
                }
            };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn applied(input: Value) -> Result<AttributionSettings, ValidationError> {
        let mut settings = AttributionSettings::default();
        settings.apply(&serde_json::from_value(input).unwrap())?;
        Ok(settings)
    }

    #[test]
    fn the_window_and_model_are_checked_and_named_in_errors() {
        assert_eq!(applied(json!({})).unwrap(), AttributionSettings::default());
        assert_eq!(AttributionSettings::default().window_days, 60);
        let set = applied(json!({"window_days": 365, "model": "first_click"})).unwrap();
        assert_eq!((set.window_days, set.model), (365, AttributionModel::FirstClick));
        assert_eq!(applied(json!({"window_days": 1})).unwrap().window_days, 1);
        for bad in [json!(0), json!(366), json!(1.5), json!("30"), json!(-1)] {
            let error = applied(json!({ "window_days": bad })).unwrap_err();
            assert_eq!(error.field, "attribution.window_days", "{bad}");
        }
        for bad in [json!("last"), json!(1), json!("LAST_CLICK")] {
            assert_eq!(applied(json!({ "model": bad })).unwrap_err().field, "attribution.model", "{bad}");
        }
        assert_eq!(AttributionModel::FirstClick.name(), "first_click");
    }
}
