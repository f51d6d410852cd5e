//! Waitlists: a campaign may keep its participants in a line, by signup order, where each
//! credited referral moves the referrer up `places_per_referral` places, and the owner admits
//! people from the front.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ValidationError;

/// Places a credited referral moves its referrer up when the owner names none.
pub const DEFAULT_PLACES_PER_REFERRAL: u32 = 10;
/// Most places one referral may move.
pub const MAX_PLACES_PER_REFERRAL: u64 = 1_000_000;

/// A campaign's waitlist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitlistSettings {
    pub enabled: bool,
    pub places_per_referral: u32,
}

impl Default for WaitlistSettings {
    fn default() -> Self {
        Self { enabled: false, places_per_referral: DEFAULT_PLACES_PER_REFERRAL }
    }
}

/// `waitlist` fields a member may change: participants in line by signup order, each
/// credited referral moving its referrer up, never past position 1.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of waitlist settings")]
pub struct WaitlistInput {
    /// Keep a waitlist (default false). Turned on, the line is built from the participants
    /// already there, their referrals counted.
    #[schema(value_type = Option<bool>)]
    pub enabled: Option<serde_json::Value>,
    /// Places each credited referral moves the referrer up (0 to 1,000,000; default 10).
    #[schema(value_type = Option<u64>, minimum = 0, maximum = 1000000)]
    pub places_per_referral: Option<serde_json::Value>,
}

impl WaitlistSettings {
    pub fn apply(&mut self, input: &WaitlistInput) -> Result<(), ValidationError> {
        if let Some(v) = &input.enabled {
            self.enabled = v
                .as_bool()
                .ok_or_else(|| ValidationError::new("waitlist.enabled", "waitlist.enabled must be true or false"))?;
        }
        if let Some(v) = &input.places_per_referral {
            self.places_per_referral =
                super::fields::whole("waitlist.places_per_referral", v, 0, MAX_PLACES_PER_REFERRAL)? as u32;
        }
        Ok(())
    }
}

/// A participant's place in a campaign's line: the line is ordered by `score` (their signup
/// position, less `places_per_referral` for each credited referral), then those who moved up
/// before those who did not (so that a referral passes exactly `places_per_referral` people
/// who never moved), then by signup order. Position 1 is the front; nobody can pass it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    pub score: i64,
    /// Whether a referral ever moved them up (with more than 0 places).
    pub moved: bool,
    /// Their position in the campaign's roster (its signup order, from 1).
    pub seq: u64,
}

impl Place {
    /// Where a participant who just signed up joins: at the back.
    pub fn joined(seq: u64) -> Self {
        Self { score: i64::try_from(seq).unwrap_or(i64::MAX), moved: false, seq }
    }

    /// Where a participant with `credited` referrals stands when the line is built anew.
    pub fn of(seq: u64, credited: u64, places_per_referral: u32) -> Self {
        let mut place = Self::joined(seq);
        let moved = credited.saturating_mul(u64::from(places_per_referral));
        place.score = place.score.saturating_sub(i64::try_from(moved).unwrap_or(i64::MAX));
        place.moved = moved > 0;
        place
    }

    /// Where one more credited referral puts them.
    pub fn moved_up(self, places_per_referral: u32) -> Self {
        Self {
            score: self.score.saturating_sub(i64::from(places_per_referral)),
            moved: self.moved || places_per_referral > 0,
            seq: self.seq,
        }
    }

    /// The place as bytes whose order is the line's order.
    pub fn key(self) -> [u8; 17] {
        let mut key = [0; 17];
        key[..8].copy_from_slice(&((self.score as u64) ^ (1 << 63)).to_be_bytes());
        key[8] = u8::from(!self.moved);
        key[9..].copy_from_slice(&self.seq.to_be_bytes());
        key
    }

    /// A place read back from [`Place::key`]'s bytes.
    pub fn from_key(bytes: &[u8]) -> Option<Self> {
        let score = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?) ^ (1 << 63);
        let moved = match bytes.get(8)? {
            0 => true,
            1 => false,
            _ => return None,
        };
        let seq = u64::from_be_bytes(bytes.get(9..)?.try_into().ok()?);
        Some(Self { score: score as i64, moved, seq })
    }
}

/// Where a participant is in a campaign's waitlist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spot {
    /// In line: `position` from 1 (the front), with `behind` people after them.
    InLine { position: u64, behind: u64 },
    /// Admitted by the owner at this time (RFC 3339).
    Admitted { at: String },
}

/// The front of a campaign's waitlist, as the owner reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// How many are in line now.
    pub in_line: u64,
    /// How many were admitted so far.
    pub admitted: u64,
    /// The first of the line, front first.
    pub front: Vec<super::Participant>,
}

