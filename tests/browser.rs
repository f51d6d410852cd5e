//! Browser tests, over 500 lines: one scenario per test, each setting up its server, data
//! and host pages beside the script it runs. The member dashboard's main path
//! (`tests/browser/dashboard.mjs`); a participant's portal, signed in by an emailed link
//! (`tests/browser/portal.mjs`); held
//! rewards reviewed there, the friend's coupon then reaching the friend's widget
//! (`tests/browser/review.mjs`); an owner paying referrers in euros (`tests/browser/owner.mjs`); and the
//! widget's three modes, a signup through the frame, the copy button, a
//! referral through `?ref=`, a hostile name, a campaign's tiers, waitlist place and public
//! leaderboard in the frame, the tracker script and a lander, in real
//! headless Chromium (Debian's package) driven by `tests/browser/widget.mjs` through
//! playwright-core; a partner's link remembered across the brand's pages for the campaign's
//! window, last and first click (`tests/browser/attribution.mjs`). The real server runs on 127.0.0.1; the brand's pages are served by a
//! small host on another origin (`localhost` and another port), as on a real site.
//!
//! `scripts/test.sh` installs Chromium and playwright-core when they are missing. The
//! screenshots go to `target/browser-screenshots/`, or to `docs/screenshots/` with
//! `REFERRALS_UPDATE_SCREENSHOTS=1`.

#[allow(dead_code)]
#[path = "api/contract.rs"]
mod contract;
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[path = "common/postgres_server.rs"]
mod postgres_server;
#[allow(dead_code)]
#[path = "api/smtp_sink.rs"]
mod smtp_sink;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::Engine;
use serde_json::{json, Value};

use helpers::*;

/// The brand's own site: fixed pages by path, served from `listener` on a thread until the
/// test ends.
fn serve_host(listener: TcpListener, pages: Vec<(String, &'static str, String)>) {
    let pages = Arc::new(pages);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let pages = pages.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                // Drain the headers; the pages take no body.
                let mut header = String::new();
                while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                    header.clear();
                }
                let target = line.split_whitespace().nth(1).unwrap_or("/");
                let path = target.split(['?', '#']).next().unwrap_or("/");
                let (status, kind, body) = match pages.iter().find(|(p, _, _)| p == path) {
                    Some((_, kind, body)) => ("200 OK", *kind, body.as_str()),
                    None => ("404 Not Found", "text/plain", "not found"),
                };
                let mut stream = stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
}

fn host_page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body style=\"font-family:system-ui,sans-serif;margin:40px;color:#0f172a\">\
         <h2>Acme Coffee</h2><p>Fresh beans every week. Tell your friends and get a free bag.</p>{body}</body></html>"
    )
}

fn widget_page(site: &str, campaign: u64) -> String {
    host_page(
        "Acme Coffee",
        &format!(
            "<div id=\"referrals-widget\"></div><script async src=\"{site}/widget.js?campaign={campaign}\"></script>"
        ),
    )
}

