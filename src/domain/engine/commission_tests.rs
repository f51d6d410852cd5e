//! Commissions as stories on an in-memory brand: a subscription's invoices arriving twice and
//! out of order, refunds in part and in whole, a rule changed midway, product rates.

use chrono::{Months, TimeZone, Utc};
use serde_json::json;

use super::conversion_tests::conversion_campaign;
use super::tests::World;
use super::*;
use crate::domain::commission::{CommissionInput, CommissionRule, InvoiceLine};
use crate::domain::invoice::{CommissionState, PaidInvoice, RefundAmount, RefundReport};
use crate::domain::rollup::Measure;

fn percent(rule: serde_json::Value) -> Campaign {
    let mut campaign = conversion_campaign(RewardType::Cash, false);
    let input: CommissionInput = serde_json::from_value(rule).unwrap();
    campaign.commission = CommissionRule::parse(Some(&input)).unwrap();
    campaign.payouts.currency = "EUR".into();
    campaign
}

/// The period start of month `n` of a subscription begun on 15 January 2027.
fn month(n: u32) -> i64 {
    let start = Utc.with_ymd_and_hms(2027, 1, 15, 9, 30, 0).unwrap();
    start.checked_add_months(Months::new(n)).unwrap().timestamp()
}

fn invoice(n: u32, lines: Vec<InvoiceLine>) -> PaidInvoice {
    let paid = lines.iter().map(|l| l.base_minor).sum();
    PaidInvoice {
        subscription_id: "sub_1".into(),
        period_start: month(n),
        currency: "EUR".into(),
        lines,
        paid_minor: paid,
    }
}

fn line(base_minor: u64) -> InvoiceLine {
    InvoiceLine { product_id: None, base_minor }
}

impl World {
    /// Reports invoice `id` of the customer; the conversion's decision, committed.
    fn invoice_paid(&mut self, customer: u64, id: &str, invoice: PaidInvoice) -> Option<Reward> {
        let new = NewConversion {
            occurred_ms: None,
            participant_id: customer,
            external_id: id.into(),
            amount: None,
            currency: Some(invoice.currency.clone()),
            payment_references: Vec::new(),
            customers: Vec::new(),
            promo_code: None,
            invoice: Some(invoice),
        };
        if let Some(known) = known_conversion(&self.brand, self.campaign.id, &new).unwrap() {
            assert!(self.brand.commissions.contains_key(&known.id), "a known invoice has its commission");
            return None;
        }
        let ids = ConversionIds {
            conversion: self.id(),
            referrer_reward: self.id(),
            invited_reward: self.id(),
            commission_reward: self.id(),
        };
        match decide_conversion(&self.brand, &self.campaign, &new, ids, &self.moment).unwrap() {
            Ok(ConversionDecision::Created { rewards, writes, .. }) => {
                self.commit(writes);
                rewards.into_iter().next()
            }
            other => panic!("{id}: {other:?}"),
        }
    }

    fn refund_invoice(&mut self, id: &str, report: RefundReport) -> Refund {
        let conversion = self.brand.conversions.values().find(|c| c.external_id == id).unwrap().clone();
        let (refund, writes) = decide_refund(&self.brand, &self.campaign, conversion, &report, &self.moment).unwrap();
        self.commit(writes);
        refund
    }

    /// The referrer's commission rewards that stand, by invoice id: their amounts.
    fn standing(&self, referrer: u64) -> Vec<(String, String)> {
        let mut found: Vec<(i64, String, String)> = Vec::new();
        for c in self.brand.commissions.values() {
            let Some(reward) =
                c.reward_id.and_then(|id| self.brand.rewards.get(&id)).filter(|r| r.participant_id == referrer)
            else {
                continue;
            };
            if reward.status != RewardStatus::Voided {
                found.push((c.invoice.period_start, c.invoice_id.clone(), reward.value.clone().unwrap_or_default()));
            }
        }
        found.sort();
        found.into_iter().map(|(_, id, value)| (id, value)).collect()
    }
}

