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
//! - **Same address as the referrer.** `same_address`: a referral signup whose client (the
//!   keyed print of its address, or of its address and user agent, see
//!   [`crate::domain::client_print`]) matches the referrer's own signup has its rewards held
//!   with reason `same_address`. `address` (the default) compares the address alone,
//!   `address_and_agent` both, `off` neither.
//! - **Velocity.** More than `max_referrals_per_hour` (default 20) referrals credited to one
//!   referrer in the last hour, or more than `max_signups_per_address_per_hour` (default 20)
//!   signups from one client address: the rewards of those beyond are held with reason
//!   `velocity`. `null` turns a limit off.
//!
//! A referral's suspicions are decided in its signup's commit and kept with the referred
//! participant, so the rewards a later conversion earns are held for the same reasons.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::client_print::{ClientPrint, StoredPrint};
use super::participant::Participant;
use super::reward::HoldReason;
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

impl DisposablePolicy {
    pub const ALL: [DisposablePolicy; 3] = [DisposablePolicy::Refuse, DisposablePolicy::Hold, DisposablePolicy::Allow];

    pub fn name(self) -> &'static str {
        match self {
            DisposablePolicy::Refuse => "refuse",
            DisposablePolicy::Hold => "hold",
            DisposablePolicy::Allow => "allow",
        }
    }
}

/// What a referral signup from the referrer's own client gets compared by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SameAddressPolicy {
    /// The client address alone: a household or an office behind one address is held too.
    Address,
    /// The address and the user agent: the same device.
    AddressAndAgent,
    /// Not compared.
    Off,
}

impl SameAddressPolicy {
    pub const ALL: [SameAddressPolicy; 3] =
        [SameAddressPolicy::Address, SameAddressPolicy::AddressAndAgent, SameAddressPolicy::Off];

    pub fn name(self) -> &'static str {
        match self {
            SameAddressPolicy::Address => "address",
            SameAddressPolicy::AddressAndAgent => "address_and_agent",
            SameAddressPolicy::Off => "off",
        }
    }
}

/// The highest velocity limit a campaign may set (per hour): the store keeps at most this many
/// recent times per referrer and per address.
pub const MAX_RATE_LIMIT: u32 = 1000;

/// A campaign's fraud settings, as stored (schema 6 of the campaign row; schema 5 had no
/// `same_address`, see `FraudSettingsV1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FraudSettings {
    /// One participant per inbox rather than per spelling of an address.
    pub canonical_emails: bool,
    /// What an address at a disposable-mail domain gets.
    pub disposable_emails: DisposablePolicy,
    /// Referrals credited to one referrer in an hour before the next are held; 0: no limit.
    pub max_referrals_per_hour: u32,
    /// Signups from one client address in an hour before the next are held; 0: no limit.
    pub max_signups_per_address_per_hour: u32,
    /// What a referral signup from the referrer's own client is compared by.
    pub same_address: SameAddressPolicy,
}

impl Default for FraudSettings {
    fn default() -> Self {
        Self {
            canonical_emails: true,
            disposable_emails: DisposablePolicy::Hold,
            max_referrals_per_hour: 20,
            max_signups_per_address_per_hour: 20,
            same_address: SameAddressPolicy::Address,
        }
    }
}

/// The fraud settings as schema 5 of the campaign row stored them: before `same_address`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FraudSettingsV1 {
    pub canonical_emails: bool,
    pub disposable_emails: DisposablePolicy,
    pub max_referrals_per_hour: u32,
    pub max_signups_per_address_per_hour: u32,
}

impl From<FraudSettingsV1> for FraudSettings {
    /// Schema 5 stored the velocity limits with their defaults before they were enforced;
    /// the same-address rule starts at its default.
    fn from(v1: FraudSettingsV1) -> Self {
        Self {
            canonical_emails: v1.canonical_emails,
            disposable_emails: v1.disposable_emails,
            max_referrals_per_hour: v1.max_referrals_per_hour,
            max_signups_per_address_per_hour: v1.max_signups_per_address_per_hour,
            same_address: SameAddressPolicy::Address,
        }
    }
}

