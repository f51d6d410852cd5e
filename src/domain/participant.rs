//! Participants of a campaign, the rewards they earn and the invitations they send.

use serde::{Deserialize, Serialize};

use super::language::Language;
use super::ValidationError;

/// A participant as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub id: u64,
    pub campaign_id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    /// Position in the campaign (1, 2, 3, …): dense, so a page is one range read.
    pub seq: u64,
    pub email: String,
    pub name: String,
    /// The participant who referred this one; never overwritten once set.
    pub referred_by: Option<u64>,
    /// Successful referral signups made through this participant's codes.
    pub referrals: u64,
    /// Unique visits of this participant's referral link.
    pub visits: u64,
    /// Clicks on this participant's referral link (every visit, unique or not).
    pub clicks: u64,
    /// Shares recorded for this participant.
    pub shares: u64,
    pub created_at: String,
    /// A domain participant's website (normalised like a brand domain): visitors who arrive
    /// at the brand with `ref=<domain>`, and clicks from pages with the tracker script, are
    /// attributed to this participant.
    pub domain: Option<String>,
    /// The language they signed up in (`None`: they chose none, and read the campaign's).
    /// Kept in the participant's own row only (`store::codec::encode_participant`): copies
    /// nested in events and idempotency records are the older shape, without it.
    #[serde(skip)]
    pub language: Option<Language>,
}

impl Participant {
    /// Whether the person was erased (`DELETE /participants/:id`): the participant stays as
    /// an anonymous node of the referral chain, with their counts, and no email (a real
    /// participant always has one).
    pub fn is_erased(&self) -> bool {
        self.email.is_empty()
    }

    /// Forgets what identifies the person (email, name, website, language) and keeps the rest: the
    /// place in the chain, the counts, the dates.
    pub fn erase(&mut self) {
        self.email.clear();
        self.name.clear();
        self.domain = None;
        self.language = None;
    }
}

/// A participant as stored before domain participants existed (schema 1). Read once, at the
/// first start of a newer release, and rewritten as [`Participant`].
#[derive(Debug, Clone, Deserialize)]
pub struct ParticipantV1 {
    pub id: u64,
    pub campaign_id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub seq: u64,
    pub email: String,
    pub name: String,
    pub referred_by: Option<u64>,
    pub referrals: u64,
    pub visits: u64,
    pub clicks: u64,
    pub shares: u64,
    pub created_at: String,
}

impl From<ParticipantV1> for Participant {
    fn from(p: ParticipantV1) -> Self {
        Self {
            id: p.id,
            campaign_id: p.campaign_id,
            brand_id: p.brand_id,
            member_id: p.member_id,
            seq: p.seq,
            email: p.email,
            name: p.name,
            referred_by: p.referred_by,
            referrals: p.referrals,
            visits: p.visits,
            clicks: p.clicks,
            shares: p.shares,
            created_at: p.created_at,
            domain: None,
            language: None,
        }
    }
}

/// A domain participant's website: optional; a bare domain or a URL, kept as its domain.
pub fn parse_participant_domain(raw: Option<&str>) -> Result<Option<String>, ValidationError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(raw) => super::brand_url::parse_domain("domain", raw).map(Some),
    }
}

/// An invitation a participant sent to an email address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    pub id: u64,
    pub participant_id: u64,
    pub email: String,
    pub accepted_by: Option<u64>,
    pub created_at: String,
    pub accepted_at: Option<String>,
}

/// A coupon of a campaign's pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coupon {
    pub code: String,
    /// The reward it was assigned to; `None` while available.
    pub reward_id: Option<u64>,
    pub participant_id: Option<u64>,
    pub used_at: Option<String>,
}

/// What a participant list may be narrowed to. Every given criterion must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParticipantFilter {
    /// The participant with this email (compared normalised).
    pub email: Option<super::EmailAddress>,
    /// Lower-cased text found in the email or the name.
    pub search: Option<String>,
    /// Referred by this participant.
    pub referred_by: Option<u64>,
}

/// The longest `search` text.
pub const MAX_SEARCH_CHARS: usize = 100;

impl ParticipantFilter {
    /// From the raw query values; each present one must be valid.
    pub fn parse(
        email: Option<&str>,
        search: Option<&str>,
        referred_by: Option<&str>,
    ) -> Result<Self, ValidationError> {
        let email = email.map(super::EmailAddress::parse).transpose()?;
        let search = match search.map(str::trim) {
            None => None,
            Some(text) if text.is_empty() || text.chars().count() > MAX_SEARCH_CHARS => {
                return Err(ValidationError::new(
                    "search",
                    format!("search must be 1 to {MAX_SEARCH_CHARS} characters"),
                ))
            }
            Some(text) => Some(text.to_lowercase()),
        };
        let referred_by = referred_by
            .map(|raw| {
                raw.trim().parse::<u64>().ok().filter(|&id| id > 0).ok_or_else(|| {
                    ValidationError::new(
                        "referred_by",
                        "referred_by must be a participant id (a whole number of at least 1)",
                    )
                })
            })
            .transpose()?;
        Ok(Self { email, search, referred_by })
    }

    pub fn is_empty(&self) -> bool {
        self.email.is_none() && self.search.is_none() && self.referred_by.is_none()
    }

    pub fn matches(&self, p: &Participant) -> bool {
        self.email.as_ref().is_none_or(|email| super::email::normalize(&p.email) == email.normalized())
            && self.matches_haystack(&search_haystack(p))
            && self.referred_by.is_none_or(|referrer| p.referred_by == Some(referrer))
    }

    /// Whether the `search` text (if any) is in the email or the name that a
    /// [`search_haystack`] holds. A store that keeps haystacks can answer a search without
    /// reading whole participants, and still answer exactly as [`Self::matches`].
    pub fn matches_haystack(&self, haystack: &str) -> bool {
        self.search.as_ref().is_none_or(|text| {
            let (email, name) = haystack.split_once(HAYSTACK_SEPARATOR).unwrap_or((haystack, ""));
            email.contains(text.as_str()) || name.contains(text.as_str())
        })
    }
}

/// Separates the email from the name in a haystack: neither can hold it (an address has no
/// control characters, and neither has a name).
const HAYSTACK_SEPARATOR: char = '\0';

/// What a search looks in: the participant's lower-cased email and name, apart. Empty once
/// the participant is erased, so an erased participant is found by no search.
pub fn search_haystack(p: &Participant) -> String {
    if p.email.is_empty() && p.name.is_empty() {
        return String::new();
    }
    format!("{}{HAYSTACK_SEPARATOR}{}", p.email.to_lowercase(), p.name.to_lowercase())
}

/// A participant's name: optional (empty), trimmed, at most 200 characters.
pub fn parse_participant_name(raw: Option<&str>) -> Result<String, ValidationError> {
    let name = raw.unwrap_or("").trim();
    if name.chars().count() > 200 {
        return Err(ValidationError::new("name", "name must be at most 200 characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(ValidationError::new("name", "name must not contain control characters"));
    }
    Ok(name.to_owned())
}
