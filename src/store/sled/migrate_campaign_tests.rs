//! The migrations of campaign rows: each older shape of the row (schemas 2 to 6), read once
//! and rewritten as the current one, its fields kept and the new ones at their defaults.

use serde::Serialize;

use super::*;

/// A campaign as schema 2 stored it: held 14 days, a conversion goal of 2.
fn schema_2_campaign() -> CampaignV2 {
    use crate::domain::campaign::{GoalType, Publish, RewardType, WidgetSettings};
    use crate::domain::contest::ContestV1 as Contest;
    CampaignV2 {
        id: 3,
        brand_id: 5,
        member_id: 2,
        name: "Held".into(),
        type_id: 1,
        reward_type: RewardType::Cash,
        goal_type: GoalType::Conversion,
        num_signups: 2,
        publish: Publish::Private,
        reward_invited: true,
        reward_value: Some("5.00".into()),
        widget: WidgetSettings::default(),
        contest: Contest::default(),
        created_at: "2026-01-01T00:00:00Z".into(),
        updated_at: "2026-01-02T00:00:00Z".into(),
        hold_days: 14,
    }
}

/// Stores `old` (an older shape) as campaign 3 and `current` as campaign 4, takes back
/// `marker` (the step that migrates `old`'s shape), and migrates: checks that only the old row
/// is rewritten, that the current one stays as it is and that the step runs once. Campaign 3
/// as migrated.
/// An old shape written as a head struct and the fields that came after it must encode to
/// the head's fields then those, with nothing between: the flat row an older release wrote.
fn assert_flat(whole: &impl Serialize, head: &impl Serialize, tail: &impl Serialize) {
    let mut flat = codec::encode(head).unwrap();
    flat.extend_from_slice(&codec::encode(tail).unwrap()[1..]);
    assert_eq!(codec::encode(whole).unwrap(), flat);
}

fn migrate_one_campaign(old: &impl Serialize, current: &Campaign, marker: &str) -> Campaign {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    store.campaigns.insert(keys::id(3), codec::encode(old).unwrap()).unwrap();
    assert_eq!(current.id, 4);
    store.campaigns.insert(keys::id(4), codec::encode(current).unwrap()).unwrap();
    store.meta.remove(marker).unwrap();

    assert_eq!(store.migrate().unwrap(), 1, "the old row only");
    let kept: Campaign = SledStore::read(&store.campaigns, keys::id(4)).unwrap().unwrap();
    assert_eq!(&kept, current, "a row in the current shape stays as it is");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
    SledStore::read(&store.campaigns, keys::id(3)).unwrap().unwrap()
}

#[test]
fn campaigns_stored_before_emails_keep_every_field_and_get_every_email_off() {
    use crate::domain::campaign::GoalType;
    use crate::domain::campaign_emails::CampaignEmails;
    let old = schema_2_campaign();
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.emails.welcome.enabled = true;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V3);
    assert_eq!((migrated.hold_days, migrated.goal_type, migrated.num_signups), (14, GoalType::Conversion, 2));
    assert_eq!(migrated.emails, CampaignEmails::default());
}

#[test]
fn campaigns_stored_before_the_digest_keep_their_emails_and_get_the_digest_off() {
    use crate::domain::campaign_emails::{CampaignEmails, EmailTemplate};
    let defaults = CampaignEmails::default();
    let welcome =
        EmailTemplate { enabled: true, subject: "Hi {{name}}".into(), text: "Your link: {{referral_link}}".into() };
    let mut old = CampaignV3::from(schema_2_campaign());
    old.emails.welcome = welcome.clone();
    assert_flat(&old, &old.head, &old.emails);
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.emails.digest.enabled = true;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V4);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert_eq!(migrated.emails.welcome, welcome);
    assert_eq!(migrated.emails.digest, defaults.digest);
    assert!(!migrated.emails.digest.enabled);
}

#[test]
fn campaigns_stored_before_fraud_settings_keep_their_fields_and_compare_inboxes() {
    use crate::domain::campaign_emails::CampaignEmails;
    use crate::domain::fraud::FraudSettings;
    let mut old = CampaignV4::from(CampaignV3::from(schema_2_campaign()));
    old.emails.digest.enabled = true;
    assert_flat(&old, &old.head, &old.emails);
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.fraud.canonical_emails = false;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V5);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert!(migrated.emails.digest.enabled && !migrated.emails.welcome.enabled);
    assert_ne!(migrated.emails, CampaignEmails::default());
    assert_eq!(migrated.fraud, FraudSettings::default());
}

