//! The chaos run: `scripts/chaos.sh DURATION [sled|postgres]` (this test, ignored in the
//! suite, with `CHAOS_SECS` and `CHAOS_BACKEND`). For DURATION seconds a mixed load runs
//! (signups and referral signups in a cash, a coupon and a sales campaign; conversions
//! through the API and Stripe's signed checkouts; payouts asked for and marked paid; referral
//! link visits and tracker clicks; the dashboard and the stats read) against the real
//! server, one on the embedded store, two on one PostgreSQL database, with webhooks to a
//! receiver on loopback and welcome emails to a real SMTP server. Meanwhile faults come at
//! random (`chaos/faults.rs`): servers killed and stopped, the receiver and the SMTP server
//! down, the disk failing (embedded), the database crashed or its standby promoted
//! (PostgreSQL). Then the faults stop, every client finishes what it was doing, and
//! `chaos/check.rs` compares what the servers hold with what the clients were told. The run
//! prints its figures: requests and their answers, faults injected, acknowledged writes and
//! losses (always 0: a loss fails the run), and deliveries and emails made twice.

#[allow(dead_code)]
#[path = "api/contract.rs"]
mod contract;
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "api/pg_cluster.rs"]
mod pg_cluster;
#[allow(dead_code)]
#[path = "common/postgres_server.rs"]
mod postgres_server;
#[allow(dead_code)]
#[path = "api/receiver.rs"]
mod receiver;
#[allow(dead_code)]
#[path = "api/smtp_sink.rs"]
mod smtp_sink;

#[path = "chaos/check.rs"]
mod check;
#[path = "chaos/faults.rs"]
mod faults;
#[path = "chaos/load.rs"]
mod load;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use helpers::*;
use load::{Load, Programme};

const STRIPE_SECRET: &str = "whsec_chaos0123456789abcdefghijklmno";

/// Retries every two seconds for a minute and a half (the most a server takes is 50): no
/// outage of the run outlasts them.
fn retries(first: &str) -> String {
    let rest = vec!["2.0"; 45].join(", ");
    format!("[{first}, {rest}]")
}

/// The servers' configuration: deliveries and emails retried quickly and long, public limits
/// out of the load's way, stops that wait five seconds at most.
fn config(sink: &smtp_sink::SmtpSink) -> String {
    format!(
        "[server]\nshutdown_timeout_secs = 5\n\
         [storage]\ndatabase_timeout_ms = 2000\n\
         [webhooks]\nallow_private_targets = true\ntimeout_secs = 2.0\nlease_secs = 5\nretry_delays_secs = {}\n\
         [rate_limits]\npublic_per_minute = 600000\npublic_burst = 100000\nview_per_minute = 600000\nview_burst = 100000\n\
         [email]\nenabled = true\nhost = \"127.0.0.1\"\nport = {}\ntls = \"none\"\n\
         from = \"Chaos Rewards <rewards@chaos.example>\"\ntimeout_secs = 2.0\nretry_delays_secs = {}\n",
        retries("0.2"),
        sink.port,
        retries("0.2"),
    )
}

/// The dashboard's session cookie for `member`, signed in through the form.
async fn dashboard_session(base: &str, member: &TestMember) -> String {
    let http = plain_client();
    let page = http.get(format!("{base}/dashboard/sign-in")).send().await.unwrap();
    let mut cookies = cookies_of(&page);
    let body = page.text().await.unwrap();
    let start = body.find("name=\"csrf\" value=\"").expect("a form token") + 19;
    let token = &body[start..start + body[start..].find('"').unwrap()];
    let signed = http
        .post(format!("{base}/dashboard/sign-in"))
        .header("cookie", cookies.join("; "))
        .header("origin", base)
        .header("sec-fetch-site", "same-origin")
        .form(&[("csrf", token), ("email", &member.email), ("password", &member.password)])
        .send()
        .await
        .unwrap();
    assert_eq!(signed.status().as_u16(), 303, "the dashboard's sign-in");
    cookies.extend(cookies_of(&signed));
    cookies.join("; ")
}

fn cookies_of(response: &reqwest::Response) -> Vec<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
        .collect()
}