/// Where screenshots go: `docs/screenshots/` when asked to update them, else `target/`.
fn screenshot_dir(root: &Path) -> PathBuf {
    let dir = if std::env::var("REFERRALS_UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        root.join("docs/screenshots")
    } else {
        root.join("target/browser-screenshots")
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs one of the browser scripts with its setup and returns what it printed.
async fn run_script(app: &TestApp, script: &str, setup: &Value) -> Value {
    let browser_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    assert!(
        browser_dir.join("node_modules/playwright-core").exists(),
        "playwright-core is missing: run scripts/test.sh (it runs npm ci in tests/browser)"
    );
    let output = tokio::process::Command::new("node")
        .arg(browser_dir.join(script))
        .arg(setup.to_string())
        .current_dir(&browser_dir)
        .kill_on_drop(true)
        .output()
        .await
        .expect("node runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{script} failed:\n{stderr}\nserver log:\n{}", app.log());
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

fn chromium() -> PathBuf {
    let path = PathBuf::from(std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()));
    assert!(path.exists(), "{} is missing: run scripts/test.sh, which installs Debian's chromium", path.display());
    path
}

#[tokio::test]
async fn the_widget_tracker_and_lander_work_in_a_real_browser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chromium = chromium();
    let screenshots = screenshot_dir(root);

    // Every request of the test comes from 127.0.0.1: lift the per-address limits.
    let config = std::fs::read_to_string(root.join("config.toml"))
        .unwrap()
        .replace("public_per_minute = 60", "public_per_minute = 60000")
        .replace("public_burst = 20", "public_burst = 1000")
        .replace("view_per_minute = 300", "view_per_minute = 60000")
        .replace("view_burst = 60", "view_burst = 1000");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Options::with_admin() }).await;
    let site = app.address.clone();
    let member = app.unlimited_member("browser").await;

    let brand = app.brand(&member, "https://acme-coffee.example").await;
    let headline = "Give a bag, get a bag";
    let mut campaigns = Vec::new();
    for mode in ["embed", "popup", "floating"] {
        // Two-way: a friend who joins through a link gets the message too.
        let fields = json!({"name": format!("{mode} campaign"), "reward_type": 3, "reward_value": "A free bag",
                            "num_signups": 3, "reward_invited": true, "widget": {"mode": mode, "headline": headline}});
        campaigns.push(app.campaign(&member, brand, fields).await["id"].as_u64().unwrap());
    }
    let (embed, popup, floating) = (campaigns[0], campaigns[1], campaigns[2]);
    let referrer = app.participant(&member, embed, "referrer@example.com").await;

    // A campaign with tiers, a public leaderboard and a waitlist: Zed (first in line) has
    // referred three friends; ten more people wait behind them.
    let tiered = json!({"name": "tiers campaign", "reward_type": 3, "reward_value": "Thanks!",
        "tiers": [{"referrals": 1, "reward_type": 3, "reward_value": "Thanks!"},
                  {"referrals": 5, "reward_type": 5, "reward_value": "20.00"},
                  {"referrals": 10, "reward_type": 3, "reward_value": "A hoodie"}],
        "leaderboard": {"public": true}, "waitlist": {"enabled": true, "places_per_referral": 10},
        "widget": {"mode": "embed", "headline": "Skip the line"}});
    let tiered = app.campaign(&member, brand, tiered).await["id"].as_u64().unwrap();
    let zed = json!({"campaign_id": tiered, "email": "zed.top@line.example", "name": "Zed Top"});
    let zed = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &zed).await, 201).await;
    let zed_code = zed["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    for n in 2..=11 {
        app.participant(&member, tiered, &format!("p{n}@line.example")).await;
    }
    for n in 1..=3 {
        expect_status(app.refer(&member, &zed_code, &format!("zf{n}@line.example")).await, 201).await;
    }
    let referrer_code = referrer["referral_code"].as_str().unwrap().to_owned();

    // The host serves the brand's pages; the destination of the tracker's outbound link is
    // the same host under another name (127.0.0.1 instead of localhost). Bound first, as the
    // pages name its port; connections wait in its backlog until it serves.
    let host_listener = TcpListener::bind("127.0.0.1:0").expect("host listener");
    let port = host_listener.local_addr().unwrap().port();
    let host = format!("http://localhost:{port}");
    let destination = format!("http://127.0.0.1:{port}");
    let partner_brand = app.brand(&member, &destination).await;
    let partner_campaign = app
        .campaign(&member, partner_brand, json!({"name": "partners", "reward_type": 3, "reward_value": "thanks"}))
        .await["id"]
        .as_u64()
        .unwrap();
    let partner =
        json!({"campaign_id": partner_campaign, "email": "owner@partner.example", "domain": "partner.example"});
    let partner = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &partner).await, 201).await;
    let partner_id = partner["data"]["participant"]["id"].as_u64().unwrap();
    // The operator vouches for both sites: an unproven domain attributes nothing.
    app.vouch("participants", partner_id).await;
    app.vouch("brands", partner_brand).await;

    let svg = "image/svg+xml";
    let pages = vec![
        ("/embed.html".to_owned(), "text/html; charset=utf-8", widget_page(&site, embed)),
        ("/popup.html".to_owned(), "text/html; charset=utf-8", widget_page(&site, popup)),
        ("/tiers.html".to_owned(), "text/html; charset=utf-8", widget_page(&site, tiered)),
        ("/floating.html".to_owned(), "text/html; charset=utf-8", widget_page(&site, floating)),
        (
            "/tracker.html".to_owned(),
            "text/html; charset=utf-8",
            host_page(
                "Partner blog",
                &format!(
                    "<p><a id=\"outbound\" href=\"{destination}/landing?x=1#top\">Our favourite coffee</a> \
                     <a id=\"internal\" href=\"/about\">About</a></p>\
                     <script async src=\"{site}/referral.js\" data-domain=\"partner.example\"></script>"
                ),
            ),
        ),
        ("/landing".to_owned(), "text/html; charset=utf-8", host_page("Landed", "<p>Landed.</p>")),
        (
            "/logo.svg".to_owned(),
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"180\" height=\"48\"><rect width=\"180\" height=\"48\" \
             rx=\"10\" fill=\"#7c2d12\"/><text x=\"90\" y=\"31\" font-size=\"20\" text-anchor=\"middle\" \
             fill=\"#fff\" font-family=\"sans-serif\">Acme Coffee</text></svg>"
                .to_owned(),
        ),
        (
            "/background.svg".to_owned(),
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"600\"><defs><linearGradient id=\"g\" \
             x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#fde68a\"/><stop offset=\"1\" \
             stop-color=\"#f59e0b\"/></linearGradient></defs><rect width=\"800\" height=\"600\" fill=\"url(#g)\"/></svg>"
                .to_owned(),
        ),
    ];
    serve_host(host_listener, pages);

    // A lander for the embed campaign (`&` and `<` in the header are text, not markup).
    let images = json!({"logo_url": format!("{host}/logo.svg"), "background_url": format!("{host}/background.svg")});
    expect_status(app.put_json("/api/v1", &format!("/brands/{brand}"), &member.bearer(), &images).await, 200).await;
    let lander_header = "Coffee for friends & you <3";
    let lander = json!({"template": "default", "header_text": lander_header, "footer_text": "One free bag per friend who joins.",
                        "fonts": {"heading": "Georgia"}, "social_urls": [format!("{host}/social")]});
    expect_status(
        app.put_json("/api/v1", &format!("/lander?campaign_id={embed}"), &member.bearer(), &lander).await,
        200,
    )
    .await;

    let hostile_name = "<img src=x onerror=alert(1)>";
    let setup = json!({
        "chromium": chromium,
        "site": site,
        "host": host,
        "destination": destination,
        "headline": headline,
        "screenshots": screenshots,
        "referrer_code": referrer_code,
        "hostile_name": hostile_name,
        "lander_campaign": embed,
        "emails": {"visitor": "ada@visitor.example", "referred": "friend@visitor.example", "hostile": "hostile@visitor.example",
                   "tiered": "tia@line.example", "tiered_friend": "tom@line.example"},
    });
    let seen = run_script(&app, "widget.mjs", &setup).await;

    // The visitor exists, and the link they saw and copied is theirs.
    let list = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={embed}&limit=100"), &member.bearer()).await,
        200,
    )
    .await;
    let people = list["data"]["participants"].as_array().unwrap().clone();
    let by_email = |email: &str| people.iter().find(|p| p["email"] == email).cloned().unwrap_or(Value::Null);
    let visitor = by_email("ada@visitor.example");
    assert_eq!(visitor["name"], "Ada Visitor");
    assert_eq!(seen["visitor_link"], visitor["referral_link"]);
    assert_eq!(seen["clipboard"], visitor["referral_link"], "the copy button put the link on the clipboard");
    assert_eq!(visitor["referred_by"], Value::Null);

    // The share button shared a code of the twitter social type.
    let share = url::Url::parse(seen["share_href"].as_str().unwrap()).unwrap();
    let shared = share.query_pairs().find(|(k, _)| k == "url").unwrap().1.into_owned();
    let code = shared.rsplit('/').next().unwrap();
    let decoded = base64::engine::general_purpose::STANDARD_NO_PAD.decode(code.trim_end_matches('=')).unwrap();
    assert_eq!(String::from_utf8(decoded).unwrap(), format!("{embed}:twitter:{}", visitor["id"].as_u64().unwrap()));

    // ?ref=<code> made a referral signup.
    let friend = by_email("friend@visitor.example");
    assert_eq!(friend["referred_by"], referrer["id"], "{friend}");
    // The friend saw their own reward right after joining; the visitor without a referral
    // saw none.
    assert_eq!(seen["friend_reward"], "A free bag");
    assert_eq!(seen["visitor_rewards_shown"], 0);

    // The hostile name is stored as given and was shown as text.
    let hostile = by_email("hostile@visitor.example");
    assert_eq!(hostile["name"], hostile_name);
    assert_eq!(seen["hostile_heading"], format!("Welcome, {hostile_name}!"));
    assert_eq!(seen["hostile_images"], 0);
    assert_eq!(seen["dialogs"], 0);

    // The tracker tagged outbound links only, and the browser went straight there.
    assert_eq!(seen["tagged"], format!("{destination}/landing?x=1&ref=partner.example#top"));
    assert_eq!(seen["tagged_later"], format!("{destination}/later?ref=partner.example"));
    assert_eq!(seen["internal"], "/about");
    assert_eq!(seen["landed"], seen["tagged"]);
    let navigations: Vec<&str> = seen["navigations"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(navigations.iter().all(|u| !u.starts_with(&site)), "no redirect through the server: {navigations:?}");
    app.wait_for_count(&member, partner_campaign, "clicks", 1).await;
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{partner_id}"), &member.bearer()).await, 200).await;
    assert_eq!(detail["data"]["clicks"], 1);

    // Frames shown: four in the embed campaign (three visitors and the modes check) plus the
    // lander's; one share.
    app.wait_for_count(&member, embed, "impressions", 5).await;
    app.wait_for_count(&member, popup, "impressions", 1).await;
    app.wait_for_count(&member, embed, "shares", 1).await;

    // The tiered campaign's widget: the place in line (15th of 15: Zed's three friends and
    // ten others ahead), then after one friend joined through the visitor's link, 5th (up ten
    // places, past p5 to p14 who never moved) with the new friend and ten more behind; the
    // next tier and what it gives; the public leaderboard by first name, no email.
    assert_eq!(
        seen["tiered_line_before"],
        "You're number 15 in line · 0 people behind you.Each friend who joins moves you up 10 places."
    );
    assert_eq!(
        seen["tiered_line_after"],
        "You're number 5 in line · 11 people behind you.Each friend who joins moves you up 10 places."
    );
    assert_eq!(seen["tiered_progress"], "1 friend joined · 4 more for your next reward (at 5: 20.00 cash)");
    assert_eq!(seen["tiered_leaders"], json!(["Zed3 friends", "Tia1 friend"]));
    let tia = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={tiered}&email=tia@line.example"), &member.bearer())
            .await,
        200,
    )
    .await;
    let tia = &tia["data"]["participants"][0];
    assert_eq!(tia["referrals"], 1, "{tia}");
    let tia =
        expect_status(app.get("/api/v1", &format!("/participants/{}", tia["id"]), &member.bearer()).await, 200).await;
    assert_eq!(tia["data"]["waitlist"], json!({"position": 5, "behind": 11, "admitted_at": null}));
    let earned: Vec<&Value> = tia["data"]["rewards"].as_array().unwrap().iter().map(|r| &r["value"]).collect();
    assert_eq!(earned, vec![&json!("Thanks!")], "the first tier's reward, once");

    assert_eq!(seen["lander_heading"], lander_header);
    assert_eq!(seen["lander_footer"], "One free bag per friend who joins.");
    // The lander links to the brand's own site.
    assert!(seen["lander_brand_link"].as_str().unwrap().starts_with("https://acme-coffee.example"), "{seen}");
    assert_eq!(seen["lander_brand_text"], "Visit acme-coffee.example");
    for name in [
        "widget-embed.png",
        "widget-popup.png",
        "widget-floating.png",
        "widget-joined.png",
        "widget-tiers.png",
        "lander.png",
    ] {
        let size = std::fs::metadata(screenshots.join(name)).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1_000, "{name} was written ({size} bytes)");
    }
}