impl From<FraudSettings> for FraudSettingsV1 {
    /// As a release of campaign schema 5 stored it (`campaign_row::AsRow`).
    fn from(settings: FraudSettings) -> Self {
        Self {
            canonical_emails: settings.canonical_emails,
            disposable_emails: settings.disposable_emails,
            max_referrals_per_hour: settings.max_referrals_per_hour,
            max_signups_per_address_per_hour: settings.max_signups_per_address_per_hour,
        }
    }
}

/// A campaign's fraud settings, as its body changes them.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a JSON object with canonical_emails, disposable_emails, same_address, max_referrals_per_hour or max_signups_per_address_per_hour"
)]
pub struct FraudInput {
    /// One participant per inbox (default true).
    #[schema(value_type = Option<bool>)]
    pub canonical_emails: Option<serde_json::Value>,
    /// `refuse`, `hold` (default) or `allow`.
    #[schema(value_type = Option<String>)]
    pub disposable_emails: Option<serde_json::Value>,
    /// `address` (default), `address_and_agent` or `off`.
    #[schema(value_type = Option<String>)]
    pub same_address: Option<serde_json::Value>,
    /// 1 to 1000 (default 20); null: no limit (so absent and null differ).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    pub max_referrals_per_hour: Option<serde_json::Value>,
    /// 1 to 1000 (default 20); null: no limit.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 1000)]
    pub max_signups_per_address_per_hour: Option<serde_json::Value>,
}

/// A field that is present, `null` included (`Some(Value::Null)`); absent stays `None`.
pub(super) fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<serde_json::Value>, D::Error> {
    serde_json::Value::deserialize(deserializer).map(Some)
}

/// The choice among `choices` that a body names by `value`; the message lists them, quoted.
fn pick<T: Copy>(
    field: &str,
    value: &serde_json::Value,
    choices: [T; 3],
    name: fn(T) -> &'static str,
) -> Result<T, ValidationError> {
    let given = value.as_str();
    choices.into_iter().find(|&c| given == Some(name(c))).ok_or_else(|| {
        let [a, b, c] = choices.map(name);
        ValidationError::new("fraud", format!("fraud.{field} must be '{a}', '{b}' or '{c}'"))
    })
}

