//! Leaderboards: a campaign's participants ranked by credited referrals over a period (all
//! time, this calendar month, this ISO week, or the campaign's contest window).
//!
//! A leaderboard is kept as it goes, never sorted per request: each credited referral moves
//! its referrer's [`Standing`] on every [`Board`] its time falls in (see [`boards_at`]), and
//! a backend keeps each board ordered by [`Standing::rank_key`], so the first N of a board is
//! one short ordered read. Ties go to whoever reached the count first: the one whose
//! referral joined the campaign earlier (by roster position, exact even within a second).
//!
//! A credited referral is a participant who joined with `referred_by` set: a signup through a
//! blocked participant's code joins unreferred, and nothing takes a credit back (an erasure
//! keeps the chain), so every board can be rebuilt from the roster ([`tally`]), which is how
//! a new contest window and the boards of data stored before leaderboards are built.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::contest::{Contest, ContestResult};
use super::ValidationError;

/// Who may read a campaign's leaderboard besides its owner.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderboardSettings {
    /// The widget may show it (`GET /api/widget/leaderboard`): ranks, first names or masked
    /// emails, and counts only.
    pub public: bool,
}

/// `leaderboard` fields a member may change: who may read it besides its owner.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of leaderboard settings")]
pub struct LeaderboardInput {
    /// The widget may show it (`GET /api/widget/leaderboard`): ranks, first names or masked
    /// emails, and counts only (default false).
    #[schema(value_type = Option<bool>)]
    pub public: Option<serde_json::Value>,
}

impl LeaderboardSettings {
    pub fn apply(&mut self, input: &LeaderboardInput) -> Result<(), ValidationError> {
        if let Some(v) = &input.public {
            self.public = v.as_bool().ok_or_else(|| {
                ValidationError::new("leaderboard.public", "leaderboard.public must be true or false")
            })?;
        }
        Ok(())
    }
}

/// The period a leaderboard covers (`?period=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    All,
    Month,
    Week,
    Contest,
}

impl Period {
    /// From the query value; none given is `all`.
    pub fn parse(raw: Option<&str>) -> Result<Self, ValidationError> {
        match raw.map(str::trim) {
            None | Some("") | Some("all") => Ok(Self::All),
            Some("month") => Ok(Self::Month),
            Some("week") => Ok(Self::Week),
            Some("contest") => Ok(Self::Contest),
            Some(_) => Err(ValidationError::new("period", "period must be 'all', 'month', 'week' or 'contest'")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Month => "month",
            Self::Week => "week",
            Self::Contest => "contest",
        }
    }

    /// The board of this period at `now`: the current month or week; the campaign's contest
    /// window (none when it has none).
    pub fn board(self, contest: &Contest, now: DateTime<Utc>) -> Option<Board> {
        match self {
            Self::All => Some(Board::All),
            Self::Month => Some(Board::month_of(now)),
            Self::Week => Some(Board::week_of(now)),
            Self::Contest => Board::contest(contest),
        }
    }
}

/// One ranking of a campaign: what a credited referral is counted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Board {
    All,
    /// A calendar month (UTC), as `yyyymm`.
    Month(u32),
    /// An ISO week (UTC, from Monday), as `yyyyww` of its ISO year.
    Week(u32),
    /// A contest window, `[starts, ends)` in Unix ms: a new window is a new board.
    Contest {
        starts_ms: i64,
        ends_ms: i64,
    },
}

impl Board {
    pub fn month_of(t: DateTime<Utc>) -> Self {
        Self::Month(t.year().max(0) as u32 * 100 + t.month())
    }

    pub fn week_of(t: DateTime<Utc>) -> Self {
        let week = t.iso_week();
        Self::Week(week.year().max(0) as u32 * 100 + week.week())
    }

    /// The board of a campaign's contest window, when it has both ends.
    pub fn contest(contest: &Contest) -> Option<Self> {
        let (starts, ends) = contest.window()?;
        Some(Self::Contest { starts_ms: starts.timestamp_millis(), ends_ms: ends.timestamp_millis() })
    }

