//! Campaigns: create with defaults, read with widget/reward/contest, update, delete, stats,
//! plan rules, and the coupon pool endpoints.

use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn a_campaign_is_created_with_documented_defaults_read_updated_and_deleted() {
    let app = TestApp::spawn().await;
    let member = app.member("campaigns").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://campaigns.example.com").await;
    for root in ROOTS {
        let created = expect_status(
            app.post_json(
                root,
                "/campaigns",
                &cred,
                &json!({"name": "Spring", "url_id": brand, "type_id": 2, "reward_type": 5, "reward_value": "10"}),
            )
            .await,
            201,
        )
        .await;
        let c = &created["data"];
        assert_eq!(c["url_id"], json!(brand));
        assert_eq!((c["type_id"].as_u64(), c["reward_type"].as_u64()), (Some(2), Some(5)));
        assert_eq!(
            (c["goal_type"].as_str(), c["num_signups"].as_u64(), c["publish"].as_str()),
            (Some("signup"), Some(1), Some("private"))
        );
        assert_eq!(c["reward_invited"], json!(false));
        assert_eq!(c["reward_value"], json!("10.00"));
        assert_eq!(c["reward"]["type"], json!("cash"));
        assert_eq!(c["widget"]["mode"], json!("embed"));
        assert_eq!(c["contest"]["enabled"], json!(false));
        assert_eq!(c["attribution"], json!({"window_days": 60, "model": "last_click"}));
        let id = c["id"].as_u64().unwrap();

        let read = expect_status(app.get(root, &format!("/campaigns/{id}"), &cred).await, 200).await;
        assert_eq!(read["data"]["name"], json!("Spring"));
        assert!(read["data"]["widget"]["script_url"].as_str().unwrap().ends_with(&format!("/widget.js?campaign={id}")));

        let changes = json!({"name": "Summer", "goal_type": "visit", "num_signups": 3, "reward_invited": true, "widget": {"mode": "popup", "primary_color": "#FF0000"}, "contest": {"enabled": true, "ends_at": "2030-01-01T00:00:00Z", "prize": "A bike"}});
        let updated = expect_status(app.put_json(root, &format!("/campaigns/{id}"), &cred, &changes).await, 200).await;
        let u = &updated["data"];
        assert_eq!(
            (u["name"].as_str(), u["goal_type"].as_str(), u["num_signups"].as_u64()),
            (Some("Summer"), Some("visit"), Some(3))
        );
        assert_eq!(
            (u["widget"]["mode"].as_str(), u["widget"]["primary_color"].as_str()),
            (Some("popup"), Some("#ff0000"))
        );
        assert_eq!(u["widget"]["headline"], c["widget"]["headline"], "widget fields not sent stay");
        assert_eq!((u["contest"]["enabled"].as_bool(), u["contest"]["prize"].as_str()), (Some(true), Some("A bike")));
        assert_eq!(u["reward_value"], json!("10.00"), "fields not sent stay");
        let window = json!({"attribution": {"window_days": 7}});
        let updated = expect_status(app.put_json(root, &format!("/campaigns/{id}"), &cred, &window).await, 200).await;
        assert_eq!(updated["data"]["attribution"], json!({"window_days": 7, "model": "last_click"}), "model stays");

        expect_status(app.delete(root, &format!("/campaigns/{id}"), &cred).await, 200).await;
        expect_error(app.get(root, &format!("/campaigns/{id}"), &cred).await, 404, "not_found").await;
        expect_error(app.delete(root, &format!("/campaigns/{id}"), &cred).await, 404, "not_found").await;
    }
}

