//! A campaign's defences against farmed referrals: the rules a signup is checked against, and
//! their settings (`fraud` on the campaign).
//!
//! - **One person, one participant.** With `canonical_emails` (on by default), a campaign
//!   compares addresses by the inbox they reach ([`crate::domain::email::canonical`]):
//!   `ann.lee+1@gmail.com`, `annlee@gmail.com` and `ann.lee@googlemail.com` are one
//!   participant, and a referrer cannot refer another spelling of their own address.
//!
//! The stored settings also carry the rules that come next (disposable addresses, velocity),
//! with their defaults; the API shows and takes a rule's setting once the rule is enforced.

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// What a campaign does with an address at a disposable-mail domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisposablePolicy {
    /// Refuse the signup.
    Refuse,
    /// Create the participant; hold every reward they earn or cause for review.
    Hold,
    /// Treat it as any address.
    Allow,
}

/// A campaign's fraud settings, as stored (schema 5 of the campaign row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FraudSettings {
    /// One participant per inbox rather than per spelling of an address.
    pub canonical_emails: bool,
    /// Not enforced yet (issue 17): stored with its default.
    pub disposable_emails: DisposablePolicy,
    /// Not enforced yet (issue 17): stored with its default.
    pub max_referrals_per_hour: u32,
    /// Not enforced yet (issue 17): stored with its default.
    pub max_signups_per_address_per_hour: u32,
}

impl Default for FraudSettings {
    fn default() -> Self {
        Self {
            canonical_emails: true,
            disposable_emails: DisposablePolicy::Hold,
            max_referrals_per_hour: 20,
            max_signups_per_address_per_hour: 20,
        }
    }
}

/// `fraud` in a campaign's body: the settings a member may change.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object with canonical_emails")]
pub struct FraudInput {
    pub canonical_emails: Option<serde_json::Value>,
}

impl FraudSettings {
    /// Applies the fields present in `input`, each checked.
    pub fn apply(&mut self, input: &FraudInput) -> Result<(), ValidationError> {
        if let Some(value) = &input.canonical_emails {
            self.canonical_emails = value
                .as_bool()
                .ok_or_else(|| ValidationError::new("fraud", "fraud.canonical_emails must be true or false"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_participant_per_inbox_by_default_and_a_member_may_turn_it_off() {
        let mut fraud = FraudSettings::default();
        assert!(fraud.canonical_emails);
        let off: FraudInput = serde_json::from_value(serde_json::json!({"canonical_emails": false})).unwrap();
        fraud.apply(&off).unwrap();
        assert!(!fraud.canonical_emails);
        let bad: FraudInput = serde_json::from_value(serde_json::json!({"canonical_emails": "yes"})).unwrap();
        assert!(fraud.apply(&bad).unwrap_err().message.contains("fraud.canonical_emails"));
        assert!(serde_json::from_value::<FraudInput>(serde_json::json!({"velocity": 3})).is_err());
    }
}
