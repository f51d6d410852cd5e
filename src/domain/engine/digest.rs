//! The member's daily digest of a campaign. Once a day (the scheduler in `actors::digests`
//! asks), the brand's writer decides whether the campaign is due one: its digest is on and
//! no digest was made for today yet. The decision leaves a new [`DigestMark`] and, when there
//! is something to tell, composes the email, both in one commit: a second ask the same day
//! (another tick, a restart, a second server) finds today's mark and does nothing, so each
//! campaign sends at most one digest a day.
//!
//! A digest reports the difference between the campaign's counters now and the last mark
//! (the first one: everything since the campaign began), so it costs the same at any size.

use super::emails::{shown_name, Mailing};
use super::{BrandReads, Moment, Write};
use crate::domain::campaign_emails::{render, EmailKind, Values};
use crate::domain::counters::Counter;
use crate::domain::digest::{DigestMark, DigestNumbers};
use crate::domain::outgoing_email::OutgoingEmail;
use crate::domain::Campaign;

/// A digest the campaign is due: what it reports and the mark it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDigest {
    pub campaign: Campaign,
    pub numbers: DigestNumbers,
    pub mark: DigestMark,
}

/// Whom a digest goes to: the campaign's member, as they are now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestRecipient {
    pub email: String,
    pub name: String,
}

/// The digest of `day` (days since the Unix epoch, UTC: the scheduler's, which may differ
/// from `moment`'s by a moment at midnight) campaign `campaign_id` is due, or none: it does
/// not exist, its digest is off, or that day's (or a later one's) was made already.
pub fn due_digest<R: BrandReads + ?Sized>(
    reads: &R,
    campaign_id: u64,
    day: u32,
    moment: &Moment,
) -> Result<Option<DueDigest>, R::Error> {
    let Some(campaign) = reads.campaign(campaign_id)? else { return Ok(None) };
    if !campaign.emails.digest.enabled {
        return Ok(None);
    }
    let last = reads.digest_mark(campaign_id)?;
    if last.as_ref().is_some_and(|mark| mark.day >= day) {
        return Ok(None);
    }
    let mark = DigestMark {
        day,
        at: moment.at.clone(),
        participants: reads.counter(campaign_id, Counter::Participants)?,
        referrals: reads.counter(campaign_id, Counter::Referrals)?,
        rewards_issued: reads.counter(campaign_id, Counter::RewardsIssued)?,
    };
    let (since, before) = match last {
        Some(last) => (last.at.clone(), last),
        None => (
            campaign.created_at.clone(),
            DigestMark { day: 0, at: String::new(), participants: 0, referrals: 0, rewards_issued: 0 },
        ),
    };
    let numbers = DigestNumbers {
        since,
        signups: mark.participants.saturating_sub(before.participants),
        referrals: mark.referrals.saturating_sub(before.referrals),
        rewards: mark.rewards_issued.saturating_sub(before.rewards_issued),
        held: reads.counter(campaign_id, Counter::RewardsHeld)?,
        participants: mark.participants,
    };
    Ok(Some(DueDigest { campaign, numbers, mark }))
}

/// The writes of a due digest: its mark, and its email when there is something to tell
/// ([`DigestNumbers::newsworthy`]) and an email (its id and recipient) to tell it in. A quiet
/// day, or a member who gets none, leaves the mark only.
pub fn compose_digest(
    due: DueDigest,
    email: Option<(u64, &DigestRecipient)>,
    mailing: &Mailing,
    moment: &Moment,
) -> Vec<Write> {
    let DueDigest { campaign, numbers, mark } = due;
    let mut writes = vec![Write::DigestMark { campaign_id: campaign.id, mark }];
    let Some((id, to)) = email.filter(|_| numbers.newsworthy()) else { return writes };
    let unsubscribe = (mailing.digest_off_link)(campaign.id);
    let name = shown_name(&to.name, &to.email);
    let values = Values::default()
        .with("name", name)
        .with("campaign", campaign.name.as_str())
        .with("since", numbers.since_shown())
        .with("signups", numbers.signups.to_string())
        .with("referrals", numbers.referrals.to_string())
        .with("rewards", numbers.rewards.to_string())
        .with("held", numbers.held.to_string())
        .with("participants", numbers.participants.to_string())
        .with("unsubscribe_link", unsubscribe.clone());
    let message = render(&campaign.emails.digest, &values);
    writes.push(Write::Email(Box::new(OutgoingEmail {
        id,
        campaign_id: campaign.id,
        brand_id: campaign.brand_id,
        kind: EmailKind::Digest,
        participant_id: 0,
        about: None,
        to: to.email.clone(),
        message,
        created_at: moment.at.clone(),
        unsubscribe_link: unsubscribe,
    })));
    writes
}