#[tokio::test]
async fn a_member_runs_a_referral_program_from_the_dashboard_in_a_real_browser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let screenshots = screenshot_dir(root);
    let app = TestApp::spawn().await;
    let email = unique_email("dashboard");
    let hostile_name = "<img src=x onerror=alert(1)>";
    let setup = json!({
        "chromium": chromium(),
        "site": app.address,
        "screenshots": screenshots,
        "email": email,
        "password": "a-long-enough-password",
        "brand_url": "https://acme-coffee.example",
        "hostile_name": hostile_name,
    });
    let seen = run_script(&app, "dashboard.mjs", &setup).await;

    // The session cookie is HttpOnly and SameSite.
    assert_eq!(seen["cookie"], json!({"httpOnly": true, "sameSite": "Lax", "path": "/dashboard"}));
    // What the dashboard made is what the API reads, with the key made in the dashboard.
    let key = Cred::Key(seen["api_key"].as_str().unwrap().to_owned());
    let (brand, campaign) = (seen["brand_id"].as_u64().unwrap(), seen["campaign_id"].as_u64().unwrap());
    assert_eq!(seen["api_brands"], json!([brand]));
    // The read-only key made on the Account page reads and writes nothing.
    assert_eq!(seen["read_only_key"], json!({"reads": 200, "writes": "insufficient_scope"}));
    let read =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &key).await, 200).await["data"].clone();
    assert_eq!(read["name"], "Give a bag, get a bag");
    assert_eq!((read["reward"]["type"].clone(), read["reward"]["num_signups"].clone()), (json!("coupon"), json!(2)));
    assert_eq!((read["reward"]["two_way"].clone(), read["widget"]["mode"].clone()), (json!(true), json!("popup")));
    // The preview showed the unsaved settings in the real widget and frame, signed nobody
    // up, and counted no impression; the saved settings did not change.
    assert_eq!(seen["preview_popup_button"], "Get my referral link");
    assert_eq!(seen["preview_submit"], "This is a preview: signing up is off here.");
    assert_eq!(read["widget"]["headline"], "Invite friends, earn rewards", "unsaved, then saved as it was");
    assert_eq!(seen["programme_tiers"], json!(["2 referrals: a coupon", "5 referrals: 20.00 cash"]));
    assert_eq!(
        read["tiers"],
        json!([{"referrals": 2, "reward_type": 1, "reward_value": null},
               {"referrals": 5, "reward_type": 5, "reward_value": "20.00"}])
    );
    // The landing page's preview followed the form; the page saved is what it showed.
    assert_eq!(seen["lander_preview_footer"], "One bag per friend who joins.");
    assert_eq!(seen["lander_preview_class"], "template-centered");
    let lander = expect_status(app.get("/api/v1", &format!("/lander?campaign_id={campaign}"), &key).await, 200).await;
    assert_eq!(lander["data"]["lander"]["template"], "centered");
    assert_eq!(lander["data"]["lander"]["header_text"], "Bring a friend, both get a bag");
    // (Counts reach the store within about a second; the steps after the preview took longer.)
    let stats = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &key).await, 200).await;
    assert_eq!(stats["data"]["impressions"], 0, "the preview counted no impression");
    let snippet = format!(
        "<div id=\"referrals-widget\"></div>\n<script async src=\"{}/widget.js?campaign={campaign}\"></script>",
        app.address
    );
    assert_eq!(seen["snippet"], json!(snippet), "the copy button copied the snippet");
    // The commission rule's preview, before saving, on the three invoices: 10 % is 4.90 a
    // month where 20 % (50 % of the first) earns 24.50 + 9.80 + 9.80 now.
    assert_eq!(
        seen["commission_preview"],
        json!("10 % of every payment for 12 months: on the campaign's 3 invoices, 14.70 EUR where they earn 44.10 EUR now. Nothing is saved until you save the campaign.")
    );
    let rewards: Vec<String> = seen["commission_rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(rewards.len(), 3, "{rewards:?}");
    assert!(rewards.iter().any(|r| r.contains("in_0") && r.contains("50 % of 49.00 EUR")), "{rewards:?}");

    // The upload's counts, and the pool: three codes, of which the three referral rewards
    // (two for the friends, one for Zoe at her second referral) took three.
    assert_eq!(
        seen["upload"],
        json!(["Added3", "Duplicates skipped1", "Blank lines1", "Invalid lines0", "Waiting rewards filled0"])
    );
    let pool = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &key).await, 200).await;
    assert_eq!((pool["data"]["uploaded"].clone(), pool["data"]["used"].clone()), (json!(3), json!(3)), "{pool}");

    // The participants the API signed up, newest first; found by search; Zoe's page.
    assert_eq!(seen["table_emails"], json!(["hostile@friends.example", "yan@friends.example", "zoe@friends.example"]));
    assert_eq!(seen["hostile_cell"], hostile_name, "shown as text");
    assert_eq!(seen["hostile_images"], 0);
    assert_eq!(seen["search_emails"], json!(["zoe@friends.example"]));
    let referred: Vec<&str> = seen["zoe_referred"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(referred.len(), 2, "{referred:?}");
    assert!(referred[0].starts_with(hostile_name) && referred[1].starts_with("Yan"), "newest first: {referred:?}");
    let rewards: Vec<&str> = seen["zoe_rewards"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(rewards.len(), 1, "one reward at the second referral: {rewards:?}");
    assert!(rewards[0].contains(" coupon BAG-00") && rewards[0].contains("for referring"), "{rewards:?}");
    assert!(rewards[0].contains("issued"), "{rewards:?}");

    // Today's signups in the chart.
    assert_eq!(seen["signups_caption"], "Signups: 3");
    assert_eq!(seen["today_bar"], format!("{}: 3", chrono::Utc::now().date_naive()));

    // Nothing scrolls sideways at 375 px; no dialogs, script errors or policy violations.
    for (path, overflow) in seen["narrow_overflow"].as_object().unwrap() {
        assert!(overflow.as_i64().unwrap() <= 0, "{path} is wider than 375 px by {overflow}");
    }
    assert_eq!((seen["dialogs"].clone(), seen["errors"].clone()), (json!([]), json!([])));
    assert_eq!(seen["csp_violations"], json!([]));

    // After signing out, neither session's cookie lets anyone in.
    assert_eq!(seen["old_sessions"], json!(["/dashboard/sign-in", "/dashboard/sign-in"]));

    for name in [
        "dashboard-brand.png",
        "dashboard-campaign-form.png",
        "dashboard-widget-preview.png",
        "dashboard-campaign.png",
        "dashboard-coupons.png",
        "dashboard-participants.png",
        "dashboard-participant.png",
        "dashboard-stats.png",
        "dashboard-campaign-375.png",
    ] {
        let size = std::fs::metadata(screenshots.join(name)).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1_000, "{name} was written ({size} bytes)");
    }
}

