//! A member can never read, change, delete or list another member's brands, campaigns,
//! participants or coupon pool: every attempt is a 404 or an empty list.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_second_member_cannot_reach_anything_of_the_first() {
    let app = TestApp::spawn().await;
    let owner = app.member("owner").await;
    let intruder = app.member("intruder").await;
    let brand = app.brand(&owner, "https://owned.example.com").await;
    let campaign = app.campaign(&owner, brand, json!({})).await["id"].as_u64().unwrap();
    app.upload_coupons(&owner, campaign, &["SECRET1".to_string(), "SECRET2".to_string()]).await;
    let participant = app.participant(&owner, campaign, "p@owned.example").await;
    let pid = participant["id"].as_u64().unwrap();
    let code = participant["referral_code"].as_str().unwrap().to_owned();
    let cred = intruder.bearer();
    let key = Cred::Key(app.api_key(&intruder).await);

    for root in ROOTS {
        for who in [&cred, &key] {
            for path in [
                format!("/brands/{brand}"),
                format!("/brands/{brand}/stats"),
                format!("/campaigns/{campaign}"),
                format!("/campaigns/{campaign}/stats"),
                format!("/campaigns/{campaign}/coupons"),
                format!("/participants/{pid}"),
            ] {
                expect_error(app.get(root, &path, who).await, 404, "not_found").await;
            }
            expect_error(
                app.put_json(root, &format!("/brands/{brand}"), who, &json!({"description": "mine now"})).await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.put_json(root, &format!("/campaigns/{campaign}"), who, &json!({"name": "mine now"})).await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.post_json(root, &format!("/campaigns/{campaign}/coupons"), who, &json!(["X"])).await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.post_json(root, &format!("/participants/{pid}/invites"), who, &json!({"emails": ["a@b.com"]}))
                    .await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.post_json(root, "/campaigns", who, &json!({"name": "x", "url_id": brand, "reward_type": 1})).await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.post_json(root, "/signups", who, &json!({"campaign_id": campaign, "email": unique_email("x")}))
                    .await,
                404,
                "not_found",
            )
            .await;
            expect_error(
                app.post_json(
                    root,
                    "/signups/referral",
                    who,
                    &json!({"referral_code": code, "email": unique_email("x")}),
                )
                .await,
                400,
                "invalid_referral_code",
            )
            .await;
            for list in [
                "/brands",
                "/campaigns",
                &format!("/campaigns?brand_id={brand}"),
                "/participants",
                &format!("/participants?campaign_id={campaign}"),
            ] {
                let body = expect_status(app.get(root, list, who).await, 200).await;
                let items = body["data"].as_object().unwrap().iter().find(|(k, _)| *k != "pagination").unwrap().1;
                assert_eq!(items, &json!([]), "{list}");
                assert_eq!(body["data"]["pagination"]["total"], json!(0), "{list}");
            }
            expect_error(app.delete(root, &format!("/campaigns/{campaign}"), who).await, 404, "not_found").await;
            expect_error(app.delete(root, &format!("/brands/{brand}"), who).await, 404, "not_found").await;
        }
    }
    // Everything of the owner is intact.
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &owner.bearer()).await, 200).await;
    assert_eq!(pool["data"]["available"], json!(2));
    let brand_now = expect_status(app.get("/api/v1", &format!("/brands/{brand}"), &owner.bearer()).await, 200).await;
    assert_eq!(brand_now["data"]["description"], json!("test brand"));
    let listed = expect_status(app.get("/api/v1", "/participants", &owner.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(1));
}