    /// Whether a recorded contest result is the one of the window this board ranks.
    pub fn is_window_of(self, result: &ContestResult) -> bool {
        match self {
            Self::Contest { starts_ms, ends_ms } => result.window_ms() == Some((starts_ms, ends_ms)),
            _ => false,
        }
    }

    /// Where the board's period starts and ends (end excluded); none for all time.
    pub fn bounds(self) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        let midnight = |d: chrono::NaiveDate| d.and_time(chrono::NaiveTime::MIN).and_utc();
        match self {
            Self::All => None,
            Self::Month(m) => {
                let first = chrono::NaiveDate::from_ymd_opt((m / 100) as i32, m % 100, 1)?;
                Some((midnight(first), midnight(first.checked_add_months(chrono::Months::new(1))?)))
            }
            Self::Week(w) => {
                let monday = chrono::NaiveDate::from_isoywd_opt((w / 100) as i32, w % 100, chrono::Weekday::Mon)?;
                Some((midnight(monday), midnight(monday + chrono::Days::new(7))))
            }
            Self::Contest { starts_ms, ends_ms } => {
                Some((DateTime::from_timestamp_millis(starts_ms)?, DateTime::from_timestamp_millis(ends_ms)?))
            }
        }
    }

    /// Fixed-width bytes naming the board within its campaign: a backend's key part.
    pub fn key(self) -> [u8; 17] {
        let (tag, a, b) = match self {
            Self::All => (b'a', 0, 0),
            Self::Month(m) => (b'm', u64::from(m), 0),
            Self::Week(w) => (b'w', u64::from(w), 0),
            Self::Contest { starts_ms, ends_ms } => (b'c', starts_ms as u64, ends_ms as u64),
        };
        let mut key = [0; 17];
        key[0] = tag;
        key[1..9].copy_from_slice(&a.to_be_bytes());
        key[9..].copy_from_slice(&b.to_be_bytes());
        key
    }

    /// The board whose [`key`](Self::key) this is; `None` for bytes no board has.
    pub fn from_key(key: &[u8]) -> Option<Self> {
        let key: &[u8; 17] = key.try_into().ok()?;
        let a = u64::from_be_bytes(key[1..9].try_into().ok()?);
        let b = u64::from_be_bytes(key[9..].try_into().ok()?);
        match (key[0], b) {
            (b'a', 0) if a == 0 => Some(Self::All),
            (b'm', 0) => Some(Self::Month(u32::try_from(a).ok()?)),
            (b'w', 0) => Some(Self::Week(u32::try_from(a).ok()?)),
            (b'c', _) => Some(Self::Contest { starts_ms: a as i64, ends_ms: b as i64 }),
            _ => None,
        }
    }
}

/// The boards a referral credited at `at` counts on: all time, its month, its week, and the
/// campaign's contest when `at` falls inside the window.
pub fn boards_at(contest: &Contest, at: DateTime<Utc>) -> Vec<Board> {
    let mut boards = vec![Board::All, Board::month_of(at), Board::week_of(at)];
    if let Some(board @ Board::Contest { starts_ms, ends_ms }) = Board::contest(contest) {
        if (starts_ms..ends_ms).contains(&at.timestamp_millis()) {
            boards.push(board);
        }
    }
    boards
}

/// A participant's place on one board: their count there, and when they reached it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub count: u64,
    /// The roster position (`seq`) of the referred participant who brought the count to
    /// what it is: when it was reached, in the campaign's own order.
    pub reached_seq: u64,
}

impl Standing {
    /// Orders a board: higher counts first, then who got there first. Byte order of the key
    /// is rank order.
    pub fn rank_key(self, participant_id: u64) -> [u8; 24] {
        let mut key = [0; 24];
        key[..8].copy_from_slice(&(u64::MAX - self.count).to_be_bytes());
        key[8..16].copy_from_slice(&self.reached_seq.to_be_bytes());
        key[16..].copy_from_slice(&participant_id.to_be_bytes());
        key
    }

    /// The participant id and standing back from a [`Standing::rank_key`].
    pub fn from_rank_key(key: &[u8]) -> Option<(u64, Standing)> {
        let key: &[u8; 24] = key.try_into().ok()?;
        let word = |i: usize| u64::from_be_bytes(key[i..i + 8].try_into().expect("8 bytes"));
        Some((word(16), Standing { count: u64::MAX - word(0), reached_seq: word(8) }))
    }

