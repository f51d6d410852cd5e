//! Referral contests: a window of time in which a campaign's participants compete on credited
//! referrals for a prize, and the result recorded once when the window ends.
//!
//! The contest is ranked by its own leaderboard board (`Board::Contest`), which counts
//! only referrals credited inside `[starts_at, ends_at)`. When the window has ended, the
//! first `winners` places are recorded once (a [`ContestResult`]) together with the
//! `contest.ended` event that carries them; a restart at that moment records them once too,
//! since the record and the event are one commit and a recorded window is never decided
//! again (see `engine::decide_contest_end`).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ValidationError;

/// Most places a contest may reward.
pub const MAX_WINNERS: u64 = 100;
/// Places when the owner names none.
pub const DEFAULT_WINNERS: u32 = 3;

/// A referral contest run alongside the campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    pub enabled: bool,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub prize: Option<String>,
    /// How many places win (schema 8 of the campaign row).
    pub winners: u32,
}

impl Default for Contest {
    fn default() -> Self {
        Self { enabled: false, starts_at: None, ends_at: None, prize: None, winners: DEFAULT_WINNERS }
    }
}

/// A contest as stored before its number of winners (campaign schemas 1 to 7).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestV1 {
    pub enabled: bool,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub prize: Option<String>,
}

impl From<ContestV1> for Contest {
    fn from(c: ContestV1) -> Self {
        Self { enabled: c.enabled, starts_at: c.starts_at, ends_at: c.ends_at, prize: c.prize, ..Self::default() }
    }
}

impl From<Contest> for ContestV1 {
    /// As a release of campaign schemas 1 to 7 stored it (`campaign_row::AsRow`).
    fn from(c: Contest) -> Self {
        Self { enabled: c.enabled, starts_at: c.starts_at, ends_at: c.ends_at, prize: c.prize }
    }
}

/// Contest fields a member may change: a referral contest, as a campaign's body sets it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of contest settings")]
pub struct ContestInput {
    pub enabled: Option<bool>,
    /// RFC 3339; the window counts referrals credited from `starts_at` up to `ends_at`.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    /// At most 500 characters.
    pub prize: Option<String>,
    /// How many places win, 1 to 100 (default 3).
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub winners: Option<serde_json::Value>,
}

/// Where a contest is at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestStatus {
    /// Off, or without a whole window.
    Off,
    Upcoming,
    Running,
    Ended,
}

impl ContestStatus {
    pub fn name(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Upcoming => "upcoming",
            Self::Running => "running",
            Self::Ended => "ended",
        }
    }
}

impl Contest {
    /// Applies the fields present; the window must end after it starts.
    pub fn apply(&mut self, input: &ContestInput) -> Result<(), ValidationError> {
        use super::fields::{short_text, timestamp, whole};
        if let Some(enabled) = input.enabled {
            self.enabled = enabled;
        }
        if let Some(t) = &input.starts_at {
            self.starts_at = Some(timestamp("contest.starts_at", t)?);
        }
        if let Some(t) = &input.ends_at {
            self.ends_at = Some(timestamp("contest.ends_at", t)?);
        }
        if let Some(p) = &input.prize {
            self.prize = Some(short_text("contest.prize", p, 500)?);
        }
        if let Some(w) = &input.winners {
            self.winners = whole("contest.winners", w, 1, MAX_WINNERS)? as u32;
        }
        if let (Some(start), Some(end)) = (&self.starts_at, &self.ends_at) {
            if end <= start {
                return Err(ValidationError::new("contest.ends_at", "contest.ends_at must be after contest.starts_at"));
            }
        }
        Ok(())
    }

    /// The window, when both ends are set.
    pub fn window(&self) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        let parse = |t: &Option<String>| t.as_deref().and_then(|t| t.parse::<DateTime<Utc>>().ok());
        Some((parse(&self.starts_at)?, parse(&self.ends_at)?))
    }

    pub fn status(&self, now: DateTime<Utc>) -> ContestStatus {
        match self.window() {
            Some(_) if !self.enabled => ContestStatus::Off,
            None => ContestStatus::Off,
            Some((starts, _)) if now < starts => ContestStatus::Upcoming,
            Some((_, ends)) if now < ends => ContestStatus::Running,
            Some(_) => ContestStatus::Ended,
        }
    }
}

/// One winning place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winner {
    /// 1 is first.
    pub rank: u32,
    pub participant_id: u64,
    /// Credited referrals inside the window.
    pub referrals: u64,
}

/// A contest's outcome, recorded once when its window has ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestResult {
    pub starts_at: String,
    pub ends_at: String,
    pub prize: Option<String>,
    /// When it was recorded (at or after `ends_at`).
    pub recorded_at: String,
    /// Best first; fewer than the contest's places when fewer people referred anyone.
    pub winners: Vec<Winner>,
}

impl ContestResult {
    /// The window it is the result of, `[starts, ends)` in Unix ms.
    pub fn window_ms(&self) -> Option<(i64, i64)> {
        let parse = |t: &str| t.parse::<DateTime<Utc>>().ok().map(|t| t.timestamp_millis());
        Some((parse(&self.starts_at)?, parse(&self.ends_at)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(v: serde_json::Value) -> ContestInput {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_window_ends_after_it_starts_and_places_are_bounded() {
        let mut contest = Contest::default();
        contest
            .apply(&input(
                json!({"enabled": true, "starts_at": "2026-12-01T00:00:00+01:00", "ends_at": "2026-12-31T23:00:00Z"}),
            ))
            .unwrap();
        assert_eq!(contest.starts_at.as_deref(), Some("2026-11-30T23:00:00Z"));
        assert_eq!(contest.winners, DEFAULT_WINNERS);
        let refused = contest.clone().apply(&input(json!({"ends_at": "2026-11-01T00:00:00Z"}))).unwrap_err();
        assert_eq!(refused.field, "contest.ends_at");
        for winners in [json!(0), json!(101), json!("3"), json!(1.5)] {
            assert_eq!(
                contest.clone().apply(&input(json!({"winners": winners}))).unwrap_err().field,
                "contest.winners"
            );
        }
        contest.apply(&input(json!({"winners": 10}))).unwrap();
        assert_eq!(contest.winners, 10);
    }

    #[test]
    fn status_follows_the_window() {
        let mut contest = Contest::default();
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        assert_eq!(contest.status(at("2026-12-05T00:00:00Z")), ContestStatus::Off);
        contest.apply(&input(json!({"starts_at": "2026-12-01T00:00:00Z", "ends_at": "2026-12-31T00:00:00Z"}))).unwrap();
        assert_eq!(contest.status(at("2026-12-05T00:00:00Z")), ContestStatus::Off, "not enabled");
        contest.enabled = true;
        assert_eq!(contest.status(at("2026-11-30T23:59:59Z")), ContestStatus::Upcoming);
        assert_eq!(contest.status(at("2026-12-01T00:00:00Z")), ContestStatus::Running);
        assert_eq!(contest.status(at("2026-12-31T00:00:00Z")), ContestStatus::Ended);
        let result = ContestResult {
            starts_at: "2026-12-01T00:00:00Z".into(),
            ends_at: "2026-12-31T00:00:00Z".into(),
            prize: None,
            recorded_at: "2026-12-31T00:00:01Z".into(),
            winners: Vec::new(),
        };
        let window = (at("2026-12-01T00:00:00Z").timestamp_millis(), at("2026-12-31T00:00:00Z").timestamp_millis());
        assert_eq!(result.window_ms(), Some(window));
        let unreadable = ContestResult { ends_at: "the end".into(), ..result };
        assert_eq!(unreadable.window_ms(), None);
    }
}