#[test]
fn campaigns_stored_before_same_address_keep_their_fraud_settings() {
    use crate::domain::fraud::{DisposablePolicy, FraudSettingsV1, SameAddressPolicy};
    let mut head = CampaignV4::from(CampaignV3::from(schema_2_campaign()));
    head.emails.digest.enabled = true;
    let fraud = FraudSettingsV1 {
        canonical_emails: false,
        disposable_emails: DisposablePolicy::Refuse,
        max_referrals_per_hour: 7,
        max_signups_per_address_per_hour: 9,
    };
    let old = CampaignV5 { head, fraud };
    assert_flat(&old, &old.head, &old.fraud);
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.fraud.same_address = SameAddressPolicy::Off;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V6);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert!(migrated.emails.digest.enabled);
    let settings = &migrated.fraud;
    assert_eq!((settings.canonical_emails, settings.disposable_emails), (false, DisposablePolicy::Refuse));
    assert_eq!((settings.max_referrals_per_hour, settings.max_signups_per_address_per_hour), (7, 9));
    assert_eq!(settings.same_address, SameAddressPolicy::Address, "the rule starts at its default");
}

#[test]
fn campaigns_stored_before_tiers_keep_their_settings_and_have_none() {
    use crate::domain::fraud::{FraudSettings, SameAddressPolicy};
    use crate::domain::tiers::Tier;
    use crate::domain::RewardType;
    let mut head = CampaignV4::from(CampaignV3::from(schema_2_campaign()));
    head.emails.digest.enabled = true;
    let fraud = FraudSettings { same_address: SameAddressPolicy::AddressAndAgent, ..FraudSettings::default() };
    let old = CampaignV6 { head, fraud: fraud.clone() };
    assert_flat(&old, &old.head, &old.fraud);
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.tiers = vec![Tier { referrals: 3, reward_type: RewardType::Cash, reward_value: Some("5.00".into()) }];

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V7);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert!(migrated.emails.digest.enabled);
    assert_eq!((&migrated.fraud, migrated.tiers.len()), (&fraud, 0));
}

#[test]
fn campaigns_stored_before_contest_places_keep_their_contest_and_tiers() {
    use crate::domain::contest::DEFAULT_WINNERS;
    use crate::domain::tiers::Tier;
    use crate::domain::RewardType;
    let mut head = CampaignV4::from(CampaignV3::from(schema_2_campaign()));
    head.head.contest.enabled = true;
    head.head.contest.starts_at = Some("2026-12-01T00:00:00Z".into());
    head.head.contest.ends_at = Some("2026-12-31T00:00:00Z".into());
    head.head.contest.prize = Some("A hoodie".into());
    let tiers = vec![Tier { referrals: 3, reward_type: RewardType::Cash, reward_value: Some("5.00".into()) }];
    let old = CampaignV7 { head: CampaignV6 { head, fraud: Default::default() }, tiers: tiers.clone() };
    assert_flat(&old, &old.head, &old.tiers);
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.contest.winners = 10;
    current.leaderboard.public = true;
    current.waitlist.enabled = true;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V8);
    assert_eq!((migrated.hold_days, migrated.name.as_str(), &migrated.tiers), (14, "Held", &tiers));
    let contest = &migrated.contest;
    assert!(contest.enabled);
    assert_eq!(
        (contest.starts_at.as_deref(), contest.ends_at.as_deref(), contest.prize.as_deref()),
        (Some("2026-12-01T00:00:00Z"), Some("2026-12-31T00:00:00Z"), Some("A hoodie"))
    );
    assert_eq!(contest.winners, DEFAULT_WINNERS);
    assert!(!migrated.leaderboard.public && !migrated.waitlist.enabled);
    assert_eq!(migrated.waitlist.places_per_referral, 10);
}

