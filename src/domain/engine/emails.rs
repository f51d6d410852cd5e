//! Emails of a decision. Like webhooks, the rules only announce what happened
//! ([`Write::Announce`]); this pass reads the same announcements and composes the emails the
//! campaign has turned on, so they are written in the commit of the decision that caused them
//! (the outbox) and can neither go missing nor be sent for something a crash took back.
//!
//! - A signup: the welcome email to the new participant, and "a friend joined" to their
//!   referrer.
//! - A reward issued: "you earned a reward" to its owner (a held reward is announced again
//!   when it is issued; a reward waiting for a coupon, when the coupon comes).
//!
//! Nobody erased and nobody who unsubscribed from the campaign gets one. The message is
//! rendered now, so every attempt sends the same thing; it runs in two steps ([`wanted`],
//! then [`compose`] with the ids the caller took) because ids come from the store.

use std::collections::HashMap;
use std::sync::Arc;

use super::{BrandReads, Inconsistent, Moment, Write};
use crate::domain::campaign::RewardType;
use crate::domain::campaign_emails::{render, EmailKind, Values};
use crate::domain::email_texts::{localized, with_portal_link, Localized};
use crate::domain::event::{EventSubject, EventType};
use crate::domain::language::Language;
use crate::domain::outgoing_email::OutgoingEmail;
use crate::domain::{Campaign, Participant, ReferralCode, Reward};

/// What composing needs from the server: where links point.
#[derive(Clone)]
pub struct Mailing {
    /// `{site_url}`, for referral links.
    pub site: String,
    /// The signed link that unsubscribes participant (campaign id, participant id).
    pub unsubscribe_link: Arc<dyn Fn(u64, u64) -> String + Send + Sync>,
    /// The signed link that turns off the daily digest of campaign (id), for its member.
    pub digest_off_link: Arc<dyn Fn(u64) -> String + Send + Sync>,
    /// Whether a campaign's emails are in its owner's words only once the owner confirmed
    /// their address (registration open to anyone): see [`compose`]'s `owners_words`.
    pub owners_confirm: bool,
}

impl std::fmt::Debug for Mailing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailing").field("site", &self.site).finish_non_exhaustive()
    }
}

/// An email a decision causes, before it has an id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub kind: EmailKind,
    pub campaign: Campaign,
    /// The recipient, as the decision leaves them.
    pub to: Participant,
    /// The friend who joined.
    pub friend: Option<Participant>,
    /// The reward issued.
    pub reward: Option<Reward>,
}

/// The emails the announcements among `writes` call for, in announcement order.
pub fn wanted<R: BrandReads + ?Sized>(reads: &R, writes: &[Write]) -> Result<Vec<Wanted>, R::Error> {
    let mut campaigns: HashMap<u64, Option<Campaign>> = HashMap::new();
    let mut wanted = Vec::new();
    for write in writes {
        let Write::Announce { kind, campaign_id, subject } = write else { continue };
        if !matches!(kind, EventType::ParticipantSignup | EventType::RewardIssued) {
            continue;
        }
        if !campaigns.contains_key(campaign_id) {
            campaigns.insert(*campaign_id, reads.campaign(*campaign_id)?);
        }
        let Some(campaign) = campaigns[campaign_id].as_ref() else { continue };
        let mut want = |kind: EmailKind, to: &Participant, friend: Option<&Participant>, reward: Option<&Reward>| {
            let on = campaign.emails.template(kind).enabled && !to.is_erased();
            if on && !reads.unsubscribed(campaign.id, to.id)? {
                wanted.push(Wanted {
                    kind,
                    campaign: campaign.clone(),
                    to: to.clone(),
                    friend: friend.cloned(),
                    reward: reward.cloned(),
                });
            }
            Ok::<_, R::Error>(())
        };
        match (kind, subject.as_ref()) {
            (EventType::ParticipantSignup, EventSubject::Signup(participant)) => {
                want(EmailKind::Welcome, participant, None, None)?;
                // The referrer is read only when the campaign tells them.
                let telling = campaign.emails.friend_joined.enabled;
                if let Some(referrer_id) = participant.referred_by.filter(|_| telling) {
                    let referrer = latest(reads, writes, referrer_id)?;
                    want(EmailKind::FriendJoined, &referrer, Some(participant), None)?;
                }
            }
            (EventType::RewardIssued, EventSubject::Reward { reward, participant }) => {
                want(EmailKind::Reward, participant, None, Some(reward))?;
            }
            _ => {}
        }
    }
    Ok(wanted)
}

