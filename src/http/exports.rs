//! CSV exports of a campaign: `GET /campaigns/:id/participants.csv` and
//! `GET /campaigns/:id/rewards.csv`; the admin API's `GET /admin/v1/brands/:id/…csv` writes
//! the same for every campaign of a brand, with a leading `campaign_id` column (what
//! `refctl export` saves). Streamed: the campaign's roster is read a batch at a time
//! (one range read, see `ParticipantStore::roster`) and each batch is written out before the
//! next is read, so memory stays flat at any size. The export is live, not a snapshot: a
//! participant who joins while it runs may or may not be in it.
//!
//! Every text cell that a spreadsheet would run as a formula (one starting with `=`, `+`,
//! `-`, `@`, `|` (a DDE call), a tab or a carriage return, after any byte-order marks) is
//! neutralised with a leading `'`, as OWASP recommends for CSV injection; numbers and ids are
//! ours and never start with those. Exports are `Cache-Control: no-store`.

use std::borrow::Cow;

use actix_web::{web, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::ownership;
use super::state::AppState;
use crate::domain::campaign::RewardType;
use crate::domain::counters::RewardsByStatus;
use crate::domain::invoice::Commission;
use crate::domain::{Participant, ReferralCode, Reward, RewardStatus};
use crate::store::SharedStorage;

/// Participants read per batch.
const BATCH: usize = 500;

/// The header row of `participants.csv`.
pub const PARTICIPANT_COLUMNS: [&str; 12] = [
    "participant_id",
    "email",
    "name",
    "referral_code",
    "referred_by",
    "referrals",
    "rewards_held",
    "rewards_pending",
    "rewards_issued",
    "rewards_fulfilled",
    "rewards_voided",
    "created_at",
];

/// The header row of `rewards.csv`.
pub const REWARD_COLUMNS: [&str; 13] = [
    "reward_id",
    "participant_id",
    "email",
    "type",
    "value",
    "status",
    "reason",
    "created_at",
    "issued_at",
    "void_reason",
    "history",
    "currency",
    "commission",
];

/// A text cell as a spreadsheet may open it safely.
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    // A byte-order mark before the formula is skipped by spreadsheets: the guard looks past it.
    match cell.trim_start_matches('\u{feff}').chars().next() {
        Some('=' | '+' | '-' | '@' | '|' | '\t' | '\r') => Cow::Owned(format!("'{cell}")),
        _ => Cow::Borrowed(cell),
    }
}

/// Which export.
#[derive(Clone, Copy)]
enum Export {
    Participants,
    /// The rewards, those that match only.
    Rewards(RewardRows),
}

/// Which rewards a rewards export writes (the dashboard's filtered download); the default
/// writes every one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RewardRows {
    pub status: Option<RewardStatus>,
    pub kind: Option<RewardType>,
    /// One participant's rewards only.
    pub participant_id: Option<u64>,
}

impl RewardRows {
    fn take_participant(&self, p: &Participant) -> bool {
        self.participant_id.is_none_or(|id| id == p.id)
    }

    fn take(&self, r: &Reward) -> bool {
        self.status.is_none_or(|s| s == r.status) && self.kind.is_none_or(|k| k == r.kind)
    }
}

/// Where a streaming export is.
struct Cursor {
    store: SharedStorage,
    /// The campaign being read, then the rest, in order.
    campaign_id: u64,
    rest: std::collections::VecDeque<u64>,
    /// Whether rows start with the campaign's id (a brand's export).
    campaign_column: bool,
    export: Export,
    /// The roster position to read from next.
    next_seq: u64,
    /// The campaign being read: its payout currency, and whether it pays commissions.
    money: Option<(u64, String, bool)>,
    header_written: bool,
}

fn participant_row(p: &Participant, rewards: &[Reward]) -> Vec<String> {
    let counts = RewardsByStatus::of(rewards.iter().map(|r| r.status));
    vec![
        p.id.to_string(),
        neutralise(&p.email).into_owned(),
        neutralise(&p.name).into_owned(),
        ReferralCode::link(p.campaign_id, p.id).encode(),
        p.referred_by.map(|id| id.to_string()).unwrap_or_default(),
        p.referrals.to_string(),
        counts.held.to_string(),
        counts.pending.to_string(),
        counts.issued.to_string(),
        counts.fulfilled.to_string(),
        counts.voided.to_string(),
        p.created_at.clone(),
    ]
}