/// Most participants one admission may admit.
pub const MAX_ADMIT: u64 = 1_000;

/// Whom the owner admits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Admit {
    /// The first `n` of the line.
    First(u64),
    /// These participants, wherever they are in line (those admitted already are left as
    /// they are, so a retry admits nobody twice).
    These(Vec<u64>),
}

/// Body of `POST /campaigns/:id/waitlist/admit`, as sent: whom it admits, `count` or
/// `participant_ids`, not both.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object with count (a whole number) or participant_ids (an array of ids)")]
#[schema(as = AdmitBody)]
pub struct AdmitInput {
    /// The first `count` of the line (1 to 1,000).
    #[schema(value_type = Option<u64>, minimum = 1, maximum = 1000)]
    pub count: Option<serde_json::Value>,
    /// These participants of the campaign, wherever they stand (1 to 1,000 ids). Those not
    /// in line (admitted before, blocked, erased) are passed over, so a retry admits nobody
    /// twice.
    #[schema(value_type = Option<Vec<u64>>)]
    pub participant_ids: Option<serde_json::Value>,
}

impl Admit {
    /// Whom an admission names: `count` (1 to [`MAX_ADMIT`]) or `participant_ids` (1 to
    /// [`MAX_ADMIT`] ids), never both.
    pub fn parse(input: &AdmitInput) -> Result<Self, ValidationError> {
        match (&input.count, &input.participant_ids) {
            (Some(count), None) => Ok(Admit::First(super::fields::whole("count", count, 1, MAX_ADMIT)?)),
            (None, Some(ids)) => {
                let wrong = || {
                    ValidationError::new(
                        "participant_ids",
                        format!("participant_ids must be an array of 1 to {MAX_ADMIT} participant ids"),
                    )
                };
                let ids = ids.as_array().filter(|a| !a.is_empty() && a.len() as u64 <= MAX_ADMIT).ok_or_else(wrong)?;
                let ids = ids.iter().map(|id| id.as_u64().filter(|&id| id > 0 && id <= i64::MAX as u64));
                let ids = ids.collect::<Option<Vec<u64>>>();
                Ok(Admit::These(ids.ok_or_else(wrong)?))
            }
            (Some(_), Some(_)) => Err(ValidationError::new("count", "send count or participant_ids, not both")),
            (None, None) => Err(ValidationError::new(
                "count",
                format!("count (how many from the front, 1 to {MAX_ADMIT}) or participant_ids is required"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_referral_passes_exactly_the_places_of_those_who_never_moved() {
        let unmoved: Vec<Place> = (1..=30).map(Place::joined).collect();
        let mover = Place::joined(25).moved_up(10);
        let ahead = unmoved.iter().filter(|p| p.seq != 25 && p.key() < mover.key()).count();
        assert_eq!(ahead + 1, 15);
    }

    #[test]
    fn nobody_passes_the_front() {
        let mover = Place::joined(3).moved_up(10).moved_up(10);
        let first = Place::joined(1);
        assert!(mover.key() < first.key());
        assert_eq!(Place::of(3, 2, 10), mover);
    }

    #[test]
    fn keys_order_like_places_and_read_back() {
        let places = [Place::of(7, 3, 10), Place::joined(u64::MAX), Place::of(2, 0, 10), Place::of(9, 1, 0)];
        for a in places {
            assert_eq!(Place::from_key(&a.key()), Some(a));
            for b in places {
                assert_eq!(a.key().cmp(&b.key()), (a.score, !a.moved, a.seq).cmp(&(b.score, !b.moved, b.seq)));
            }
        }
        assert_eq!(Place::from_key(&[0; 16]), None);
    }

    #[test]
    fn an_admission_names_a_count_or_ids() {
        let parse = |body: serde_json::Value| Admit::parse(&serde_json::from_value(body).unwrap());
        assert_eq!(parse(serde_json::json!({"count": 3})), Ok(Admit::First(3)));
        assert_eq!(parse(serde_json::json!({"participant_ids": [4, 5]})), Ok(Admit::These(vec![4, 5])));
        for wrong in [
            serde_json::json!({}),
            serde_json::json!({"count": 0}),
            serde_json::json!({"count": 1001}),
            serde_json::json!({"count": "3"}),
            serde_json::json!({"count": 2.5}),
            serde_json::json!({"participant_ids": []}),
            serde_json::json!({"participant_ids": [1, -2]}),
            serde_json::json!({"participant_ids": "1"}),
            serde_json::json!({"count": 1, "participant_ids": [1]}),
        ] {
            assert!(parse(wrong.clone()).is_err(), "{wrong} was taken");
        }
    }
}