/// The `{{name}}` of someone: their name, or the part of their address before `@` when they
/// gave none.
pub(super) fn shown_name<'a>(name: &'a str, email: &'a str) -> &'a str {
    if name.is_empty() {
        email.split('@').next().unwrap_or_default()
    } else {
        name
    }
}

/// A reward's `{{reward}}`: a cash amount written the reader's way (`10,00 €`) in our own
/// texts, in the campaign's payout currency; anything else, and an owner's own text, the
/// value as stored.
fn reward_shown(reward: &Reward, campaign: &Campaign, language: Language, ours: bool) -> String {
    let value = reward.value.clone().unwrap_or_default();
    match crate::domain::money::cents(&value) {
        Some(cents) if ours && reward.kind == RewardType::Cash => {
            crate::domain::money::shown(language, cents, &campaign.payouts.currency)
        }
        _ => value,
    }
}

/// A participant as the decision leaves them: its last write of them, or the stored row.
fn latest<R: BrandReads + ?Sized>(reads: &R, writes: &[Write], id: u64) -> Result<Participant, R::Error> {
    let written = writes.iter().rev().find_map(|w| match w {
        Write::Participant(p) | Write::NewParticipant(p) if p.id == id => Some(p.clone()),
        _ => None,
    });
    match written {
        Some(p) => Ok(p),
        None => reads.participant(id)?.ok_or_else(|| Inconsistent(format!("referrer {id} is missing")).into()),
    }
}

/// The emails, rendered and named by `ids` (one per wanted email, in order): writes to commit
/// with the decision. Too few ids leaves the rest out.
/// Without `owners_words` (an owner who has not confirmed their address, on a server open to
/// anyone), every email is in our words: the owner's texts wait for the confirmation.
pub fn compose(wanted: Vec<Wanted>, ids: &[u64], mailing: &Mailing, moment: &Moment, owners_words: bool) -> Vec<Write> {
    wanted
        .into_iter()
        .zip(ids)
        .map(|(want, &id)| {
            let to = &want.to;
            let link = crate::domain::referral_code::referral_link(
                &mailing.site,
                &ReferralCode::link(to.campaign_id, to.id).encode(),
            );
            let unsubscribe = (mailing.unsubscribe_link)(want.campaign.id, to.id);
            let name = shown_name(&to.name, &to.email);
            // In the language they signed up in, else the campaign's.
            let language = to.language.unwrap_or(want.campaign.language);
            let mut values = Values::default()
                .with("name", name)
                .with("email", to.email.as_str())
                .with("campaign", want.campaign.name.as_str())
                .with("referral_link", link)
                .with("unsubscribe_link", unsubscribe.clone())
                .with("referrals", to.referrals.to_string());
            if let Some(friend) = &want.friend {
                // Never the friend's address: their name, or nothing that identifies them.
                let someone = crate::domain::translations::text(language, "portal-a-friend");
                values = values.with("friend_name", if friend.name.is_empty() { someone } else { friend.name.clone() });
            }
            // A friend's own reward (two-way) is not the referrer's thanks for sharing.
            let friend_reward = want.kind == EmailKind::Reward
                && want.reward.as_ref().is_some_and(|r| r.reason == crate::domain::reward::RewardReason::Invited);
            let ours_only;
            let worded = if owners_words {
                &want.campaign
            } else {
                ours_only = crate::domain::email_texts::in_our_words(&want.campaign);
                &ours_only
            };
            let Localized { template, ours } = localized(worded, want.kind, friend_reward, language, to.referrals);
            if let Some(reward) = &want.reward {
                values = values.with("reward", reward_shown(reward, &want.campaign, language, ours));
            }
            let mut portal = format!("{}/p/{}", mailing.site, want.campaign.id);
            if let Some(own) = to.language {
                portal = format!("{portal}?lang={own}");
            }
            let message = with_portal_link(render(&template, &values), &portal, language);
            Write::Email(Box::new(OutgoingEmail {
                id,
                campaign_id: want.campaign.id,
                brand_id: want.campaign.brand_id,
                kind: want.kind,
                participant_id: to.id,
                about: want.friend.as_ref().map(|f| f.id),
                to: to.email.clone(),
                message,
                created_at: moment.at.clone(),
                unsubscribe_link: unsubscribe,
            }))
        })
        .collect()
}