#[tokio::test]
async fn held_rewards_are_reviewed_in_the_dashboard_and_the_friends_coupon_reaches_the_widget() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let screenshots = screenshot_dir(root);
    let config = std::fs::read_to_string(root.join("config.toml"))
        .unwrap()
        .replace("public_per_minute = 60", "public_per_minute = 60000")
        .replace("public_burst = 20", "public_burst = 1000");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Options::with_admin() }).await;
    let member = app.unlimited_member("review").await;
    let brand = app.brand(&member, "https://acme-coffee.example").await;
    // Two-way coupons, held three days and for referrals from the referrer's own address
    // (the default rule): the friend's browser and Ann's signup both come from 127.0.0.1.
    let name = "Bag for a friend";
    let fields = json!({"name": name, "reward_type": 1, "reward_invited": true, "hold_days": 3,
                        "widget": {"mode": "embed"}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (1..=4).map(|n| format!("BAG-{n}")).collect();
    app.upload_coupons(&member, campaign, &codes).await;
    let ann =
        json!({"campaign_id": campaign, "email": "ann@review.example", "name": "Ann Referrer", "ip": "127.0.0.1"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &ann).await, 201).await;
    let code = ann["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    let gus = json!({"referral_code": code, "email": "gus@review.example", "name": "Gus", "ip": "127.0.0.1"});
    let gus = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &gus).await, 201).await;
    let void_rewards = [gus["data"]["referrer_reward"]["id"].clone(), gus["data"]["reward"]["id"].clone()];
    assert_eq!(gus["data"]["reward"]["status"], json!("held"), "{gus}");

    let host_listener = TcpListener::bind("127.0.0.1:0").expect("host listener");
    let host = format!("http://localhost:{}", host_listener.local_addr().unwrap().port());
    let html = "text/html; charset=utf-8";
    serve_host(host_listener, vec![("/embed.html".to_owned(), html, widget_page(&app.address, campaign))]);
    let setup = json!({
        "chromium": chromium(),
        "site": app.address,
        "host": host,
        "screenshots": screenshots,
        "email": member.email,
        "password": member.password,
        "campaign_id": campaign,
        "campaign_name": name,
        "referrer_code": code,
        "friend_email": "fay@review.example",
        "void_rewards": void_rewards,
    });
    let seen = run_script(&app, "review.mjs", &setup).await;

    assert_eq!(
        seen["offer"],
        "Get a coupon code for every friend who joins. Friends who join through your link get a reward too.",
        "the reward on offer, before signing up"
    );
    assert_eq!(seen["friend_waiting"], "Your reward is on its way: your code will be ready soon.");
    assert_eq!(seen["nav_count"], "4", "Ann's and Fay's, Ann's and Gus's");
    assert_eq!(seen["held_cards"], 4);
    let reasons: Vec<&str> =
        seen["friend_card_reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    let release = (chrono::Utc::now() + chrono::Duration::days(3)).format("%-d %b %Y").to_string();
    assert_eq!(
        reasons,
        vec!["waiting out the hold period until ".to_owned() + &release, "same address as the referrer".into()]
    );
    assert_eq!(seen["friend_card_people"], json!(["Ann Referrer", "Fay Friend"]));
    assert_eq!(seen["approve_notice"], "1 reward approved.");

    // The code the friend's widget shows is the one the reward holds, on the friend's page too.
    let reward = seen["friend_reward"].as_u64().unwrap();
    let stored = expect_status(app.get("/api/v1", &format!("/rewards/{reward}"), &member.bearer()).await, 200).await;
    assert_eq!(stored["data"]["status"], "issued");
    assert!(stored["data"]["value"].as_str().unwrap().starts_with("BAG-"), "{stored}");
    assert_eq!(seen["friend_code"], stored["data"]["value"]);
    assert_eq!(seen["friend_page_reward"], stored["data"]["value"]);

    assert_eq!(seen["void_notice"], "2 rewards voided.");
    assert_eq!((seen["held_after"].clone(), seen["ticked_by_select_all"].clone()), (json!(1), json!(1)));
    for id in &void_rewards {
        let voided = expect_status(app.get("/api/v1", &format!("/rewards/{id}"), &member.bearer()).await, 200).await;
        assert_eq!(
            (&voided["data"]["status"], &voided["data"]["void_reason"]),
            (&json!("voided"), &json!("same household"))
        );
    }

    // The CSV, read back: every reward of the campaign, each in the state the pages left it.
    assert_eq!(seen["rewards_rows"], 4);
    assert_eq!(seen["csv_name"], format!("campaign-{campaign}-rewards.csv"));
    let mut csv = csv::Reader::from_reader(seen["csv"].as_str().unwrap().as_bytes());
    let header = csv.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut states: Vec<(u64, String)> = csv
        .records()
        .map(|r| r.unwrap())
        .map(|r| (r[column("reward_id")].parse().unwrap(), r[column("status")].to_owned()))
        .collect();
    states.sort();
    let mut want = vec![(reward, "issued".to_owned())];
    want.extend(void_rewards.iter().map(|id| (id.as_u64().unwrap(), "voided".to_owned())));
    let held: Vec<u64> = states.iter().filter(|(_, s)| s == "held").map(|(id, _)| *id).collect();
    assert_eq!(held.len(), 1, "Ann's reward for Fay is still held: {states:?}");
    want.push((held[0], "held".to_owned()));
    want.sort();
    assert_eq!(states, want);

    for (path, overflow) in seen["narrow_overflow"].as_object().unwrap() {
        assert!(overflow.as_i64().unwrap() <= 0, "{path} is wider than 390 px by {overflow}");
    }
    let lines: Vec<i64> = seen["narrow_email_lines"].as_array().unwrap().iter().map(|n| n.as_i64().unwrap()).collect();
    assert_eq!(lines, vec![1, 1, 1], "each email on one line at 390 px");
    assert_eq!((seen["dialogs"].clone(), seen["errors"].clone()), (json!([]), json!([])));
    assert_eq!(seen["csp_violations"], json!([]));
    for name in ["dashboard-review.png", "dashboard-rewards.png", "dashboard-review-390.png"] {
        let size = std::fs::metadata(screenshots.join(name)).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1_000, "{name} was written ({size} bytes)");
    }
}

