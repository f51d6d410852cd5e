//! Conversions: committed through a session, found by id, by external id, by payment
//! reference and by page, the customers they bind, and a referrer's count of converted
//! referrals.

use referrals::domain::commission::{CommissionInput, CommissionRule, InvoiceLine};
use referrals::domain::engine::{self, ConversionDecision, ConversionIds, Moment, NewConversion};
use referrals::domain::ids::IdKind;
use referrals::domain::invoice::{CommissionState, PaidInvoice};
use referrals::domain::RewardType;
use referrals::domain::{Campaign, GoalType};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, page, signup, unheard};

pub async fn conversions_are_found_by_id_external_id_and_page(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = Campaign { goal_type: GoalType::Conversion, ..campaign(&store, &shop, 3, 1, false).await };
    store.save_campaign(&spring).await.unwrap();
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let friend = signup(&store, &spring, "a@example.com", Some(referrer.id)).await.participant;
    let mut made = Vec::new();
    let paid = [
        (friend.id, "order-1", vec![], vec![]),
        (friend.id, "order-2", vec!["pi_2".to_owned(), "in_2".to_owned()], vec!["stripe:cus_9".to_owned()]),
        // Another participant paying as the same customer: the customer stays bound.
        (referrer.id, "order-3", vec![], vec!["stripe:cus_9".to_owned(), "stripe:sub_9".to_owned()]),
    ];
    for (participant_id, external_id, references, customers) in paid {
        let ids = ConversionIds {
            conversion: store.next_id(IdKind::Conversion).await.unwrap(),
            referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
            invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
            commission_reward: store.next_id(IdKind::Reward).await.unwrap(),
        };
        let new = NewConversion {
            occurred_ms: None,
            participant_id,
            external_id: external_id.into(),
            amount: None,
            currency: None,
            payment_references: references,
            invoice: None,
            customers,
            promo_code: None,
        };
        let session = store.session(shop.id).await.unwrap();
        let decided = engine::decide_conversion(&*session, &spring, &new, ids, &Moment::now()).unwrap();
        let Ok(ConversionDecision::Created { conversion, writes, .. }) = decided else { panic!("{external_id}") };
        session.commit(&unheard(writes)).await.unwrap();
        made.push(conversion);
    }
    assert_eq!(made[0].rewards.len(), 1, "the first conversion earns the referrer's reward");
    assert_eq!(store.conversion(ann.id, made[0].id).await.unwrap(), Some(made[0].clone()));
    assert_eq!(store.conversion(bob.id, made[0].id).await.unwrap(), None, "another member's");
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.conversion_by_external_id(spring.id, "order-2").unwrap(), Some(made[1].clone()));
    assert_eq!(session.conversion_by_external_id(spring.id, "order-4").unwrap(), None);
    assert_eq!(session.conversion_by_payment(spring.id, "in_2").unwrap(), Some(made[1].clone()));
    assert_eq!(session.conversion_by_payment(spring.id, "order-2").unwrap(), None, "an external id is not a payment");
    assert!(session.converted(spring.id, friend.id).unwrap());
    assert!(session.converted(spring.id, referrer.id).unwrap());
    assert_eq!(session.customer_participant(spring.id, "stripe:cus_9").unwrap(), Some(friend.id), "the first stays");
    assert_eq!(session.customer_participant(spring.id, "stripe:sub_9").unwrap(), Some(referrer.id));
    assert_eq!(session.customer_participant(spring.id, "stripe:cus_1").unwrap(), None);
    drop(session);
    assert_eq!(store.customer_participant(spring.id, "stripe:cus_9").await.unwrap(), Some(friend.id));
    assert_eq!(store.customer_participant(spring.id + 1, "stripe:cus_9").await.unwrap(), None, "per campaign");
    assert_eq!(store.qualified_referrals(spring.id, referrer.id).await.unwrap(), 1, "one friend, converted twice");
    let (listed, total) = store.conversions_of_member(ann.id, Some(spring.id), page(1, 10)).await.unwrap();
    let ids: Vec<u64> = made.iter().rev().map(|c| c.id).collect();
    assert_eq!((listed.iter().map(|c| c.id).collect::<Vec<_>>(), total), (ids, 3));
    assert_eq!(store.conversions_of_member(ann.id, None, page(3, 1)).await.unwrap().0[0].id, made[0].id);
    assert_eq!(store.counters(spring.id).await.unwrap().conversions, 3);
    assert_eq!(store.conversion_by_payment(spring.id, "pi_2").await.unwrap(), Some(made[1].clone()));
    assert_eq!(store.conversion_by_payment(spring.id + 1, "pi_2").await.unwrap(), None, "per campaign");

    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.conversion(ann.id, made[0].id).await.unwrap(), None);
    assert_eq!(store.conversion_by_payment(spring.id, "pi_2").await.unwrap(), None, "purged with the campaign");
    assert_eq!(store.customer_participant(spring.id, "stripe:cus_9").await.unwrap(), None, "and its customers");
    assert_eq!(store.conversions_of_member(ann.id, None, page(1, 10)).await.unwrap().1, 0);
}

