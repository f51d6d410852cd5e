//! Referrals from the referrer's own client, and velocity (issue 17): held for review with
//! `same_address` or `velocity`, counted by reason in the campaign's stats, each setting
//! changeable per campaign; the client comes from `ip`/`user_agent` on API signups, or from
//! the widget's connection (through a trusted proxy's `X-Forwarded-For`); and what the server
//! keeps of a client is a keyed hash, never the address. A velocity limit holds exactly the
//! referrals beyond it when they come at once, and across a SIGKILL.

use serde_json::{json, Value};

use crate::helpers::*;

/// A referral signup through the API, naming the end user's client.
async fn refer_from(app: &TestApp, member: &TestMember, code: &str, email: &str, ip: &str) -> Value {
    let body = json!({"referral_code": code, "email": email, "ip": ip, "user_agent": "Mozilla/5.0 (Test)"});
    expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await["data"]
        .clone()
}

async fn widget_signup(app: &TestApp, body: Value, forwarded_for: Option<&str>) -> Value {
    let mut request = app.client.post(format!("{}/api/widget/signup", app.address)).json(&body);
    if let Some(chain) = forwarded_for {
        request = request.header("X-Forwarded-For", chain);
    }
    expect_status(request.send().await.unwrap(), 201).await["data"].clone()
}

fn reasons(reward: &Value) -> (String, Value) {
    (reward["status"].as_str().unwrap_or("none").to_owned(), reward["hold_reasons"].clone())
}

#[tokio::test]
async fn a_referral_from_the_referrers_own_address_is_held_for_review() {
    let app = TestApp::spawn().await;
    let member = app.member("same-address").await;
    let brand = app.brand(&member, "https://same-address.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10", "reward_invited": true})).await;
    assert_eq!(campaign["fraud"]["same_address"], json!("address"), "on by default");
    let campaign = campaign["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "ann@same-address.example", "ip": "203.0.113.5"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let code = ann["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();

    let second = refer_from(&app, &member, &code, "ann.second@same-address.example", "203.0.113.5").await;
    assert_eq!(reasons(&second["referrer_reward"]), ("held".into(), json!(["same_address"])));
    assert_eq!(reasons(&second["reward"]), ("held".into(), json!(["same_address"])), "the friend's own too");
    let friend = refer_from(&app, &member, &code, "friend@same-address.example", "198.51.100.20").await;
    assert_eq!(reasons(&friend["referrer_reward"]), ("issued".into(), json!([])));

    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["held_by_reason"]["same_address"], json!(2), "{stats}");
    assert_eq!(stats["rewards"]["held"], json!(2));
    let queue = app.get("/api/v1", &format!("/rewards?status=held&campaign_id={campaign}"), &member.bearer()).await;
    let queue = expect_status(queue, 200).await;
    assert_eq!(queue["data"]["rewards"].as_array().unwrap().len(), 2, "the review queue: {queue}");
    let held = &second["referrer_reward"]["id"];
    let approved = app.post_json("/api/v1", &format!("/rewards/{held}/approve"), &member.bearer(), &json!({})).await;
    assert_eq!(expect_status(approved, 200).await["data"]["status"], json!("issued"));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["held_by_reason"]["same_address"], json!(1));

    // A malformed address is refused, not ignored.
    let bad = json!({"referral_code": code, "email": "x@same-address.example", "ip": "203.0.113"});
    let message = expect_error(
        app.post_json("/api/v1", "/signups/referral", &member.bearer(), &bad).await,
        400,
        "validation_failed",
    )
    .await;
    assert!(message.contains("ip"), "{message}");

    // Compared by address and user agent, another browser at the same address is another person.
    let path = format!("/campaigns/{campaign}");
    let changed = app
        .put_json("/api/v1", &path, &member.bearer(), &json!({"fraud": {"same_address": "address_and_agent"}}))
        .await;
    assert_eq!(expect_status(changed, 200).await["data"]["fraud"]["same_address"], json!("address_and_agent"));
    let body = json!({"referral_code": code, "email": "housemate@same-address.example", "ip": "203.0.113.5", "user_agent": "Other/1"});
    let housemate =
        expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await;
    assert_eq!(reasons(&housemate["data"]["referrer_reward"]).0, "issued");
    let refused = app.put_json("/api/v1", &path, &member.bearer(), &json!({"fraud": {"same_address": "device"}})).await;
    expect_error(refused, 400, "validation_failed").await;
}