#[tokio::test]
async fn a_participant_signs_in_to_the_portal_by_email_and_reads_their_own_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sink = smtp_sink::SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("portal-browser").await;
    let brand = app.brand(&member, "https://portal-coffee.example").await;
    let fields = json!({"name": "Coffee Friends", "reward_type": 5, "reward_value": "5.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ann = json!({"campaign_id": campaign, "email": "ann@portal-coffee.example", "name": "Ann Archer"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &ann).await, 201).await;
    let ann = ann["data"]["participant"].clone();
    let bob = json!({"referral_code": ann["referral_code"], "email": "bob@portal-coffee.example", "name": "Bob Stone"});
    let bob = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &bob).await, 201).await;
    let bob_id = bob["data"]["participant"]["id"].as_u64().unwrap();
    let mut setup = json!({
        "step": "ask",
        "chromium": chromium(),
        "site": app.address,
        "screenshots": screenshot_dir(root),
        "campaign_id": campaign,
        "email": "ann@portal-coffee.example",
    });
    let asked = run_script(&app, "portal.mjs", &setup).await;
    assert_eq!(asked["asked"], "Check your email");

    // The link, from the email the SMTP server took.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let message = loop {
        if let Some(message) = sink.messages().into_iter().next() {
            break message;
        }
        assert!(std::time::Instant::now() < deadline, "no sign-in email arrived:\n{}", app.log());
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(message["rcpt_tos"], json!(["ann@portal-coffee.example"]));
    let text = message["text"].as_str().unwrap();
    let start = text.find(&format!("{}/p/{campaign}/enter/", app.address)).expect("a link in the email");
    let link = text[start..].split_whitespace().next().unwrap();
    let path = format!("/participants/{bob_id}/portal-link");
    let bob_link = app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await;
    let bob_link = expect_status(bob_link, 201).await["data"]["url"].clone();
    setup["step"] = json!("enter");
    setup["link"] = json!(link);
    setup["bob_link"] = bob_link;
    let seen = run_script(&app, "portal.mjs", &setup).await;

    let ann_link = ann["referral_link"].as_str().unwrap();
    assert_eq!(seen["greeting"], "Hi Ann Archer");
    assert_eq!((seen["link"].as_str(), seen["copied"].as_str()), (Some(ann_link), Some(ann_link)));
    assert_eq!(seen["qr"], json!(ann_link), "the QR code decodes to Ann's referral link");
    assert_eq!(seen["referred"], json!(["Bob S."]));
    assert_eq!(seen["rewards"], json!(["$5.00"]), "a cash reward in the portal's way of writing amounts");
    assert_eq!(seen["balance"], "Due to you: $5.00");
    assert_eq!(seen["cookie_visible_to_scripts"], json!(false), "HttpOnly");
    assert_eq!(
        (seen["second_use_status"].clone(), seen["second_use_title"].clone()),
        (json!(410), json!("Link not valid"))
    );
    assert_eq!(seen["bob_link"], bob["data"]["participant"]["referral_link"]);
    assert_eq!((seen["bob_sees_ann"].clone(), seen["bob_qr_is_anns"].clone()), (json!(false), json!(false)));
    assert_eq!(seen["after_sign_out"], json!(1));
    assert_eq!(seen["violations"], json!([]), "no Content-Security-Policy violation");
}