/// A velocity limit as a body gives it: a whole number from 1 to [`MAX_RATE_LIMIT`], or
/// `null` for none (stored as 0).
fn rate_limit(field: &str, value: &serde_json::Value) -> Result<u32, ValidationError> {
    if value.is_null() {
        return Ok(0);
    }
    value.as_u64().filter(|n| (1..=u64::from(MAX_RATE_LIMIT)).contains(n)).map(|n| n as u32).ok_or_else(|| {
        ValidationError::new(
            "fraud",
            format!("fraud.{field} must be a whole number from 1 to {MAX_RATE_LIMIT}, or null for no limit"),
        )
    })
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
            self.disposable_emails = pick("disposable_emails", value, DisposablePolicy::ALL, DisposablePolicy::name)?;
        }
        if let Some(value) = &input.same_address {
            self.same_address = pick("same_address", value, SameAddressPolicy::ALL, SameAddressPolicy::name)?;
        }
        if let Some(value) = &input.max_referrals_per_hour {
            self.max_referrals_per_hour = rate_limit("max_referrals_per_hour", value)?;
        }
        if let Some(value) = &input.max_signups_per_address_per_hour {
            self.max_signups_per_address_per_hour = rate_limit("max_signups_per_address_per_hour", value)?;
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

/// Why a campaign with these rules holds, for review, a reward between these participants
/// (its owner and the participant who triggered it), given what was suspected of the
/// referral behind it (`referral`, see [`judge_referral`]): none when nothing is suspect.
pub fn review_holds(rules: &FraudSettings, parties: &[&Participant], referral: &[HoldReason]) -> Vec<HoldReason> {
    let disposable = parties.iter().any(|p| !p.is_erased() && is_disposable(&p.email));
    holds_for(rules, disposable, referral)
}

/// [`review_holds`] once it is known whether a party has a disposable address (the preview
/// of a rule knows that of past participants without keeping them).
pub fn holds_for(rules: &FraudSettings, disposable: bool, referral: &[HoldReason]) -> Vec<HoldReason> {
    let mut holds = Vec::new();
    if rules.disposable_emails == DisposablePolicy::Hold && disposable {
        holds.push(HoldReason::DisposableEmail);
    }
    for &reason in referral {
        if !holds.contains(&reason) {
            holds.push(reason);
        }
    }
    holds
}

/// An hour, in milliseconds: the window of the velocity limits.
pub const HOUR_MS: i64 = 3_600_000;

/// Whether one more, at `now_ms`, goes beyond `limit` an hour, given the times (Unix ms) of
/// the earlier ones: a sliding hour, so a burst across the turn of an hour counts whole. A
/// limit of 0 is none.
pub fn beyond_rate(earlier: &[i64], now_ms: i64, limit: u32) -> bool {
    limit > 0 && earlier.iter().filter(|&&at| at > now_ms - HOUR_MS).count() >= limit as usize
}

/// The times to keep after one more at `now_ms`, counted against `limit`: those of the last
/// hour, at most the newest `limit` ([`beyond_rate`] asks only whether `limit` of them are in
/// the hour, which the newest `limit` answer exactly).
///
/// Why not more: a busy referrer's times are read and written again by each of their
/// referrals, and keeping up to [`MAX_RATE_LIMIT`] whatever the limit made that row about
/// 8 KB where the default limit (20) needs 160 bytes. The cost, for one hour after a limit is
/// raised: only the times the old limit kept are counted, so a referrer already at the old
/// limit may go that far beyond it again before being held.
pub fn rate_after(mut earlier: Vec<i64>, now_ms: i64, limit: u32) -> Vec<i64> {
    earlier.retain(|&at| at > now_ms - HOUR_MS);
    earlier.push(now_ms);
    earlier.sort_unstable();
    let excess = earlier.len().saturating_sub(limit.clamp(1, MAX_RATE_LIMIT) as usize);
    earlier.drain(..excess);
    earlier
}

/// What a referral signup's client tells against it: whether it matches the referrer's own
/// signup by the campaign's `same_address` rule. A print older than
/// [`PRINT_KEPT_MS`](super::client_print::PRINT_KEPT_MS) is forgotten and matches nothing.
pub fn same_client(rules: &FraudSettings, referrer: Option<&StoredPrint>, new: &ClientPrint, now_ms: i64) -> bool {
    let Some(referrer) = referrer.filter(|p| !p.forgotten_at(now_ms)) else { return false };
    match rules.same_address {
        SameAddressPolicy::Address => referrer.print.address == new.address,
        SameAddressPolicy::AddressAndAgent => referrer.print.device == new.device,
        SameAddressPolicy::Off => false,
    }
}

/// The suspicions of one referral, as its signup's commit decides them (the engine and the
/// preview of a rule both judge through here).
#[derive(Debug, Clone, Copy, Default)]
pub struct ReferralSignals {
    /// The signup's client matches the referrer's own ([`same_client`]).
    pub same_client: bool,
    /// The referrer's referrals in the last hour are at the limit already.
    pub referrer_beyond_rate: bool,
    /// The signups from this client address in the last hour are at the limit already.
    pub address_beyond_rate: bool,
}

/// The hold reasons a referral's signals earn it, in a fixed order.
pub fn judge_referral(signals: ReferralSignals) -> Vec<HoldReason> {
    let mut holds = Vec::new();
    if signals.same_client {
        holds.push(HoldReason::SameAddress);
    }
    if signals.referrer_beyond_rate || signals.address_beyond_rate {
        holds.push(HoldReason::Velocity);
    }
    holds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_keeps_the_newest_times_its_limit_reads_and_answers_as_if_it_kept_all() {
        let now = 10 * HOUR_MS;
        // Thirty signups a minute apart, counted against a limit of 20: kept and unkept
        // answer alike at every step, and no more than 20 times are ever kept.
        let (mut kept, mut all) = (Vec::new(), Vec::new());
        for minute in 0..30 {
            let at = now + minute * 60_000;
            assert_eq!(beyond_rate(&kept, at, 20), beyond_rate(&all, at, 20), "minute {minute}");
            kept = rate_after(kept, at, 20);
            all.push(at);
            assert!(kept.len() <= 20);
        }
        assert_eq!(kept, all[10..].to_vec(), "the newest twenty, oldest first");
        // An hour on, the old times are gone whatever the limit.
        assert_eq!(rate_after(kept, now + 2 * HOUR_MS, 20), vec![now + 2 * HOUR_MS]);
        assert_eq!(rate_after(Vec::new(), now, 0), vec![now], "a limit of 0 keeps the one at hand");
    }

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