/// A fixed shuffle (a linear congruential generator), the same on every run.
fn shuffled<T>(mut items: Vec<T>, mut seed: u64) -> Vec<T> {
    for i in (1..items.len()).rev() {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        items.swap(i, (seed >> 33) as usize % (i + 1));
    }
    items
}

#[test]
fn fourteen_monthly_invoices_twice_in_any_order_earn_twelve_commissions() {
    for seed in [1, 7, 42, 1_000, 65_537] {
        let mut world = World::new(percent(
            json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 12}),
        ));
        let ada = world.join("ada@example.com").participant;
        let bob = world.referred("bob@example.com", Some(ada.id)).participant;
        let deliveries: Vec<u32> = (0..14).chain(0..14).collect();
        for n in shuffled(deliveries, seed) {
            world.invoice_paid(bob.id, &format!("in_{n:02}"), invoice(n, vec![line(4900)]));
        }
        let mut expected = vec![("in_00".to_owned(), "24.50".to_owned())];
        expected.extend((1..12).map(|n| (format!("in_{n:02}"), "9.80".to_owned())));
        assert_eq!(world.standing(ada.id), expected, "seed {seed}");
        assert_eq!(world.brand.commissions.len(), 14, "every invoice has its record");
        let outside: Vec<_> = world
            .brand
            .commissions
            .values()
            .filter(|c| c.state == CommissionState::OutsideDuration)
            .map(|c| c.invoice_id.clone())
            .collect();
        assert_eq!(outside.len(), 2, "months 12 and 13 earn nothing (seed {seed}): {outside:?}");
        assert_eq!(world.brand.qualified[&(world.campaign.id, ada.id)], 1, "the referral is credited once");
    }
}

#[test]
fn refunds_take_back_their_share_once_and_a_paid_commission_becomes_owed() {
    let mut world = World::new(percent(json!({"type": "percent", "rate": 20, "duration_months": 12})));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    for n in 0..4 {
        world.invoice_paid(bob.id, &format!("in_{n}"), invoice(n, vec![line(4900)]));
    }
    let part = RefundReport { id: "re_1".into(), amount: RefundAmount::This(2450) };
    let refund = world.refund_invoice("in_3", part.clone());
    let commission = refund.commission.unwrap();
    assert_eq!((commission.taken_back_minor, commission.standing_minor()), (490, 490));
    assert!(refund.changed && refund.voided.is_empty());
    assert!(!world.refund_invoice("in_3", part).changed, "the same refund again counts once");
    assert_eq!(world.standing(ada.id)[3], ("in_3".to_owned(), "4.90".to_owned()));
    assert_eq!(world.brand.conversions.values().find(|c| c.external_id == "in_3").unwrap().status.name(), "recorded");

    // Paid out by hand, then refunded whole: the commission is owed back.
    let paid = world.brand.commissions.values().find(|c| c.invoice_id == "in_1").unwrap().reward_id.unwrap();
    let (_, writes) = decide_reward_action(
        &world.brand,
        7,
        ada.id,
        paid,
        crate::domain::reward::RewardAction::Fulfil,
        "",
        &world.moment,
    )
    .unwrap()
    .unwrap();
    world.commit(writes);
    let whole = world.refund_invoice("in_1", RefundReport::whole());
    assert_eq!(whole.fulfilled.len(), 1);
    assert_eq!(world.brand.owed[&(world.campaign.id, ada.id)].cents, 980);
    assert!(!world.refund_invoice("in_1", RefundReport::whole()).changed, "a second whole refund changes nothing");
    assert_eq!(world.brand.owed[&(world.campaign.id, ada.id)].cents, 980);
    // Stripe's running total: a redelivery, then an older event, add nothing.
    for total in [4900, 4900, 2450] {
        world.refund_invoice("in_2", RefundReport { id: "stripe:ch_2".into(), amount: RefundAmount::Total(total) });
    }
    let in_2 = world.brand.commissions.values().find(|c| c.invoice_id == "in_2").unwrap();
    assert_eq!((in_2.taken_back_minor, in_2.refunded_whole()), (980, true));

    // The analytics: four invoices of 49.00 (without an `amount`: the invoice's total is the
    // revenue), Ada's referral's; refunded 24.50 in part, then 49.00 twice in whole (the
    // refund counted once each).
    let sum = |partner: Option<u64>, measure: Measure| -> u64 {
        world.brand.rollups.iter().filter(|((_, p, _), _)| *p == partner).map(|(_, m)| m.get(measure)).sum()
    };
    for partner in [None, Some(ada.id)] {
        assert_eq!((sum(partner, Measure::Conversions), sum(partner, Measure::Revenue)), (4, 4 * 4900));
        assert_eq!((sum(partner, Measure::Refunds), sum(partner, Measure::Refunded)), (2, 2450 + 4900 + 4900));
    }
}

