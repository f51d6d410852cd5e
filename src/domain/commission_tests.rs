//! Unit tests of commission rules: what a rule accepts, how it reads, and what an invoice
//! earns under it, rounded as documented.

use chrono::TimeZone;
use serde_json::json;

use super::*;

fn rule(body: Value) -> Result<CommissionRule, ValidationError> {
    let input: CommissionInput = serde_json::from_value(body).unwrap();
    CommissionRule::parse(Some(&input))
}

fn line(base_minor: u64) -> InvoiceLine {
    InvoiceLine { product_id: None, base_minor }
}

fn month(n: u32) -> DateTime<Utc> {
    let (year, month) = (2027 + (n as i32) / 12, n % 12 + 1);
    Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0).unwrap()
}

#[test]
fn rates_are_percentages_with_two_decimals_at_most() {
    for (given, hundredths) in [(json!(20), 2000), (json!("12.5"), 1250), (json!(0.01), 1), (json!("100"), 10_000)] {
        assert_eq!(Rate::parse("r", &given).unwrap().hundredths(), hundredths, "{given}");
    }
    for bad in
        [json!(0), json!("0.00"), json!(100.01), json!(-5), json!("1.234"), json!("abc"), json!(null), json!(true)]
    {
        assert_eq!(Rate::parse("r", &bad).unwrap_err().field, "r", "{bad}");
    }
    assert_eq!(Rate(2000).shown(), "20");
    assert_eq!(Rate(1250).shown(), "12.5");
    assert_eq!(Rate(75).shown(), "0.75");
}

#[test]
fn a_rule_is_checked_field_by_field() {
    assert_eq!(CommissionRule::parse(None).unwrap(), CommissionRule::default());
    let full = rule(json!({"type": "percent", "rate": 20, "first_payment_rate": "50", "duration_months": 12,
        "product_rates": {"prod_pro": 30}}))
    .unwrap();
    assert_eq!(full.rate, Some(Rate(2000)));
    assert_eq!(full.first_payment_rate, Some(Rate(5000)));
    assert_eq!(full.duration_months, Some(12));
    assert_eq!(full.product_rates.get("prod_pro"), Some(&Rate(3000)));
    for (body, field) in [
        (json!({}), "commission.type"),
        (json!({"type": "share"}), "commission.type"),
        (json!({"type": "percent"}), "commission.rate"),
        (json!({"type": "percent", "rate": 101}), "commission.rate"),
        (json!({"type": "percent", "rate": 20, "first_payment_rate": 0}), "commission.first_payment_rate"),
        (json!({"type": "percent", "rate": 20, "duration_months": 0}), "commission.duration_months"),
        (json!({"type": "percent", "rate": 20, "duration_months": 121}), "commission.duration_months"),
        (json!({"type": "percent", "rate": 20, "duration_months": 1.5}), "commission.duration_months"),
        (json!({"type": "percent", "rate": 20, "product_rates": [30]}), "commission.product_rates"),
        (json!({"type": "percent", "rate": 20, "product_rates": {"": 30}}), "commission.product_rates"),
        (json!({"type": "percent", "rate": 20, "product_rates": {"p": 300}}), "commission.product_rates"),
        (json!({"type": "flat", "rate": 20}), "commission.rate"),
        (json!({"type": "flat", "duration_months": 3}), "commission.duration_months"),
    ] {
        assert_eq!(rule(body.clone()).unwrap_err().field, field, "{body}");
    }
    let many: serde_json::Map<String, Value> = (0..=MAX_PRODUCT_RATES).map(|i| (format!("p{i}"), json!(5))).collect();
    assert!(rule(json!({"type": "percent", "rate": 20, "product_rates": many})).is_err());
    assert_eq!(rule(json!({"type": "flat", "rate": null})).unwrap(), CommissionRule::default(), "null is absent");
}

#[test]
fn a_rule_reads_as_a_sentence() {
    let sentence = |body| rule(body).unwrap().sentence();
    assert_eq!(
        sentence(json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 12})),
        "20 % of every payment for 12 months, 50 % of the first"
    );
    assert_eq!(sentence(json!({"type": "percent", "rate": "30"})), "30 % of every payment for life");
    assert_eq!(
        sentence(json!({"type": "percent", "rate": 10, "duration_months": 1, "product_rates": {"prod_a": 12.5}})),
        "10 % of every payment for 1 month; 12.5 % for product prod_a"
    );
    assert_eq!(sentence(json!({"type": "flat"})), "The campaign's reward, once per referral");
}

#[test]
fn the_duration_counts_calendar_months_from_the_first_period() {
    let twelve = rule(json!({"type": "percent", "rate": 20, "duration_months": 12})).unwrap();
    let counted: Vec<u32> = (0..14).filter(|&n| twelve.counts(month(0), month(n))).collect();
    assert_eq!(counted, (0..12).collect::<Vec<_>>(), "months 0 to 11 of 12");
    let end_of_january = Utc.with_ymd_and_hms(2027, 1, 31, 0, 0, 0).unwrap();
    let one = rule(json!({"type": "percent", "rate": 20, "duration_months": 1})).unwrap();
    assert!(one.counts(end_of_january, Utc.with_ymd_and_hms(2027, 2, 27, 23, 0, 0).unwrap()));
    assert!(!one.counts(end_of_january, Utc.with_ymd_and_hms(2027, 2, 28, 0, 0, 0).unwrap()), "February ends it");
    let life = rule(json!({"type": "percent", "rate": 20})).unwrap();
    assert!(life.counts(month(0), month(600)));
}

