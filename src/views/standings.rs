//! The JSON shapes of leaderboards and contests: a campaign's settings for them, the owner's
//! leaderboard and contest reads, and the public leaderboard the widget shows.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::contest::{self, ContestResult};
use crate::domain::leaderboard::{mask_email, public_name, Standing};
use crate::domain::Participant as StoredParticipant;

/// A referral contest's settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct Contest {
    pub enabled: bool,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub prize: Option<String>,
    /// How many places win.
    pub winners: u32,
}

pub fn contest(c: &contest::Contest) -> Contest {
    Contest {
        enabled: c.enabled,
        starts_at: c.starts_at.clone(),
        ends_at: c.ends_at.clone(),
        prize: c.prize.clone(),
        winners: c.winners,
    }
}

/// Who may read the campaign's leaderboard besides its owner.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardSettings {
    /// The widget may show it (`GET /api/widget/leaderboard`).
    pub public: bool,
}

/// One row of the owner's leaderboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct Leader {
    /// 1 is first.
    pub rank: u32,
    pub participant_id: u64,
    /// Masked: `an***@example.com`.
    pub email: String,
    pub name: String,
    /// Credited referrals in the period.
    pub referrals: u64,
}

/// The owner's leaderboard: `GET /campaigns/:id/leaderboard`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Leaderboard {
    pub campaign_id: u64,
    /// `all`, `month`, `week` or `contest`.
    pub period: &'static str,
    /// Where the period starts and ends (RFC 3339, end excluded); null for `all`.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub leaders: Vec<Leader>,
}

/// Ranks participants in board order, 1 first.
pub fn leaders(ranked: &[(StoredParticipant, Standing)]) -> Vec<Leader> {
    ranked
        .iter()
        .zip(1..)
        .map(|((p, s), rank)| Leader {
            rank,
            participant_id: p.id,
            email: mask_email(&p.email),
            name: p.name.clone(),
            referrals: s.count,
        })
        .collect()
}

/// One row of the public leaderboard: no id, no email beyond a masked one.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicLeader {
    pub rank: u32,
    /// The first name, or the masked email when there is no name.
    pub name: String,
    pub referrals: u64,
}

/// The widget's leaderboard: `GET /api/widget/leaderboard`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicLeaderboard {
    pub campaign_id: u64,
    pub period: &'static str,
    pub leaders: Vec<PublicLeader>,
}

pub fn public_leaders(ranked: &[(StoredParticipant, Standing)]) -> Vec<PublicLeader> {
    ranked
        .iter()
        .zip(1..)
        .map(|((p, s), rank)| PublicLeader { rank, name: public_name(&p.name, &p.email), referrals: s.count })
        .collect()
}

/// A winning place of an ended contest.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestPlace {
    pub rank: u32,
    /// The winner as they are now (an erased one is anonymous).
    pub participant: super::Participant,
    /// Credited referrals inside the window.
    pub referrals: u64,
}

/// A campaign's contest: `GET /campaigns/:id/contest`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestReport {
    pub campaign_id: u64,
    pub contest: Contest,
    /// `off`, `upcoming`, `running` or `ended`.
    pub status: &'static str,
    /// The window's leaderboard now (its first `winners` places, best first).
    pub standings: Vec<Leader>,
    /// The winners, once recorded (shortly after the window ends); null before.
    pub results: Option<Vec<ContestPlace>>,
    pub recorded_at: Option<String>,
}

/// The places of a recorded result, with each winner as `participant` finds them.
pub fn contest_places(
    result: &ContestResult,
    participant: impl Fn(u64) -> Option<StoredParticipant>,
    site: &str,
) -> Vec<ContestPlace> {
    result
        .winners
        .iter()
        .filter_map(|w| {
            let p = participant(w.participant_id)?;
            Some(ContestPlace { rank: w.rank, participant: super::participant(&p, site), referrals: w.referrals })
        })
        .collect()
}