#[test]
fn a_rule_changed_midway_leaves_earlier_commissions_as_they_were() {
    let mut world = World::new(percent(json!({"type": "percent", "rate": 20, "duration_months": 12})));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    for n in 0..6 {
        world.invoice_paid(bob.id, &format!("in_{n}"), invoice(n, vec![line(4900)]));
    }
    let input: CommissionInput = serde_json::from_value(json!({"type": "percent", "rate": 10})).unwrap();
    world.campaign.commission = CommissionRule::parse(Some(&input)).unwrap();
    for n in 6..8 {
        world.invoice_paid(bob.id, &format!("in_{n}"), invoice(n, vec![line(4900)]));
    }
    let amounts: Vec<String> = world.standing(ada.id).into_iter().map(|(_, v)| v).collect();
    assert_eq!(amounts, ["9.80", "9.80", "9.80", "9.80", "9.80", "9.80", "4.90", "4.90"]);
    let first = world.brand.commissions.values().find(|c| c.invoice_id == "in_0").unwrap();
    assert_eq!(first.terms.rate.unwrap().shown(), "20", "its terms are kept");
}

#[test]
fn product_rates_earn_per_line_and_currencies_round_to_their_own_minor_unit() {
    let rule = json!({"type": "percent", "rate": 20, "product_rates": {"prod_pro": 30}});
    let mut world = World::new(percent(rule));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let lines = vec![InvoiceLine { product_id: Some("prod_pro".into()), base_minor: 3333 }, line(1001)];
    let reward = world.invoice_paid(bob.id, "in_a", invoice(0, lines)).unwrap();
    // 30 % of 33.33 is 9.999, 20 % of 10.01 is 2.002: 12.001, rounded once.
    assert_eq!(reward.value.as_deref(), Some("12.00"));

    let mut yen = percent(json!({"type": "percent", "rate": 12.5}));
    yen.payouts.currency = "JPY".into();
    let mut world = World::new(yen);
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let jpy = PaidInvoice { currency: "JPY".into(), ..invoice(0, vec![line(4900)]) };
    // 12.5 % of 4900 yen is 612.5: half to even, 612 (a cash reward counts hundredths).
    assert_eq!(world.invoice_paid(bob.id, "in_y", jpy).unwrap().value.as_deref(), Some("612.00"));
    assert_eq!(world.brand.commissions.values().next().unwrap().amount_minor, Some(612));

    let mut dinar = percent(json!({"type": "percent", "rate": 12.5}));
    dinar.payouts.currency = "BHD".into();
    let mut world = World::new(dinar);
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let bhd = PaidInvoice { currency: "BHD".into(), ..invoice(0, vec![line(9_876)]) };
    // 12.5 % of 9.876 dinars is 1.2345: half to even at the fils, 1.234; paid to the
    // hundredth, 1.23.
    world.invoice_paid(bob.id, "in_b", bhd);
    assert_eq!(world.brand.commissions.values().next().unwrap().amount_minor, Some(1234));
}

