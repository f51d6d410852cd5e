//! Rows read back into domain values where a row is more than one `body`: a velocity
//! limit's key, a leaderboard rank, a waitlist place, a coupon.

use tokio_postgres::Row;

use super::StoreError;
use crate::domain::client_print::RateKey;
use crate::domain::leaderboard::Standing;
use crate::domain::waitlist::Place;
use crate::domain::Coupon;

/// The key of a velocity limit's row.
pub(super) fn rate_key(key: &RateKey) -> Vec<u8> {
    match key {
        RateKey::Referrer(id) => [&[b'r'][..], &id.to_be_bytes()].concat(),
        RateKey::Address(print) => [&[b'a'][..], print].concat(),
    }
}

/// A standing back from its row's rank key.
pub(super) fn ranked(row: &Row) -> Result<(u64, Standing), StoreError> {
    rank_of(row.get("rank"))
}

/// A standing back from its rank key.
pub(super) fn rank_of(rank: &[u8]) -> Result<(u64, Standing), StoreError> {
    Standing::from_rank_key(rank).ok_or_else(|| StoreError::Decode("a leaderboard rank of the wrong length".into()))
}

/// A waitlist place back from its key.
pub(super) fn place_of(row: &Row) -> Result<Place, StoreError> {
    Place::from_key(row.get("place")).ok_or_else(|| StoreError::Decode("a waitlist place of the wrong shape".into()))
}

/// A coupon back from its row.
pub(super) fn coupon_of(row: &Row) -> Coupon {
    Coupon {
        code: row.get("code"),
        reward_id: row.get::<_, Option<i64>>("reward_id").map(|id| id as u64),
        participant_id: row.get::<_, Option<i64>>("participant_id").map(|id| id as u64),
        used_at: row.get("used_at"),
    }
}
