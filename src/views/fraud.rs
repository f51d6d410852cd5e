//! The JSON shapes of a campaign's fraud rules (`fraud` in a campaign) and of the dry run of a
//! proposed set of them (`POST /campaigns/:id/fraud/preview`).

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::fraud::FraudSettings;
use crate::domain::fraud_preview::FraudPreview;

/// A campaign's defences against farmed referrals, as far as they are enforced.
#[derive(Debug, Serialize, ToSchema)]
pub struct FraudRules {
    /// One participant per inbox: `ann.lee+1@gmail.com` and `annlee@gmail.com` are one
    /// person (case, `+tag`, and Gmail's dots and googlemail.com ignored). On by default.
    pub canonical_emails: bool,
    /// An address at a disposable-mail domain: `refuse` (400 `disposable_email`), `hold`
    /// (every reward its participant earns or causes is held for review; the default) or
    /// `allow`.
    pub disposable_emails: &'static str,
    /// A referral signup from the referrer's own client: compared by `address` (the
    /// default), `address_and_agent`, or `off`; a match is held with `same_address`.
    pub same_address: &'static str,
    /// Referrals credited to one referrer in the last hour before the next are held with
    /// `velocity` (default 20); null: no limit.
    pub max_referrals_per_hour: Option<u32>,
    /// Signups from one client address in the last hour before the next referral's
    /// rewards are held with `velocity` (default 20); null: no limit.
    pub max_signups_per_address_per_hour: Option<u32>,
}

/// The rules as a campaign shows them: a limit of 0 (none) is null.
pub fn fraud_rules(fraud: &FraudSettings) -> FraudRules {
    let limit = |n: u32| (n > 0).then_some(n);
    FraudRules {
        canonical_emails: fraud.canonical_emails,
        disposable_emails: fraud.disposable_emails.name(),
        same_address: fraud.same_address.name(),
        max_referrals_per_hour: limit(fraud.max_referrals_per_hour),
        max_signups_per_address_per_hour: limit(fraud.max_signups_per_address_per_hour),
    }
}

/// What a proposed set of rules would have done to the campaign's existing referrals.
#[derive(Debug, Serialize, ToSchema)]
pub struct FraudRulesPreview {
    pub campaign_id: u64,
    /// The rules previewed: the campaign's own, with the body's fields in their place.
    pub fraud: FraudRules,
    #[serde(flatten)]
    pub preview: FraudPreview,
}
