//! The dashboard's deeper campaign settings over HTTP: tiers, contest, leaderboard, waitlist,
//! fraud defence and emails through the campaign form; the programme on the overview with
//! its waitlist admission; and the landing page's settings with their live preview.

use serde_json::json;

use crate::dashboard::{campaign_fields, token_of, Browser};
use crate::helpers::{expect_status, TestApp};

/// Every group of the form, as the page shows them (the hidden `section` fields).
const SECTIONS: [(&str, &str); 6] = [
    ("section", "tiers"),
    ("section", "attribution"),
    ("section", "contest"),
    ("section", "waitlist"),
    ("section", "fraud"),
    ("section", "emails"),
];

#[tokio::test]
async fn every_campaign_setting_is_saved_from_the_form_and_shown_back() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("https://tiers.example", "").await;
    let new_page = format!("/dashboard/brands/{brand}/campaigns/new");
    let create = format!("/dashboard/brands/{brand}/campaigns");

    // The new campaign's form shows a campaign's defaults, every group with its fields.
    let blank = browser.get(&new_page).await;
    for field in [
        "tier_referrals_0",
        "contest_starts_at",
        "waitlist_enabled",
        "attribution_window_days",
        "fraud_max_referrals_per_hour",
        "email_digest_text",
    ] {
        assert!(blank.body.contains(&format!("name=\"{field}\"")), "{field} on the form");
    }
    assert!(blank.body.contains("name=\"fraud_canonical_emails\" value=\"on\" checked"), "on by default");

    // Tiers out of order: the API's sentence, and nothing created.
    let mut fields = campaign_fields("Tiers", "1");
    fields.extend_from_slice(&SECTIONS);
    let mut backwards = fields.clone();
    backwards.extend_from_slice(&[("tier_referrals_0", "5"), ("tier_reward_type_0", "1"), ("tier_referrals_1", "2")]);
    backwards.push(("tier_reward_type_1", "1"));
    let refused = browser.submit(&new_page, &create, &backwards).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("tiers[1].referrals must be more than the tier before"), "{}", refused.body);
    assert!(refused.body.contains("name=\"tier_referrals_0\" min=\"1\" max=\"1000000\" value=\"5\""), "kept as typed");
    let listed = expect_status(app.get("/api/v1", "/campaigns", &cred).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(0));

    let welcome = "Hi {{name}},\r\nyour link: {{referral_link}}\r\n{{unsubscribe_link}}";
    let mut everything = fields.clone();
    everything.extend_from_slice(&[
        ("tier_referrals_0", "1"),
        ("tier_reward_type_0", "1"),
        ("tier_referrals_1", ""),
        ("tier_referrals_2", "5"),
        ("tier_reward_type_2", "5"),
        ("tier_reward_value_2", "20"),
        ("contest_enabled", "on"),
        ("contest_starts_at", "2026-01-01T00:00"),
        ("contest_ends_at", "2099-01-01T00:00"),
        ("contest_prize", "A <b>bike</b>"),
        ("contest_winners", "2"),
        ("leaderboard_public", "on"),
        ("waitlist_enabled", "on"),
        ("waitlist_places_per_referral", "4"),
        ("attribution_window_days", "30"),
        ("attribution_model", "first_click"),
        ("promo_codes_self_serve", "on"),
        ("fraud_disposable_emails", "refuse"),
        ("fraud_same_address", "off"),
        ("fraud_max_referrals_per_hour", ""),
        ("fraud_max_signups_per_address_per_hour", "7"),
        ("email_welcome_enabled", "on"),
        ("email_welcome_subject", "Welcome to {{campaign}}"),
        ("email_welcome_text", welcome),
    ]);
    let created = browser.submit(&new_page, &create, &everything).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let overview = created.location().split('?').next().unwrap().to_owned();
    let id: u64 = overview.trim_start_matches("/dashboard/campaigns/").parse().unwrap();
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(
        read["tiers"],
        json!([{"referrals": 1, "reward_type": 1, "reward_value": null},
               {"referrals": 5, "reward_type": 5, "reward_value": "20.00"}])
    );
    assert_eq!(read["contest"]["enabled"], json!(true));
    assert_eq!(
        (read["contest"]["starts_at"].clone(), read["contest"]["ends_at"].clone()),
        (json!("2026-01-01T00:00:00Z"), json!("2099-01-01T00:00:00Z")),
        "the form's minutes, in UTC"
    );
    assert_eq!(
        (read["contest"]["prize"].clone(), read["contest"]["winners"].clone()),
        (json!("A <b>bike</b>"), json!(2))
    );
    assert_eq!(read["leaderboard"]["public"], json!(true));
    assert_eq!(read["waitlist"], json!({"enabled": true, "places_per_referral": 4}));
    assert_eq!(read["attribution"], json!({"window_days": 30, "model": "first_click"}));
    assert_eq!(read["promo_codes"], json!({"self_serve": true}));

    // The fraud settings hold: a throwaway address is refused.
    let body = json!({"campaign_id": id, "email": "someone@mailinator.com"});
    let throwaway = app.post_json("/api/v1", "/signups", &cred, &body).await;
    assert!(throwaway.status().is_client_error(), "refused: {}", throwaway.status());

    // The edit page shows every stored value back; the welcome text with its line breaks.
    let edit = format!("/dashboard/campaigns/{id}/edit");
    let form = browser.get(&edit).await;
    assert!(form.body.contains("<option value=\"refuse\" selected>"), "disposable: refuse");
    assert!(form.body.contains("<option value=\"off\" selected>"), "same address: off");
    assert!(form.body.contains("name=\"fraud_max_referrals_per_hour\" min=\"1\" max=\"1000\" value=\"\""), "no limit");
    assert!(form.body.contains("name=\"fraud_max_signups_per_address_per_hour\" min=\"1\" max=\"1000\" value=\"7\""));
    assert!(form.body.contains("Hi {{name}},\nyour link: {{referral_link}}\n{{unsubscribe_link}}</textarea>"));
    assert!(form.body.contains("value=\"A &lt;b&gt;bike&lt;/b&gt;\""), "the prize as text");
    assert!(form.body.contains("value=\"2099-01-01T00:00\""), "the contest's end");
    assert!(form.body.contains("name=\"attribution_window_days\" min=\"1\" max=\"365\" value=\"30\""));
    assert!(form.body.contains("<option value=\"first_click\" selected>"), "the model");

    // The overview's programme: the tiers, the running contest, the waitlist.
    let shown = browser.get(&overview).await;
    assert!(
        shown.body.contains("1 referral: a coupon") && shown.body.contains("5 referrals: 20.00 cash"),
        "{}",
        shown.body
    );
    assert!(shown.body.contains("Contest (running)") && shown.body.contains("A &lt;b&gt;bike&lt;/b&gt;"));
    assert!(shown.body.contains("The leaderboard is public."));
    // The participants' portal, to copy.
    let portal = format!("id=\"portal-address\" type=\"text\" readonly value=\"{}/p/{id}\"", app.address);
    assert!(shown.body.contains(&portal), "{}", shown.body);

    // Saving without tiers rows removes them; a form without a group leaves it as it was.
    let mut fewer = fields.clone();
    fewer.extend_from_slice(&[("tier_referrals_0", ""), ("contest_enabled", "on"), ("waitlist_enabled", "on")]);
    fewer.push(("waitlist_places_per_referral", "4"));
    fewer.extend_from_slice(&[("fraud_disposable_emails", "refuse"), ("fraud_same_address", "off")]);
    let saved = browser.submit(&edit, &edit, &fewer).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(read["tiers"], json!([]));
    assert_eq!(read["leaderboard"]["public"], json!(false), "unticked on a page that showed it");
    let without_groups = campaign_fields("Tiers", "1");
    let saved = browser.submit(&edit, &edit, &without_groups).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(read["waitlist"]["enabled"], json!(true), "not on that form: left as it was");
    assert_eq!(read["contest"]["enabled"], json!(true));
}

