//! The JSON shapes of waitlists: a campaign's waitlist settings, a participant's place in
//! line, the owner's look at the front of the line, and what an admission admitted.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::waitlist::{self, Line, Spot};
use crate::domain::Participant as StoredParticipant;

/// A campaign's waitlist settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct WaitlistSettings {
    pub enabled: bool,
    /// Places each credited referral moves the referrer up.
    pub places_per_referral: u32,
}

pub fn waitlist_settings(w: &waitlist::WaitlistSettings) -> WaitlistSettings {
    WaitlistSettings { enabled: w.enabled, places_per_referral: w.places_per_referral }
}

/// Where a participant is in the campaign's waitlist: in line (`position`, `behind`), or
/// admitted (`admitted_at`). Null on a participant whose campaign keeps no waitlist, or who
/// left it (blocked, erased).
#[derive(Debug, Serialize, ToSchema)]
pub struct WaitlistSpot {
    /// From 1, the front; null once admitted.
    pub position: Option<u64>,
    /// How many are in line behind them; null once admitted.
    pub behind: Option<u64>,
    /// When the owner admitted them; null while in line.
    pub admitted_at: Option<String>,
}

pub fn waitlist_spot(spot: Option<Spot>) -> Option<WaitlistSpot> {
    Some(match spot? {
        Spot::InLine { position, behind } => {
            WaitlistSpot { position: Some(position), behind: Some(behind), admitted_at: None }
        }
        Spot::Admitted { at } => WaitlistSpot { position: None, behind: None, admitted_at: Some(at) },
    })
}

/// One of the front of the line, as the owner sees them.
#[derive(Debug, Serialize, ToSchema)]
pub struct InLine {
    pub position: u64,
    pub participant_id: u64,
    pub email: String,
    pub name: String,
    /// Their referrals so far.
    pub referrals: u64,
}

/// A campaign's waitlist: `GET /campaigns/:id/waitlist`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Waitlist {
    pub campaign_id: u64,
    pub waitlist: WaitlistSettings,
    /// How many are in line now.
    pub in_line: u64,
    /// How many were admitted so far.
    pub admitted: u64,
    /// The front of the line, front first.
    pub front: Vec<InLine>,
}

pub fn front(line: &Line) -> Vec<InLine> {
    line.front
        .iter()
        .zip(1..)
        .map(|(p, position)| InLine {
            position,
            participant_id: p.id,
            email: p.email.clone(),
            name: p.name.clone(),
            referrals: p.referrals,
        })
        .collect()
}

/// What `POST /campaigns/:id/waitlist/admit` admitted.
#[derive(Debug, Serialize, ToSchema)]
pub struct Admission {
    pub campaign_id: u64,
    /// Those admitted now, in the order they stood in line (or were named); each one gets a
    /// `waitlist.admitted` event. Someone admitted before is not admitted again.
    pub admitted: Vec<super::Participant>,
    pub admitted_at: String,
    /// How many are still in line.
    pub in_line: u64,
}

pub fn admitted(people: &[StoredParticipant], site: &str) -> Vec<super::Participant> {
    people.iter().map(|p| super::participant(p, site)).collect()
}
