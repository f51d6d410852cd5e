//! Unit tests of Stripe's signature check and of what its events are read as.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::*;

/// Signs as Stripe does, for the tests.
fn sign(secret: &str, t: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

#[test]
fn a_signature_is_checked_as_stripe_documents_it() {
    let (secret, body, now) = ("whsec_test", br#"{"id":"evt_1"}"#.as_slice(), 1_800_000_000);
    let good = sign(secret, now, body);
    assert_eq!(verify(&format!("t={now},v1={good}"), body, secret, now), Ok(()));
    let rolled = format!("t={now},v1={},v1={good},v0=abc", sign("whsec_old", now, body));
    assert_eq!(verify(&rolled, body, secret, now + 10), Ok(()), "any v1 may match");
    assert_eq!(verify(&format!("t={now},v1={good}"), b"{}", secret, now), Err(SignatureError::Mismatch));
    assert_eq!(verify(&format!("t={now},v1={good}"), body, "whsec_other", now), Err(SignatureError::Mismatch));
    let late = now + TOLERANCE_SECS + 1;
    assert_eq!(verify(&format!("t={now},v1={good}"), body, secret, late), Err(SignatureError::Stale));
    for bad in ["", "v1=00", &format!("t={now}"), "t=x,v1=zz", &format!("t={now},v1=nothex")] {
        assert_eq!(verify(bad, body, secret, now), Err(SignatureError::Malformed), "{bad}");
    }
}

#[test]
fn payments_and_refunds_are_read_from_the_three_kinds() {
    let checkout = br#"{"type":"checkout.session.completed","data":{"object":{"id":"cs_1","customer_details":{"email":"ada@example.com"},"amount_total":4990,"currency":"eur","payment_intent":"pi_1"}}}"#;
    let StripeEvent::Paid(paid) = read_event(checkout).unwrap() else { panic!() };
    assert_eq!((paid.object_id.as_str(), paid.email.as_deref()), ("cs_1", Some("ada@example.com")));
    assert_eq!((paid.amount_minor, paid.references), (Some(4990), vec!["pi_1".to_owned()]));
    let invoice = br#"{"type":"invoice.paid","data":{"object":{"id":"in_1","customer_email":"bob@example.com","amount_paid":1200,"currency":"usd","payment_intent":{"id":"pi_2"}}}}"#;
    let StripeEvent::Paid(paid) = read_event(invoice).unwrap() else { panic!() };
    assert_eq!(paid.email.as_deref(), Some("bob@example.com"));
    assert_eq!(paid.references, ["in_1", "pi_2"], "an invoice is named by itself and its payment intent");
    let newer = br#"{"type":"invoice.paid","data":{"object":{"id":"in_2","amount_paid":1200,"currency":"usd","payments":{"data":[{"payment":{"payment_intent":"pi_3"}},{"payment":{"payment_intent":"pi_3"}}]}}}}"#;
    let StripeEvent::Paid(paid) = read_event(newer).unwrap() else { panic!() };
    assert_eq!(paid.references, ["in_2", "pi_3"], "newer API versions list payments; repeats are dropped");
    let refund = br#"{"type":"charge.refunded","data":{"object":{"id":"ch_1","payment_intent":"pi_1","invoice":null,"refunded":true}}}"#;
    let refunded = |fully, refunded_minor, charge: &str| StripeEvent::Refunded {
        references: vec!["pi_1".into()],
        fully,
        refunded_minor,
        charge: charge.into(),
    };
    assert_eq!(read_event(refund), Some(refunded(true, None, "ch_1")));
    let partial = br#"{"type":"charge.refunded","data":{"object":{"id":"ch_2","payment_intent":"pi_1","refunded":false,"amount_refunded":2450}}}"#;
    assert_eq!(read_event(partial), Some(refunded(false, Some(2450), "ch_2")));
    assert_eq!(read_event(br#"{"type":"customer.created","data":{"object":{}}}"#), Some(StripeEvent::Ignored));
    assert_eq!(read_event(br#"{"type":"invoice.paid","data":{"object":{"id":""}}}"#), Some(StripeEvent::Ignored));
    assert_eq!(read_event(b"not json"), None);
    assert_eq!(read_event(br#"{"type":"invoice.paid"}"#), None);
}

#[test]
fn amounts_follow_the_currency_s_minor_unit() {
    assert_eq!(amount_from_minor(4990, "eur").as_deref(), Some("49.90"));
    assert_eq!(amount_from_minor(5, "usd").as_deref(), Some("0.05"));
    assert_eq!(amount_from_minor(4990, "jpy").as_deref(), Some("4990.00"));
    assert_eq!(amount_from_minor(12_340, "KWD").as_deref(), Some("12.34"));
    for (minor, currency) in [(0, "eur"), (-100, "eur"), (i64::MAX, "jpy"), (i64::MAX, "eur"), (5, "kwd")] {
        assert_eq!(amount_from_minor(minor, currency), None, "{minor} {currency}");
    }
}

#[test]
fn signing_secrets_are_checked_without_being_repeated() {
    let secret = "whsec_0123456789abcdefABCDEF+/=";
    assert_eq!(parse_signing_secret(&format!(" {secret} ")).unwrap(), secret);
    for bad in
        ["", "whsec_", "whsec_short", "sk_live_0123456789abcdef", "whsec_01234567\n89abcdef", "whsec_ 0123456789abcdef"]
    {
        let error = parse_signing_secret(bad).unwrap_err();
        assert!(bad.len() < 8 || !error.to_string().contains(bad), "{bad}");
    }
}

/// The payment an event of `kind` with `object` is read as.
fn paid(kind: &str, object: serde_json::Value) -> Payment {
    let body = serde_json::json!({"type": kind, "data": {"object": object}}).to_string();
    match read_event(body.as_bytes()) {
        Some(StripeEvent::Paid(payment)) => *payment,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_referral_code_is_read_from_metadata_then_the_subscription_then_the_checkout_reference() {
    let both = paid(
        "checkout.session.completed",
        serde_json::json!({"id": "cs_1", "client_reference_id": "user_42", "metadata": {"referral_code": " SAM20 "},
            "customer": "cus_1", "subscription": {"id": "sub_1", "object": "subscription"}}),
    );
    assert_eq!(both.referral_code.as_deref(), Some("SAM20"), "the key named for the purpose wins");
    assert_eq!(both.customers, ["stripe:cus_1", "stripe:sub_1"]);
    let reference =
        paid("checkout.session.completed", serde_json::json!({"id": "cs_2", "client_reference_id": "MTpsaW5rOjE"}));
    assert_eq!(reference.referral_code.as_deref(), Some("MTpsaW5rOjE"));
    assert!(reference.customers.is_empty());
    let invoice = paid(
        "invoice.paid",
        serde_json::json!({"id": "in_1", "customer": "cus_9", "currency": "usd", "amount_paid": 100, "period_start": 1,
            "parent": {"subscription_details": {"subscription": "sub_9", "metadata": {"referral_code": "ANN5"}}}}),
    );
    assert_eq!(invoice.referral_code.as_deref(), Some("ANN5"), "the subscription's metadata, copied to its invoice");
    assert_eq!(invoice.customers, ["stripe:cus_9", "stripe:sub_9"]);
    assert_eq!(invoice.invoice.map(|i| i.subscription_id), Some("sub_9".to_owned()), "the invoice still reads it");
    let older = paid(
        "invoice.paid",
        serde_json::json!({"id": "in_2", "customer": "cus_9", "subscription": "sub_9",
            "subscription_details": {"metadata": {"referral_code": "OLD7"}}}),
    );
    assert_eq!(older.referral_code.as_deref(), Some("OLD7"), "API versions before 2025-03-31");
    let blank = paid(
        "checkout.session.completed",
        serde_json::json!({"id": "cs_3", "client_reference_id": "  ",
        "metadata": {"referral_code": 5}}),
    );
    assert_eq!(blank.referral_code, None);
}

#[test]
fn promotion_codes_are_read_from_every_place_a_discount_names_one() {
    let session = paid(
        "checkout.session.completed",
        serde_json::json!({"id": "cs_1", "discounts": [{"coupon": "co_1", "promotion_code": "promo_A"}],
            "total_details": {"breakdown": {"discounts": [{"amount": 100,
                "discount": {"promotion_code": {"id": "promo_B", "code": "SAM20"}}}]}}}),
    );
    assert_eq!(session.promo_codes, ["promo_A", "promo_B", "SAM20"]);
    let invoice = paid(
        "invoice.paid",
        serde_json::json!({"id": "in_1", "discounts": ["di_1"], "discount": {"promotion_code": "promo_C"}}),
    );
    assert_eq!(invoice.promo_codes, ["promo_C"], "an unexpanded discount id names no promotion code");
}