    /// The standing after one more referral, the one at roster position `seq`.
    pub fn plus_one(was: Option<Standing>, seq: u64) -> Standing {
        Standing { count: was.map_or(0, |s| s.count) + 1, reached_seq: seq }
    }
}

/// A credited referral as a rebuild reads it: whose credit, when the referred participant
/// joined, and their roster position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credit {
    pub referrer_id: u64,
    pub at: DateTime<Utc>,
    pub seq: u64,
}

impl Credit {
    /// The credit a participant's joining gave, when they were referred.
    pub fn of(p: &super::Participant) -> Option<Self> {
        let referrer_id = p.referred_by?;
        let at = p.created_at.parse().ok()?;
        Some(Self { referrer_id, at, seq: p.seq })
    }
}

/// Every board's standings from a campaign's credited referrals, in any order: how boards
/// are rebuilt. Only boards `keep` accepts are built.
pub fn tally(
    contest: &Contest,
    mut credits: Vec<Credit>,
    keep: impl Fn(&Board) -> bool,
) -> HashMap<Board, HashMap<u64, Standing>> {
    credits.sort_by_key(|c| c.seq);
    let mut boards: HashMap<Board, HashMap<u64, Standing>> = HashMap::new();
    for credit in credits {
        for board in boards_at(contest, credit.at).into_iter().filter(&keep) {
            let standings = boards.entry(board).or_default();
            let was = standings.get(&credit.referrer_id).copied();
            standings.insert(credit.referrer_id, Standing::plus_one(was, credit.seq));
        }
    }
    boards
}

/// An email as a public leaderboard may show it: the first two characters of the local part,
/// then `***`, then the domain (`an***@example.com`); a local part of one or two characters
/// keeps only its first.
pub fn mask_email(email: &str) -> String {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return "***".to_owned();
    };
    let keep = if local.chars().count() > 2 { 2 } else { 1 };
    let shown: String = local.chars().take(keep).collect();
    format!("{shown}***@{domain}")
}

/// The name a public leaderboard shows: the first word of the name, or the masked email
/// when there is no name.
pub fn public_name(name: &str, email: &str) -> String {
    match name.split_whitespace().next() {
        Some(first) => first.chars().take(40).collect(),
        None => mask_email(email),
    }
}

