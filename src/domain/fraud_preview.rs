//! The dry run of a campaign's fraud rules (`POST /campaigns/:id/fraud/preview`): the
//! campaign's participants are replayed, in the order they joined, through the same judgements
//! a signup's commit makes ([`fraud::judge_referral`], [`fraud::holds_for`],
//! [`fraud::beyond_rate`], [`fraud::same_client`]) under a proposed set of rules, and the
//! answer counts the existing referrals those rules would have held or refused. Nothing is
//! changed: an owner tries a rule before switching it on.
//!
//! What the replay can and cannot see:
//! - Emails and who referred whom are kept for every participant, so the email rules and the
//!   per-referrer velocity limit look at the whole campaign. An erased participant's address
//!   is gone, and no email rule counts it.
//! - Client prints are kept 30 days ([`crate::domain::client_print::PRINT_KEPT_MS`]), so the
//!   same-address rule and the per-address limit see only the signups of the last 30 days
//!   (`with_client` says how many referrals had one). A referrer's own print goes 30 days
//!   after their signup, so their later referrals are compared with nothing.
//! - A participant the proposed rules would have refused is left out of what follows, as it
//!   would never have joined: it counts towards no rate, and the referrals made with its
//!   codes are refused too (`referrer_refused`).
//!
//! Fed every print, the replay counts exactly what the rules hold when switched on and the
//! same signups are made again: `engine::preview_tests` checks that over any sequence.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::client_print::StoredPrint;
use super::fraud::{self, DisposablePolicy, ReferralSignals};
use super::reward::HoldReason;
use super::{email, Campaign, Participant};

/// How many of the replayed referrals each reason would have held.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PreviewHolds {
    /// Either side has a disposable address (`disposable_emails: hold`).
    pub disposable_email: u64,
    /// The friend's client matched the referrer's (`same_address`).
    pub same_address: u64,
    /// Beyond `max_referrals_per_hour` or `max_signups_per_address_per_hour`.
    pub velocity: u64,
}

/// How many of the replayed referrals each reason would have refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PreviewRefusals {
    /// Another spelling of the referrer's own address (`canonical_emails`).
    pub self_referral: u64,
    /// Another spelling of an earlier participant's address (`canonical_emails`).
    pub participant_exists: u64,
    /// A disposable address (`disposable_emails: refuse`).
    pub disposable_email: u64,
    /// The referrer would have been refused, so their codes would not exist.
    pub referrer_refused: u64,
}

/// What the proposed rules would have done to the campaign's existing referrals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FraudPreview {
    /// The referrals replayed: every participant who joined through someone's code.
    pub referrals: u64,
    /// Of them, those whose client print is still kept (the last 30 days): the rules that
    /// compare clients see only these.
    pub with_client: u64,
    /// Referrals whose rewards would have been held, for one reason or more.
    pub held: u64,
    /// Per reason; a referral held for two reasons counts under both.
    pub held_by_reason: PreviewHolds,
    /// Referrals that would have been refused.
    pub refused: u64,
    /// Per reason (one each: the first the signup would have met).
    pub refused_by_reason: PreviewRefusals,
}

/// Why the replay refuses a participant, in the order a signup meets the checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    ReferrerRefused,
    SelfReferral,
    ParticipantExists,
    DisposableEmail,
}

/// What the replay remembers of a participant once past them.
struct Seen {
    /// Their inbox by the proposed rule (erased: none).
    inbox: Option<String>,
    print: Option<StoredPrint>,
    disposable: bool,
    refused: bool,
}

/// A replay in progress: feed it the campaign's participants in roster order with
/// [`Replay::push`], then read [`Replay::finish`].
pub struct Replay {
    /// The campaign under the proposed rules.
    campaign: Campaign,
    inboxes: HashSet<String>,
    seen: HashMap<u64, Seen>,
    referrer_times: HashMap<u64, Vec<i64>>,
    address_times: HashMap<[u8; 16], Vec<i64>>,
    preview: FraudPreview,
}

impl Replay {
    /// A replay of `campaign` as if its rules were `campaign.fraud` (set the proposed rules
    /// on a copy before).
    pub fn new(campaign: Campaign) -> Self {
        Self {
            campaign,
            inboxes: HashSet::new(),
            seen: HashMap::new(),
            referrer_times: HashMap::new(),
            address_times: HashMap::new(),
            preview: FraudPreview::default(),
        }
    }