#[tokio::test]
async fn the_widget_speaks_arabic_right_to_left_and_japanese_on_a_phone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let app = TestApp::spawn().await;
    let member = app.member("languages-browser").await;
    let brand = app.brand(&member, "https://languages-browser.example").await;
    let fields = json!({"name": "Coffee", "reward_type": 1, "num_signups": 3, "reward_invited": true});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let host_listener = TcpListener::bind("127.0.0.1:0").expect("host listener");
    let host = format!("http://localhost:{}", host_listener.local_addr().unwrap().port());
    let page = |lang: &str| {
        host_page(
            "Acme Coffee",
            &format!(
                "<div id=\"referrals-widget\"></div><script async src=\"{}/widget.js?campaign={campaign}\" \
                 data-lang=\"{lang}\"></script>",
                app.address
            ),
        )
    };
    let html = "text/html; charset=utf-8";
    serve_host(
        host_listener,
        vec![("/ar.html".to_owned(), html, page("ar")), ("/ja.html".to_owned(), html, page("ja"))],
    );
    let setup = json!({"chromium": chromium(), "site": app.address, "host": host, "screenshots": screenshot_dir(root)});
    let seen = run_script(&app, "languages.mjs", &setup).await;

    let arabic = &seen["ar"];
    assert_eq!(arabic["frame_lang"], json!(["ar", "rtl"]));
    assert_eq!(arabic["labels"], json!(["الاسم", "البريد الإلكتروني"]));
    assert!(arabic["offer"].as_str().unwrap().starts_with("احصل على رمز قسيمة عن كل 3 أصدقاء ينضمون."), "{arabic}");
    assert_eq!(arabic["heading"], "أهلًا بك يا ليلى!");
    assert_eq!(arabic["progress"], "لم ينضم أي صديق · بقي 3 لمكافأتك التالية", "Arabic's zero and few: {arabic}");
    assert_eq!(arabic["copy"], "نسخ");
    let japanese = &seen["ja"];
    assert_eq!(japanese["frame_lang"], json!(["ja", "ltr"]));
    assert_eq!(japanese["heading"], "ようこそ、陽翔 さん！");
    assert_eq!(japanese["progress"], "友達 0 人が参加 · 次の特典まであと 3");
    for lang in ["ar", "ja"] {
        assert_eq!(seen[lang]["page_overflow"], json!(0), "{lang}: the page fits 390 px");
        assert_eq!(seen[lang]["frame_overflow"], json!(0), "{lang}: the frame's content fits it");
    }
    // The owner kept our button: ours, in each language.
    assert_eq!(arabic["button"], "احصل على رابط الإحالة");
    assert_eq!(japanese["button"], "紹介リンクを受け取る");
}