#[tokio::test]
async fn the_next_in_line_are_admitted_from_the_overview() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("https://line.example", "").await;
    let body = json!({"name": "Line", "url_id": brand, "reward_type": 3, "reward_value": "Welcome in",
                      "waitlist": {"enabled": true}});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await;
    let id = campaign["data"]["id"].as_u64().unwrap();
    for n in 0..3 {
        let body = json!({"campaign_id": id, "email": format!("p{n}@line.example"), "name": format!("<i>P{n}</i>")});
        expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
    }
    let overview = format!("/dashboard/campaigns/{id}");
    let page = browser.get(&overview).await;
    assert!(page.body.contains("p0@line.example") && page.body.contains("(&lt;i&gt;P0&lt;/i&gt;)"), "{}", page.body);

    let admit = format!("/dashboard/campaigns/{id}/waitlist/admit");
    let done = browser.submit(&overview, &admit, &[("count", "2")]).await;
    assert_eq!((done.status, done.location()), (303, format!("{overview}?notice=admitted#programme").as_str()));
    let line = expect_status(app.get("/api/v1", &format!("/campaigns/{id}/waitlist"), &cred).await, 200).await;
    assert_eq!((line["data"]["in_line"].clone(), line["data"]["admitted"].clone()), (json!(1), json!(2)));
    let bad = browser.submit(&overview, &admit, &[("count", "0")]).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(bad.body.contains("count must be a whole number from 1 to 1000"), "{}", bad.body);

    // Another member can neither see the line nor admit from it.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let token = eve.get("/dashboard/brands").await.token();
    let forged = eve.post(&admit, &[("csrf", &token), ("count", "1")]).await;
    assert_eq!(forged.status, 404);
    let line = expect_status(app.get("/api/v1", &format!("/campaigns/{id}/waitlist"), &cred).await, 200).await;
    assert_eq!(line["data"]["in_line"], json!(1), "nothing changed");
}