#[test]
fn campaigns_stored_before_payouts_keep_every_field_and_pay_out_by_hand() {
    use crate::domain::campaign_legacy::CampaignV8;
    use crate::domain::payout::{PayoutMethod, PayoutSettings};
    let schema_8: Campaign = CampaignV7 {
        head: CampaignV6 { head: CampaignV4::from(CampaignV3::from(schema_2_campaign())), fraud: Default::default() },
        tiers: Vec::new(),
    }
    .into();
    let mut schema_8 = serde_json::to_value(schema_8).unwrap();
    schema_8.as_object_mut().unwrap().remove("payouts");
    schema_8["waitlist"]["enabled"] = true.into();
    let old: CampaignV8 = serde_json::from_value(schema_8).unwrap();
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.payouts = PayoutSettings { method: PayoutMethod::Manual, minimum_cents: 2500, currency: "EUR".into() };

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V9);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert!(migrated.waitlist.enabled, "the fields of schema 8 stay");
    assert_eq!(migrated.payouts, PayoutSettings::default());
}

#[test]
fn campaigns_stored_before_their_language_keep_every_field_and_speak_english() {
    use crate::domain::campaign_legacy::{CampaignV8, CampaignV9};
    use crate::domain::language::Language;
    use crate::domain::payout::{PayoutMethod, PayoutSettings};
    let mut schema_9 = serde_json::to_value(Campaign::from(CampaignV3::from(schema_2_campaign()))).unwrap();
    let object = schema_9.as_object_mut().unwrap();
    object.remove("payouts");
    object.remove("language");
    let head: CampaignV8 = serde_json::from_value(schema_9).unwrap();
    let payouts = PayoutSettings { method: PayoutMethod::Webhook, minimum_cents: 1000, currency: "EUR".into() };
    let old = CampaignV9 { head, payouts: payouts.clone() };
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.language = Language::Japanese;

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V10);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert_eq!(migrated.payouts, payouts, "the payouts of schema 9 stay");
    assert_eq!(migrated.language, Language::English);
}

#[test]
fn campaigns_stored_before_their_owners_words_per_language_keep_every_field_and_have_none() {
    use crate::domain::campaign_legacy::{CampaignV10, CampaignV8, CampaignV9};
    use crate::domain::campaign_texts::LocalTexts;
    use crate::domain::language::Language;
    use crate::domain::payout::{PayoutMethod, PayoutSettings};
    let mut schema_10 = serde_json::to_value(Campaign::from(CampaignV3::from(schema_2_campaign()))).unwrap();
    let object = schema_10.as_object_mut().unwrap();
    for newer in ["payouts", "language", "texts"] {
        object.remove(newer);
    }
    let head: CampaignV8 = serde_json::from_value(schema_10).unwrap();
    let payouts = PayoutSettings { method: PayoutMethod::Webhook, minimum_cents: 1000, currency: "EUR".into() };
    let old = CampaignV10 { head: CampaignV9 { head, payouts: payouts.clone() }, language: Language::Turkish };
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.texts.insert(Language::Turkish, LocalTexts { headline: Some("Davet et".into()), ..Default::default() });

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V11);
    assert_eq!((migrated.hold_days, migrated.name.as_str()), (14, "Held"));
    assert_eq!((migrated.payouts, migrated.language), (payouts, Language::Turkish), "schema 10's fields stay");
    assert!(migrated.texts.is_empty());
}

#[test]
fn campaigns_stored_before_their_commission_rule_keep_every_field_and_pay_flat() {
    use crate::domain::campaign_legacy::{CampaignV10, CampaignV11, CampaignV8, CampaignV9};
    use crate::domain::campaign_texts::LocalTexts;
    use crate::domain::commission::{CommissionInput, CommissionRule};
    use crate::domain::language::Language;
    use crate::domain::payout::PayoutSettings;
    let mut schema_11 = serde_json::to_value(Campaign::from(CampaignV3::from(schema_2_campaign()))).unwrap();
    let object = schema_11.as_object_mut().unwrap();
    for newer in ["payouts", "language", "texts", "commission", "attribution", "promo_codes"] {
        object.remove(newer);
    }
    let head: CampaignV8 = serde_json::from_value(schema_11).unwrap();
    let mut texts = crate::domain::campaign_texts::CampaignTexts::new();
    texts.insert(Language::Turkish, LocalTexts { headline: Some("Davet et".into()), ..Default::default() });
    let schema_10 =
        CampaignV10 { head: CampaignV9 { head, payouts: PayoutSettings::default() }, language: Language::Turkish };
    let old = CampaignV11 { head: schema_10, texts: texts.clone() };
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    let percent: CommissionInput = serde_json::from_value(serde_json::json!({"type": "percent", "rate": 20})).unwrap();
    current.commission = CommissionRule::parse(Some(&percent)).unwrap();

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V12);
    assert_eq!((migrated.hold_days, migrated.language), (14, Language::Turkish), "schema 11's fields stay");
    assert_eq!(migrated.texts, texts);
    assert_eq!(migrated.commission, CommissionRule::default(), "flat, as it paid before");
}

