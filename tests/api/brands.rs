//! Brands: create (domain extraction), list, read, update, delete (cascade), stats.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_brand_is_created_from_a_url_listed_read_updated_and_deleted_on_both_roots() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("brands").await;
    let cred = member.bearer();
    for (i, root) in ROOTS.iter().enumerate() {
        let url = format!("https://www.Shop{i}.Example.com:8443/home?x=1");
        let created = expect_status(
            app.post_json(root, "/brands", &cred, &json!({"url": url, "description": "Our shop"})).await,
            201,
        )
        .await;
        let brand = &created["data"];
        assert_eq!(brand["domain"], json!(format!("shop{i}.example.com")));
        assert_eq!(brand["description"], json!("Our shop"));
        assert_eq!(brand["logo_url"], json!(null));
        let id = brand["id"].as_u64().unwrap();

        let read = expect_status(app.get(root, &format!("/brands/{id}"), &cred).await, 200).await;
        assert_eq!(read["data"], *brand);

        let updated = expect_status(
            app.put_json(
                root,
                &format!("/brands/{id}"),
                &cred,
                &json!({"description": "New words", "logo_url": "https://cdn.example.com/logo.png"}),
            )
            .await,
            200,
        )
        .await;
        assert_eq!(updated["data"]["description"], json!("New words"));
        assert_eq!(updated["data"]["logo_url"], json!("https://cdn.example.com/logo.png"));
        assert_eq!(updated["data"]["domain"], brand["domain"], "the domain never changes");
        let cleared =
            expect_status(app.put_json(root, &format!("/brands/{id}"), &cred, &json!({"logo_url": null})).await, 200)
                .await;
        assert_eq!(cleared["data"]["logo_url"], json!(null));
        assert_eq!(cleared["data"]["description"], json!("New words"));
    }
    let list = expect_status(app.get("/v1", "/brands?limit=1", &cred).await, 200).await;
    assert_eq!(list["data"]["pagination"], json!({"page": 1, "limit": 1, "total": 2, "totalPages": 2}));
    assert_eq!(list["data"]["brands"][0]["domain"], json!("shop1.example.com"), "newest first");
    let second = expect_status(app.get("/v1", "/brands?limit=1&page=2", &cred).await, 200).await;
    assert_eq!(second["data"]["brands"][0]["domain"], json!("shop0.example.com"));
}

#[tokio::test]
async fn brand_failures_have_their_statuses() {
    let app = TestApp::spawn().await;
    let member = app.member("brandfail").await;
    let cred = member.bearer();
    let id = app.brand(&member, "https://dup.example.com").await;
    for root in ROOTS {
        let dup = app.post_json(root, "/brands", &cred, &json!({"url": "http://WWW.dup.example.com/other"})).await;
        assert!(expect_error(dup, 409, "domain_taken").await.contains("dup.example.com"));
        for bad in [
            json!({"url": "ftp://x.example"}),
            json!({"url": ""}),
            json!({"url": "javascript:alert(1)"}),
            json!({"description": "no url"}),
        ] {
            let response = app.post_json(root, "/brands", &cred, &bad).await;
            assert_eq!(response.status().as_u16(), 400, "{bad}");
        }
        expect_error(
            app.put_json(root, &format!("/brands/{id}"), &cred, &json!({"logo_url": "not a url at all"})).await,
            400,
            "validation_failed",
        )
        .await;
        expect_error(app.put_json(root, &format!("/brands/{id}"), &cred, &json!({})).await, 400, "validation_failed")
            .await;
        // Control characters, NUL among them, are refused as in every other text field.
        for words in ["nul\u{0}inside", "bell\u{7}", "escape \u{1b}[2J"] {
            let changes = json!({"description": words});
            let refused = app.put_json(root, &format!("/brands/{id}"), &cred, &changes).await;
            assert!(expect_error(refused, 400, "validation_failed").await.contains("control characters"), "{words:?}");
        }
        let lines = json!({"description": "Two\nlines"});
        let kept = expect_status(app.put_json(root, &format!("/brands/{id}"), &cred, &lines).await, 200).await;
        assert_eq!(kept["data"]["description"], json!("Two\nlines"));
        expect_error(app.get(root, "/brands/999999999", &cred).await, 404, "not_found").await;
        expect_error(app.get(root, "/brands/abc", &cred).await, 404, "not_found").await;
        expect_error(app.get(root, "/brands?page=0", &cred).await, 400, "validation_failed").await;
        expect_error(app.get(root, "/brands?limit=x", &cred).await, 400, "validation_failed").await;
        expect_error(app.get(root, "/brands", &Cred::None).await, 401, "unauthorized").await;
        expect_error(app.delete(root, "/brands/999999999", &cred).await, 404, "not_found").await;
    }
    let clamped = expect_status(app.get("/v1", "/brands?limit=500", &cred).await, 200).await;
    assert_eq!(clamped["data"]["pagination"]["limit"], json!(100));
}

