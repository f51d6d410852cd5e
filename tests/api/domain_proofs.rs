//! Domain proofs: a partner site (domain participant) or a brand attributes nothing until its
//! domain is proven by the `.well-known/referrals-verify.txt` file the server fetches (served
//! here by a site on loopback, the port given by `webhooks.domain_check_port`). The public
//! widget cannot claim a domain at all, and another member's brand on the same domain
//! attributes nothing until it proves it too.

use reqwest::Method;
use serde_json::{json, Value};

use crate::dashboard::{token_of, Browser};
use crate::helpers::*;
use crate::receiver::Receiver;

/// A server that fetches proof files from `site` (loopback, so private targets are allowed).
fn checking(site: &Receiver) -> Options {
    Options {
        config: Some(format!(
            "[webhooks]\nallow_private_targets = true\ntimeout_secs = 5.0\ndomain_check_port = {}\n",
            site.port
        )),
        ..Options::with_admin()
    }
}

async fn click(app: &TestApp, from: &str, to: &str) -> Value {
    let response = app.client.get(format!("{}/api/click?from={from}&to={to}", app.address)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    response.json().await.unwrap()
}

async fn partner(app: &TestApp, member: &TestMember, campaign: u64, email: &str, domain: &str) -> u64 {
    let body = json!({"campaign_id": campaign, "email": email, "domain": domain});
    let created = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    created["data"]["participant"]["id"].as_u64().unwrap()
}

/// Who referred the visitor the widget signed up with `ref`.
async fn widget_referrer(app: &TestApp, member: &TestMember, campaign: u64, email: &str, referrer: &str) -> Value {
    let body = json!({"campaign_id": campaign, "email": email, "ref": referrer});
    let signed = app.client.post(format!("{}/api/widget/signup", app.address)).json(&body).send().await.unwrap();
    expect_status(signed, 201).await;
    let list = app.get("/api/v1", &format!("/participants?campaign_id={campaign}&limit=100"), &member.bearer()).await;
    let list = expect_status(list, 200).await;
    let people = list["data"]["participants"].as_array().unwrap().clone();
    people.into_iter().find(|p| p["email"] == json!(email)).unwrap()["referred_by"].clone()
}

async fn proof(app: &TestApp, member: &TestMember, method: Method, path: &str) -> reqwest::Response {
    app.request(method, "/api/v1", path, &member.bearer()).send().await.unwrap()
}

#[tokio::test]
async fn only_a_proven_partner_site_in_a_proven_brand_attributes() {
    let site = Receiver::start().await;
    site.set_default_status(404);
    let app = TestApp::spawn_with(checking(&site)).await;
    let member = app.member("proofs").await;
    // The brand's shop is `localhost`, the partner's blog `127.0.0.1`: both on the site.
    let brand = app.brand(&member, "http://localhost").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let blog = partner(&app, &member, campaign, "owner@blog.example", "127.0.0.1").await;
    let unproven = partner(&app, &member, campaign, "owner@typed.example", "partner.example").await;

    // The widget takes no website: nobody claims a domain from a public form.
    let claim = json!({"campaign_id": campaign, "email": "squatter@mail.example", "domain": "big-partner.example"});
    let claimed = app.client.post(format!("{}/api/widget/signup", app.address)).json(&claim).send().await.unwrap();
    let message = expect_error(claimed, 400, "validation_failed").await;
    assert!(message.contains("domain is not taken by the widget"), "{message}");

    // Nothing is proven: no click counts, no `ref=<domain>` signup is credited.
    assert_eq!(click(&app, "127.0.0.1", "localhost").await["ok"], false);
    assert_eq!(widget_referrer(&app, &member, campaign, "early@mail.example", "127.0.0.1").await, Value::Null);
    let path = format!("/participants/{blog}/domain-proof");
    let status = expect_status(proof(&app, &member, Method::GET, &path).await, 200).await["data"].clone();
    assert_eq!(status["verified"], false);
    assert_eq!(status["domain"], "127.0.0.1");
    let file_url = format!("http://127.0.0.1:{}/.well-known/referrals-verify.txt", site.port);
    assert_eq!(status["file_url"], json!(file_url));
    let line = status["line"].as_str().unwrap().to_owned();
    assert!(line.starts_with("referrals-verify="), "{line}");

    // The site has no file yet, then a file without the line: each refusal says what is wrong.
    let refused = expect_error(proof(&app, &member, Method::POST, &path).await, 409, "domain_not_proven").await;
    assert!(refused.contains("answered 404") && refused.contains(&line), "{refused}");
    site.set_default_status(200);
    site.serve("referrals-verify=someone-else\n");
    let refused = expect_error(proof(&app, &member, Method::POST, &path).await, 409, "domain_not_proven").await;
    assert!(refused.contains("does not hold the line"), "{refused}");

    // The partner puts its line up (beside another programme's): proven.
    let brand_path = format!("/brands/{brand}/domain-proof");
    let brand_line =
        expect_status(proof(&app, &member, Method::GET, &brand_path).await, 200).await["data"]["line"].clone();
    assert_ne!(brand_line, json!(line), "each subject has its own line");
    site.serve(&format!("referrals-verify=someone-else\r\n{line}\r\n"));
    let proven = expect_status(proof(&app, &member, Method::POST, &path).await, 200).await["data"].clone();
    assert_eq!((proven["verified"].clone(), proven["verified_by"].clone()), (json!(true), json!("file")), "{proven}");
    assert!(site.received().iter().all(|r| r.path == "/.well-known/referrals-verify.txt"));
    let again = expect_status(proof(&app, &member, Method::GET, &path).await, 200).await;
    assert_eq!(again["data"]["verified_at"], proven["verified_at"]);

    // A proven partner credits its visitors; its clicks wait for the brand's own proof.
    assert_eq!(widget_referrer(&app, &member, campaign, "reader@mail.example", "127.0.0.1").await, json!(blog));
    assert_eq!(click(&app, "127.0.0.1", "localhost").await["ok"], false, "the brand is not proven");
    site.serve(&format!("{line}\n{}\n", brand_line.as_str().unwrap()));
    expect_status(proof(&app, &member, Method::POST, &brand_path).await, 200).await;
    let counted = click(&app, "127.0.0.1", "localhost").await;
    assert_eq!(counted, json!({"ok": true, "campaignId": campaign, "participantId": blog, "to": "localhost"}));
    // The partner whose domain was only typed in stays uncredited.
    assert_eq!(click(&app, "partner.example", "localhost").await["ok"], false);
    assert_eq!(widget_referrer(&app, &member, campaign, "typed@mail.example", "partner.example").await, Value::Null);
    let typed = format!("/participants/{unproven}/domain-proof");
    assert_eq!(expect_status(proof(&app, &member, Method::GET, &typed).await, 200).await["data"]["verified"], false);

    // Another member registers a brand on the same shop domain, with the same blog as a
    // partner (whose owner even proves it there): with its brand unproven, the blog's
    // clicks to the shop still count for the first member's campaign alone.
    let other = app.member("squatter").await;
    let their_brand = app.brand(&other, "http://localhost/shop").await;
    let their_campaign = app.campaign(&other, their_brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"]
        .as_u64()
        .unwrap();
    let their_blog = partner(&app, &other, their_campaign, "owner@blog.example", "127.0.0.1").await;
    let their_path = format!("/participants/{their_blog}/domain-proof");
    let their_line = expect_status(proof(&app, &other, Method::GET, &their_path).await, 200).await["data"]["line"]
        .as_str()
        .unwrap()
        .to_owned();
    site.serve(&format!("{line}\n{}\n{their_line}\n", brand_line.as_str().unwrap()));
    expect_status(proof(&app, &other, Method::POST, &their_path).await, 200).await;
    for _ in 0..3 {
        assert_eq!(click(&app, "127.0.0.1", "localhost").await["campaignId"], json!(campaign));
    }
    let their_brand_path = format!("/brands/{their_brand}/domain-proof");
    let their_brand_status = expect_status(proof(&app, &other, Method::GET, &their_brand_path).await, 200).await;
    assert_eq!(their_brand_status["data"]["verified"], false);
    // Nor does one member read or check another's proofs.
    expect_error(proof(&app, &other, Method::POST, &path).await, 404, "not_found").await;
    expect_error(proof(&app, &other, Method::GET, &brand_path).await, 404, "not_found").await;

    app.wait_for_count(&member, campaign, "clicks", 4).await;
    assert_eq!(app.campaign_stats(&other, their_campaign).await["clicks"], 0);
}

#[tokio::test]
async fn a_participant_without_a_website_has_nothing_to_prove_and_the_operator_can_vouch() {
    let site = Receiver::start().await;
    let app = TestApp::spawn_with(checking(&site)).await;
    let member = app.member("vouch").await;
    let brand = app.brand(&member, "https://vouched.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let person = app.participant(&member, campaign, "plain@mail.example").await["id"].as_u64().unwrap();
    let path = format!("/participants/{person}/domain-proof");
    expect_error(proof(&app, &member, Method::GET, &path).await, 409, "no_domain").await;
    expect_error(proof(&app, &member, Method::POST, &path).await, 409, "no_domain").await;
    let admin = app.admin(Method::POST, &path, ADMIN_TOKEN).send().await.unwrap();
    expect_error(admin, 409, "no_domain").await;

    // A site the operator knows, which cannot serve the file: vouched for, it attributes.
    let shop = partner(&app, &member, campaign, "owner@shop.example", "shop-partner.example").await;
    assert_eq!(click(&app, "shop-partner.example", "vouched.example").await["ok"], false);
    app.vouch("participants", shop).await;
    app.vouch("brands", brand).await;
    assert_eq!(click(&app, "shop-partner.example", "vouched.example").await["participantId"], json!(shop));
    let status =
        expect_status(proof(&app, &member, Method::GET, &format!("/brands/{brand}/domain-proof")).await, 200).await;
    assert_eq!(status["data"]["verified_by"], "operator");
    assert!(site.received().is_empty(), "vouching fetches nothing");
}

/// The dashboard shows a brand's and a partner's proof on their pages, says what to put
/// where until it is proven, and checks on a click, saying why a check failed.
#[tokio::test]
async fn the_dashboard_says_how_to_prove_a_domain_and_checks_it() {
    let site = Receiver::start().await;
    site.set_default_status(404);
    let app = TestApp::spawn_with(checking(&site)).await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("http://localhost", "A shop on loopback").await;
    let page_path = format!("/dashboard/brands/{brand}");
    let page = browser.get(&page_path).await;
    assert!(
        page.body.contains("localhost is not proven yet: until it is, its clicks count for nothing"),
        "{}",
        page.body
    );
    let line = expect_status(app.get("/api/v1", &format!("/brands/{brand}/domain-proof"), &cred).await, 200).await
        ["data"]["line"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(page.body.contains(&line), "the page shows the line to put up");

    let action = format!("/dashboard/brands/{brand}/domain-proof");
    let refused = browser.submit(&page_path, &action, &[]).await;
    assert_eq!(refused.status, 409);
    assert!(refused.body.contains("answered 404") && refused.body.contains("Check now"), "{}", refused.body);

    site.set_default_status(200);
    site.serve(&line);
    let proven = browser.submit(&page_path, &action, &[]).await;
    assert_eq!((proven.status, proven.location()), (303, format!("{page_path}?notice=domain-proven").as_str()));
    let page = browser.get(proven.location()).await;
    assert!(page.body.contains("The domain is proven") && page.body.contains("localhost is proven ("), "{}", page.body);

    // A partner site's page does the same.
    let campaign = app
        .post_json(
            "/api/v1",
            "/campaigns",
            &cred,
            &json!({"name": "P", "url_id": brand, "reward_type": 3, "reward_value": "hi"}),
        )
        .await;
    let campaign = expect_status(campaign, 201).await["data"]["id"].as_u64().unwrap();
    let blog = partner_with(&app, &cred, campaign, "127.0.0.1").await;
    let partner_page = format!("/dashboard/participants/{blog}");
    let page = browser.get(&partner_page).await;
    assert!(page.body.contains("127.0.0.1 is not proven yet: until it is, its tracker clicks"), "{}", page.body);
    let blog_line = expect_status(app.get("/api/v1", &format!("/participants/{blog}/domain-proof"), &cred).await, 200)
        .await["data"]["line"]
        .as_str()
        .unwrap()
        .to_owned();
    site.serve(&format!("{line}\n{blog_line}\n"));
    let proven = browser.submit(&partner_page, &format!("{partner_page}/domain-proof"), &[]).await;
    assert_eq!(proven.status, 303, "{}", proven.body);
    assert!(browser.get(proven.location()).await.body.contains("127.0.0.1 is proven ("));
}

async fn partner_with(app: &TestApp, cred: &Cred, campaign: u64, domain: &str) -> u64 {
    let body = json!({"campaign_id": campaign, "email": "owner@blog.example", "domain": domain});
    let created = expect_status(app.post_json("/api/v1", "/signups", cred, &body).await, 201).await;
    created["data"]["participant"]["id"].as_u64().unwrap()
}

/// Each check is a request to someone's site: an account gets ten at once, then one each six
/// seconds, and a check refused for that fetches nothing.
#[tokio::test]
async fn an_account_checks_ten_times_at_once_and_no_more() {
    let site = Receiver::start().await;
    site.set_default_status(404);
    let app = TestApp::spawn_with(checking(&site)).await;
    let member = app.member("checks").await;
    let brand = app.brand(&member, "http://localhost").await;
    let path = format!("/brands/{brand}/domain-proof");
    for _ in 0..10 {
        expect_error(proof(&app, &member, Method::POST, &path).await, 409, "domain_not_proven").await;
    }
    expect_error(proof(&app, &member, Method::POST, &path).await, 429, "rate_limited").await;
    assert_eq!(site.received().len(), 10, "the refused check fetched nothing");
    // Reading the status is not a check.
    expect_status(proof(&app, &member, Method::GET, &path).await, 200).await;
}