    /// Replays the next participant to have joined, with their signup's print if still kept.
    pub fn push(&mut self, participant: &Participant, print: Option<StoredPrint>) {
        let rules = &self.campaign.fraud;
        let inbox = (!participant.is_erased()).then(|| match rules.canonical_emails {
            true => email::canonical(&participant.email),
            false => email::normalize(&participant.email),
        });
        let disposable = !participant.is_erased() && fraud::is_disposable(&participant.email);
        let referrer = participant.referred_by.map(|id| self.seen.get(&id));
        let refusal = match referrer {
            Some(Some(referrer)) if referrer.refused => Some(Refusal::ReferrerRefused),
            Some(Some(referrer)) if inbox.is_some() && referrer.inbox == inbox => Some(Refusal::SelfReferral),
            _ if inbox.as_ref().is_some_and(|inbox| self.inboxes.contains(inbox)) => Some(Refusal::ParticipantExists),
            _ if disposable && rules.disposable_emails == DisposablePolicy::Refuse => Some(Refusal::DisposableEmail),
            _ => None,
        };
        let is_referral = referrer.is_some();
        if is_referral {
            self.preview.referrals += 1;
            self.preview.with_client += u64::from(print.is_some());
        }
        if let Some(refusal) = refusal {
            if is_referral {
                self.count_refusal(refusal);
            }
            self.seen.insert(participant.id, Seen { inbox: None, print: None, disposable, refused: true });
            return;
        }

        // As a signup's commit judges it (see `engine::suspicion`).
        let now = print.map(|p| p.at_ms).unwrap_or_else(|| joined_ms(participant));
        let mut signals = ReferralSignals::default();
        if let Some(print) = print {
            let times = self.address_times.remove(&print.print.address).unwrap_or_default();
            signals.address_beyond_rate = fraud::beyond_rate(&times, now, rules.max_signups_per_address_per_hour);
            let limit = rules.max_signups_per_address_per_hour;
            self.address_times.insert(print.print.address, fraud::rate_after(times, now, limit));
        }
        if let (Some(referrer_id), Some(referrer)) = (participant.referred_by, referrer) {
            let times = self.referrer_times.remove(&referrer_id).unwrap_or_default();
            signals.referrer_beyond_rate = fraud::beyond_rate(&times, now, rules.max_referrals_per_hour);
            self.referrer_times.insert(referrer_id, fraud::rate_after(times, now, rules.max_referrals_per_hour));
            let theirs = referrer.and_then(|r| r.print);
            if let Some(print) = print {
                signals.same_client = fraud::same_client(&self.campaign.fraud, theirs.as_ref(), &print.print, now);
            }
            let either_disposable = disposable || referrer.is_some_and(|r| r.disposable);
            let holds = fraud::holds_for(&self.campaign.fraud, either_disposable, &fraud::judge_referral(signals));
            self.count_holds(&holds);
        }
        if let Some(inbox) = &inbox {
            self.inboxes.insert(inbox.clone());
        }
        self.seen.insert(participant.id, Seen { inbox, print, disposable, refused: false });
    }

    fn count_refusal(&mut self, refusal: Refusal) {
        let counts = &mut self.preview.refused_by_reason;
        *match refusal {
            Refusal::ReferrerRefused => &mut counts.referrer_refused,
            Refusal::SelfReferral => &mut counts.self_referral,
            Refusal::ParticipantExists => &mut counts.participant_exists,
            Refusal::DisposableEmail => &mut counts.disposable_email,
        } += 1;
        self.preview.refused += 1;
    }

    fn count_holds(&mut self, holds: &[HoldReason]) {
        let counts = &mut self.preview.held_by_reason;
        for reason in holds {
            match reason {
                HoldReason::DisposableEmail => counts.disposable_email += 1,
                HoldReason::SameAddress => counts.same_address += 1,
                HoldReason::Velocity => counts.velocity += 1,
                // Not fraud rules: the campaign's hold period holds every reward alike, and
                // a missing exchange rate holds a commission until one is given.
                HoldReason::HoldPeriod | HoldReason::NoExchangeRate => {}
            }
        }
        self.preview.held += u64::from(!holds.is_empty());
    }

    /// What the rules would have done.
    pub fn finish(self) -> FraudPreview {
        self.preview
    }
}

/// When a participant joined, in Unix milliseconds (to the second their `created_at` keeps).
fn joined_ms(participant: &Participant) -> i64 {
    chrono::DateTime::parse_from_rfc3339(&participant.created_at).map(|t| t.timestamp_millis()).unwrap_or(0)
}