/// Most rows one leaderboard read returns.
pub const MAX_LIMIT: u64 = 100;
/// Rows returned when `limit` is not given.
pub const DEFAULT_LIMIT: u64 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn rank_keys_sort_by_count_then_who_got_there_first() {
        let a = Standing { count: 5, reached_seq: 20 }.rank_key(9);
        let b = Standing { count: 5, reached_seq: 10 }.rank_key(10);
        let c = Standing { count: 6, reached_seq: 90 }.rank_key(11);
        let d = Standing { count: 1, reached_seq: 2 }.rank_key(3);
        let mut keys = vec![a, b, c, d];
        keys.sort();
        assert_eq!(keys, vec![c, b, a, d]);
        let s = Standing { count: 300, reached_seq: 1 << 40 };
        assert_eq!(Standing::from_rank_key(&s.rank_key(77)), Some((77, s)));
        assert_eq!(Standing::from_rank_key(&[1, 2, 3]), None);
    }

    #[test]
    fn a_contest_result_belongs_to_the_board_of_its_window_only() {
        let result = ContestResult {
            starts_at: "2026-12-01T00:00:00Z".into(),
            ends_at: "2026-12-31T00:00:00Z".into(),
            prize: None,
            recorded_at: "2026-12-31T00:00:01Z".into(),
            winners: Vec::new(),
        };
        let contest = Contest {
            starts_at: Some(result.starts_at.clone()),
            ends_at: Some(result.ends_at.clone()),
            ..Contest::default()
        };
        let board = Board::contest(&contest).unwrap();
        assert!(board.is_window_of(&result));
        let moved = Contest { ends_at: Some("2026-12-31T00:00:01Z".into()), ..contest };
        assert!(!Board::contest(&moved).unwrap().is_window_of(&result), "a moved end is another window");
        assert!(!Board::All.is_window_of(&result));
    }

    #[test]
    fn a_board_is_read_back_from_its_key() {
        let boards = [
            Board::All,
            Board::Month(202611),
            Board::Week(202648),
            Board::Contest { starts_ms: 1_700_000_000_000, ends_ms: 1_800_000_000_000 },
        ];
        for board in boards {
            assert_eq!(Board::from_key(&board.key()), Some(board));
        }
        assert_eq!(Board::from_key(&[b'a'; 17]), None);
        assert_eq!(Board::from_key(&Board::All.key()[..16]), None);
    }

    #[test]
    fn a_rebuild_counts_each_board_in_its_period_only() {
        let contest = Contest {
            starts_at: Some("2026-11-10T00:00:00Z".into()),
            ends_at: Some("2026-11-20T00:00:00Z".into()),
            ..Contest::default()
        };
        let credit = |referrer_id, at: &str, seq| Credit { referrer_id, at: at.parse().unwrap(), seq };
        let credits = vec![
            credit(1, "2026-10-31T23:59:59Z", 2),
            credit(2, "2026-11-10T00:00:00Z", 3),
            credit(1, "2026-11-19T23:59:59Z", 4),
            credit(2, "2026-11-20T00:00:00Z", 5),
        ];
        let boards = tally(&contest, credits, |_| true);
        let all = &boards[&Board::All];
        assert_eq!((all[&1], all[&2]), (Standing { count: 2, reached_seq: 4 }, Standing { count: 2, reached_seq: 5 }));
        let november = &boards[&Board::Month(202611)];
        assert_eq!((november[&1].count, november[&2].count), (1, 2));
        let in_window = &boards[&Board::contest(&contest).unwrap()];
        assert_eq!((in_window[&1].count, in_window[&2].count), (1, 1), "the end is outside the window");
        assert_eq!(boards[&Board::Week(202647)][&1].count, 1);
        let only_all = tally(&contest, vec![credit(3, "2026-11-01T00:00:00Z", 9)], |b| *b == Board::All);
        assert_eq!(only_all.len(), 1);
    }

    #[test]
    fn months_and_iso_weeks_are_utc() {
        assert_eq!(Board::month_of(at("2026-11-30T23:59:59Z")), Board::Month(202611));
        assert_eq!(Board::month_of(at("2026-12-01T00:00:00Z")), Board::Month(202612));
        // 2027-01-01 is a Friday: still week 53 of ISO year 2026.
        assert_eq!(Board::week_of(at("2027-01-01T12:00:00Z")), Board::Week(202653));
        assert_eq!(Board::week_of(at("2026-11-23T00:00:00Z")), Board::Week(202648));
        assert_eq!(Board::week_of(at("2026-11-22T23:59:59Z")), Board::Week(202647));
        assert_ne!(Board::Month(202611).key(), Board::Week(202611).key());
        assert_eq!(Board::Month(202612).bounds(), Some((at("2026-12-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))));
        assert_eq!(Board::Week(202653).bounds(), Some((at("2026-12-28T00:00:00Z"), at("2027-01-04T00:00:00Z"))));
        assert_eq!(Board::All.bounds(), None);
    }

    #[test]
    fn emails_are_masked_and_names_shortened() {
        assert_eq!(mask_email("ann.lee@example.com"), "an***@example.com");
        assert_eq!(mask_email("al@example.com"), "a***@example.com");
        assert_eq!(mask_email("x@example.com"), "x***@example.com");
        assert_eq!(mask_email("nonsense"), "***");
        assert_eq!(public_name("Ann Lee", "ann@example.com"), "Ann");
        assert_eq!(public_name("  ", "ann.lee@example.com"), "an***@example.com");
    }

    #[test]
    fn periods_parse_and_refuse_with_the_field_name() {
        assert_eq!(Period::parse(None).unwrap(), Period::All);
        assert_eq!(Period::parse(Some("week")).unwrap(), Period::Week);
        assert_eq!(Period::parse(Some("year")).unwrap_err().field, "period");
    }
}