#[tokio::test]
async fn the_landing_page_is_set_from_the_dashboard_and_previewed_before_it_is_saved() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("https://lander.example", "").await;
    let body = json!({"name": "Lander", "url_id": brand, "reward_type": 1});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await;
    let id = campaign["data"]["id"].as_u64().unwrap();
    let page = format!("/dashboard/campaigns/{id}/lander");

    let form = browser.get(&page).await;
    assert_eq!(form.status, 200);
    assert!(form.body.contains("data-preview-prefix=\"lander_\""));
    assert!(form.body.contains(&format!("src=\"/dashboard/campaigns/{id}/lander/preview?lander_template=default")));

    // The preview: the real page's script and styles, with the unsaved settings; a bad one
    // is left out; its widget is the preview frame; only the dashboard may frame it.
    let preview = browser
        .get(&format!(
            "/dashboard/campaigns/{id}/lander/preview?lander_template=centered&lander_header_text=%3Cscript%3Ex%3C%2Fscript%3E\
             &lander_background_color=blue"
        ))
        .await;
    assert_eq!(preview.status, 200);
    assert!(preview.body.contains("/assets/lander.js") && preview.body.contains("\"template\":\"centered\""));
    assert!(!preview.body.contains("<script>x</script>"), "the header is data, never markup: {}", preview.body);
    assert!(preview.body.contains("\"background_color\":\"#f8fafc\""), "not a colour: the saved one");
    assert!(preview.body.contains(&format!("\"frame\":\"/dashboard/campaigns/{id}/preview-frame\"")));
    let csp = preview.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    let lander = expect_status(app.get("/api/v1", &format!("/lander?campaign_id={id}"), &cred).await, 200).await;
    assert_eq!(lander["data"]["lander"]["custom"], json!(false), "a preview saves nothing");

    // Saving: refused with the API's sentence, then saved.
    let fields = [
        ("lander_template", "minimal"),
        ("lander_header_text", "Invite & earn"),
        ("lander_footer_text", "Terms apply.\r\nSee site."),
        ("lander_background_color", "#102030"),
        ("lander_background_image_url", ""),
        ("lander_heading_font", "Georgia"),
        ("lander_body_font", "Verdana"),
        ("lander_social_urls", "ftp://social.example/a"),
    ];
    let refused = browser.submit(&page, &page, &fields).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("social_urls"), "{}", refused.body);
    assert!(refused.body.contains("value=\"Invite &amp; earn\""), "kept as typed");
    let mut fields = fields.to_vec();
    fields[7] = ("lander_social_urls", "https://social.example/a\r\n\r\nhttps://other.example/b");
    let saved = browser.submit(&page, &page, &fields).await;
    assert_eq!(
        (saved.status, saved.location()),
        (303, format!("/dashboard/campaigns/{id}?notice=lander-saved").as_str())
    );
    let lander = expect_status(app.get("/api/v1", &format!("/lander?campaign_id={id}"), &cred).await, 200).await;
    let lander = &lander["data"];
    assert_eq!(lander["lander"]["template"], json!("minimal"));
    assert_eq!(lander["lander"]["footer_text"], json!("Terms apply.\nSee site."));
    assert_eq!(lander["lander"]["background"]["color"], json!("#102030"));
    assert_eq!(lander["lander"]["fonts"], json!({"heading": "Georgia", "body": "Verdana"}));
    assert_eq!(lander["social_urls"], json!(["https://social.example/a", "https://other.example/b"]));

    // Another member gets 404 on the page, the preview and the form, and nothing changes.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    assert_eq!(eve.get(&page).await.status, 404);
    assert_eq!(eve.get(&format!("/dashboard/campaigns/{id}/lander/preview")).await.status, 404);
    let token = eve.get("/dashboard/brands").await.token();
    let forged = eve.post(&page, &[("csrf", &token), ("lander_template", "default")]).await;
    assert_eq!(forged.status, 404);
    let lander = expect_status(app.get("/api/v1", &format!("/lander?campaign_id={id}"), &cred).await, 200).await;
    assert_eq!(lander["data"]["lander"]["template"], json!("minimal"));
}
