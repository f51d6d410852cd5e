//! A campaign's defences against farmed referrals: the rules a signup is checked against, and
//! their settings (`fraud` on the campaign).
//!
//! - **One person, one participant.** With `canonical_emails` (on by default), a campaign
//!   compares addresses by the inbox they reach ([`crate::domain::email::canonical`]):
//!   `ann.lee+1@gmail.com`, `annlee@gmail.com` and `ann.lee@googlemail.com` are one
//!   participant, and a referrer cannot refer another spelling of their own address.
//! - **Disposable addresses.** `disposable_emails`: an address at a throwaway-mail domain
//!   (the maintained list of the `mailchecker` crate, subdomains included) is refused, or its
//!   participant joins and every reward they earn or cause is held for review (the default),
//!   or it is allowed.
//!
//! The stored settings also carry the rules that come next (velocity), with their defaults;
//! the API shows and takes a rule's setting once the rule is enforced.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::reward::HoldReason;
use super::{Campaign, Participant, ValidationError};

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

impl DisposablePolicy {
    pub fn name(self) -> &'static str {
        match self {
            DisposablePolicy::Refuse => "refuse",
            DisposablePolicy::Hold => "hold",
            DisposablePolicy::Allow => "allow",
        }
    }
}

/// A campaign's fraud settings, as stored (schema 5 of the campaign row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FraudSettings {
    /// One participant per inbox rather than per spelling of an address.
    pub canonical_emails: bool,
    /// What an address at a disposable-mail domain gets.
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
#[serde(deny_unknown_fields, expecting = "a JSON object with canonical_emails or disposable_emails")]
pub struct FraudInput {
    pub canonical_emails: Option<serde_json::Value>,
    pub disposable_emails: Option<serde_json::Value>,
}

impl FraudSettings {
    /// Applies the fields present in `input`, each checked.
    pub fn apply(&mut self, input: &FraudInput) -> Result<(), ValidationError> {
        if let Some(value) = &input.canonical_emails {
            self.canonical_emails = value
                .as_bool()
                .ok_or_else(|| ValidationError::new("fraud", "fraud.canonical_emails must be true or false"))?;
        }
        if let Some(value) = &input.disposable_emails {
            self.disposable_emails = match value.as_str() {
                Some("refuse") => DisposablePolicy::Refuse,
                Some("hold") => DisposablePolicy::Hold,
                Some("allow") => DisposablePolicy::Allow,
                _ => {
                    return Err(ValidationError::new(
                        "fraud",
                        "fraud.disposable_emails must be 'refuse', 'hold' or 'allow'",
                    ))
                }
            };
        }
        Ok(())
    }
}

/// The disposable-mail domains, read once from the crate's list.
fn disposable_domains() -> &'static HashSet<&'static str> {
    static DOMAINS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    DOMAINS.get_or_init(|| mailchecker::blacklist().into_iter().collect())
}

/// Whether `address` is at a disposable-mail domain, or at a subdomain of one.
pub fn is_disposable(address: &str) -> bool {
    let Some((_, domain)) = address.rsplit_once('@') else { return false };
    let domain = domain.trim_end_matches('.').to_lowercase();
    let domains = disposable_domains();
    let mut rest = domain.as_str();
    loop {
        if domains.contains(rest) {
            return true;
        }
        match rest.split_once('.') {
            // A bare top-level domain is never on the list as a whole.
            Some((_, parent)) if parent.contains('.') => rest = parent,
            _ => return false,
        }
    }
}

/// Why the campaign holds, for review, a reward between these participants (its owner and the
/// participant who triggered it): none when nothing is suspect.
pub fn review_holds(campaign: &Campaign, parties: &[&Participant]) -> Vec<HoldReason> {
    let mut holds = Vec::new();
    let disposable = parties.iter().any(|p| !p.is_erased() && is_disposable(&p.email));
    if campaign.fraud.disposable_emails == DisposablePolicy::Hold && disposable {
        holds.push(HoldReason::DisposableEmail);
    }
    holds
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

    #[test]
    fn disposable_domains_come_from_the_list_subdomains_included() {
        for address in ["a@mailinator.com", "a@MAILINATOR.com", "a@x.33mail.com", "a@guerrillamailblock.com"] {
            assert!(is_disposable(address), "{address}");
        }
        for address in ["a@gmail.com", "a@example.com", "a@acme.co.uk", "nonsense", "a@com"] {
            assert!(!is_disposable(address), "{address}");
        }
        let mut fraud = FraudSettings::default();
        assert_eq!(fraud.disposable_emails, DisposablePolicy::Hold, "held by default");
        let refuse: FraudInput = serde_json::from_value(serde_json::json!({"disposable_emails": "refuse"})).unwrap();
        fraud.apply(&refuse).unwrap();
        assert_eq!(fraud.disposable_emails, DisposablePolicy::Refuse);
        let bad: FraudInput = serde_json::from_value(serde_json::json!({"disposable_emails": "block"})).unwrap();
        assert!(fraud.apply(&bad).unwrap_err().message.contains("'refuse', 'hold' or 'allow'"));
    }
}
