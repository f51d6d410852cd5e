//! `GET /r/{code}`: counts the click, sets the visitor cookie and redirects to the brand.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_referral_link_counts_a_click_and_redirects_to_the_brand_with_the_code() {
    let app = TestApp::spawn().await;
    let member = app.member("links").await;
    let brand = app.brand(&member, "https://links.example.com/shop?utm=x").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign, "ref@links.example").await;
    let code = referrer["referral_code"].as_str().unwrap();

    let response = app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 302);
    assert_eq!(response.headers()["location"], format!("https://links.example.com/shop?utm=x&ref={code}").as_str());
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("ref_visitor=") && cookie.contains("HttpOnly"), "{cookie}");

    // Without the cookie, the same client (address and user agent) is the same visitor.
    app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    let stats =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &member.bearer()).await, 200).await;
    assert_eq!((stats["data"]["clicks"].as_u64(), stats["data"]["unique_visits"].as_u64()), (Some(2), Some(1)));
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await, 200)
            .await;
    assert_eq!(detail["data"]["clicks"], json!(2));
}

#[tokio::test]
async fn unknown_or_forged_referral_links_are_404_and_redirect_nowhere() {
    let app = TestApp::spawn().await;
    let member = app.member("badlinks").await;
    let brand = app.brand(&member, "https://badlinks.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    use base64::Engine;
    let b64 = |t: String| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(t);
    for code in [
        "garbage!!".to_string(),
        b64(format!("{campaign}:link:999999999")),
        b64("999999999:link:1".into()),
        b64(format!("{campaign}:link")),
        "%2F%2Fevil.example".into(),
    ] {
        let response = app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
        assert!(response.headers().get("location").is_none(), "{code}");
        expect_error(response, 404, "not_found").await;
    }
}

/// A person whose browser follows a broken link sees a page that says so, or lands on the
/// brand's site when the campaign is known; an API client still gets the envelope.
#[tokio::test]
async fn a_person_following_a_broken_link_sees_a_page_not_json() {
    let app = TestApp::spawn().await;
    let member = app.member("brokenlinks").await;
    let brand = app.brand(&member, "https://brokenlinks.example.com/shop").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    use base64::Engine;
    let b64 = |t: String| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(t);
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    for code in ["garbage!!".to_string(), b64("999999999:link:1".into())] {
        let page = app.client.get(format!("{}/r/{code}", app.address)).header("Accept", browser).send().await.unwrap();
        assert_eq!(page.status().as_u16(), 404, "{code}");
        assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
        assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
        assert!(page.headers().get("location").is_none());
        let html = page.text().await.unwrap();
        assert!(html.contains("This referral link is not valid"), "{html}");
        assert!(!html.contains("<script"), "a static page");

        let api = app.client.get(format!("{}/r/{code}", app.address)).header("Accept", "application/json").send();
        expect_error(api.await.unwrap(), 404, "not_found").await;
    }

    // The campaign is known but the participant is not: on to the brand's site, no ref.
    let stranger = b64(format!("{campaign}:link:999999999"));
    let landed =
        app.client.get(format!("{}/r/{stranger}", app.address)).header("Accept", browser).send().await.unwrap();
    assert_eq!(landed.status().as_u16(), 302);
    assert_eq!(landed.headers()["location"], "https://brokenlinks.example.com/shop");
    let stats =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &member.bearer()).await, 200).await;
    assert_eq!(stats["data"]["clicks"], json!(0), "a broken link counts nothing");
}