/// Records the paid invoice `external_id` of `customer` (period `month` of 2027) in a session
/// of its own.
async fn invoice(store: &SharedStorage, campaign: &Campaign, customer: u64, external_id: &str, month: u32) {
    let ids = ConversionIds {
        conversion: store.next_id(IdKind::Conversion).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
        commission_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let period = chrono::NaiveDate::from_ymd_opt(2027, month, 1).unwrap().and_hms_opt(0, 0, 0).unwrap();
    let new = NewConversion {
        occurred_ms: None,
        participant_id: customer,
        external_id: external_id.into(),
        amount: None,
        currency: Some("USD".into()),
        payment_references: Vec::new(),
        invoice: Some(PaidInvoice {
            subscription_id: "sub_1".into(),
            period_start: period.and_utc().timestamp(),
            currency: "USD".into(),
            lines: vec![InvoiceLine { product_id: None, base_minor: 4900 }],
            paid_minor: 4900,
        }),
        customers: Vec::new(),
        promo_code: None,
    };
    let session = store.session(campaign.brand_id).await.unwrap();
    let decided = engine::decide_conversion(&*session, campaign, &new, ids, &Moment::now()).unwrap();
    let Ok(ConversionDecision::Created { writes, .. }) = decided else { panic!("{external_id}") };
    session.commit(&unheard(writes)).await.unwrap();
}

pub async fn commissions_are_found_by_conversion_and_by_subscription(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let mut spring = campaign(&store, &shop, 3, 1, false).await;
    (spring.goal_type, spring.reward_type, spring.reward_value) =
        (GoalType::Conversion, RewardType::Cash, Some("10.00".into()));
    let rule: CommissionInput =
        serde_json::from_value(serde_json::json!({"type": "percent", "rate": 20, "first_payment_rate": 50})).unwrap();
    spring.commission = CommissionRule::parse(Some(&rule)).unwrap();
    store.save_campaign(&spring).await.unwrap();
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let friend = signup(&store, &spring, "a@example.com", Some(referrer.id)).await.participant;
    // The second month first: the first, arriving later, takes the first payment's rate.
    invoice(&store, &spring, friend.id, "in_2", 2).await;
    invoice(&store, &spring, friend.id, "in_1", 1).await;
    let session = store.session(shop.id).await.unwrap();
    let mut found = session.subscription_commissions(spring.id, "sub_1").unwrap();
    found.sort_by_key(|c| c.invoice.period_start);
    let seen: Vec<_> = found.iter().map(|c| (c.invoice_id.as_str(), c.first_payment, c.amount_minor)).collect();
    assert_eq!(seen, [("in_1", true, Some(2450)), ("in_2", false, Some(980))]);
    assert!(found.iter().all(|c| c.state == CommissionState::Earned && c.referrer_id == referrer.id));
    assert!(session.subscription_commissions(spring.id, "sub_2").unwrap().is_empty());
    let conversion = session.conversion_by_external_id(spring.id, "in_2").unwrap().unwrap();
    assert_eq!(session.commission(spring.id, conversion.id).unwrap().as_ref(), Some(&found[1]));
    assert_eq!(session.commission(spring.id + 1, conversion.id).unwrap(), None, "per campaign");
    drop(session);
    assert_eq!(store.commission(&conversion).await.unwrap().as_ref(), Some(&found[1]));
    // The second month's reward follows: 9.80 now.
    let reward = store.reward(ann.id, found[1].reward_id.unwrap()).await.unwrap().unwrap();
    assert_eq!(reward.value.as_deref(), Some("9.80"));

    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.commission(&conversion).await.unwrap(), None, "purged with the campaign");
    let session = store.session(shop.id).await.unwrap();
    assert!(session.subscription_commissions(spring.id, "sub_1").unwrap().is_empty());
}

pub async fn exchange_rates_replace_by_pair_and_date_and_are_read_by_week(store: SharedStorage) {
    use referrals::domain::exchange_rate::ExchangeRate;
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let rate = |to: &str, date: &str, value: &str| ExchangeRate::parse("r", "EUR", to, date, value).unwrap();
    let first =
        [rate("USD", "2027-03-01", "1.08"), rate("JPY", "2027-03-01", "160"), rate("USD", "2027-02-20", "1.05")];
    store.save_exchange_rates(ann.id, &first).await.unwrap();
    store.save_exchange_rates(ann.id, &[rate("USD", "2027-03-01", "1.0870")]).await.unwrap();
    store.save_exchange_rates(bob.id, &[rate("USD", "2027-03-02", "2")]).await.unwrap();
    let (listed, total) = store.exchange_rates(ann.id, page(1, 10)).await.unwrap();
    let seen: Vec<_> = listed.iter().map(|r| (r.date.as_str(), r.to.as_str(), r.rate.as_str())).collect();
    assert_eq!(total, 3);
    assert_eq!(seen, [("2027-03-01", "USD", "1.0870"), ("2027-03-01", "JPY", "160"), ("2027-02-20", "USD", "1.05")]);
    assert_eq!(store.exchange_rates(ann.id, page(2, 2)).await.unwrap().0.len(), 1);
    let session = store.session(shop.id).await.unwrap();
    let mut week = session.exchange_rates(ann.id, "2027-02-22", "2027-03-01").unwrap();
    week.sort_by(|a, b| a.to.cmp(&b.to));
    let seen: Vec<_> = week.iter().map(|r| (r.to.as_str(), r.rate.as_str())).collect();
    assert_eq!(seen, [("JPY", "160"), ("USD", "1.0870")], "another member's and older rates are not read");
}
