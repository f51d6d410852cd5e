//! The JSON shape of a participant's data export (`GET /participants/:id/export`): everything
//! stored about one person, and nothing about anyone else (the people they referred and
//! those who invited them appear by id only).

use serde::Serialize;
use utoipa::ToSchema;

use super::{conversion, invite, participant, reward_detail, Conversion, Invite, Participant, RewardDetail};
use crate::domain::outgoing_email::{EmailDelivery, OutgoingEmail};
use crate::domain::{self, event::Event};

/// Everything stored about one participant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParticipantExport {
    /// RFC 3339, UTC.
    pub exported_at: String,
    pub participant: Participant,
    pub campaign: ExportCampaign,
    pub shares: u64,
    pub clicks: u64,
    pub unique_visits: u64,
    /// The language they signed up in (null: none named).
    pub language: Option<&'static str>,
    /// The participants they referred, by id.
    pub referred: Vec<u64>,
    /// Their rewards, each with its history.
    pub rewards: Vec<RewardDetail>,
    /// The invitations they sent.
    pub invitations_sent: Vec<Invite>,
    /// Invitations other participants sent to their email.
    pub invitations_received: Vec<ReceivedInvitation>,
    pub conversions: Vec<Conversion>,
    /// The commissions they earned as a referrer, and those their own invoices earned
    /// someone (the invoice's terms, not the referrer's data).
    pub commissions: Vec<super::InvoiceCommission>,
    /// The webhook events that carried their data.
    pub webhook_events: Vec<ExportEvent>,
    /// The emails sent (or to be sent) to them.
    pub emails: Vec<ExportEmail>,
    /// Where they asked to be paid.
    pub payout_details: Option<super::PayoutDetails>,
    /// The payouts made to them.
    pub payouts: Vec<super::Payout>,
    /// Their promo codes and what each did.
    pub promo_codes: Vec<super::PromoCodeView>,
}

/// An email to the participant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportEmail {
    pub id: u64,
    /// `welcome`, `friend_joined` or `reward`.
    pub kind: &'static str,
    pub subject: String,
    /// `queued`, `sent`, `failed` or `cancelled`.
    pub status: &'static str,
    pub created_at: String,
    pub sent_at: Option<String>,
}

/// The campaign a participant belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportCampaign {
    pub id: u64,
    pub brand_id: u64,
    pub name: String,
}

/// An invitation someone sent to the participant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReceivedInvitation {
    pub id: u64,
    /// Who sent it.
    pub participant_id: u64,
    pub accepted: bool,
    pub created_at: String,
}

/// A webhook event about the participant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportEvent {
    /// `evt_<id>`, as receivers saw it in `webhook-id`.
    pub id: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub at: String,
}

/// What an export is made of, as read from the store.
pub struct ExportParts<'a> {
    pub participant: &'a domain::Participant,
    pub campaign: &'a domain::Campaign,
    pub referred: Vec<u64>,
    pub rewards: &'a [domain::Reward],
    pub sent: &'a [domain::Invite],
    pub received: &'a [domain::Invite],
    pub conversions: &'a [domain::conversion::Conversion],
    pub commissions: &'a [domain::invoice::Commission],
    pub events: &'a [Event],
    pub emails: &'a [(OutgoingEmail, EmailDelivery)],
    pub payout_details: Option<&'a domain::payout::PayoutDetails>,
    pub payouts: &'a [domain::payout::Payout],
    /// Their promo codes, each with its readable link.
    pub promo_codes: Vec<super::PromoCodeView>,
}

pub fn participant_export(parts: ExportParts<'_>, site: &str) -> ParticipantExport {
    let p = parts.participant;
    ParticipantExport {
        exported_at: domain::now_rfc3339(),
        participant: participant(p, site),
        campaign: ExportCampaign {
            id: parts.campaign.id,
            brand_id: parts.campaign.brand_id,
            name: parts.campaign.name.clone(),
        },
        shares: p.shares,
        clicks: p.clicks,
        unique_visits: p.visits,
        language: p.language.map(|l| l.tag()),
        referred: parts.referred,
        rewards: parts.rewards.iter().map(reward_detail).collect(),
        invitations_sent: parts.sent.iter().map(|i| invite(i, p.campaign_id, site)).collect(),
        invitations_received: parts
            .received
            .iter()
            .map(|i| ReceivedInvitation {
                id: i.id,
                participant_id: i.participant_id,
                accepted: i.accepted_by.is_some(),
                created_at: i.created_at.clone(),
            })
            .collect(),
        conversions: parts.conversions.iter().map(conversion).collect(),
        commissions: parts.commissions.iter().map(super::invoice_commission).collect(),
        webhook_events: parts
            .events
            .iter()
            .map(|e| ExportEvent { id: domain::webhook::message_id(e.id), kind: e.kind.name(), at: e.at.clone() })
            .collect(),
        emails: parts
            .emails
            .iter()
            .map(|(email, delivery)| ExportEmail {
                id: email.id,
                kind: email.kind.name(),
                subject: email.message.subject.clone(),
                status: delivery.status.name(),
                created_at: email.created_at.clone(),
                sent_at: delivery.sent_at.clone(),
            })
            .collect(),
        payout_details: parts.payout_details.map(super::payout_details),
        payouts: parts.payouts.iter().map(super::payout).collect(),
        promo_codes: parts.promo_codes,
    }
}
