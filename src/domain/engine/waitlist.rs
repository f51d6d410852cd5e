//! Waitlists: a campaign with `waitlist` enabled keeps its participants in a line (see
//! [`crate::domain::waitlist::Place`]). A signup joins at the back; each credited referral
//! moves the referrer up `places_per_referral` places; a blocked or erased participant leaves
//! the line (an unblocked one comes back where their referrals put them); the owner admits
//! people from it, each once.

use super::{BrandReads, Decision, Moment, Write};
use crate::domain::counters::Counter;
use crate::domain::event::{EventSubject, EventType};
use crate::domain::leaderboard::Board;
use crate::domain::waitlist::{Admit, Place};
use crate::domain::{Campaign, Participant};

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// A new participant joins the back of the campaign's line.
    pub(super) fn join_line(&mut self, campaign: &Campaign, participant: &Participant) {
        if campaign.waitlist.enabled {
            self.writes.push(Write::Place {
                campaign_id: campaign.id,
                participant_id: participant.id,
                was: None,
                now: Some(Place::joined(participant.seq)),
            });
        }
    }

    /// A credited referral moves the referrer up the line, when they are in it (by 0 places:
    /// nothing to write). A decision credits a referrer once, so it never needs its own writes.
    pub(super) fn move_up(&mut self, campaign: &Campaign, referrer_id: u64) -> Result<(), R::Error> {
        if !campaign.waitlist.enabled || campaign.waitlist.places_per_referral == 0 {
            return Ok(());
        }
        if let Some(was) = self.reads.place(campaign.id, referrer_id)? {
            self.writes.push(Write::Place {
                campaign_id: campaign.id,
                participant_id: referrer_id,
                was: Some(was),
                now: Some(was.moved_up(campaign.waitlist.places_per_referral)),
            });
        }
        Ok(())
    }

    /// The participant leaves the line (blocked or erased), when they are in it.
    pub(super) fn leave_line(&mut self, campaign_id: u64, participant_id: u64) -> Result<(), R::Error> {
        if let Some(was) = self.reads.place(campaign_id, participant_id)? {
            self.writes.push(Write::Place { campaign_id, participant_id, was: Some(was), now: None });
        }
        Ok(())
    }

    /// An unblocked participant comes back to the line where their signup and credited
    /// referrals put them, unless they were admitted already.
    pub(super) fn rejoin_line(&mut self, campaign: &Campaign, participant: &Participant) -> Result<(), R::Error> {
        if !campaign.waitlist.enabled
            || self.reads.admitted(campaign.id, participant.id)?.is_some()
            || self.reads.place(campaign.id, participant.id)?.is_some()
        {
            return Ok(());
        }
        let now = earned_place(self.reads, campaign, participant)?;
        self.writes.push(Write::Place {
            campaign_id: campaign.id,
            participant_id: participant.id,
            was: None,
            now: Some(now),
        });
        Ok(())
    }
}

/// Where a participant stands when the line is built: nowhere when erased, blocked or
/// admitted.
fn place_of<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    participant: &Participant,
) -> Result<Option<Place>, R::Error> {
    if participant.is_erased()
        || reads.blocked(campaign.id, participant.id)?.is_some()
        || reads.admitted(campaign.id, participant.id)?.is_some()
    {
        return Ok(None);
    }
    earned_place(reads, campaign, participant).map(Some)
}

/// The place a participant's signup and credited referrals give them.
fn earned_place<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    participant: &Participant,
) -> Result<Place, R::Error> {
    let credited = reads.standing(campaign.id, Board::All, participant.id)?.map_or(0, |s| s.count);
    Ok(Place::of(participant.seq, credited, campaign.waitlist.places_per_referral))
}

/// The campaign's line built anew from its roster: what a waitlist turned on (or given
/// another `places_per_referral`) starts from. Everyone not erased, blocked or admitted is in
/// it, by signup order less the places their credited referrals moved them. A waitlist turned
/// off keeps no line.
pub fn decide_line<R: BrandReads + ?Sized>(reads: &R, campaign: &Campaign) -> Result<Vec<Write>, R::Error> {
    let mut places = Vec::new();
    if campaign.waitlist.enabled {
        for participant in reads.roster(campaign.id)? {
            if let Some(place) = place_of(reads, campaign, &participant)? {
                places.push((participant.id, place));
            }
        }
    }
    Ok(vec![Write::Line { campaign_id: campaign.id, places }])
}

/// What an admission does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admission {
    /// Those admitted now, in the order they stood in line (for [`Admit::These`], the order
    /// named); each gets a `waitlist.admitted` event.
    pub admitted: Vec<Participant>,
    pub writes: Vec<Write>,
}

/// Why nobody can be admitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdmitRefusal {
    /// The campaign keeps no waitlist.
    WaitlistOff,
    /// A named participant is not the campaign's.
    NotFound(u64),
}

/// Admits from `campaign`'s line: its first `n`, or the participants named. Someone is
/// admitted once: they leave the line as they are admitted, and a participant named who is
/// not in it (admitted before, blocked, erased) is passed over.
pub fn decide_admit<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    admit: &Admit,
    moment: &Moment,
) -> Result<Result<Admission, AdmitRefusal>, R::Error> {
    if !campaign.waitlist.enabled {
        return Ok(Err(AdmitRefusal::WaitlistOff));
    }
    // Each one chosen with their row, read once.
    let mut chosen: Vec<(Participant, Place)> = Vec::new();
    match admit {
        Admit::First(n) => {
            for (id, place) in reads.line_front(campaign.id, usize::try_from(*n).unwrap_or(usize::MAX))? {
                let Some(participant) = reads.participant(id)? else {
                    return Err(super::Inconsistent(format!("the waitlist names missing participant {id}")).into());
                };
                chosen.push((participant, place));
            }
        }
        Admit::These(ids) => {
            for &id in ids {
                let Some(participant) = reads.participant(id)?.filter(|p| p.campaign_id == campaign.id) else {
                    return Ok(Err(AdmitRefusal::NotFound(id)));
                };
                if let Some(place) = reads.place(campaign.id, id)? {
                    if !chosen.iter().any(|(seen, _)| seen.id == id) {
                        chosen.push((participant, place));
                    }
                }
            }
        }
    }
    let mut decision = Decision::new(reads);
    let mut admitted = Vec::with_capacity(chosen.len());
    for (participant, place) in chosen {
        let participant_id = participant.id;
        decision.writes.push(Write::Place { campaign_id: campaign.id, participant_id, was: Some(place), now: None });
        decision.writes.push(Write::Admitted { campaign_id: campaign.id, participant_id, at: moment.at.clone() });
        decision.writes.push(Write::Announce {
            kind: EventType::WaitlistAdmitted,
            campaign_id: campaign.id,
            subject: Box::new(EventSubject::WaitlistAdmitted {
                participant: participant.clone(),
                admitted_at: moment.at.clone(),
            }),
        });
        admitted.push(participant);
    }
    decision.count(campaign.id, Counter::Admitted, admitted.len() as i64);
    Ok(Ok(Admission { admitted, writes: decision.finish() }))
}
