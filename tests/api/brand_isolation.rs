//! One brand's writes failing in the database never fail another brand's (run in the suite's
//! PostgreSQL pass). A trigger, installed by the test, raises for every participant row of
//! one brand: while it is there, that brand's referral signups answer 503 `unavailable`
//! (never 500) and store nothing, and the other brands on the same server, signing people up
//! at the same time, get no error at all. Dropped, the brand signs people up again.

use std::sync::Arc;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

/// Brands signing people up beside the failing one.
const OTHER_BRANDS: usize = 8;
/// Referral signups per brand, all at once.
const SIGNUPS: usize = 60;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_brand_whose_writes_fail_fails_alone_and_recovers() {
    if !on_postgres() {
        return;
    }
    let app = Arc::new(TestApp::spawn_with(Options::with_admin()).await);
    let member = app.member("isolation").await;
    // Scale: nine brands and their participants are over the free plan's limits.
    let plan = json!({"plan_id": 3});
    expect_status(app.admin_json(Method::PUT, &format!("/members/{}/plan", member.id), ADMIN_TOKEN, &plan).await, 200)
        .await;
    let mut brands = Vec::new();
    for n in 0..=OTHER_BRANDS {
        let brand = app.brand(&member, &format!("https://isolation{n}.example.com")).await;
        let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
        let referrer = app.participant(&member, campaign, &format!("referrer@isolation{n}.example")).await;
        brands.push((brand, referrer["referral_code"].as_str().unwrap().to_owned()));
    }
    let failing = brands[0].0;

    let url = app.database_url.clone().expect("on PostgreSQL");
    let (db, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    db.batch_execute(&format!(
        "CREATE FUNCTION refuse_for_the_test() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN RAISE EXCEPTION 'this brand''s writes are refused by the test'; END $$;
         CREATE TRIGGER refuse_one_brand BEFORE INSERT OR UPDATE ON participants
             FOR EACH ROW WHEN (NEW.brand_id = {failing}) EXECUTE FUNCTION refuse_for_the_test();"
    ))
    .await
    .expect("the trigger is installed");

    // Every brand's signups at once, interleaved.
    let signups: Vec<_> = (0..SIGNUPS)
        .flat_map(|n| brands.iter().map(move |(brand, code)| (*brand, code.clone(), n)))
        .map(|(brand, code, n)| {
            let (app, token) = (app.clone(), member.token.clone());
            tokio::spawn(async move {
                let email = format!("friend{n}@brand{brand}.isolation.example");
                let response = app
                    .client
                    .post(app.url("/api/v1", "/signups/referral"))
                    .bearer_auth(&token)
                    .json(&json!({"referral_code": code, "email": email}))
                    .send()
                    .await
                    .expect("the server answers");
                let status = response.status().as_u16();
                (brand, status, response.json::<Value>().await.unwrap_or(Value::Null))
            })
        })
        .collect();
    let mut failed_elsewhere = Vec::new();
    let mut refused = 0;
    for signup in signups {
        let (brand, status, body) = signup.await.unwrap();
        if brand == failing {
            assert_eq!(status, 503, "the failing brand's signup: {body}");
            assert_eq!(body["code"], "unavailable", "{body}");
            refused += 1;
        } else if status != 201 {
            failed_elsewhere.push((brand, status, body));
        }
    }
    assert!(failed_elsewhere.is_empty(), "other brands' signups failed: {failed_elsewhere:?}");
    assert_eq!(refused, SIGNUPS);
    let stored = db
        .query_one("SELECT count(*) AS n FROM participants WHERE brand_id = $1", &[&(failing as i64)])
        .await
        .unwrap()
        .get::<_, i64>("n");
    assert_eq!(stored, 1, "only the referrer made before the trigger");

    db.batch_execute("DROP TRIGGER refuse_one_brand ON participants").await.unwrap();
    let body = json!({"referral_code": brands[0].1, "email": "after@isolation.example"});
    let signed = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await;
    assert_eq!(signed["data"]["participant"]["email"], "after@isolation.example");
}