#[tokio::test]
async fn deleting_a_brand_deletes_its_campaigns_participants_and_frees_its_domain() {
    let app = TestApp::spawn().await;
    let member = app.member("cascade").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://cascade.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await;
    let campaign_id = campaign["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign_id, "ref@cascade.example").await;
    let referred = expect_status(
        app.refer(&member, referrer["referral_code"].as_str().unwrap(), "new@cascade.example").await,
        201,
    )
    .await;
    let referred_id = referred["data"]["participant"]["id"].as_u64().unwrap();

    let deleted = expect_status(app.delete("/api/v1", &format!("/brands/{brand}"), &cred).await, 200).await;
    assert_eq!(deleted["data"]["deleted"], json!(true));
    expect_error(app.get("/api/v1", &format!("/brands/{brand}"), &cred).await, 404, "not_found").await;
    expect_error(app.get("/api/v1", &format!("/campaigns/{campaign_id}"), &cred).await, 404, "not_found").await;
    expect_error(app.get("/api/v1", &format!("/participants/{referred_id}"), &cred).await, 404, "not_found").await;
    let participants = expect_status(app.get("/api/v1", "/participants", &cred).await, 200).await;
    assert_eq!(participants["data"]["pagination"]["total"], json!(0));
    let campaigns = expect_status(app.get("/api/v1", "/campaigns", &cred).await, 200).await;
    assert_eq!(campaigns["data"]["pagination"]["total"], json!(0));
    // The domain is free again.
    app.brand(&member, "https://cascade.example.com").await;
}

#[tokio::test]
async fn brand_stats_add_up_the_campaigns() {
    let app = TestApp::spawn().await;
    let member = app.member("bstats").await;
    let brand = app.brand(&member, "https://stats.example.com").await;
    let mut codes = Vec::new();
    for name in ["one", "two"] {
        let campaign =
            app.campaign(&member, brand, json!({"name": name, "reward_type": 3, "reward_value": "Thanks!"})).await;
        let referrer = app.participant(&member, campaign["id"].as_u64().unwrap(), &unique_email(name)).await;
        codes.push(referrer["referral_code"].as_str().unwrap().to_owned());
    }
    expect_status(app.refer(&member, &codes[0], &unique_email("r")).await, 201).await;
    let link = app.client.get(format!("{}/r/{}", app.address, codes[1])).send().await.unwrap();
    assert_eq!(link.status().as_u16(), 302);
    for root in ROOTS {
        let stats = expect_status(app.get(root, &format!("/brands/{brand}/stats"), &member.bearer()).await, 200).await;
        let data = &stats["data"];
        assert_eq!(
            (data["campaigns"].as_u64(), data["participants"].as_u64(), data["referrals"].as_u64()),
            (Some(2), Some(3), Some(1))
        );
        assert_eq!(
            (data["clicks"].as_u64(), data["shares"].as_u64(), data["impressions"].as_u64()),
            (Some(1), Some(0), Some(0))
        );
        assert_eq!(data["rewards_issued"], json!(1));
    }
}