#[tokio::test]
async fn the_widget_compares_the_visitors_own_address_through_a_trusted_proxy_only() {
    let config = std::fs::read_to_string("config.toml")
        .unwrap()
        .replace("trusted_proxies = []", "trusted_proxies = [\"127.0.0.1\"]");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Default::default() }).await;
    let member = app.member("widget-address").await;
    let brand = app.brand(&member, "https://widget-address.example.com").await;
    let fields = json!({"reward_type": 3, "reward_value": "thanks", "reward_invited": true});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ann = widget_signup(
        &app,
        json!({"campaign_id": campaign, "email": "ann@widget-address.example"}),
        Some("203.0.113.9"),
    )
    .await;
    let code = ann["participant"]["referral_code"].as_str().unwrap().to_owned();

    let body = |email: &str| json!({"campaign_id": campaign, "email": email, "referral_code": code});
    // A client can put anything left of the proxy's entry; the proxy's own entry is the client.
    let own = widget_signup(&app, body("ann.again@widget-address.example"), Some("198.51.100.1, 203.0.113.9")).await;
    assert_eq!(own["reward"]["status"], json!("held"), "{own}");
    let other = widget_signup(&app, body("friend@widget-address.example"), Some("203.0.113.9, 198.51.100.7")).await;
    assert_eq!(other["reward"]["status"], json!("issued"), "{other}");
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["held_by_reason"]["same_address"], json!(2), "ann's reward and her second address's: {stats}");
}

#[tokio::test]
async fn the_twenty_first_referral_in_an_hour_is_held_for_velocity() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("velocity").await;
    let brand = app.brand(&member, "https://velocity.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await;
    assert_eq!(campaign["fraud"]["max_referrals_per_hour"], json!(20));
    assert_eq!(campaign["fraud"]["max_signups_per_address_per_hour"], json!(20));
    let campaign = campaign["id"].as_u64().unwrap();
    let ann = app.participant(&member, campaign, "ann@velocity.example").await;
    let code = ann["referral_code"].as_str().unwrap().to_owned();
    for n in 1..=20 {
        let friend = expect_status(app.refer(&member, &code, &format!("f{n}@velocity.example")).await, 201).await;
        assert_eq!(friend["data"]["referrer_reward"]["status"], json!("issued"), "referral {n}");
    }
    let late = expect_status(app.refer(&member, &code, "f21@velocity.example").await, 201).await;
    assert_eq!(reasons(&late["data"]["referrer_reward"]), ("held".into(), json!(["velocity"])));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!((stats["held_by_reason"]["velocity"].clone(), stats["referrals"].clone()), (json!(1), json!(21)));

    // No limit: the next is issued. A limit out of range is refused.
    let path = format!("/campaigns/{campaign}");
    let off =
        app.put_json("/api/v1", &path, &member.bearer(), &json!({"fraud": {"max_referrals_per_hour": null}})).await;
    assert_eq!(expect_status(off, 200).await["data"]["fraud"]["max_referrals_per_hour"], Value::Null);
    let next = expect_status(app.refer(&member, &code, "f22@velocity.example").await, 201).await;
    assert_eq!(next["data"]["referrer_reward"]["status"], json!("issued"));
    for bad in [json!(0), json!(1001), json!("20"), json!(2.5)] {
        let refused =
            app.put_json("/api/v1", &path, &member.bearer(), &json!({"fraud": {"max_referrals_per_hour": bad}})).await;
        expect_error(refused, 400, "validation_failed").await;
    }

    // Signups from one address: the third from it, under a limit of two, is held.
    let limit = app
        .put_json(
            "/api/v1",
            &path,
            &member.bearer(),
            &json!({"fraud": {"max_signups_per_address_per_hour": 2, "same_address": "off"}}),
        )
        .await;
    expect_status(limit, 200).await;
    for n in 1..=2 {
        let friend = refer_from(&app, &member, &code, &format!("a{n}@velocity.example"), "2001:db8:1:2::9").await;
        assert_eq!(friend["referrer_reward"]["status"], json!("issued"), "signup {n} from the address");
    }
    // Another address in the same /64 is the same network.
    let third = refer_from(&app, &member, &code, "a3@velocity.example", "2001:db8:1:2::77").await;
    assert_eq!(reasons(&third["referrer_reward"]), ("held".into(), json!(["velocity"])));
}

