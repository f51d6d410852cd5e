//! What `participant_marks` keeps of a participant beside their row (a conversion, the count
//! of converted referrals, an unsubscription, a block, an admission, suspicions, the signup's
//! client print), set one mark at a time by a decision's writes.

use super::connection::Pipeline;
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

/// Sets one mark of a participant, creating their marks row when it is the first.
pub(super) fn mark(pipe: &mut Pipeline, brand_id: i64, campaign_id: u64, participant_id: u64, mark: Mark) {
    pipe.push(
        "INSERT INTO participant_marks (brand_id, participant_id, campaign_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING",
        owned![&brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
    );
    let participant_id = sql_id(participant_id);
    match mark {
        Mark::Converted => pipe.push(
            "UPDATE participant_marks SET converted = true WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id],
        ),
        Mark::Qualified(count) => pipe.push(
            "UPDATE participant_marks SET qualified = $3 WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id, &sql_id(count)],
        ),
        Mark::Unsubscribed => pipe.push(
            "UPDATE participant_marks SET unsubscribed = true WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id],
        ),
        Mark::Blocked(at) => pipe.push(
            "UPDATE participant_marks SET blocked_at = $3 WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id, &at],
        ),
        Mark::Admitted(at) => pipe.push(
            "UPDATE participant_marks SET admitted_at = $3 WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id, &at],
        ),
        Mark::Holds(holds) => pipe.push(
            "UPDATE participant_marks SET referral_holds = $3 WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id, &holds],
        ),
        Mark::Print(print, at_ms) => pipe.push(
            "UPDATE participant_marks SET print = $3, print_at_ms = $4 WHERE brand_id = $1 AND participant_id = $2",
            owned![&brand_id, &participant_id, &print, &at_ms],
        ),
    }
}
