//! The PostgreSQL backend's schema: applied once however many servers start together, and
//! a database from a newer release refused.

use referrals::store::postgres::{PgStore, SCHEMA_VERSION};
use referrals::store::PlanStore;

use crate::postgres::{fresh_database, options, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn servers_starting_together_apply_the_schema_once_and_seed_the_plans_once() {
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    let starting: Vec<_> = (0..4)
        .map(|_| {
            let options = options(url.clone());
            tokio::spawn(async move { PgStore::open(&options).await })
        })
        .collect();
    let mut stores = Vec::new();
    for start in starting {
        stores.push(start.await.unwrap().expect("every server starts"));
    }
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let versions = applied_versions(&client).await;
    assert_eq!(versions, (1..=SCHEMA_VERSION).collect::<Vec<_>>(), "each migration applied once");
    let plans = stores[0].plans().await.unwrap();
    assert_eq!(plans, referrals::domain::plan::default_plans(), "seeded once, by one of them");
    for store in &stores[1..] {
        assert_eq!(store.plans().await.unwrap(), plans, "every server reads the same plans");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_a_newer_release_is_refused_and_left_as_it_is() {
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    PgStore::open(&options(url.clone())).await.expect("a new database is set up");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let newer = SCHEMA_VERSION + 1;
    client
        .execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", &[&newer])
        .await
        .unwrap();

    let refused = PgStore::open(&options(url.clone())).await.err().expect("a newer schema is refused");
    let message = refused.to_string();
    assert!(message.contains(&format!("version {newer}")), "{message}");
    assert!(message.contains("newer"), "{message}");
    let count: i64 = client.query_one("SELECT count(*) FROM schema_migrations", &[]).await.unwrap().get(0);
    assert_eq!(count, i64::from(SCHEMA_VERSION) + 1, "nothing applied, nothing removed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_first_schema_is_brought_up_to_date_with_its_rows() {
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    // What a server of the first release left: its schema, and a participant with a domain.
    client.batch_execute(include_str!("../../src/store/postgres/migrations/0001_schema.sql")).await.unwrap();
    client
        .batch_execute(
            "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
                 applied_at timestamptz NOT NULL DEFAULT now());
             INSERT INTO schema_migrations (version, name) VALUES (1, 'schema');
             INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, domain, search, body)
                 VALUES (1, 1, 1, 1, 1, 'a@shop.example', 'shop.example', '\\x', '\\x')",
        )
        .await
        .unwrap();

    PgStore::open(&options(url.clone())).await.expect("the schema is brought up to date");
    let versions = applied_versions(&client).await;
    assert_eq!(versions, (1..=SCHEMA_VERSION).collect::<Vec<_>>());
    let kept: i64 = client.query_one("SELECT count(*) FROM participants", &[]).await.unwrap().get(0);
    assert_eq!(kept, 1, "the rows stay");
    let again = client
        .execute(
            "INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, domain, search, body)
             VALUES (1, 2, 1, 1, 2, 'b@shop.example', 'shop.example', '\\x', '\\x')",
            &[],
        )
        .await;
    let error = again.expect_err("a domain is still one participant's in its campaign");
    assert_eq!(error.code(), Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION), "{error}");
    let no_domain = client
        .execute(
            "INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, search, body)
             VALUES (1, 3, 1, 1, 3, 'c@shop.example', '\\x', '\\x'), (1, 4, 1, 1, 4, 'd@shop.example', '\\x', '\\x')",
            &[],
        )
        .await;
    assert_eq!(no_domain.expect("participants without a domain never conflict"), 2);
}

/// The schema versions a database records as applied, in order.
async fn applied_versions(client: &tokio_postgres::Client) -> Vec<i32> {
    let rows = client.query("SELECT version FROM schema_migrations ORDER BY version", &[]).await.unwrap();
    rows.iter().map(|r| r.get(0)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn campaigns_of_older_shapes_are_rewritten_at_start_with_every_field_they_had() {
    use referrals::domain::attribution::AttributionSettings;
    use referrals::domain::campaign_row::AsRow;
    use referrals::domain::campaign_texts::{CampaignTexts, LocalTexts};
    use referrals::domain::commission::CommissionRule;
    use referrals::domain::language::Language;
    use referrals::domain::payout::{PayoutMethod, PayoutSettings};
    use referrals::domain::{Campaign, CampaignInput};
    use referrals::store::{codec, CampaignStore};
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    PgStore::open(&options(url.clone())).await.expect("a new database is set up");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    // Campaigns 1 (schema 8: before payouts), 2 (schema 9: before its language), 3
    // (schema 10: before the owner's words per language), 4 (schema 11: before its
    // commission rule) and 5 (schema 12: before its attribution rule), as an older release or a restored backup of one left them.
    let input: CampaignInput = serde_json::from_value(
        serde_json::json!({"name": "Old", "url_id": 1, "reward_type": 5, "reward_value": "5.00"}),
    )
    .unwrap();
    let today = Campaign::create(1, 1, 1, &input, "2026-01-01T00:00:00Z").unwrap();
    let paid = PayoutSettings { method: PayoutMethod::Webhook, minimum_cents: 1500, currency: "EUR".into() };
    let mut words = CampaignTexts::new();
    words.insert(Language::Hebrew, LocalTexts { headline: Some("הזמינו".into()), ..Default::default() });
    let percent: referrals::domain::commission::CommissionInput =
        serde_json::from_value(serde_json::json!({"type": "percent", "rate": 30})).unwrap();
    let percent = CommissionRule::parse(Some(&percent)).unwrap();
    let kept =
        AttributionSettings { window_days: 9, model: referrals::domain::attribution::AttributionModel::FirstClick };
    let mut whole = Campaign {
        payouts: paid.clone(),
        language: Language::Hebrew,
        texts: words.clone(),
        commission: percent.clone(),
        attribution: kept,
        ..today
    };
    whole.promo_codes.self_serve = true;
    // Campaign n as a row of schema n + 7: what that release wrote of the same campaign.
    let rows: Vec<(i64, Vec<u8>)> = (8..=13)
        .map(|schema: u8| {
            let id = i64::from(schema) - 7;
            let campaign = Campaign { id: id as u64, ..whole.clone() };
            (id, codec::encode(&AsRow { schema, campaign: &campaign }).unwrap())
        })
        .collect();
    for (id, body) in rows {
        client
            .execute(
                "INSERT INTO campaigns (brand_id, campaign_id, member_id, body) VALUES (1, $1, 1, $2)",
                &[&id, &body],
            )
            .await
            .unwrap();
    }

    // And a member as stored before token generations.
    let member = referrals::domain::member::MemberV1 {
        id: 77,
        email: "old@example.com".into(),
        name: "Old".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 1,
        date_signedup: "2026-01-01T00:00:00Z".into(),
        disabled: false,
        api_key: None,
    };
    client
        .execute(
            "INSERT INTO members (member_id, plan_id, search, body) VALUES (77, 1, 'old', $1)",
            &[&codec::encode(&member).unwrap()],
        )
        .await
        .unwrap();

    // And one as stored before the email confirmation.
    let member = referrals::domain::member::MemberV2 {
        id: 78,
        email: "older@example.com".into(),
        name: "Older".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 1,
        date_signedup: "2026-02-01T00:00:00Z".into(),
        disabled: false,
        api_key: None,
        token_generation: 3,
    };
    client
        .execute(
            "INSERT INTO members (member_id, plan_id, search, body) VALUES (78, 1, 'older', $1)",
            &[&codec::encode(&member).unwrap()],
        )
        .await
        .unwrap();

    // And one as stored before scoped keys, with its main key.
    let key = referrals::domain::member::StoredApiKey {
        digest: [9; 32],
        sealed: vec![1, 2, 3],
        date_generated: "2026-03-01T00:00:00Z".into(),
    };
    let member = referrals::domain::member::MemberV3 {
        id: 79,
        email: "keyed@example.com".into(),
        name: "Keyed".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 1,
        date_signedup: "2026-03-01T00:00:00Z".into(),
        disabled: false,
        api_key: Some(key.clone()),
        token_generation: 2,
        email_confirmed_at: None,
    };
    client
        .execute(
            "INSERT INTO members (member_id, plan_id, search, body) VALUES (79, 1, 'keyed', $1)",
            &[&codec::encode(&member).unwrap()],
        )
        .await
        .unwrap();

    let store = PgStore::open(&options(url.clone())).await.expect("the rows are brought up to date");
    let keyed = referrals::store::MemberStore::member(&store, 79).await.unwrap().expect("member 79");
    assert_eq!(
        (keyed.api_key, keyed.token_generation, keyed.email_confirmed_at, keyed.scoped_keys.len()),
        (Some(key), 2, None, 0),
        "kept, with no scoped key"
    );
    let upgraded = referrals::store::MemberStore::member(&store, 77).await.unwrap().expect("member 77");
    assert_eq!((upgraded.email.as_str(), upgraded.token_generation), ("old@example.com", 0));
    let confirmed = referrals::store::MemberStore::member(&store, 78).await.unwrap().expect("member 78");
    assert_eq!(
        (confirmed.token_generation, confirmed.email_confirmed_at.as_deref()),
        (3, Some("2026-02-01T00:00:00Z")),
        "kept, and its address taken as confirmed"
    );
    let first = store.campaign(1).await.unwrap().expect("campaign 1");
    assert_eq!((first.name.as_str(), first.reward_value.as_deref()), ("Old", Some("5.00")));
    assert_eq!((first.payouts, first.language), (PayoutSettings::default(), Language::English));
    let second = store.campaign(2).await.unwrap().expect("campaign 2");
    assert_eq!((second.payouts, second.language), (paid.clone(), Language::English), "schema 9's payouts stay");
    let third = store.campaign(3).await.unwrap().expect("campaign 3");
    assert_eq!((third.payouts, third.language), (paid.clone(), Language::Hebrew), "schema 10's language stays");
    assert!(third.texts.is_empty() && first.texts.is_empty());
    let fourth = store.campaign(4).await.unwrap().expect("campaign 4");
    assert_eq!(
        (fourth.payouts, fourth.language, fourth.texts),
        (paid.clone(), Language::Hebrew, words.clone()),
        "schema 11's words stay"
    );
    for id in 1..=4 {
        let commission = store.campaign(id).await.unwrap().expect("the campaign").commission;
        assert_eq!(commission, CommissionRule::default(), "flat, as every older campaign paid");
    }
    let fifth = store.campaign(5).await.unwrap().expect("campaign 5");
    assert_eq!(
        (fifth.language, fifth.texts, fifth.commission),
        (Language::Hebrew, words, percent.clone()),
        "schema 12's stay"
    );
    for id in 1..=5 {
        let attribution = store.campaign(id).await.unwrap().expect("the campaign").attribution;
        assert_eq!(attribution, AttributionSettings::default(), "60 days, the last click");
    }
    let sixth = store.campaign(6).await.unwrap().expect("campaign 6");
    assert_eq!((sixth.attribution, sixth.commission), (kept, percent), "schema 13's stay");
    for id in 1..=6 {
        let codes = store.campaign(id).await.unwrap().expect("the campaign").promo_codes;
        assert!(!codes.self_serve, "participants of older campaigns ask for no codes");
    }
}