#[test]
fn the_first_payment_and_products_choose_the_rate() {
    let r =
        rule(json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "product_rates": {"pro": 30}})).unwrap();
    assert_eq!(r.rate_for(None, false), Some(Rate(2000)));
    assert_eq!(r.rate_for(Some("pro"), false), Some(Rate(3000)));
    assert_eq!(r.rate_for(Some("other"), false), Some(Rate(2000)));
    assert_eq!(r.rate_for(Some("pro"), true), Some(Rate(5000)), "the first payment's rate replaces every rate");
    assert_eq!(CommissionRule::default().rate_for(None, false), None, "a flat rule pays no share");
}

#[test]
fn an_invoice_earns_rate_times_base_rounded_half_to_even() {
    let r = rule(json!({"type": "percent", "rate": 20, "first_payment_rate": 50})).unwrap();
    let eur = Exchange::same(2);
    assert_eq!(commission_minor(&r, &[line(4900)], true, eur), Some(2450), "24.50 of 49.00");
    assert_eq!(commission_minor(&r, &[line(4900)], false, eur), Some(980), "9.80 of 49.00");
    // 20 % of 0.125 is 0.025: a half, to the even 0.02; of 0.175 it is 0.035, to 0.04.
    assert_eq!(commission_minor(&r, &[line(12)], false, Exchange::same(2)), Some(2), "2.4 → 2");
    assert_eq!(commission_minor(&r, &[line(13)], false, Exchange::same(2)), Some(3), "2.6 → 3");
    let tenth = rule(json!({"type": "percent", "rate": 10})).unwrap();
    assert_eq!(commission_minor(&tenth, &[line(25)], false, eur), Some(2), "2.5 → 2, the even one");
    assert_eq!(commission_minor(&tenth, &[line(35)], false, eur), Some(4), "3.5 → 4, the even one");
    // The yen has no minor unit: 20 % of ¥1,234 is ¥246.8, paid as ¥247.
    assert_eq!(commission_minor(&r, &[line(1234)], false, Exchange::same(0)), Some(247));
    // The Bahraini dinar has three: 20 % of 12.345 BHD is 2.469.
    assert_eq!(commission_minor(&r, &[line(12_345)], false, Exchange::same(3)), Some(2469));
    assert_eq!(commission_minor(&CommissionRule::default(), &[line(4900)], false, eur), None);
}

#[test]
fn each_line_earns_its_product_s_rate() {
    let r = rule(json!({"type": "percent", "rate": 20, "product_rates": {"pro": 30}})).unwrap();
    let lines = [InvoiceLine { product_id: Some("pro".into()), base_minor: 10_000 }, line(5_000)];
    assert_eq!(commission_minor(&r, &lines, false, Exchange::same(2)), Some(3_000 + 1_000));
}

#[test]
fn another_currency_is_converted_before_rounding() {
    let r = rule(json!({"type": "percent", "rate": 20})).unwrap();
    let eur_to_usd = Exchange { units: 10_870, per: 10_000, from_digits: 2, to_digits: 2 };
    assert_eq!(commission_minor(&r, &[line(10_000)], false, eur_to_usd), Some(2174), "21.74 USD of 100.00 EUR");
    // ¥10,000 at 0.0062 EUR per yen is 62.00 EUR; 20 % is 12.40.
    let jpy_to_eur = Exchange { units: 62, per: 10_000, from_digits: 0, to_digits: 2 };
    assert_eq!(commission_minor(&r, &[line(10_000)], false, jpy_to_eur), Some(1240));
    // 100.00 EUR at 0.41 BHD per euro is 41.000 BHD; 20 % is 8.200.
    let eur_to_bhd = Exchange { units: 41, per: 100, from_digits: 2, to_digits: 3 };
    assert_eq!(commission_minor(&r, &[line(10_000)], false, eur_to_bhd), Some(8_200));
}

#[test]
fn over_many_invoices_the_rounding_stays_within_a_minor_unit_each() {
    let r = rule(json!({"type": "percent", "rate": "17.35"})).unwrap();
    let bases: Vec<u64> = (0..150u64).map(|i| 99 + i * 7_919 % 100_003).collect();
    let paid: u64 = bases.iter().map(|&b| commission_minor(&r, &[line(b)], false, Exchange::same(2)).unwrap()).sum();
    // Exactly, in ten-thousandths of a minor unit: each invoice is off by half a unit at most.
    let exact: u64 = bases.iter().map(|&b| b * 1735).sum();
    let off = (paid * 10_000).abs_diff(exact);
    assert!(off <= bases.len() as u64 * 5_000, "{paid} against {exact} / 10000");
}

#[test]
fn a_refund_takes_back_its_share() {
    assert_eq!(share_of(980, 2450, 4900), 490, "a refund of half takes back half");
    assert_eq!(share_of(980, 4900, 4900), 980);
    assert_eq!(share_of(980, 9999, 4900), 980, "never more than the commission");
    assert_eq!(share_of(5, 1, 2), 2, "2.5 → 2");
    assert_eq!(share_of(980, 1, 0), 0);
}

#[test]
fn half_even_rounds_halves_to_the_even_neighbour() {
    assert_eq!(half_even(5, 2), 2);
    assert_eq!(half_even(7, 2), 4);
    assert_eq!(half_even(11, 4), 3);
    assert_eq!(half_even(9, 4), 2);
    assert_eq!(half_even(0, 3), 0);
}
