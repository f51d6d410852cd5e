//! Rewards: what a participant earned, the states a reward moves through, and which moves an
//! owner may make. The engine (`engine::rewards`) decides the moves; this module says what
//! each state means and which moves each state allows.
//!
//! ```text
//!            approve / hold ends           (coupon uploaded)
//!   held ────────────────────────> issued <──────────────── pending
//!     │  └── approve, pool empty ──────────────────────────> │
//!     │                              │ fulfil                 │
//!     └──── void ──> voided <── void ┴──> fulfilled           └── void ──> voided
//! ```
//! Nothing leaves `fulfilled` or `voided`.

use serde::{Deserialize, Serialize};

use super::reward_type::RewardType;
use super::ValidationError;

/// Why a reward was earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RewardReason {
    /// The participant's referrals or visits reached the goal.
    Referrer,
    /// Two-way reward: the participant signed up through a referral.
    Invited,
}

impl RewardReason {
    /// The reason as the API and the exports write it.
    pub fn name(self) -> &'static str {
        match self {
            RewardReason::Referrer => "referrer",
            RewardReason::Invited => "invited",
        }
    }
}

/// Where a reward is in its life. Stored by variant position: new states are appended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RewardStatus {
    /// The participant has it: coupon assigned, message shown, cash due.
    Issued,
    /// Approved, a coupon reward waiting for a coupon to be uploaded.
    Pending,
    /// Inside the campaign's hold period, or held for review; nothing handed out yet.
    Held,
    /// Cash paid out (or the reward otherwise delivered), as the member marked it.
    Fulfilled,
    /// Taken back, with a reason; an issued coupon stays burnt.
    Voided,
}

impl RewardStatus {
    /// Every state, in the order the API lists them.
    pub const ALL: [RewardStatus; 5] = [
        RewardStatus::Held,
        RewardStatus::Pending,
        RewardStatus::Issued,
        RewardStatus::Fulfilled,
        RewardStatus::Voided,
    ];

    /// The name the API uses.
    pub fn name(self) -> &'static str {
        match self {
            RewardStatus::Held => "held",
            RewardStatus::Pending => "pending",
            RewardStatus::Issued => "issued",
            RewardStatus::Fulfilled => "fulfilled",
            RewardStatus::Voided => "voided",
        }
    }

    /// A `status` query value.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let raw = raw.trim();
        Self::ALL.into_iter().find(|s| s.name() == raw).ok_or_else(|| {
            ValidationError::new("status", "status must be one of held, pending, issued, fulfilled, voided")
        })
    }

    /// One byte per state, for index values.
    pub fn byte(self) -> u8 {
        self as u8
    }

    pub fn from_byte(byte: u8) -> Option<Self> {
        [Self::Issued, Self::Pending, Self::Held, Self::Fulfilled, Self::Voided].get(byte as usize).copied()
    }

    /// Whether nothing can change the reward any more.
    pub fn is_final(self) -> bool {
        matches!(self, RewardStatus::Fulfilled | RewardStatus::Voided)
    }
}

/// Why a reward is held. Stored by variant position: new reasons are appended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HoldReason {
    /// The campaign's `hold_days`: released by itself when the period ends.
    HoldPeriod,
    /// The owner or the participant who triggered it signed up with a disposable-mail
    /// address (`fraud.disposable_emails: hold`): held until the member approves or voids it.
    DisposableEmail,
    /// The referral signup came from the referrer's own client address (or address and user
    /// agent, `fraud.same_address`).
    SameAddress,
    /// Beyond a velocity limit: too many referrals to one referrer, or signups from one
    /// address, in an hour.
    Velocity,
    /// A commission on an invoice in another currency than the campaign's, with no exchange
    /// rate for the invoice's date yet: it has no amount until one is given.
    NoExchangeRate,
}

impl HoldReason {
    /// Every reason, in the order the stats list them.
    pub const ALL: [HoldReason; 5] = [
        HoldReason::HoldPeriod,
        HoldReason::DisposableEmail,
        HoldReason::SameAddress,
        HoldReason::Velocity,
        HoldReason::NoExchangeRate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HoldReason::HoldPeriod => "hold_period",
            HoldReason::DisposableEmail => "disposable_email",
            HoldReason::SameAddress => "same_address",
            HoldReason::Velocity => "velocity",
            HoldReason::NoExchangeRate => "no_exchange_rate",
        }
    }
}

/// One state change of a reward: the state it entered, when, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewardChange {
    pub status: RewardStatus,
    /// RFC 3339, UTC.
    pub at: String,
    /// Why, in words: `earned`, `hold period ended`, `approved`, the void reason, …
    pub note: String,
}

