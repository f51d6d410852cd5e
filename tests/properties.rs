//! Property tests of every parser of outside input: referral codes, brand URLs and domains,
//! emails, coupon files, pagination parameters, webhook URLs, lander settings. For any input
//! none of them panics; valid inputs round-trip.

use proptest::prelude::*;
use referrals::domain::brand_url::{parse_domain, parse_http_url};
use referrals::domain::coupon::{ParsedCodes, MAX_CODE_CHARS};
use referrals::domain::lander::{Lander, LanderInput};
use referrals::domain::pagination::PageRequest;
use referrals::domain::webhook::WebhookLink;
use referrals::domain::{BrandUrl, EmailAddress, ReferralCode};

/// A DNS label: letters, digits and inner hyphens. Not one with hyphens in its third and
/// fourth places: those are reserved for internationalised names (`xn--…` is punycode, which
/// must decode), so such a label is not an ordinary host name.
fn label() -> impl Strategy<Value = String> {
    "[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?".prop_filter("an IDNA-reserved label", |l| l.get(2..4) != Some("--"))
}

fn domain() -> impl Strategy<Value = String> {
    (proptest::collection::vec(label(), 1..4), "[a-z]{2,6}")
        .prop_map(|(labels, tld)| format!("{}.{tld}", labels.join(".")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn referral_codes_never_panic(raw in ".{0,300}") {
        let _ = ReferralCode::parse(&raw);
    }

    #[test]
    fn referral_codes_of_any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        use base64::Engine;
        let _ = ReferralCode::parse(&base64::engine::general_purpose::STANDARD.encode(&bytes));
        let _ = ReferralCode::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn referral_codes_round_trip(
        campaign_id in 1u64..,
        participant_id in 1u64..,
        invited_id in proptest::option::of(1u64..),
        social_type in "[a-z0-9_]{1,32}",
    ) {
        let code = ReferralCode { campaign_id, social_type, participant_id, invited_id };
        let encoded = code.encode();
        prop_assert_eq!(ReferralCode::parse(&encoded).unwrap(), code.clone());
        // Standard alphabet with padding reads the same.
        use base64::Engine;
        let text = String::from_utf8(base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&encoded).unwrap()).unwrap();
        let standard = base64::engine::general_purpose::STANDARD.encode(text);
        prop_assert_eq!(ReferralCode::parse(&standard).unwrap(), code);
    }

    #[test]
    fn brand_urls_and_domains_never_panic(raw in ".{0,300}") {
        let _ = BrandUrl::parse(&raw);
        let _ = parse_domain("domain", &raw);
        let _ = parse_http_url("url", &raw);
    }

    #[test]
    fn a_brand_domain_parses_back_to_itself(domain in domain(), www in any::<bool>(), port in proptest::option::of(1u16..), path in "(/[a-z0-9]{0,8}){0,3}") {
        let host = if www { format!("www.{domain}") } else { domain.clone() };
        let port = port.map(|p| format!(":{p}")).unwrap_or_default();
        let url = format!("https://{host}{port}{path}");
        let brand = BrandUrl::parse(&url).unwrap();
        prop_assert_eq!(&brand.domain, &domain.trim_start_matches("www.").to_owned());
        // The stored domain, given again (bare or as a URL), names the same domain.
        prop_assert_eq!(parse_domain("domain", &brand.domain).unwrap(), brand.domain.clone());
        prop_assert_eq!(BrandUrl::parse(&brand.url).unwrap(), brand);
    }

    #[test]
    fn emails_never_panic_and_valid_ones_keep_their_text(raw in ".{0,300}", local in "[a-z0-9._+-]{1,30}", domain in domain()) {
        let _ = EmailAddress::parse(&raw);
        let email = format!("{local}@{domain}");
        let parsed = EmailAddress::parse(&email).unwrap();
        prop_assert_eq!(parsed.as_str(), email.as_str());
    }

    #[test]
    fn coupon_files_never_panic_and_keep_every_valid_code(
        bytes in proptest::collection::vec(any::<u8>(), 0..2000),
        codes in proptest::collection::vec("[A-Z0-9-]{1,20}", 0..50),
    ) {
        let _ = ParsedCodes::from_csv(&bytes);
        let text = codes.join("\n");
        let parsed = ParsedCodes::from_csv(text.as_bytes());
        let mut unique = codes.clone();
        let mut seen = std::collections::HashSet::new();
        unique.retain(|c| seen.insert(c.clone()));
        prop_assert_eq!(&parsed.codes, &unique);
        prop_assert_eq!(parsed.duplicate_in_upload as usize, codes.len() - unique.len());
        let json: Vec<serde_json::Value> = codes.iter().map(|c| serde_json::json!(c)).collect();
        prop_assert_eq!(ParsedCodes::from_json(&json).codes, unique);
    }

    #[test]
    fn overlong_coupon_codes_are_reported_not_kept(extra in 1usize..50) {
        let code = "X".repeat(MAX_CODE_CHARS + extra);
        let parsed = ParsedCodes::from_csv(code.as_bytes());
        prop_assert!(parsed.codes.is_empty());
        prop_assert_eq!(parsed.invalid.len(), 1);
    }

    #[test]
    fn pagination_never_panics_and_valid_values_hold(page in proptest::option::of(".{0,30}"), limit in proptest::option::of(".{0,30}"), p in 1u64..=1_000_000_000, l in 1u64..) {
        if let Ok(request) = PageRequest::parse(page.as_deref(), limit.as_deref()) {
            prop_assert!(request.page >= 1 && (1..=100).contains(&request.limit));
            let _ = request.offset();
        }
        let request = PageRequest::parse(Some(&p.to_string()), Some(&l.to_string())).unwrap();
        prop_assert_eq!((request.page, request.limit), (p, l.min(100)));
    }

    #[test]
    fn webhook_links_never_panic_and_valid_ones_round_trip(raw in ".{0,300}", domain in domain(), path in "(/[a-z0-9]{1,8}){0,3}") {
        let _ = WebhookLink::parse("link", &raw);
        let link = format!("https://{domain}{path}");
        let parsed = WebhookLink::parse("link", &link).unwrap();
        let again = WebhookLink::parse("link", parsed.as_str()).unwrap();
        prop_assert_eq!(again.as_str(), parsed.as_str());
    }

    #[test]
    fn lander_settings_never_panic(json in "\\{(\"[a-z_]{1,12}\": (\"[^\"\\\\]{0,40}\"|null|[0-9]{1,5}|\\{\\}|\\[\\]),? ?){0,6}\\}") {
        if let Ok(input) = serde_json::from_str::<LanderInput>(&json) {
            let mut lander = Lander::default_for("headline");
            let _ = lander.apply(&input, "2026-11-22T00:00:00Z");
        }
    }
}
