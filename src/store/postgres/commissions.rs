//! Conversions' and commissions' rows as a brand's decisions read them (`session.rs`), and a
//! commission's row as a decision writes it: found by its conversion, and by its
//! subscription (a new invoice reads its subscription's others to learn which came first).

use super::connection::Pipeline;
use super::{codec, sql_id, StoreError};
use crate::domain::exchange_rate::day_number;
use crate::domain::invoice::{Commission, CommissionState};

/// The campaign's conversion under an external id: brand, campaign, external id.
pub(super) const CONVERSION_BY_EXTERNAL_ID: &str =
    "SELECT body FROM conversions WHERE brand_id = $1 AND campaign_id = $2 AND external_id = $3";

/// The campaign's conversion that names a payment: brand, campaign, reference.
pub(super) const CONVERSION_BY_PAYMENT: &str = "SELECT c.body FROM payment_references p
     JOIN conversions c ON c.brand_id = p.brand_id AND c.conversion_id = p.conversion_id
     WHERE p.brand_id = $1 AND p.campaign_id = $2 AND p.reference = $3";

/// The participant a processor's customer is bound to: brand, campaign, customer.
pub(super) const CUSTOMER_PARTICIPANT: &str =
    "SELECT participant_id FROM customer_bindings WHERE brand_id = $1 AND campaign_id = $2 AND customer = $3";

/// A conversion's commission: brand, conversion, campaign.
pub(super) const OF_CONVERSION: &str =
    "SELECT body FROM commissions WHERE brand_id = $1 AND conversion_id = $2 AND campaign_id = $3";

/// A subscription's commissions: brand, campaign, subscription.
pub(super) const OF_SUBSCRIPTION: &str =
    "SELECT body FROM commissions WHERE brand_id = $1 AND campaign_id = $2 AND subscription_id = $3";

/// The commission a reward is: brand, campaign, reward.
pub(super) const OF_REWARD: &str =
    "SELECT body FROM commissions WHERE brand_id = $1 AND campaign_id = $2 AND reward_id = $3";

/// A campaign's commissions held for want of an exchange rate: brand, campaign.
pub(super) const UNRATED: &str = "SELECT body FROM commissions WHERE brand_id = $1 AND campaign_id = $2 AND unrated";

/// A member's exchange rates within two dates: member, first day, last day.
pub(super) const RATES_BETWEEN: &str = "SELECT body FROM exchange_rates WHERE member_id = $1 AND day BETWEEN $2 AND $3";

/// The days (since the epoch) of two YYYY-MM-DD dates; an empty range when either is not one.
pub(super) fn days(first: &str, last: &str) -> (i32, i32) {
    match (day_number(first), day_number(last)) {
        (Some(first), Some(last)) => (first, last),
        _ => (1, 0),
    }
}

/// A commission's row, new or changed.
pub(super) fn write(pipe: &mut Pipeline, c: &Commission) -> Result<(), StoreError> {
    pipe.push(
        "INSERT INTO commissions (brand_id, conversion_id, campaign_id, subscription_id, unrated, body, reward_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (brand_id, conversion_id) DO UPDATE SET unrated = $5, body = $6, reward_id = $7",
        owned![
            &sql_id(c.brand_id),
            &sql_id(c.conversion_id),
            &sql_id(c.campaign_id),
            &c.invoice.subscription_id,
            &(c.state == CommissionState::NoExchangeRate),
            &codec::encode(c)?,
            &c.reward_id.map(sql_id)
        ],
    );
    Ok(())
}