/// A rewards export's row: a cash reward's `currency` is its campaign's; a commission's
/// reward says what it is a share of.
fn reward_row(p: &Participant, r: &Reward, currency: &str, commission: Option<&Commission>) -> Vec<String> {
    let history: Vec<String> = r.history.iter().map(|c| format!("{} {} {}", c.status.name(), c.at, c.note)).collect();
    vec![
        r.id.to_string(),
        p.id.to_string(),
        neutralise(&p.email).into_owned(),
        r.kind.name().to_owned(),
        neutralise(r.value.as_deref().unwrap_or("")).into_owned(),
        r.status.name().to_owned(),
        r.reason.name().to_owned(),
        r.created_at.clone(),
        r.issued_at.clone().unwrap_or_default(),
        neutralise(r.void_reason.as_deref().unwrap_or("")).into_owned(),
        neutralise(&history.join("; ")).into_owned(),
        if r.kind == RewardType::Cash { currency.to_owned() } else { String::new() },
        commission.map(|c| neutralise(&crate::views::commission_summary(c)).into_owned()).unwrap_or_default(),
    ]
}

/// The next chunk of CSV, or `None` at the end. A chunk is at least one batch of the roster
/// (more for rewards while batches hold none), so it never grows with the campaign.
async fn next_chunk(mut cursor: Cursor) -> std::io::Result<Option<(web::Bytes, Cursor)>> {
    let failed = |e: crate::store::StoreError| {
        tracing::error!(error = %e, "CSV export stopped");
        std::io::Error::other("the export could not be read")
    };
    let mut out = csv::Writer::from_writer(Vec::new());
    if !cursor.header_written {
        let columns = match cursor.export {
            Export::Participants => &PARTICIPANT_COLUMNS[..],
            Export::Rewards(_) => &REWARD_COLUMNS[..],
        };
        let campaign = cursor.campaign_column.then_some("campaign_id");
        out.write_record(campaign.iter().chain(columns))?;
        cursor.header_written = true;
    }
    loop {
        let batch = cursor.store.roster(cursor.campaign_id, cursor.next_seq, BATCH).await.map_err(failed)?;
        let Some(last) = batch.last() else {
            let Some(next) = cursor.rest.pop_front() else { break };
            (cursor.campaign_id, cursor.next_seq) = (next, 1);
            continue;
        };
        cursor.next_seq = last.seq + 1;
        // A brand's export leads each row with the campaign's id, as its header does.
        let lead = cursor.campaign_column.then(|| cursor.campaign_id.to_string());
        let mut wrote = false;
        // The participants of the batch this export wants (a rewards export may be of one
        // participant), and their rewards in one read: a round trip a batch on PostgreSQL,
        // where a round trip a participant made a large export slow.
        let wanted: Vec<&Participant> = batch
            .iter()
            .filter(|participant| match cursor.export {
                Export::Rewards(rows) => rows.take_participant(participant),
                Export::Participants => true,
            })
            .collect();
        let ids: Vec<u64> = wanted.iter().map(|participant| participant.id).collect();
        let rewards_of_each = cursor.store.rewards_of_each(&ids).await.map_err(failed)?;
        let mut commissions = std::collections::HashMap::new();
        if let Export::Rewards(_) = cursor.export {
            if cursor.money.as_ref().is_none_or(|(id, _, _)| *id != cursor.campaign_id) {
                let campaign = cursor.store.campaign(cursor.campaign_id).await.map_err(failed)?;
                let (currency, pays) =
                    campaign.map(|c| (c.payouts.currency.clone(), c.pays_commission())).unwrap_or_default();
                cursor.money = Some((cursor.campaign_id, currency, pays));
            }
            if cursor.money.as_ref().is_some_and(|(_, _, pays)| *pays) {
                let reward_ids: Vec<u64> = rewards_of_each.iter().flatten().map(|r| r.id).collect();
                let found =
                    cursor.store.commissions_of_rewards(cursor.campaign_id, &reward_ids).await.map_err(failed)?;
                commissions.extend(found.into_iter().filter_map(|c| c.reward_id.map(|id| (id, c))));
            }
        }
        let currency = cursor.money.as_ref().map(|(_, c, _)| c.clone()).unwrap_or_default();
        for (participant, rewards) in wanted.into_iter().zip(rewards_of_each) {
            match cursor.export {
                Export::Participants => {
                    out.write_record(lead.iter().chain(&participant_row(participant, &rewards)))?;
                    wrote = true;
                }
                Export::Rewards(rows) => {
                    for reward in rewards.iter().filter(|r| rows.take(r)) {
                        let row = reward_row(participant, reward, &currency, commissions.get(&reward.id));
                        out.write_record(lead.iter().chain(&row))?;
                        wrote = true;
                    }
                }
            }
        }
        if wrote {
            break;
        }
    }
    let bytes = out.into_inner().map_err(|e| e.into_error())?;
    Ok((!bytes.is_empty()).then(|| (web::Bytes::from(bytes), cursor)))
}