/// The member, their brand and three campaigns, the coupon pool, Stripe, a webhook for every
/// event, and a partner site proven by the operator (returned: the first signup).
async fn programme(app: &TestApp, receiver: &receiver::Receiver) -> (Programme, load::Joined) {
    let member = app.unlimited_member("chaos").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://chaos-shop.example").await;
    let welcome = json!({"welcome": {"enabled": true}});
    let cash = json!({"name": "Cash", "reward_type": 5, "reward_value": "5.00", "num_signups": 1, "emails": welcome});
    let cash = app.campaign(&member, brand, cash).await["id"].as_u64().unwrap();
    let coupons = json!({"name": "Coupons", "reward_type": 1, "num_signups": 1});
    let coupons = app.campaign(&member, brand, coupons).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (0..4000).map(|i| format!("CHAOS-{i:05}")).collect();
    for chunk in codes.chunks(1000) {
        app.upload_coupons(&member, coupons, chunk).await;
    }
    let sales = json!({"name": "Sales", "goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
    let sales = app.campaign(&member, brand, sales).await["id"].as_u64().unwrap();
    let stripe = json!({"signing_secret": STRIPE_SECRET});
    expect_status(app.put_json("/api/v1", &format!("/brands/{brand}/stripe"), &cred, &stripe).await, 200).await;
    let hook = json!({"link": receiver.url(), "campaign_id": null, "description": "chaos"});
    expect_status(app.post_json("/api/v1", "/webhooks", &cred, &hook).await, 201).await;
    let partner = json!({"campaign_id": cash, "email": "owner@partner.example", "domain": "partner.example"});
    let partner = expect_status(app.post_json("/api/v1", "/signups", &cred, &partner).await, 201).await;
    let partner = &partner["data"]["participant"];
    let partner = load::Joined {
        campaign: cash,
        email: "owner@partner.example".into(),
        id: partner["id"].as_u64().unwrap(),
        code: partner["referral_code"].as_str().unwrap().to_owned(),
        referrer: None,
    };
    app.vouch("participants", partner.id).await;
    app.vouch("brands", brand).await;
    let programme = Programme {
        key: app.api_key(&member).await,
        brand,
        cash,
        coupons,
        sales,
        stripe_secret: STRIPE_SECRET.into(),
        session: dashboard_session(&app.address, &member).await,
    };
    (programme, partner)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "the chaos run: scripts/chaos.sh DURATION [sled|postgres]"]
async fn chaos() {
    let secs: u64 = std::env::var("CHAOS_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(120);
    let on_postgres = std::env::var("CHAOS_BACKEND").is_ok_and(|b| b == "postgres");
    let receiver = Arc::new(receiver::Receiver::start().await);
    let sink = smtp_sink::SmtpSink::start();
    let database = match on_postgres {
        true => Some(faults::Database::new().await),
        false => None,
    };
    let mut env = Vec::new();
    match &database {
        Some(database) => {
            env.push(("REFERRALS_STORAGE_BACKEND".to_owned(), "postgres".to_owned()));
            env.push(("REFERRALS_DATABASE_URL".to_owned(), database.url()));
        }
        None => env.push(("REFERRALS_TEST_FAULTS".to_owned(), "disk_flush".to_owned())),
    }
    let options = Options {
        config: Some(config(&sink)),
        secret: Some("c4".repeat(32)),
        admin_token: Some(ADMIN_TOKEN.into()),
        env,
        ..Options::default()
    };
    let mut servers = vec![TestApp::spawn_with(options.clone()).await];
    if on_postgres {
        servers.push(TestApp::spawn_with(options.clone()).await);
    }
    let (programme, partner) = programme(&servers[0], &receiver).await;
    let load = Load::new(servers.iter().map(|s| s.address.clone()).collect(), programme);
    load.ledger.joined.lock().unwrap().push(partner);
    let mut targets = faults::Targets { servers, options, receiver: receiver.clone(), sink, database };

    let started = Instant::now();
    let mut clients = Vec::new();
    for _ in 0..3 {
        clients.push(tokio::spawn(load.clone().signups()));
    }
    clients.push(tokio::spawn(load.clone().conversions()));
    clients.push(tokio::spawn(load.clone().payouts()));
    clients.push(tokio::spawn(load.clone().visits_and_reads()));
    let injected = targets.run(&load, started + Duration::from_secs(secs)).await;
    load.stop.store(true, Ordering::SeqCst);
    for client in clients {
        client.await.unwrap();
    }
    let settled = started.elapsed();

    let base = targets.servers[0].address.clone();
    let counted = check::check(&base, &load, &receiver, &targets.sink).await;
    let unexpected = load.ledger.unexpected.lock().unwrap().clone();
    let statuses = load.ledger.statuses.lock().unwrap().clone();
    let acknowledged = load.ledger.joined.lock().unwrap().len()
        + load.ledger.conversions.lock().unwrap().len()
        + load.ledger.payouts_marked_paid.load(Ordering::Relaxed) as usize;
    let figures = json!({
        "backend": if on_postgres { "postgres" } else { "sled" },
        "seconds": secs,
        "settled_after_secs": settled.as_secs(),
        "requests": load.ledger.requests.load(Ordering::Relaxed),
        "answers": statuses.iter().map(|(s, n)| (if *s == 0 { "none".to_owned() } else { s.to_string() }, json!(n))).collect::<serde_json::Map<String, Value>>(),
        "faults": injected.faults,
        "stops_cut_short": injected.cut_stops,
        "acknowledged_writes": acknowledged,
        "losses": 0,
        "participants": counted.participants,
        "rewards": counted.rewards,
        "conversions": counted.conversions,
        "payouts": counted.payouts,
        "payout_requests": load.ledger.payout_requests.load(Ordering::Relaxed),
        "events_delivered": counted.events_delivered,
        "events_delivered_twice": counted.event_duplicates,
        "emails": counted.emails,
        "emails_sent_twice": counted.email_duplicates,
        "unexpected": unexpected,
    });
    println!("chaos figures: {figures}");
    assert!(unexpected.is_empty(), "answers no fault explains: {unexpected:#?}");
    // An email is sent twice only when something cut it off between the SMTP server's
    // acceptance and the record that it was sent: a crash, a stop's deadline, a disk that
    // failed the record, a database that went away under it. At most the sends in flight (4
    // a server) each time.
    let count = |kind: &str| injected.faults.get(kind).copied().unwrap_or(0);
    let database_faults = (count("DatabaseRestart") + count("Promotion")) * targets.servers.len() as u64;
    let cuts = count("Kill") + injected.cut_stops + count("DiskFails") + database_faults;
    assert!(counted.email_duplicates as u64 <= 4 * cuts, "emails sent twice beyond what the faults explain: {figures}");
}