#[test]
fn an_invoice_in_another_currency_is_held_without_an_amount() {
    let mut world = World::new(percent(json!({"type": "percent", "rate": 20})));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let usd = PaidInvoice { currency: "USD".into(), ..invoice(0, vec![line(10_000)]) };
    let reward = world.invoice_paid(bob.id, "in_usd", usd).unwrap();
    assert_eq!((reward.status, reward.value.as_deref()), (RewardStatus::Held, None));
    assert_eq!(reward.holds, vec![crate::domain::reward::HoldReason::NoExchangeRate]);
    let commission = world.brand.commissions.values().next().unwrap();
    assert_eq!((commission.state, commission.amount_minor), (CommissionState::NoExchangeRate, None));
}

#[test]
fn a_held_commission_is_rated_once_a_rate_for_its_week_is_given() {
    let mut campaign = percent(json!({"type": "percent", "rate": 20}));
    campaign.payouts.currency = "USD".into();
    let mut world = World::new(campaign);
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let eur = invoice(0, vec![line(10_000)]);
    let held = world.invoice_paid(bob.id, "in_1", eur.clone()).unwrap();
    assert_eq!(held.holds, vec![crate::domain::reward::HoldReason::NoExchangeRate]);
    // A rate of the day after the period start, or of more than a week before, does not apply.
    let rate =
        |date: &str| crate::domain::exchange_rate::ExchangeRate::parse("r", "EUR", "USD", date, "1.0870").unwrap();
    world.brand.exchange_rates.insert(7, vec![rate("2027-01-16"), rate("2027-01-07")]);
    let (rated, _) = decide_rating(&world.brand, &world.campaign, &world.moment).unwrap();
    assert_eq!(rated, 0);
    world.brand.exchange_rates.get_mut(&7).unwrap().push(rate("2027-01-08"));
    let (rated, writes) = decide_rating(&world.brand, &world.campaign, &world.moment).unwrap();
    world.commit(writes);
    assert_eq!(rated, 1);
    let reward = &world.brand.rewards[&held.id];
    assert_eq!((reward.status, reward.value.as_deref()), (RewardStatus::Issued, Some("21.74")));
    let commission = world.brand.commissions.values().next().unwrap();
    let used = commission.exchange.as_ref().unwrap();
    assert_eq!((used.rate.as_str(), used.date.as_str()), ("1.0870", "2027-01-08"));
    assert_eq!(world.brand.count(world.campaign.id, Counter::HeldNoExchangeRate), 0);
    let (again, _) = decide_rating(&world.brand, &world.campaign, &world.moment).unwrap();
    assert_eq!(again, 0, "rated once");
    // A later invoice finds the rate at once; a later rate changes nothing made.
    world.brand.exchange_rates.get_mut(&7).unwrap().push(rate("2027-02-14"));
    let second = world.invoice_paid(bob.id, "in_2", PaidInvoice { period_start: month(1), ..eur }).unwrap();
    assert_eq!(second.value.as_deref(), Some("21.74"));
    assert_eq!(world.brand.rewards[&held.id].value.as_deref(), Some("21.74"));
}

#[test]
fn a_trial_s_invoice_of_nothing_is_not_the_first_payment() {
    let mut world =
        World::new(percent(json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 2})));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    assert!(world.invoice_paid(bob.id, "in_trial", invoice(0, vec![line(0)])).is_none());
    for n in 1..4 {
        world.invoice_paid(bob.id, &format!("in_{n}"), invoice(n, vec![line(4900)]));
    }
    let amounts: Vec<String> = world.standing(ada.id).into_iter().map(|(_, v)| v).collect();
    assert_eq!(amounts, ["24.50", "9.80"], "the first paid month takes 50 %, and two months count from it");
    assert_eq!(world.brand.commissions.len(), 3, "the trial's invoice has no commission");
}