#[tokio::test]
async fn a_visit_through_a_partners_link_is_remembered_for_the_campaigns_window_in_a_real_browser() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("attribution-browser").await;
    let brand = app.brand(&member, "https://attribution-browser.example").await;
    let mut campaigns = serde_json::Map::new();
    for (name, attribution) in [
        ("last", json!({})),
        ("first", json!({"model": "first_click"})),
        ("short", json!({"window_days": 1, "model": "last_click"})),
    ] {
        let fields = json!({"name": name, "reward_type": 3, "reward_value": "Thanks", "attribution": attribution});
        let campaign = app.campaign(&member, brand, fields).await;
        let id = campaign["id"].as_u64().unwrap();
        campaigns.insert(name.into(), id.into());
        for partner in ["ann", "bob"] {
            let p = app.participant(&member, id, &format!("{partner}.{name}@partners.example")).await;
            campaigns.insert(format!("{name}_{partner}"), p["referral_code"].clone());
            campaigns.insert(format!("{name}_{partner}_id"), p["id"].clone());
        }
    }
    let id = |key: &str| campaigns[key].as_u64().unwrap();
    // Ann of the last-click campaign has a readable code too.
    let path = format!("/participants/{}/promo-codes", id("last_ann_id"));
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({"code": "ANN20"})).await, 201).await;
    for (name, attribution) in [
        ("last", json!({"window_days": 60, "model": "last_click"})),
        ("first", json!({"window_days": 60, "model": "first_click"})),
    ] {
        let read = app.get("/api/v1", &format!("/campaigns/{}", id(name)), &member.bearer()).await;
        assert_eq!(expect_status(read, 200).await["data"]["attribution"], attribution, "{name}: the defaults");
    }

    let host_listener = TcpListener::bind("127.0.0.1:0").expect("host listener");
    let port = host_listener.local_addr().unwrap().port();
    let host = format!("http://localhost:{port}");
    let html = "text/html; charset=utf-8";
    let mut pages = Vec::new();
    for name in ["last", "first", "short"] {
        for page in ["home", "pricing"] {
            pages.push((format!("/{}/{page}.html", id(name)), html, widget_page(&app.address, id(name))));
        }
    }
    let blog = format!(
        "<p><a id=\"out\" href=\"http://127.0.0.1:{port}/elsewhere\">Elsewhere</a></p>\
         <script async src=\"{}/referral.js\"></script>",
        app.address
    );
    pages.push(("/blog.html".to_owned(), html, host_page("Blog", &blog)));
    serve_host(host_listener, pages);

    let emails = |key: &str| format!("{}@visitors.example", key.replace('_', "."));
    let keys = ["across_pages", "last_click", "first_click", "tracker", "within_window", "after_window", "promo_link"];
    let setup = json!({
        "chromium": chromium(),
        "site": app.address,
        "host": host,
        "campaigns": campaigns,
        "emails": keys.iter().map(|k| (k.to_string(), Value::from(emails(k)))).collect::<serde_json::Map<_, _>>(),
    });
    let seen = run_script(&app, "attribution.mjs", &setup).await;

    // Who each visitor's signup credited, as the API reads it, and the code the page gave.
    let expected = [
        ("across_pages", "last", Some("last_ann")),
        ("last_click", "last", Some("last_bob")),
        ("first_click", "first", Some("first_ann")),
        ("tracker", "last", Some("last_bob")),
        ("within_window", "short", Some("short_ann")),
        ("after_window", "short", None),
        ("promo_link", "last", Some("last_ann")),
    ];
    for (key, campaign, partner) in expected {
        let query = format!("/participants?campaign_id={}&email={}", id(campaign), emails(key));
        let found = expect_status(app.get("/api/v1", &query, &member.bearer()).await, 200).await;
        let visitor = &found["data"]["participants"][0];
        let referrer = partner.map_or(Value::Null, |p| campaigns[&format!("{p}_id")].clone());
        assert_eq!(visitor["referred_by"], referrer, "{key}: {visitor}");
        // The readable link's code is kept as the visitor opened it.
        let code = match key {
            "promo_link" => json!("ann20"),
            _ => partner.map_or(Value::Null, |p| campaigns[p].clone()),
        };
        assert_eq!(seen[key], code, "{key}: window.referrals.code()");
    }
    // Ann's readable link, opened twice by one visitor, counted one click.
    app.wait_for_count(&member, id("last"), "clicks", 1).await;
    let ann = app.get("/api/v1", &format!("/participants/{}", id("last_ann_id")), &member.bearer()).await;
    assert_eq!(expect_status(ann, 200).await["data"]["clicks"], json!(1));
}

/// An owner's money in the dashboard, in Chromium: a euro campaign made in the form offers
/// its reward in euros; the payouts page flags a referrer without payout details and marks
/// the requested batch paid once, however often the form is sent; the referrer's page shows
/// the balance, what they owe after a refund and the payout; blocking asks first; "Approve
/// selected" with nothing ticked stays on the page.
#[tokio::test]
async fn an_owner_pays_referrers_in_euros_from_the_dashboard_in_a_real_browser() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = std::fs::read_to_string(root.join("config.toml"))
        .unwrap()
        .replace("public_per_minute = 60", "public_per_minute = 60000")
        .replace("public_burst = 20", "public_burst = 1000");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Options::with_admin() }).await;
    let member = app.unlimited_member("owner").await;
    let api_key = app.api_key(&member).await;
    let brand = app.brand(&member, "https://owner-beans.example").await;
    // A campaign whose rewards are held, for the review's empty selection.
    let fields =
        json!({"name": "Held", "reward_type": 3, "reward_value": "thanks", "hold_days": 3, "reward_invited": true});
    let held = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let cara = app.participant(&member, held, "cara@owner.example").await;
    let code = cara["referral_code"].as_str().unwrap();
    expect_status(app.refer(&member, code, "dan@owner.example").await, 201).await;
    let setup = json!({
        "chromium": chromium(),
        "site": app.address,
        "email": member.email,
        "password": member.password,
        "api_key": api_key,
        "brand_id": brand,
        "held_campaign_id": held,
    });
    let seen = run_script(&app, "owner.mjs", &setup).await;

    let text = |key: &str| seen[key].as_str().unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text("offer_en").contains("€10.00"), "{}", text("offer_en"));
    assert!(text("offer_de").contains("10,00 €"), "{}", text("offer_de"));
    assert!(text("due").contains("10.00 EUR"), "{}", text("due"));
    assert_eq!(text("made_notice"), "1 payout was made.");
    assert_eq!(text("flag"), "no payout details");
    assert_eq!(text("batch_notice"), "1 payout marked paid with the reference; their rewards are fulfilled.");
    assert_eq!(
        text("second_notice"),
        "No payout was marked paid. 1 payout had been marked paid or failed since the page was shown: unchanged."
    );
    assert_eq!(seen["payouts"], json!([{"status": "paid", "reference": "SEPA-2026-12", "amount": "10.00"}]));
    assert_eq!((text("ann_due"), text("ann_owed")), ("0.00 EUR".to_owned(), "10.00 EUR".to_owned()));
    assert_eq!(seen["ann_adjustments"], 1, "the refund after the payout");
    assert!(text("ann_details").contains("no payout details"), "{}", text("ann_details"));
    let payouts = seen["ann_payouts"].as_array().unwrap();
    assert_eq!(payouts.len(), 1);
    let row = payouts[0].as_str().unwrap();
    assert!(row.contains("10.00 EUR") && row.contains("paid") && row.contains("SEPA-2026-12"), "{row}");
    assert!(text("block_question").contains("Block Ann"), "{}", text("block_question"));
    assert_eq!(seen["blocked_before"], Value::Null, "nothing is blocked before the button");
    assert!(seen["blocked_after"].is_string(), "blocked from the button: {}", seen["blocked_after"]);
    assert_eq!(seen["empty_status"], 200);
    assert!(text("empty_notice").starts_with("No reward was ticked, so nothing changed"), "{}", text("empty_notice"));
    assert_eq!(seen["held_left"], 2, "both held rewards still wait");
    assert_eq!((seen["dialogs"].clone(), seen["errors"].clone()), (json!([]), json!([])));
}