/// A reward as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reward {
    pub id: u64,
    pub participant_id: u64,
    pub campaign_id: u64,
    pub kind: RewardType,
    /// The coupon code, cash amount, message or token amount; `None` until issued.
    pub value: Option<String>,
    pub status: RewardStatus,
    pub reason: RewardReason,
    /// The participant whose signup (or visit count) triggered the reward.
    pub trigger_participant_id: Option<u64>,
    pub created_at: String,
    pub issued_at: Option<String>,
    pub brand_id: u64,
    pub member_id: u64,
    /// While held for a hold period: when it ends (Unix milliseconds).
    pub release_at_ms: Option<i64>,
    /// While held: why.
    pub holds: Vec<HoldReason>,
    /// Once voided: why.
    pub void_reason: Option<String>,
    /// Every state it entered, oldest first (the first is where it started).
    pub history: Vec<RewardChange>,
}

impl Reward {
    /// Moves the reward to `status`, recording the change.
    pub fn enter(&mut self, status: RewardStatus, at: &str, note: impl Into<String>) {
        self.status = status;
        self.history.push(RewardChange { status, at: at.to_owned(), note: note.into() });
    }
}

/// A reward as stored before the reward lifecycle (schema 1 of the row): issued or pending
/// only. Read once, at the first start of a newer release, and rewritten as [`Reward`].
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RewardV1 {
    pub id: u64,
    pub participant_id: u64,
    pub campaign_id: u64,
    pub kind: RewardType,
    pub value: Option<String>,
    pub status: RewardStatus,
    pub reason: RewardReason,
    pub trigger_participant_id: Option<u64>,
    pub created_at: String,
    pub issued_at: Option<String>,
}

impl RewardV1 {
    /// The reward in today's shape; `brand_id` and `member_id` come from its participant.
    pub fn upgrade(self, brand_id: u64, member_id: u64) -> Reward {
        let mut history =
            vec![RewardChange { status: RewardStatus::Pending, at: self.created_at.clone(), note: "earned".into() }];
        if self.status == RewardStatus::Issued {
            let at = self.issued_at.clone().unwrap_or_else(|| self.created_at.clone());
            if at == self.created_at {
                history.clear();
            }
            history.push(RewardChange { status: RewardStatus::Issued, at, note: "earned".into() });
        }
        Reward {
            id: self.id,
            participant_id: self.participant_id,
            campaign_id: self.campaign_id,
            kind: self.kind,
            value: self.value,
            status: self.status,
            reason: self.reason,
            trigger_participant_id: self.trigger_participant_id,
            created_at: self.created_at,
            issued_at: self.issued_at,
            brand_id,
            member_id,
            release_at_ms: None,
            holds: Vec::new(),
            void_reason: None,
            history,
        }
    }
}

/// What an owner can do to a reward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RewardAction {
    /// Held → issued now (or pending, a coupon reward whose pool is empty).
    Approve,
    /// Held, pending or issued → voided.
    Void,
    /// Issued → fulfilled.
    Fulfil,
}

impl RewardAction {
    /// Every action, in the order a page offers them.
    pub const ALL: [RewardAction; 3] = [RewardAction::Approve, RewardAction::Void, RewardAction::Fulfil];

    /// The action a name (as [`RewardAction::name`] writes it) stands for.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            RewardAction::Approve => "approve",
            RewardAction::Void => "void",
            RewardAction::Fulfil => "fulfil",
        }
    }

    /// Whether a reward in `status` may take this action.
    pub fn allowed_from(self, status: RewardStatus) -> bool {
        match self {
            RewardAction::Approve => status == RewardStatus::Held,
            RewardAction::Void => {
                matches!(status, RewardStatus::Held | RewardStatus::Pending | RewardStatus::Issued)
            }
            RewardAction::Fulfil => status == RewardStatus::Issued,
        }
    }

    /// The states it is allowed from, in words, for a refusal.
    pub fn allowed_states(self) -> &'static str {
        match self {
            RewardAction::Approve => "held",
            RewardAction::Void => "held, pending or issued",
            RewardAction::Fulfil => "issued",
        }
    }
}

/// Longest void reason, in characters.
pub const MAX_VOID_REASON_CHARS: usize = 500;

/// A void reason: required, trimmed, 1 to 500 characters, no control characters.
pub fn parse_void_reason(raw: Option<&str>) -> Result<String, ValidationError> {
    let reason = raw.unwrap_or("").trim();
    if reason.is_empty() || reason.chars().count() > MAX_VOID_REASON_CHARS {
        return Err(ValidationError::new(
            "reason",
            format!("reason is required: 1 to {MAX_VOID_REASON_CHARS} characters saying why the reward is voided"),
        ));
    }
    if reason.chars().any(char::is_control) {
        return Err(ValidationError::new("reason", "reason must not contain control characters"));
    }
    Ok(reason.to_owned())
}

