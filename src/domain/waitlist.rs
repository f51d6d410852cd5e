//! Waitlists: a campaign may keep its participants in a line, by signup order, where each
//! credited referral moves the referrer up `places_per_referral` places, and the owner admits
//! people from the front.

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// Places a credited referral moves its referrer up when the owner names none.
pub const DEFAULT_PLACES_PER_REFERRAL: u32 = 10;
/// Most places one referral may move.
pub const MAX_PLACES_PER_REFERRAL: u64 = 1_000_000;

/// A campaign's waitlist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitlistSettings {
    pub enabled: bool,
    pub places_per_referral: u32,
}

impl Default for WaitlistSettings {
    fn default() -> Self {
        Self { enabled: false, places_per_referral: DEFAULT_PLACES_PER_REFERRAL }
    }
}

/// `waitlist` fields a member may change.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(expecting = "a JSON object of waitlist settings")]
pub struct WaitlistInput {
    pub enabled: Option<serde_json::Value>,
    pub places_per_referral: Option<serde_json::Value>,
}

impl WaitlistSettings {
    pub fn apply(&mut self, input: &WaitlistInput) -> Result<(), ValidationError> {
        if let Some(v) = &input.enabled {
            self.enabled = v
                .as_bool()
                .ok_or_else(|| ValidationError::new("waitlist.enabled", "waitlist.enabled must be true or false"))?;
        }
        if let Some(v) = &input.places_per_referral {
            self.places_per_referral =
                super::campaign::whole("waitlist.places_per_referral", v, 0, MAX_PLACES_PER_REFERRAL)? as u32;
        }
        Ok(())
    }
}