/// The campaign's Analytics page, read in Asia/Kolkata: its funnel, charts and partners show
/// what the API answers for the same period and zone.
#[tokio::test]
async fn the_analytics_page_shows_what_the_api_answers_in_the_readers_time_zone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let app = TestApp::spawn().await;
    let member = app.member("analyst").await;
    let brand = app.brand(&member, "https://analytics-beans.example").await;
    let fields = json!({"name": "Beans", "reward_type": 5, "reward_value": "10.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    // Two partners: Ana brings two friends and three clicks, Ben one friend and a click;
    // their friends buy on days before today, one of them refunds.
    let ana = app.participant(&member, campaign, "ana@beans.example").await;
    let ben = app.participant(&member, campaign, "ben@beans.example").await;
    let mut friends = Vec::new();
    for (referrer, email) in [(&ana, "f1@beans.example"), (&ana, "f2@beans.example"), (&ben, "f3@beans.example")] {
        let code = referrer["referral_code"].as_str().unwrap();
        friends.push(expect_status(app.refer(&member, code, email).await, 201).await["data"]["participant"].clone());
    }
    for code in [&ana, &ana, &ana, &ben].map(|p| p["referral_code"].as_str().unwrap().to_owned()) {
        app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    }
    for (n, (friend, days_ago, amount)) in [(0, 3, "49.00"), (1, 9, "120.50"), (2, 20, "15.25")].into_iter().enumerate()
    {
        let at = (chrono::Utc::now() - chrono::Duration::days(days_ago)).to_rfc3339();
        let body = json!({"campaign_id": campaign, "participant_id": friends[friend]["id"], "external_id": format!("o-{n}"),
            "amount": amount, "occurred_at": at});
        let made = expect_status(app.post_json("/api/v1", "/conversions", &member.bearer(), &body).await, 201).await;
        if n == 2 {
            let id = made["data"]["conversion"]["id"].as_u64().unwrap();
            let path = format!("/conversions/{id}/refund");
            expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 200).await;
        }
    }
    let setup = json!({
        "chromium": chromium(),
        "site": app.address,
        "email": member.email,
        "password": member.password,
        "campaign_id": campaign,
        "brand_id": brand,
        "zone": "Asia/Kolkata",
        "screenshots": screenshot_dir(root),
    });
    let seen = run_script(&app, "analytics.mjs", &setup).await;

    // Chromium's ICU names India's zone by its older name, which is the same zone.
    let zone = seen["query"]["tz"].as_str().unwrap_or_default().to_owned();
    assert!(["Asia/Kolkata", "Asia/Calcutta"].contains(&zone.as_str()), "moved into the reader's zone: {zone}");
    let form = &seen["form"];
    assert_eq!((form["tz"].as_str(), form["interval"].as_str()), (Some(zone.as_str()), Some("day")));
    let query = format!(
        "from={}&to={}&interval=day&tz={zone}&group_by=participant",
        form["from"].as_str().unwrap(),
        form["to"].as_str().unwrap()
    );
    let api = expect_status(
        app.get("/api/v1", &format!("/campaigns/{campaign}/analytics?{query}"), &member.bearer()).await,
        200,
    )
    .await["data"]
        .clone();
    let totals = &api["totals"];
    assert_eq!((totals["clicks"].clone(), totals["referred_signups"].clone()), (json!(4), json!(3)));
    assert_eq!(totals["revenue"], json!("184.75"));
    let funnel = &seen["funnel"];
    for step in ["clicks", "referred_signups", "conversions"] {
        assert_eq!(funnel[step].as_str().unwrap(), totals[step].to_string(), "the funnel's {step}");
    }
    let money = format!("{} {}", totals["revenue"].as_str().unwrap(), api["currency"].as_str().unwrap());
    assert_eq!(funnel["revenue"].as_str().unwrap(), money, "the funnel's revenue");
    // Each chart: its total is the API's, and its table is the API's buckets, newest first.
    let buckets = api["buckets"].as_array().unwrap();
    for chart in ["clicks", "referred_signups", "conversions", "revenue"] {
        let shown = &seen["charts"][chart];
        assert_eq!(shown["bars"].as_u64(), Some(buckets.len() as u64), "{chart}: a bar a day");
        let want_total = match chart {
            "revenue" => totals["revenue"].as_str().unwrap().to_owned(),
            _ => totals[chart].to_string(),
        };
        assert_eq!(shown["total"].as_str().unwrap(), want_total, "{chart}'s total");
        let rows = shown["rows"].as_array().unwrap();
        for (row, bucket) in rows.iter().zip(buckets.iter().rev()) {
            assert_eq!(row[0].as_str().unwrap(), &bucket["starts"].as_str().unwrap()[..10], "{chart}: the day");
            let want = match chart {
                "revenue" => {
                    let text = bucket["revenue"].as_str().unwrap().replace('.', "");
                    text.parse::<u64>().unwrap()
                }
                _ => bucket[chart].as_u64().unwrap(),
            };
            assert_eq!(row[1].as_u64(), Some(want), "{chart} on {}", bucket["starts"]);
        }
    }
    // The partners: the API's, in its order, with their numbers, each linking to their page.
    let partners = api["partners"].as_array().unwrap();
    let shown = seen["partners"].as_array().unwrap();
    assert_eq!(shown.len(), partners.len());
    for (row, partner) in shown.iter().zip(partners) {
        assert_eq!(row["id"], partner["participant_id"]);
        let cells: Vec<&str> = row["cells"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(
            cells[1..5],
            [
                partner["clicks"].to_string().as_str(),
                partner["referred_signups"].to_string().as_str(),
                partner["conversions"].to_string().as_str(),
                partner["revenue"].as_str().unwrap(),
            ]
        );
    }
    assert_eq!(seen["partner_link"], format!("/dashboard/participants/{}", partners[0]["participant_id"]));
    assert_eq!(seen["generations"], json!(["2", "3"]), "two joined on their own, three through them");
    assert_eq!(seen["csv_name"], format!("campaign-{campaign}-analytics.csv"));
    assert_eq!((seen["narrow_overflow"].clone(), seen["brand_narrow_overflow"].clone()), (json!(0), json!(0)));
    assert_eq!(seen["brand_clicks"], "4");
    assert_eq!(
        (seen["violations"].clone(), seen["errors"].clone(), seen["dialogs"].clone()),
        (json!([]), json!([]), json!([]))
    );
}
