//! The analytics' quarter hours (`domain::rollup`), kept by every backend as the brand's
//! decisions commit: signups, referred signups, clicks and sales decided at chosen instants, a
//! second either side of local midnights in Europe/Berlin (the 23-hour day of March 2026),
//! America/New_York (the 25-hour day of November 2026) and Asia/Kolkata, read back slot by
//! slot, summed into those zones' days exactly, credited to the partners, and gone with their
//! campaign.

use std::collections::BTreeMap;

use referrals::domain::analytics;
use referrals::domain::counters::{BrandTally, CampaignTally, ParticipantTally};
use referrals::domain::engine::{self, ConversionDecision, ConversionIds, Moment, NewConversion, NewParticipant};
use referrals::domain::ids::IdKind;
use referrals::domain::rollup::{slot_number, Measure, Measures};
use referrals::domain::time_buckets::{zone, Buckets, Interval};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, email, member, signup_at, unheard};

fn at(rfc3339: &str) -> Moment {
    Moment::at(chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap().into())
}

fn who(address: &str) -> NewParticipant {
    NewParticipant { email: email(address), name: "Friend".into(), domain: None, client: None, language: None }
}

pub async fn analytics_count_each_event_in_its_quarter_hour(store: SharedStorage) {
    let store = &store;
    let ann = member(store, "ann@example.com").await;
    let shop = brand(store, &ann, "shop.example").await;
    let spring = campaign(store, &shop, 3, 1, false).await;
    // (campaign or partner, slot) and what it should hold.
    let mut want: BTreeMap<(Option<u64>, u32), Measures> = BTreeMap::new();
    let mut expect = |partner: Option<u64>, moment: &Moment, measure: Measure, n: u64| {
        let slot = slot_number(moment.unix_ms);
        want.entry((None, slot)).or_default().add(measure, n);
        if partner.is_some() {
            want.entry((partner, slot)).or_default().add(measure, n);
        }
    };

    let joined = at("2026-03-28T23:59:59+01:00");
    let ref_a = signup_at(store, &spring, who("a@example.com"), None, &joined).await.participant;
    expect(None, &joined, Measure::Signups, 1);
    let friends_at = [
        (ref_a.id, "2026-03-29T00:00:01+01:00"),
        (ref_a.id, "2026-03-29T23:59:59+02:00"),
        (ref_a.id, "2026-03-30T00:00:01+02:00"),
        (ref_a.id, "2026-11-01T00:00:01-04:00"),
        (ref_a.id, "2026-11-01T23:59:59-05:00"),
        (ref_a.id, "2026-11-14T23:59:59+05:30"),
        (ref_a.id, "2026-11-15T00:00:01+05:30"),
    ];
    let mut friends = Vec::new();
    for (n, (referrer, time)) in friends_at.into_iter().enumerate() {
        let moment = at(time);
        let friend = signup_at(store, &spring, who(&format!("f{n}@example.com")), Some(referrer), &moment).await;
        expect(None, &moment, Measure::Signups, 1);
        expect(Some(referrer), &moment, Measure::ReferredSignups, 1);
        // The campaign's reward (a message, one a referral) is issued to the referrer then.
        expect(Some(referrer), &moment, Measure::Rewards, 1);
        friends.push(friend.participant);
    }

    // Clicks handed over at two instants: the campaign's, and the referrer's link's.
    for (time, clicks) in [("2026-03-29T00:00:00+01:00", 5), ("2026-11-01T01:30:00-05:00", 2)] {
        let moment = at(time);
        let mut tally = BrandTally::default();
        tally.campaigns.insert(spring.id, CampaignTally { clicks, impressions: 1, shares: 0 });
        tally.participants.insert(ref_a.id, ParticipantTally { campaign_id: spring.id, clicks, shares: 0 });
        let session = store.session(shop.id).await.unwrap();
        let writes = engine::decide_tallies(&*session, shop.id, &tally, &moment).unwrap();
        session.commit(&writes).await.unwrap();
        expect(Some(ref_a.id), &moment, Measure::Clicks, clicks);
    }

    // A sale reported now, counted when it happened: before its customer's signup even.
    let happened = at("2026-03-28T12:00:00Z");
    let ids = ConversionIds {
        conversion: store.next_id(IdKind::Conversion).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
        commission_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let new = NewConversion {
        participant_id: friends[0].id,
        external_id: "order-1".into(),
        amount: Some("49.90".into()),
        currency: Some(spring.payouts.currency.clone()),
        payment_references: Vec::new(),
        invoice: None,
        customers: Vec::new(),
        promo_code: None,
        occurred_ms: Some(happened.unix_ms),
    };
    let session = store.session(shop.id).await.unwrap();
    let decided = engine::decide_conversion(&*session, &spring, &new, ids, &Moment::now()).unwrap();
    let Ok(ConversionDecision::Created { writes, .. }) = decided else { panic!("the sale is recorded") };
    session.commit(&unheard(writes)).await.unwrap();
    expect(Some(ref_a.id), &happened, Measure::Conversions, 1);
    expect(Some(ref_a.id), &happened, Measure::Revenue, 4990);

    // Slot by slot, the campaign's rows as expected, and nothing else.
    let (first, last) = (slot_number(happened.unix_ms), slot_number(at("2026-11-16T00:00:00Z").unix_ms));
    let rows = store.rollup(spring.id, first, last).await.unwrap();
    let campaign_want: Vec<(u32, Measures)> =
        want.iter().filter(|((p, _), _)| p.is_none()).map(|((_, slot), m)| (*slot, *m)).collect();
    assert_eq!(rows, campaign_want, "the campaign's quarter hours");
    // A part of the period: its slots only.
    let march = slot_number(at("2026-04-01T00:00:00Z").unix_ms);
    let part = store.rollup(spring.id, first, march).await.unwrap();
    assert_eq!(part, campaign_want.iter().filter(|(s, _)| *s <= march).copied().collect::<Vec<_>>());

    // The partner's sum over the period, and over the days of March alone.
    let sums = |upto: u32| {
        let mut sum = Measures::default();
        for ((p, slot), m) in &want {
            if p.is_some() && *slot <= upto {
                sum.add_all(m);
            }
        }
        sum
    };
    assert_eq!(store.partner_rollup(spring.id, first, last).await.unwrap(), vec![(ref_a.id, sums(last))]);
    assert_eq!(store.partner_rollup(spring.id, first, march).await.unwrap(), vec![(ref_a.id, sums(march))]);

    // Berlin's days around its 23-hour day: the signup a second before midnight on the 28th;
    // the clicks at midnight and a friend a second after it on the 29th, and one a second
    // before the next midnight; one a second after that on the 30th.
    let berlin = zone("Europe/Berlin").unwrap();
    let days = Buckets::new(
        at("2026-03-28T00:00:00+01:00").unix_ms,
        at("2026-03-31T00:00:00+02:00").unix_ms,
        Interval::Day,
        berlin,
    )
    .unwrap();
    let (from, to) = analytics::slots(&days);
    let by_day = analytics::bucketed(&days, &store.rollup(spring.id, from, to).await.unwrap());
    let signups: Vec<u64> = by_day.iter().map(|m| m.get(Measure::Signups)).collect();
    assert_eq!(signups, [1, 2, 1], "Berlin's days");
    assert_eq!(by_day.iter().map(|m| m.get(Measure::Clicks)).collect::<Vec<_>>(), [0, 5, 0]);
    assert_eq!(by_day[0].get(Measure::Revenue), 4990, "the sale on the 28th, before anyone joined");
    // New York's 25-hour day holds both of its friends and the clicks at 01:30 (the second
    // one); Kolkata's midnight parts its two.
    let new_york = zone("America/New_York").unwrap();
    let day = Buckets::new(
        at("2026-11-01T00:00:00-04:00").unix_ms,
        at("2026-11-01T12:00:00-05:00").unix_ms,
        Interval::Day,
        new_york,
    )
    .unwrap();
    assert_eq!(day.buckets[0].end_ms - day.buckets[0].start_ms, 25 * 3_600_000);
    let (from, to) = analytics::slots(&day);
    let sums = analytics::bucketed(&day, &store.rollup(spring.id, from, to).await.unwrap());
    assert_eq!((sums[0].get(Measure::Signups), sums[0].get(Measure::Clicks)), (2, 2));
    let kolkata = zone("Asia/Kolkata").unwrap();
    let days = Buckets::new(
        at("2026-11-14T00:00:00+05:30").unix_ms,
        at("2026-11-16T00:00:00+05:30").unix_ms,
        Interval::Day,
        kolkata,
    )
    .unwrap();
    let (from, to) = analytics::slots(&days);
    let sums = analytics::bucketed(&days, &store.rollup(spring.id, from, to).await.unwrap());
    assert_eq!(sums.iter().map(|m| m.get(Measure::Signups)).collect::<Vec<_>>(), [1, 1]);

    // Gone with the campaign.
    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.rollup(spring.id, 0, u32::MAX).await.unwrap(), []);
    assert_eq!(store.partner_rollup(spring.id, 0, u32::MAX).await.unwrap(), []);
}
