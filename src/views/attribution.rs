//! A campaign's attribution rule as the API shows it (`domain::attribution`).

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain;

/// How long a visit through a partner's link is remembered, and who a visitor of several
/// partners is credited to.
#[derive(Debug, Serialize, ToSchema)]
pub struct Attribution {
    /// Days a visit through a partner's link (`ref=` or `via=`) is remembered on the brand's
    /// site by the widget (1 to 365).
    pub window_days: u16,
    /// `last_click` (the newest partner's link is credited) or `first_click` (the oldest).
    pub model: &'static str,
}

/// A campaign's attribution rule as the API shows it.
pub fn attribution(a: &domain::attribution::AttributionSettings) -> Attribution {
    Attribution { window_days: a.window_days, model: a.model.name() }
}

/// Whether participants may ask for a promo code of their own in their portal.
#[derive(Debug, Serialize, ToSchema)]
pub struct PromoCodeSettings {
    pub self_serve: bool,
}
