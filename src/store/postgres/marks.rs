//! What `participant_marks` keeps of a participant beside their row (a conversion, the count
//! of converted referrals, an unsubscription, a block, an admission, suspicions, the signup's
//! client print), set one mark at a time by a decision's writes.

use super::connection::{Owned, Pipeline};
use super::sql_id;

/// One of what `participant_marks` keeps of a participant.
pub(super) enum Mark {
    Converted,
    Qualified(u64),
    Unsubscribed,
    Blocked(Option<String>),
    Admitted(String),
    Holds(Vec<u8>),
    Print(Vec<u8>, i64),
}

/// Sets one mark of a participant, creating their marks row when it is the first: one
/// statement (an upsert) a mark.
pub(super) fn mark(pipe: &mut Pipeline, brand_id: i64, campaign_id: u64, participant_id: u64, mark: Mark) {
    let (sql, values): (&'static str, Vec<Owned>) = match mark {
        Mark::Converted => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, converted) VALUES ($1, $2, $3, true)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET converted = true",
            Vec::new(),
        ),
        Mark::Qualified(count) => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, qualified) VALUES ($1, $2, $3, $4)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET qualified = $4",
            owned![&sql_id(count)],
        ),
        Mark::Unsubscribed => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, unsubscribed)
             VALUES ($1, $2, $3, true)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET unsubscribed = true",
            Vec::new(),
        ),
        Mark::Blocked(at) => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, blocked_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET blocked_at = $4",
            owned![&at],
        ),
        Mark::Admitted(at) => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, admitted_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET admitted_at = $4",
            owned![&at],
        ),
        Mark::Holds(holds) => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, referral_holds)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET referral_holds = $4",
            owned![&holds],
        ),
        Mark::Print(print, at_ms) => (
            "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, print, print_at_ms)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (brand_id, participant_id) DO UPDATE SET print = $4, print_at_ms = $5",
            owned![&print, &at_ms],
        ),
    };
    let mut params = owned![&brand_id, &sql_id(participant_id), &sql_id(campaign_id)];
    params.extend(values);
    pipe.push_row(sql, params, participant_id);
}