/// Streams the export of `campaigns`, in order, as `filename`; with `campaign_column`, each
/// row starts with its campaign's id.
fn stream(
    state: &AppState,
    campaigns: Vec<u64>,
    campaign_column: bool,
    export: Export,
    filename: &str,
) -> HttpResponse {
    let mut rest: std::collections::VecDeque<u64> = campaigns.into();
    let cursor = Cursor {
        store: state.store.clone(),
        campaign_id: rest.pop_front().unwrap_or(0),
        rest,
        campaign_column,
        export,
        next_seq: 1,
        money: None,
        header_written: false,
    };
    let chunks = futures_util::stream::try_unfold(cursor, next_chunk);
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
        // Participants' addresses: kept by no cache between here and the member.
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .streaming(chunks)
}

/// A brand's export for the admin API: every campaign of the brand, oldest first.
pub fn brand_export(state: &AppState, brand_id: u64, campaigns: Vec<u64>, rewards: bool) -> HttpResponse {
    let (export, name) = if rewards {
        (Export::Rewards(RewardRows::default()), "rewards")
    } else {
        (Export::Participants, "participants")
    };
    stream(state, campaigns, true, export, &format!("brand-{brand_id}-{name}.csv"))
}

/// A campaign's participants export (the member's own campaign: checked by the caller).
pub fn campaign_participants(state: &AppState, campaign_id: u64) -> HttpResponse {
    let filename = format!("campaign-{campaign_id}-participants.csv");
    stream(state, vec![campaign_id], false, Export::Participants, &filename)
}

/// A campaign's rewards export, those that match `rows` (the member's own campaign: checked
/// by the caller).
pub fn campaign_rewards(state: &AppState, campaign_id: u64, rows: RewardRows) -> HttpResponse {
    let filename = format!("campaign-{campaign_id}-rewards.csv");
    stream(state, vec![campaign_id], false, Export::Rewards(rows), &filename)
}

/// `GET /campaigns/:id/participants.csv`: one row per participant, oldest first.
pub async fn participants(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    Ok(campaign_participants(&state, campaign.id))
}

/// `GET /campaigns/:id/rewards.csv`: one row per reward, by participant, with its history.
pub async fn rewards(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    Ok(campaign_rewards(&state, campaign.id, RewardRows::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_nothing_else_changes() {
        for formula in [
            "=HYPERLINK(\"http://x\")",
            "+1",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "|cmd",
            "\u{feff}=1+1",
            "\u{feff}\u{feff}@x",
        ] {
            assert_eq!(neutralise(formula), format!("'{formula}"));
        }
        for plain in ["Ada Lovelace", "ada@example.com", "", "a=b", "10.00", "'quoted", "\u{feff}Ada"] {
            assert!(matches!(neutralise(plain), Cow::Borrowed(_)), "{plain:?}");
        }
    }
}