/// The longest payment reference a fulfilled reward keeps.
pub const MAX_PAYMENT_REFERENCE_CHARS: usize = 200;

/// A payment reference given when a reward is marked fulfilled (a bank or PayPal transfer's
/// id): optional, one line of at most [`MAX_PAYMENT_REFERENCE_CHARS`] characters.
pub fn parse_payment_reference(raw: Option<&str>) -> Result<String, ValidationError> {
    let reference = raw.unwrap_or("").trim();
    if reference.chars().count() > MAX_PAYMENT_REFERENCE_CHARS {
        return Err(ValidationError::new(
            "reference",
            format!("reference must be at most {MAX_PAYMENT_REFERENCE_CHARS} characters"),
        ));
    }
    if reference.chars().any(char::is_control) {
        return Err(ValidationError::new("reference", "reference must not contain control characters"));
    }
    Ok(reference.to_owned())
}

/// What a reward list may be narrowed to. Every given criterion must hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RewardFilter {
    pub campaign_id: Option<u64>,
    pub status: Option<RewardStatus>,
    pub participant_id: Option<u64>,
    /// The oldest first (a review queue), instead of the newest.
    pub oldest_first: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_reference_is_optional_one_line_and_bounded() {
        assert_eq!(parse_payment_reference(None).unwrap(), "");
        assert_eq!(parse_payment_reference(Some("  PAYPAL-7Q2 ")).unwrap(), "PAYPAL-7Q2");
        assert_eq!(
            parse_payment_reference(Some(&"é".repeat(200))).unwrap().chars().count(),
            200,
            "characters, not bytes"
        );
        for bad in ["x".repeat(201), "line\nbreak".to_owned(), "tab\there".to_owned()] {
            assert_eq!(parse_payment_reference(Some(&bad)).unwrap_err().field, "reference", "{bad:?}");
        }
    }

    #[test]
    fn every_action_reads_back_from_its_name() {
        for action in RewardAction::ALL {
            assert_eq!(RewardAction::parse(action.name()), Some(action));
        }
        assert_eq!(RewardAction::parse("delete"), None);
    }

    #[test]
    fn each_action_is_allowed_from_exactly_the_documented_states() {
        use RewardStatus::*;
        let allowed =
            |a: RewardAction| RewardStatus::ALL.into_iter().filter(|&s| a.allowed_from(s)).collect::<Vec<_>>();
        assert_eq!(allowed(RewardAction::Approve), vec![Held]);
        assert_eq!(allowed(RewardAction::Void), vec![Held, Pending, Issued]);
        assert_eq!(allowed(RewardAction::Fulfil), vec![Issued]);
        for action in [RewardAction::Approve, RewardAction::Void, RewardAction::Fulfil] {
            assert!(!action.allowed_from(Fulfilled) && !action.allowed_from(Voided), "nothing leaves a final state");
        }
    }

    #[test]
    fn status_names_and_bytes_round_trip() {
        for status in RewardStatus::ALL {
            assert_eq!(RewardStatus::parse(status.name()).unwrap(), status);
            assert_eq!(RewardStatus::from_byte(status.byte()), Some(status));
        }
        assert!(RewardStatus::parse("paid").is_err());
        assert_eq!(RewardStatus::from_byte(9), None);
    }

    #[test]
    fn a_void_reason_is_required_and_bounded() {
        assert_eq!(parse_void_reason(Some("  refunded ")).unwrap(), "refunded");
        assert!(parse_void_reason(None).is_err());
        assert!(parse_void_reason(Some("   ")).is_err());
        assert!(parse_void_reason(Some(&"x".repeat(MAX_VOID_REASON_CHARS + 1))).is_err());
        assert!(parse_void_reason(Some("a\u{7}b")).is_err());
    }

    #[test]
    fn an_old_reward_keeps_what_it_was_and_gets_a_history() {
        let old = RewardV1 {
            id: 4,
            participant_id: 9,
            campaign_id: 2,
            kind: RewardType::Coupon,
            value: None,
            status: RewardStatus::Pending,
            reason: RewardReason::Referrer,
            trigger_participant_id: Some(10),
            created_at: "2026-01-01T00:00:00Z".into(),
            issued_at: None,
        };
        let pending = old.clone().upgrade(5, 7);
        assert_eq!((pending.brand_id, pending.member_id, pending.status), (5, 7, RewardStatus::Pending));
        assert_eq!(pending.history.len(), 1);
        let issued = RewardV1 {
            status: RewardStatus::Issued,
            value: Some("C1".into()),
            issued_at: Some("2026-01-02T00:00:00Z".into()),
            ..old
        }
        .upgrade(5, 7);
        let states: Vec<_> = issued.history.iter().map(|c| c.status).collect();
        assert_eq!(states, vec![RewardStatus::Pending, RewardStatus::Issued]);
    }
}
