//! Unit tests of Paddle's signature check and of what its events are read as.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::*;

fn signed(secret: &str, ts: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{ts}:").as_bytes());
    mac.update(body);
    format!("ts={ts};h1={}", hex::encode(mac.finalize().into_bytes()))
}

#[test]
fn a_signature_is_checked_as_paddle_documents_it() {
    let (secret, body, now) = ("pdl_ntfset_01secret_for_tests", br#"{"event_type":"x"}"#, 1_800_000_000);
    assert_eq!(verify(&signed(secret, now, body), body, secret, now), Ok(()));
    let rotated = format!("{};h1=00ff", signed(secret, now - 10, body));
    assert_eq!(verify(&rotated, body, secret, now), Ok(()), "any h1 may match");
    assert_eq!(
        verify(&signed(secret, now - 360, body), body, secret, now),
        Err(SignatureError::Stale),
        "6 minutes old"
    );
    assert_eq!(verify(&signed(secret, now, body), b"{}", secret, now), Err(SignatureError::Mismatch));
    assert_eq!(verify(&signed("another_secret_here", now, body), body, secret, now), Err(SignatureError::Mismatch));
    assert_eq!(verify("h1=abcd", body, secret, now), Err(SignatureError::Malformed));
    assert_eq!(verify(&format!("ts={now}"), body, secret, now), Err(SignatureError::Malformed));
}

#[test]
fn a_completed_subscription_transaction_is_an_invoice_of_its_period() {
    let body = serde_json::json!({"event_id": "evt_01", "event_type": "transaction.completed", "data": {
        "id": "txn_01h", "status": "completed", "customer_id": "ctm_01", "subscription_id": "sub_01",
        "currency_code": "USD", "custom_data": {"referral_code": "SAM20"}, "discount": {"id": "dsc_1", "code": "ANN5"},
        "billing_period": {"starts_at": "2027-03-01T00:00:00Z", "ends_at": "2027-04-01T00:00:00Z"},
        "details": {"totals": {"subtotal": "5000", "discount": "1000", "tax": "800", "total": "4800",
                               "grand_total": "4800", "currency_code": "USD"},
                    "line_items": [{"product_id": "pro_a", "totals": {"subtotal": "3000", "discount": "1000", "tax": "400", "total": "2400"}},
                                   {"product_id": "pro_b", "totals": {"subtotal": "2000", "discount": "0", "tax": "400", "total": "2400"}}]}}});
    let Some(PaddleEvent::Paid(sale)) = read_event(body.to_string().as_bytes()) else { panic!() };
    assert_eq!(
        (sale.object_id.as_str(), sale.amount_minor, sale.currency.as_deref()),
        ("txn_01h", Some(4000), Some("USD"))
    );
    assert_eq!(sale.customers, ["paddle:ctm_01", "paddle:sub_01"]);
    assert_eq!(
        (sale.referral_code.as_deref(), sale.promo_codes.as_slice()),
        (Some("SAM20"), ["ANN5".to_owned()].as_slice())
    );
    let invoice = sale.invoice.unwrap();
    assert_eq!((invoice.subscription_id.as_str(), invoice.paid_minor), ("sub_01", 4800));
    assert_eq!(invoice.period_start, 1_803_859_200);
    let bases: Vec<u64> = invoice.lines.iter().map(|l| l.base_minor).collect();
    assert_eq!(bases, [2000, 2000]);
}

#[test]
fn customers_refunds_and_other_events_are_read_for_what_they_are() {
    let customer = br#"{"event_type": "customer.updated", "data": {"id": "ctm_01", "email": " Ada@Example.com "}}"#;
    let expected = PaddleEvent::Customer { customer: "paddle:ctm_01".into(), email: "Ada@Example.com".into() };
    assert_eq!(read_event(customer), Some(expected));
    let refund = br#"{"event_type": "adjustment.updated", "data": {"id": "adj_01", "action": "refund",
        "status": "approved", "transaction_id": "txn_01h", "totals": {"total": "1200", "currency_code": "USD"}}}"#;
    let expected =
        PaddleEvent::Refunded { transaction: "txn_01h".into(), adjustment: "adj_01".into(), amount_minor: 1200 };
    assert_eq!(read_event(refund), Some(expected));
    let pending = br#"{"event_type": "adjustment.created", "data": {"id": "adj_02", "action": "refund",
        "status": "pending_approval", "transaction_id": "txn_01h", "totals": {"total": "1200"}}}"#;
    assert_eq!(read_event(pending), Some(PaddleEvent::Ignored), "refunded only once approved");
    assert_eq!(read_event(br#"{"event_type": "subscription.created", "data": {}}"#), Some(PaddleEvent::Ignored));
    assert_eq!(read_event(b"[1, 2]"), None);
    assert_eq!(read_event(br#"{"event_type": "transaction.completed", "data": {"status": "completed"}}"#), None);
}
