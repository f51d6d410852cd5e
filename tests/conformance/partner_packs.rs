//! The analytics' packs of partners (`domain::partner_packs`, `store::partner_sums`) on every
//! backend: a period's partners read through packs of whole days and months equal the sum of
//! their quarter hours; a kept pack is what is read the next time; a write landing in a packed
//! day afterwards (a sale reported late) has the pack made again; a deleted campaign's packs go.

use referrals::domain::engine::{Moment, NewParticipant};
use referrals::domain::partner_packs::{self, PackPeriod};
use referrals::domain::rollup::{slot_number, Measure, Measures};
use referrals::store::{self, SharedStorage};

use crate::fixtures::{brand, campaign, email, member, signup_at};

fn at(rfc3339: &str) -> Moment {
    Moment::at(chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap().into())
}

fn who(address: &str) -> NewParticipant {
    NewParticipant { email: email(address), name: "Friend".into(), domain: None, client: None, language: None }
}

/// The partners of `first..=last` as `partner_sums` gives them.
async fn through_packs(store: &SharedStorage, campaign_id: u64, first: u32, last: u32) -> Vec<(u64, Measures)> {
    let mut all = Vec::new();
    let now = chrono::Utc::now().timestamp_millis();
    store::partner_sums(store, campaign_id, first, last, now, |id, m| all.push((id, m))).await.unwrap();
    all
}

/// The partners of `first..=last` summed from their quarter hours, in order.
async fn from_rows(store: &SharedStorage, campaign_id: u64, first: u32, last: u32) -> Vec<(u64, Measures)> {
    let mut all = store.partner_rollup(campaign_id, first, last).await.unwrap();
    all.sort_by_key(|(id, _)| *id);
    all
}

pub async fn partners_read_through_packs_equal_their_quarter_hours(store: SharedStorage) {
    let store = &store;
    let ann = member(store, "ann@example.com").await;
    let shop = brand(store, &ann, "shop.example").await;
    let spring = campaign(store, &shop, 3, 1, false).await;
    let early = at("2025-01-02T08:00:00Z");
    let a = signup_at(store, &spring, who("a@example.com"), None, &early).await.participant;
    let b = signup_at(store, &spring, who("b@example.com"), None, &early).await.participant;
    // Friends at the edges of days and months, and inside them.
    let friends = [
        (a.id, "2025-01-15T10:00:00Z"),
        (b.id, "2025-02-10T00:00:00Z"),
        (a.id, "2025-02-28T23:59:59Z"),
        (b.id, "2025-03-01T00:14:59Z"),
        (a.id, "2025-03-31T23:45:00Z"),
        (a.id, "2025-04-05T12:00:00Z"),
        (b.id, "2025-04-19T23:59:59Z"),
    ];
    for (n, (referrer, time)) in friends.into_iter().enumerate() {
        signup_at(store, &spring, who(&format!("f{n}@example.com")), Some(referrer), &at(time)).await;
    }
    // From half past five on the 10th of January to the end of the 19th of April: the 10th's
    // last quarter hours, whole days to the month's end, February and March whole, April's days.
    let first = slot_number(at("2025-01-10T05:30:00Z").unix_ms);
    let last = slot_number(at("2025-04-20T00:00:00Z").unix_ms) - 1;
    let plain = from_rows(store, spring.id, first, last).await;
    assert_eq!(plain.len(), 2, "both partners counted");
    assert_eq!(through_packs(store, spring.id, first, last).await, plain, "made from the rows");
    assert_eq!(through_packs(store, spring.id, first, last).await, plain, "read from the packs kept");

    // The kept pack of February is what is read: one with 1,000 more clicks for Ann, under the
    // tag February has now, shows them.
    let february = PackPeriod::Month(55 * 12 + 1);
    let (kept_tag, _) = store.partner_pack(spring.id, february).await.unwrap().expect("February is kept");
    let (feb_first, feb_last) = february.slots();
    let mut doctored = from_rows(store, spring.id, feb_first, feb_last).await;
    doctored.iter_mut().find(|(id, _)| *id == a.id).expect("Ann counted in February").1.add(Measure::Clicks, 1000);
    store.keep_partner_pack(spring.id, february, kept_tag, &partner_packs::encode(doctored)).await.unwrap();
    let read = through_packs(store, spring.id, first, last).await;
    let clicks = |all: &[(u64, Measures)], id: u64| all.iter().find(|(p, _)| *p == id).unwrap().1.get(Measure::Clicks);
    assert_eq!(clicks(&read, a.id), clicks(&plain, a.id) + 1000);

    // A friend of Bea's signing up in February, decided now: February is made again, without
    // the doctored clicks and with the new referral.
    signup_at(store, &spring, who("late@example.com"), Some(b.id), &at("2025-02-14T08:00:00Z")).await;
    let again = from_rows(store, spring.id, first, last).await;
    let referred =
        |all: &[(u64, Measures)], id: u64| all.iter().find(|(p, _)| *p == id).unwrap().1.get(Measure::ReferredSignups);
    assert_eq!(referred(&again, b.id), referred(&plain, b.id) + 1);
    assert_eq!(through_packs(store, spring.id, first, last).await, again, "February made again");
    let (tag, _) = store.partner_pack(spring.id, february).await.unwrap().unwrap();
    assert_ne!(tag, kept_tag, "kept under February's new generation");
    // A day pack of April too, then the campaign deleted: its packs go with it.
    assert!(store.partner_pack(spring.id, PackPeriod::Day(partner_packs::day_of(last))).await.unwrap().is_some());
    store.delete_campaign(&spring).await.unwrap();
    assert!(store.partner_pack(spring.id, february).await.unwrap().is_none());
}