#[test]
fn campaigns_stored_before_their_attribution_rule_keep_every_field_and_remember_sixty_days() {
    use crate::domain::attribution::{AttributionModel, AttributionSettings};
    use crate::domain::campaign_legacy::{CampaignV10, CampaignV11, CampaignV12, CampaignV8, CampaignV9};
    use crate::domain::commission::{CommissionInput, CommissionRule};
    use crate::domain::language::Language;
    use crate::domain::payout::PayoutSettings;
    let mut schema_12 = serde_json::to_value(Campaign::from(CampaignV3::from(schema_2_campaign()))).unwrap();
    let object = schema_12.as_object_mut().unwrap();
    for newer in ["payouts", "language", "texts", "commission", "attribution", "promo_codes"] {
        object.remove(newer);
    }
    let head: CampaignV8 = serde_json::from_value(schema_12).unwrap();
    let schema_10 =
        CampaignV10 { head: CampaignV9 { head, payouts: PayoutSettings::default() }, language: Language::Dutch };
    let percent: CommissionInput = serde_json::from_value(serde_json::json!({"type": "percent", "rate": 20})).unwrap();
    let commission = CommissionRule::parse(Some(&percent)).unwrap();
    let old = CampaignV12 {
        head: CampaignV11 { head: schema_10, texts: Default::default() },
        commission: commission.clone(),
    };
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.attribution = AttributionSettings { window_days: 7, model: AttributionModel::FirstClick };

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V13);
    assert_eq!((migrated.hold_days, migrated.language), (14, Language::Dutch), "schema 12's fields stay");
    assert_eq!(migrated.commission, commission);
    assert_eq!(migrated.attribution, AttributionSettings::default(), "60 days, the last click");
}

#[test]
fn campaigns_stored_before_their_promo_code_settings_keep_every_field_and_serve_no_codes() {
    use crate::domain::attribution::{AttributionModel, AttributionSettings};
    use crate::domain::campaign_legacy::{CampaignV10, CampaignV11, CampaignV12, CampaignV13, CampaignV8, CampaignV9};
    use crate::domain::language::Language;
    use crate::domain::payout::PayoutSettings;
    use crate::domain::promo_code::PromoCodeSettings;
    let mut schema_13 = serde_json::to_value(Campaign::from(CampaignV3::from(schema_2_campaign()))).unwrap();
    let object = schema_13.as_object_mut().unwrap();
    for newer in ["payouts", "language", "texts", "commission", "attribution", "promo_codes"] {
        object.remove(newer);
    }
    let head: CampaignV8 = serde_json::from_value(schema_13).unwrap();
    let schema_10 =
        CampaignV10 { head: CampaignV9 { head, payouts: PayoutSettings::default() }, language: Language::Polish };
    let attribution = AttributionSettings { window_days: 9, model: AttributionModel::FirstClick };
    let old = CampaignV13 {
        head: CampaignV12 {
            head: CampaignV11 { head: schema_10, texts: Default::default() },
            commission: Default::default(),
        },
        attribution,
    };
    let mut current: Campaign = old.clone().into();
    current.id = 4;
    current.promo_codes = PromoCodeSettings { self_serve: true };

    let migrated = migrate_one_campaign(&old, &current, CAMPAIGNS_V14);
    assert_eq!((migrated.hold_days, migrated.language), (14, Language::Polish), "schema 13's fields stay");
    assert_eq!(migrated.attribution, attribution);
    assert_eq!(migrated.promo_codes, PromoCodeSettings::default(), "no codes asked for by participants");
}