#[tokio::test]
async fn no_client_address_or_user_agent_is_stored_in_clear() {
    let config = std::fs::read_to_string("config.toml")
        .unwrap()
        .replace("trusted_proxies = []", "trusted_proxies = [\"127.0.0.1\"]");
    let mut app = TestApp::spawn_with(Options { config: Some(config), ..Default::default() }).await;
    let member = app.member("in-clear").await;
    let brand = app.brand(&member, "https://in-clear.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await["id"].as_u64().unwrap();
    let ipv6 = "2001:db8:feed:beef:1234:5678:9abc:def0";
    let ipv4 = "203.0.113.77";
    let agent = "FraudProbe/9.1 (marker-7f3a2c)";
    let body = json!({"campaign_id": campaign, "email": "ann@in-clear.example", "ip": ipv6, "user_agent": agent});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let code = ann["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    refer_from(&app, &member, &code, "bob@in-clear.example", ipv4).await;
    let widget = json!({"campaign_id": campaign, "email": "cy@in-clear.example", "referral_code": code});
    let request = app
        .client
        .post(format!("{}/api/widget/signup", app.address))
        .header("X-Forwarded-For", ipv4)
        .header("User-Agent", agent);
    expect_status(request.json(&widget).send().await.unwrap(), 201).await;
    // A visit of the referral link, which remembers its visitor (by a keyed print too).
    let visit = plain_client()
        .get(format!("{}/r/{code}", app.address))
        .header("X-Forwarded-For", ipv6)
        .header("User-Agent", agent)
        .send()
        .await
        .unwrap();
    assert!(visit.status().is_redirection() || visit.status().is_success(), "{}", visit.status());
    app.wait_for_count(&member, campaign, "unique_visits", 1).await;
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["participants"], json!(3));
    // A graceful stop: everything the server holds is on disk.
    assert!(app.signal("TERM").success());

    let v6: std::net::Ipv6Addr = ipv6.parse().unwrap();
    let needles: Vec<(&str, Vec<u8>)> = vec![
        ("the IPv6 address as text", ipv6.as_bytes().to_vec()),
        ("the IPv6 address as bytes", v6.octets().to_vec()),
        ("its /64 as bytes", v6.octets()[..8].to_vec()),
        ("the IPv4 address as text", ipv4.as_bytes().to_vec()),
        ("the user agent", agent.as_bytes().to_vec()),
        ("the user agent's marker", b"marker-7f3a2c".to_vec()),
    ];
    // The control: what is stored in clear (an email address) is found by the same search.
    let control = b"ann@in-clear.example";
    let mut control_found = false;
    let files = app.stored_data().await;
    for (place, bytes) in &files {
        control_found |= bytes.windows(control.len()).any(|w| w == control.as_slice());
        for (what, needle) in &needles {
            let found = bytes.windows(needle.len()).any(|w| w == needle.as_slice());
            assert!(!found, "{what} is in {place} in clear");
        }
    }
    assert!(control_found, "the data directory was read ({} files) and the search finds stored text", files.len());
}

/// Referral signups of `count` friends to the referrer with `code`, all at once; each
/// answer's status, and the referrer reward's status when there is one.
fn refer_at_once(
    app: &TestApp,
    member: &TestMember,
    code: &str,
    tag: &str,
    count: usize,
) -> Vec<tokio::task::JoinHandle<Option<(u16, Value)>>> {
    (0..count)
        .map(|n| {
            let body = json!({"referral_code": code, "email": format!("f{n}@{tag}.example")});
            let request =
                app.client.post(app.url("/api/v1", "/signups/referral")).bearer_auth(&member.token).json(&body);
            tokio::spawn(async move {
                let answer = request.send().await.ok()?;
                let status = answer.status().as_u16();
                let body: Value = answer.json().await.ok()?;
                Some((status, body["data"]["referrer_reward"]["status"].clone()))
            })
        })
        .collect()
}

/// A campaign whose referrers may be credited `limit` referrals an hour, and a referrer's code.
async fn limited_referrer(app: &TestApp, member: &TestMember, tag: &str, limit: u32) -> (u64, String) {
    let brand = app.brand(member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"reward_type": 5, "reward_value": "1", "fraud": {"max_referrals_per_hour": limit}});
    let campaign = app.campaign(member, brand, fields).await["id"].as_u64().unwrap();
    let ann = app.participant(member, campaign, &format!("ann@{tag}.example")).await;
    (campaign, ann["referral_code"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn thirty_referrals_at_once_under_a_limit_of_twenty_hold_exactly_ten() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("velocity-race").await;
    let (campaign, code) = limited_referrer(&app, &member, "velocity-race", 20).await;
    let mut statuses = Vec::new();
    for task in refer_at_once(&app, &member, &code, "velocity-race", 30) {
        let (status, reward) = task.await.unwrap().expect("an answer");
        assert_eq!(status, 201);
        statuses.push(reward.as_str().unwrap().to_owned());
    }
    let count = |wanted: &str| statuses.iter().filter(|s| *s == wanted).count();
    assert_eq!((count("issued"), count("held")), (20, 10), "{statuses:?}");
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(
        (&stats["referrals"], &stats["rewards"]["issued"], &stats["held_by_reason"]["velocity"]),
        (&json!(30), &json!(20), &json!(10)),
        "{stats}"
    );
}

#[tokio::test]
async fn the_referrals_counted_against_a_limit_survive_a_sigkill() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("velocity-crash").await;
    let (campaign, code) = limited_referrer(&app, &member, "velocity-crash", 5).await;
    // Four clients refer ten friends each; the kill falls between one commit and the next.
    let streams = (0..4)
        .map(|stream| {
            (0..10)
                .map(|n| {
                    let email = format!("s{stream}n{n}@velocity-crash.example");
                    let body = json!({"referral_code": code, "email": email});
                    let url = app.url("/api/v1", "/signups/referral");
                    (email, app.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 8).await;
    app.restart().await;
    for email in &acknowledged {
        let path = format!("/participants?campaign_id={campaign}&email={email}");
        let found = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
        assert_eq!(found["data"]["participants"].as_array().unwrap().len(), 1, "acknowledged {email} lost");
    }
    let before = app.campaign_stats(&member, campaign).await;
    let kept = before["referrals"].as_u64().unwrap();
    assert!(kept >= acknowledged.len() as u64, "{before}");
    // Every referral the crash kept still counts against the hour: five issued, ever.
    assert_eq!((&before["rewards"]["issued"], &before["held_by_reason"]["velocity"]), (&json!(5), &json!(kept - 5)));
    for n in 0..3 {
        let friend =
            expect_status(app.refer(&member, &code, &format!("after{n}@velocity-crash.example")).await, 201).await;
        assert_eq!(friend["data"]["referrer_reward"]["status"], json!("held"), "{friend}");
    }
    let after = app.campaign_stats(&member, campaign).await;
    assert_eq!(
        (&after["referrals"], &after["rewards"]["issued"], &after["held_by_reason"]["velocity"]),
        (&json!(kept + 3), &json!(5), &json!(kept - 2)),
        "{after}"
    );
}