#[tokio::test]
async fn campaign_validation_and_plan_rules() {
    let app = TestApp::spawn().await;
    let member = app.member("camprules").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://rules.example.com").await;
    for root in ROOTS {
        let cases = [
            (json!({"name": "x", "url_id": brand, "reward_type": 2}), 400, "validation_failed"),
            (
                json!({"name": "x", "url_id": brand, "reward_type": 1, "goal_type": "purchase"}),
                400,
                "validation_failed",
            ),
            (json!({"name": "x", "url_id": brand, "reward_type": 1, "publish": "everyone"}), 400, "validation_failed"),
            (json!({"name": "x", "url_id": brand, "reward_type": 1, "num_signups": 0}), 400, "validation_failed"),
            (
                json!({"name": "x", "url_id": brand, "reward_type": 1, "attribution": {"window_days": 366}}),
                400,
                "validation_failed",
            ),
            (
                json!({"name": "x", "url_id": brand, "reward_type": 1, "attribution": {"model": "linear"}}),
                400,
                "validation_failed",
            ),
            (json!({"name": "x", "url_id": brand, "reward_type": 1, "attribution": 5}), 400, "invalid_body"),
            (json!({"name": "x", "url_id": brand, "reward_type": 5}), 400, "validation_failed"),
            (json!({"url_id": brand, "reward_type": 1}), 400, "validation_failed"),
            (json!({"name": "x", "reward_type": 1}), 400, "validation_failed"),
            (json!({"name": "x", "url_id": 999_999_999, "reward_type": 1}), 404, "not_found"),
            (json!({"name": "x", "url_id": brand, "reward_type": 1, "publish": "public"}), 403, "plan_required"),
            (json!({"name": "x", "url_id": brand, "reward_type": 4, "reward_value": "1"}), 403, "plan_required"),
        ];
        for (body, status, code) in cases {
            let message = expect_error(app.post_json(root, "/campaigns", &cred, &body).await, status, code).await;
            assert!(!message.is_empty(), "{body}");
        }
        let campaign = app.campaign(&member, brand, json!({})).await;
        let id = campaign["id"].as_u64().unwrap();
        expect_error(
            app.put_json(root, &format!("/campaigns/{id}"), &cred, &json!({"publish": "public"})).await,
            403,
            "plan_required",
        )
        .await;
        expect_error(
            app.put_json(root, &format!("/campaigns/{id}"), &cred, &json!({"url_id": brand + 1})).await,
            400,
            "validation_failed",
        )
        .await;
        expect_error(
            app.put_json(root, &format!("/campaigns/{id}"), &cred, &json!({"reward_type": 9})).await,
            400,
            "validation_failed",
        )
        .await;
        let unchanged = expect_status(app.get(root, &format!("/campaigns/{id}"), &cred).await, 200).await;
        assert_eq!(unchanged["data"]["publish"], json!("private"), "a refused update changes nothing");
        expect_error(app.get(root, &format!("/campaigns/{id}/stats?days=0"), &cred).await, 400, "invalid_query").await;
        expect_error(app.get(root, &format!("/campaigns/{id}/stats?days=366"), &cred).await, 400, "invalid_query")
            .await;
        expect_error(app.get(root, "/campaigns?brand_id=abc", &cred).await, 400, "invalid_query").await;
    }
}

#[tokio::test]
async fn campaign_lists_filter_by_brand_and_paginate() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("camplist").await;
    let cred = member.bearer();
    let a = app.brand(&member, "https://a.example.com").await;
    let b = app.brand(&member, "https://b.example.com").await;
    for i in 0..3 {
        app.campaign(&member, a, json!({"name": format!("a{i}")})).await;
    }
    app.campaign(&member, b, json!({"name": "b0"})).await;
    for root in ROOTS {
        let all = expect_status(app.get(root, "/campaigns", &cred).await, 200).await;
        assert_eq!(all["data"]["pagination"]["total"], json!(4));
        assert_eq!(all["data"]["campaigns"][0]["name"], json!("b0"), "newest first");
        let only_a =
            expect_status(app.get(root, &format!("/campaigns?brand_id={a}&limit=2&page=2"), &cred).await, 200).await;
        assert_eq!(only_a["data"]["pagination"], json!({"page": 2, "limit": 2, "total": 3, "totalPages": 2}));
        assert_eq!(only_a["data"]["campaigns"][0]["name"], json!("a0"));
    }
}

#[tokio::test]
async fn campaign_stats_count_signups_per_day() {
    let app = TestApp::spawn().await;
    let member = app.member("cstats").await;
    let brand = app.brand(&member, "https://cstats.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "Thank you"})).await;
    let id = campaign["id"].as_u64().unwrap();
    let referrer = app.participant(&member, id, "r@cstats.example").await;
    for i in 0..2 {
        expect_status(
            app.refer(&member, referrer["referral_code"].as_str().unwrap(), &format!("f{i}@cstats.example")).await,
            201,
        )
        .await;
    }
    for root in ROOTS {
        let stats =
            expect_status(app.get(root, &format!("/campaigns/{id}/stats?days=7"), &member.bearer()).await, 200).await;
        let data = &stats["data"];
        assert_eq!(
            (data["participants"].as_u64(), data["referrals"].as_u64(), data["rewards_issued"].as_u64()),
            (Some(3), Some(2), Some(2))
        );
        let days = data["daily_signups"].as_array().unwrap();
        assert_eq!(days.len(), 7);
        assert_eq!(days[6]["date"], json!(chrono::Utc::now().date_naive().to_string()));
        assert_eq!(days[6]["signups"], json!(3));
        assert!(days[..6].iter().all(|d| d["signups"] == json!(0)));
        let default =
            expect_status(app.get(root, &format!("/campaigns/{id}/stats"), &member.bearer()).await, 200).await;
        assert_eq!(default["data"]["daily_signups"].as_array().unwrap().len(), 30);
    }
}

#[tokio::test]
async fn coupons_upload_as_json_or_csv_skipping_blanks_and_duplicates() {
    let app = TestApp::spawn().await;
    let member = app.member("coupons").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://coupons.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await;
    let id = campaign["id"].as_u64().unwrap();
    let path = format!("/campaigns/{id}/coupons");

    let first =
        expect_status(app.post_json("/api/v1", &path, &cred, &json!(["A1", "A2", "", "A1", "bad code"])).await, 201)
            .await;
    assert_eq!(
        (
            first["data"]["added"].as_u64(),
            first["data"]["skipped_duplicates"].as_u64(),
            first["data"]["skipped_blank"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(first["data"]["invalid"], json!([{"line": 5, "reason": "code contains spaces or control characters"}]));

    let csv = "code\nA2\nB1\n\nB2\nB1\n";
    let response = app
        .request(reqwest::Method::POST, "/v1", &path, &cred)
        .header("content-type", "text/csv")
        .body(csv)
        .send()
        .await
        .unwrap();
    let second = expect_status(response, 201).await;
    assert_eq!(
        (
            second["data"]["added"].as_u64(),
            second["data"]["skipped_duplicates"].as_u64(),
            second["data"]["skipped_blank"].as_u64()
        ),
        (Some(2), Some(2), Some(1))
    );
    assert_eq!(second["data"]["pool"]["available"], json!(4));

    let wrapped = expect_status(app.post_json("/v1", &path, &cred, &json!({"codes": ["C1"]})).await, 201).await;
    assert_eq!(wrapped["data"]["added"], json!(1));

    for root in ROOTS {
        let pool = expect_status(app.get(root, &path, &cred).await, 200).await;
        assert_eq!(
            pool["data"],
            json!({"uploaded": 5, "available": 5, "used": 0, "pending_rewards": 0, "campaign_id": id})
        );
        let wrong_type = app
            .request(reqwest::Method::POST, root, &path, &cred)
            .header("content-type", "application/xml")
            .body("<codes/>")
            .send()
            .await
            .unwrap();
        expect_error(wrong_type, 400, "unsupported_content_type").await;
        expect_error(app.post_json(root, &path, &cred, &json!({"nope": 1})).await, 400, "invalid_body").await;
    }
    let cash = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await;
    let cash_path = format!("/campaigns/{}/coupons", cash["id"]);
    expect_error(app.post_json("/api/v1", &cash_path, &cred, &json!(["X"])).await, 400, "not_a_coupon_campaign").await;
}

/// The spec's own minimal request (`name`, `url_id`, `type_id`, `reward_type`) creates a
/// custom-message campaign with the default message; cash still needs its amount.
#[tokio::test]
async fn the_specs_minimal_message_campaign_is_created_with_the_default_message() {
    let app = TestApp::spawn().await;
    let member = app.member("minimalmsg").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://minimal.example.com").await;
    for root in ROOTS {
        let body = json!({"name": "Spring", "url_id": brand, "type_id": 1, "reward_type": 3});
        let response = app.post_json(root, "/campaigns", &cred, &body).await;
        assert_eq!(response.status(), 201, "{root}");
        let created: Value = response.json().await.unwrap();
        let expected = referrals::domain::campaign::DEFAULT_REWARD_MESSAGE;
        assert_eq!(created["data"]["reward_value"], expected);
        let id = created["data"]["id"].as_u64().unwrap();
        let read: Value = app.get(root, &format!("/campaigns/{id}"), &cred).await.json().await.unwrap();
        assert_eq!(read["data"]["reward"]["value"], expected);

        let cash = json!({"name": "Cash", "url_id": brand, "type_id": 1, "reward_type": 5});
        let message =
            expect_error(app.post_json(root, "/campaigns", &cred, &cash).await, 400, "validation_failed").await;
        assert!(message.contains("reward_value"), "{message}");
    }
}

/// A campaign's emails: all off by default, each changed field by field, kept across a
/// restart, refused with a message naming the field, and only in the campaign's own read.
#[tokio::test]
async fn campaign_emails_are_off_until_turned_on_and_their_templates_are_checked() {
    let mut app = TestApp::spawn().await;
    let member = app.member("campaign-emails").await;
    let brand = app.brand(&member, "https://campaign-emails.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await;
    let id = campaign["id"].as_u64().unwrap();
    for kind in ["welcome", "friend_joined", "reward"] {
        assert_eq!(campaign["emails"][kind]["enabled"], json!(false), "{kind}");
        assert!(campaign["emails"][kind]["placeholders"].as_array().unwrap().contains(&json!("{{name}}")));
    }
    let change = json!({"emails": {"welcome": {"enabled": true, "subject": "Welcome, {{name}}", "text": "Your link: {{referral_link}}"}}});
    let changed =
        expect_status(app.put_json("/api/v1", &format!("/campaigns/{id}"), &member.bearer(), &change).await, 200).await;
    let welcome = &changed["data"]["emails"]["welcome"];
    assert_eq!((&welcome["enabled"], &welcome["subject"]), (&json!(true), &json!("Welcome, {{name}}")));
    assert_eq!(changed["data"]["emails"]["reward"], campaign["emails"]["reward"], "untouched");

    for (bad, says) in [
        (json!({"emails": {"welcome": {"text": "{{reward}}"}}}), "emails.welcome.text: unknown placeholder {{reward}}"),
        (
            json!({"emails": {"reward": {"subject": "Hi\nBcc: everyone@example.com"}}}),
            "emails.reward.subject: must be one line",
        ),
        (json!({"emails": {"farewell": {"enabled": true}}}), "farewell"),
        (json!({"emails": "on"}), "expected a map"),
    ] {
        let refused = app.put_json("/api/v1", &format!("/campaigns/{id}"), &member.bearer(), &bad).await;
        let status = refused.status().as_u16();
        let body: Value = refused.json().await.unwrap();
        assert_eq!(status, 400, "{body}");
        assert!(body["error"].as_str().unwrap().contains(says), "{body}");
    }

    app.restart().await;
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &member.bearer()).await, 200).await;
    assert_eq!(read["data"]["emails"]["welcome"], *welcome, "kept as changed");
    let listed = expect_status(app.get("/api/v1", "/campaigns", &member.bearer()).await, 200).await;
    assert!(listed["data"]["campaigns"][0].get("emails").is_none(), "lists stay small");
}
