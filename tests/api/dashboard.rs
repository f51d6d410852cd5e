//! The member dashboard over HTTP, as a browser uses it: forms, cookies and redirects. The
//! pages are HTML, so these requests go through a plain client with a cookie jar of its own
//! (`Browser`), not the API client that checks answers against the OpenAPI document.
//! The same paths in real Chromium: `tests/browser/dashboard.mjs`.

use std::collections::BTreeMap;

use reqwest::header::HeaderMap;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{expect_error, expect_status, plain_client, unique_email, Cred, Options, TestApp, ADMIN_TOKEN};
use crate::receiver::Receiver;
use crate::webhooks::{verify_signature, webhook_config, WAIT};

/// A browser's view of the dashboard: a cookie jar, and the origin its forms come from.
pub struct Browser<'a> {
    app: &'a TestApp,
    client: reqwest::Client,
    cookies: BTreeMap<String, String>,
}

/// One answer: status, headers, body.
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Answer {
    pub fn location(&self) -> &str {
        self.headers.get("location").and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// The value of the form token on this page.
    pub fn token(&self) -> String {
        let start = self.body.find("name=\"csrf\" value=\"").expect("a form token on the page") + 19;
        self.body[start..start + self.body[start..].find('"').unwrap()].to_owned()
    }

    /// The `Set-Cookie` header that sets `name`.
    fn set_cookie(&self, name: &str) -> String {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no Set-Cookie for {name}: {:?}", self.headers))
            .to_owned()
    }
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Self {
        Self { app, client: plain_client(), cookies: BTreeMap::new() }
    }

    /// The value of the cookie `name`, if the browser holds it.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.cookies.get(name).cloned()
    }

    /// Takes the other browser's cookies: a second tab of the same session.
    pub fn share_session_of(&mut self, other: &Browser<'_>) {
        self.cookies = other.cookies.clone();
    }

    fn keep_cookies(&mut self, headers: &HeaderMap) {
        for value in headers.get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()) {
            let pair = value.split(';').next().unwrap_or("");
            let (name, cookie) = pair.split_once('=').expect("name=value");
            if cookie.is_empty() || value.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), cookie.to_owned());
            }
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    async fn send(&mut self, request: reqwest::RequestBuilder) -> Answer {
        let response = request.header("cookie", self.cookie_header()).send().await.expect("request sent");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.text().await.expect("body");
        self.keep_cookies(&headers);
        Answer { status, headers, body }
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        let request = self.client.get(format!("{}{path}", self.app.address));
        self.send(request).await
    }

    /// Posts a form as the browser does from one of our pages (same origin).
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let request = self
            .client
            .post(format!("{}{path}", self.app.address))
            .header("origin", &self.app.address)
            .header("sec-fetch-site", "same-origin")
            .form(fields);
        self.send(request).await
    }

    /// Fills in the form on `page` (its token included) and posts it to `action`.
    pub async fn submit(&mut self, page: &str, action: &str, fields: &[(&str, &str)]) -> Answer {
        let token = self.get(page).await.token();
        let mut all = vec![("csrf", token.as_str())];
        all.extend_from_slice(fields);
        self.post(action, &all).await
    }

    /// Registers through the form; returns the member's email and password.
    pub async fn register(&mut self, name: &str) -> (String, String) {
        let email = unique_email("dash");
        let password = "a-long-enough-password".to_owned();
        let done = self
            .submit(
                "/dashboard/register",
                "/dashboard/register",
                &[("name", name), ("email", &email), ("password", &password)],
            )
            .await;
        assert_eq!((done.status, done.location()), (303, "/dashboard/brands"), "{}", done.body);
        (email, password)
    }

    /// Adds a brand through the form; returns its id.
    pub async fn brand(&mut self, url: &str, description: &str) -> u64 {
        let done =
            self.submit("/dashboard/brands", "/dashboard/brands", &[("url", url), ("description", description)]).await;
        assert_eq!(done.status, 303, "{}", done.body);
        let id = done.location().trim_start_matches("/dashboard/brands/").split('?').next().unwrap().to_owned();
        id.parse().expect("the new brand's page")
    }
}

/// A campaign form's fields: a coupon for every `num_signups` referral signups.
pub fn campaign_fields<'f>(name: &'f str, num_signups: &'f str) -> Vec<(&'f str, &'f str)> {
    vec![
        ("name", name),
        ("publish", "private"),
        ("reward_type", "1"),
        ("reward_value", ""),
        ("goal_type", "signup"),
        ("num_signups", num_signups),
        ("hold_days", "0"),
        ("widget_mode", "popup"),
        ("widget_primary_color", "#112233"),
        ("widget_headline", "Bring a friend"),
        ("widget_button_text", "Join"),
    ]
}

/// The member's API token, for reading back what the dashboard did.
pub async fn token_of(app: &TestApp, email: &str, password: &str) -> Cred {
    let body = expect_status(app.login("/api/v1", email, password).await, 200).await;
    Cred::Bearer(body["data"]["token"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn registering_signs_in_with_a_cookie_that_signing_out_ends_on_the_server() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let visitor = browser.get("/dashboard").await;
    assert_eq!((visitor.status, visitor.location()), (303, "/dashboard/sign-in"));
    let page = browser.get("/dashboard/register").await;
    assert_eq!(page.status, 200);
    let csp = page.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(!page.body.contains("<script>"), "no inline script");

    let email = unique_email("dash");
    let token = page.token();
    let done = browser
        .post(
            "/dashboard/register",
            &[("csrf", &token), ("name", "Ada"), ("email", &email), ("password", "a-long-enough-password")],
        )
        .await;
    assert_eq!((done.status, done.location()), (303, "/dashboard/brands"));
    let cookie = done.set_cookie("referrals_session");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/dashboard"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "served over http here: {cookie}");
    let session = browser.cookies["referrals_session"].clone();

    let brands = browser.get("/dashboard/brands").await;
    assert_eq!(brands.status, 200);
    assert!(brands.body.contains("Ada"), "the header names the member");
    assert_eq!(
        expect_status(app.login("/api/v1", &email, "a-long-enough-password").await, 200).await["data"]["member"]
            ["email"],
        json!(email)
    );

    let out = browser.post("/dashboard/sign-out", &[("csrf", &brands.token())]).await;
    assert_eq!((out.status, out.location()), (303, "/dashboard/sign-in?notice=signed-out"));
    assert!(!browser.cookies.contains_key("referrals_session"), "the cookie is cleared");

    // A copy of the old cookie is worth nothing now: the session is gone on the server.
    browser.cookies.insert("referrals_session".into(), session);
    let after = browser.get("/dashboard/brands").await;
    assert_eq!((after.status, after.location()), (303, "/dashboard/sign-in"));

    // Signing in again works, with the same limits as the API's sign-in.
    let wrong = browser
        .submit("/dashboard/sign-in", "/dashboard/sign-in", &[("email", &email), ("password", "not-the-password")])
        .await;
    assert_eq!(wrong.status, 401);
    assert!(wrong.body.contains("email or password is incorrect"), "{}", wrong.body);
    let again = browser
        .submit(
            "/dashboard/sign-in",
            "/dashboard/sign-in",
            &[("email", &email), ("password", "a-long-enough-password")],
        )
        .await;
    assert_eq!((again.status, again.location()), (303, "/dashboard/brands"));
    assert_eq!(browser.get("/dashboard/account").await.status, 200);
}

#[tokio::test]
async fn a_form_without_its_token_or_sent_from_another_site_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let token = browser.get("/dashboard/brands").await.token();
    let fields = [("url", "https://forged.example")];

    let no_token = browser.post("/dashboard/brands", &fields).await;
    assert_eq!(no_token.status, 403);
    assert!(no_token.body.contains("Nothing was changed"), "{}", no_token.body);
    let wrong_token = browser.post("/dashboard/brands", &[("csrf", "AAAA"), fields[0]]).await;
    assert_eq!(wrong_token.status, 403);

    // With the right token and cookie, but from another site's page.
    for (origin, fetch_site) in
        [("https://evil.example", "cross-site"), ("null", "cross-site"), ("https://evil.example", "")]
    {
        let mut request = browser
            .client
            .post(format!("{}/dashboard/brands", app.address))
            .header("origin", origin)
            .form(&[("csrf", token.as_str()), fields[0]]);
        if !fetch_site.is_empty() {
            request = request.header("sec-fetch-site", fetch_site);
        }
        assert_eq!(browser.send(request).await.status, 403, "{origin} {fetch_site}");
    }
    // Another visitor's token does not fit this session.
    let mut other = Browser::new(&app);
    other.register("Eve").await;
    let theirs = other.get("/dashboard/brands").await.token();
    assert_eq!(browser.post("/dashboard/brands", &[("csrf", &theirs), fields[0]]).await.status, 403);
    // Signing out needs the token too, so no page can sign a member out.
    assert_eq!(browser.post("/dashboard/sign-out", &[]).await.status, 403);
    // The registration form needs its own token, bound to the visitor's form cookie.
    let mut stranger = Browser::new(&app);
    let forged = stranger
        .post(
            "/dashboard/register",
            &[("name", "X"), ("email", &unique_email("forged")), ("password", "long-enough-pw")],
        )
        .await;
    assert_eq!(forged.status, 403);

    let cred = token_of(&app, &email, &password).await;
    let brands = expect_status(app.get("/api/v1", "/brands", &cred).await, 200).await;
    assert_eq!(brands["data"]["pagination"]["total"], json!(0), "nothing was created: {brands}");
    assert_eq!(browser.get("/dashboard/brands").await.status, 200, "still signed in");
}

#[tokio::test]
async fn another_members_brand_and_campaign_pages_answer_404_and_their_forms_change_nothing() {
    let app = TestApp::spawn().await;
    let mut ada = Browser::new(&app);
    let (email, password) = ada.register("Ada").await;
    let brand = ada.brand("https://ada.example", "Ada's shop").await;
    let created = ada
        .submit(
            &format!("/dashboard/brands/{brand}/campaigns/new"),
            &format!("/dashboard/brands/{brand}/campaigns"),
            &campaign_fields("Spring", "2"),
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let campaign: u64 =
        created.location().trim_start_matches("/dashboard/campaigns/").split('?').next().unwrap().parse().unwrap();

    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    for path in [
        format!("/dashboard/brands/{brand}"),
        format!("/dashboard/brands/{brand}/delete"),
        format!("/dashboard/brands/{brand}/campaigns/new"),
        format!("/dashboard/campaigns/{campaign}"),
        format!("/dashboard/campaigns/{campaign}/edit"),
        format!("/dashboard/campaigns/{campaign}/delete"),
        format!("/dashboard/campaigns/{campaign}/preview"),
        format!("/dashboard/campaigns/{campaign}/preview.js"),
        format!("/dashboard/campaigns/{campaign}/preview-frame?widget_headline=Eve"),
        "/dashboard/brands/999999".to_owned(),
        "/dashboard/brands/not-a-number".to_owned(),
    ] {
        let answer = eve.get(&path).await;
        assert_eq!(answer.status, 404, "{path}");
        assert!(!answer.body.contains("Spring") && !answer.body.contains("ada.example"), "{path} reveals nothing");
    }
    let token = eve.get("/dashboard/brands").await.token();
    let mut edit = vec![("csrf", token.as_str())];
    edit.extend(campaign_fields("Eve's now", "9"));
    assert_eq!(eve.post(&format!("/dashboard/campaigns/{campaign}/edit"), &edit).await.status, 404);
    assert_eq!(eve.post(&format!("/dashboard/campaigns/{campaign}/delete"), &[("csrf", &token)]).await.status, 404);
    assert_eq!(
        eve.post(&format!("/dashboard/brands/{brand}"), &[("csrf", &token), ("description", "x")]).await.status,
        404
    );
    assert_eq!(eve.post(&format!("/dashboard/brands/{brand}/delete"), &[("csrf", &token)]).await.status, 404);
    assert_eq!(eve.post(&format!("/dashboard/brands/{brand}/campaigns"), &edit).await.status, 404);

    let cred = token_of(&app, &email, &password).await;
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(
        (read["data"]["name"].clone(), read["data"]["reward"]["num_signups"].clone()),
        (json!("Spring"), json!(2))
    );
    let brand_read = expect_status(app.get("/api/v1", &format!("/brands/{brand}"), &cred).await, 200).await;
    assert_eq!(brand_read["data"]["description"], json!("Ada's shop"));
}

#[tokio::test]
async fn names_and_texts_members_wrote_show_as_text_on_every_page() {
    let app = TestApp::spawn().await;
    let hostile = "<img src=x onerror=alert(1)>";
    let mut browser = Browser::new(&app);
    browser.register(hostile).await;
    let brand = browser.brand("https://hostile.example", hostile).await;
    let created = browser
        .submit(
            &format!("/dashboard/brands/{brand}/campaigns/new"),
            &format!("/dashboard/brands/{brand}/campaigns"),
            &campaign_fields(hostile, "1"),
        )
        .await;
    let campaign = created.location().trim_start_matches("/dashboard/campaigns/").split('?').next().unwrap().to_owned();
    // Participants who named themselves so, one referred by the other, signed up through
    // the API with the member's key.
    let token = browser.get("/dashboard/account").await.token();
    let key = browser.post("/dashboard/account/api-key", &[("csrf", &token)]).await;
    let start = key.body.find("<code id=\"new-key\">").unwrap() + 19;
    let key = Cred::Key(key.body[start..start + 52].to_owned());
    let body =
        json!({"campaign_id": campaign.parse::<u64>().unwrap(), "email": "first@hostile.example", "name": hostile});
    let first = expect_status(app.post_json("/api/v1", "/signups", &key, &body).await, 201).await["data"]
        ["participant"]
        .clone();
    let body = json!({"referral_code": first["referral_code"], "email": "second@hostile.example", "name": hostile});
    let second = expect_status(app.post_json("/api/v1", "/signups/referral", &key, &body).await, 201).await;
    let second = second["data"]["participant"]["id"].as_u64().unwrap();
    for path in [
        "/dashboard/brands".to_owned(),
        "/dashboard/account".to_owned(),
        "/dashboard/webhooks".to_owned(),
        format!("/dashboard/brands/{brand}"),
        format!("/dashboard/brands/{brand}/delete"),
        format!("/dashboard/campaigns/{campaign}"),
        format!("/dashboard/campaigns/{campaign}/edit"),
        format!("/dashboard/campaigns/{campaign}/delete"),
        format!("/dashboard/campaigns/{campaign}/participants"),
        format!("/dashboard/campaigns/{campaign}/participants?search=hostile"),
        format!("/dashboard/campaigns/{campaign}/participants?sort=referrals"),
        format!("/dashboard/campaigns/{campaign}/stats"),
        format!("/dashboard/campaigns/{campaign}/analytics"),
        format!("/dashboard/campaigns/{campaign}/analytics?period=7&tz=Asia/Kolkata&sort=conversions&loop=1"),
        format!("/dashboard/campaigns/{campaign}/analytics?from=2026-13-01&tz=Mars/Base"),
        format!("/dashboard/brands/{brand}/analytics"),
        format!("/dashboard/campaigns/{campaign}/coupons"),
        format!("/dashboard/participants/{}", first["id"]),
        format!("/dashboard/participants/{second}"),
    ] {
        let page = browser.get(&path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.body.contains("<img src=x"), "{path} shows it as markup");
        assert!(page.body.contains("&lt;img src=x onerror=alert(1)&gt;"), "{path} shows it as text");
    }
}

#[tokio::test]
async fn a_campaign_made_and_edited_in_the_dashboard_is_the_campaign_the_api_reads() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("https://shop.example", "").await;
    let new_page = format!("/dashboard/brands/{brand}/campaigns/new");
    let create = format!("/dashboard/brands/{brand}/campaigns");

    // A refusal shows the API's sentence on the form, keeps what was typed, creates nothing.
    let mut cash_without_amount = campaign_fields("Cash", "3");
    cash_without_amount[2] = ("reward_type", "5");
    let refused = browser.submit(&new_page, &create, &cash_without_amount).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("reward_value (an amount such as"), "{}", refused.body);
    assert!(refused.body.contains("value=\"Cash\""), "the name typed is kept");
    let mut not_a_number = campaign_fields("Count", "three");
    not_a_number.push(("reward_invited", "on"));
    let refused = browser.submit(&new_page, &create, &not_a_number).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("num_signups must be a whole number"), "{}", refused.body);
    let listed = expect_status(app.get("/api/v1", "/campaigns", &cred).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(0));

    let mut two_way = campaign_fields("Spring", "3");
    two_way.push(("reward_invited", "on"));
    let created = browser.submit(&new_page, &create, &two_way).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let overview_path = created.location().to_owned();
    let id: u64 = overview_path.trim_start_matches("/dashboard/campaigns/").split('?').next().unwrap().parse().unwrap();
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(read["name"], json!("Spring"));
    assert_eq!(read["url_id"], json!(brand));
    assert_eq!(read["reward"]["type"], json!("coupon"));
    assert_eq!((read["reward"]["num_signups"].clone(), read["reward"]["two_way"].clone()), (json!(3), json!(true)));
    assert_eq!(read["widget"]["mode"], json!("popup"));
    assert_eq!(read["widget"]["primary_color"], json!("#112233"));
    assert_eq!(read["widget"]["headline"], json!("Bring a friend"));

    // The overview shows the snippet with this server's address and the campaign's id.
    let overview = browser.get(&overview_path).await;
    assert!(overview.body.contains("The campaign is created."));
    let snippet = format!("{}/widget.js?campaign={id}", app.address);
    assert!(overview.body.contains(&snippet), "{}", overview.body);

    // The preview's frame shows unsaved settings, only inside the dashboard, and is marked
    // as a preview (no impression, no signup); a setting the API would refuse is left out.
    let frame = browser
        .get(&format!("/dashboard/campaigns/{id}/preview-frame?widget_headline=Not+saved&widget_primary_color=red"))
        .await;
    assert_eq!(frame.status, 200);
    assert!(
        frame.body.contains("\"headline\":\"Not saved\"") && frame.body.contains("\"preview\":true"),
        "{}",
        frame.body
    );
    assert!(frame.body.contains("\"color\":\"#112233\""), "the saved colour: {}", frame.body);
    let csp = frame.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    let script = browser.get(&format!("/dashboard/campaigns/{id}/preview.js?widget_mode=floating")).await;
    assert!(
        script.body.contains("\"mode\":\"floating\"") && script.body.contains("/preview-frame?widget_mode=floating")
    );

    // Editing: a cash campaign for every signup, no longer two-way.
    let mut cash = campaign_fields("Spring cash", "1");
    cash[2] = ("reward_type", "5");
    cash[3] = ("reward_value", "12.5");
    let saved = browser
        .submit(&format!("/dashboard/campaigns/{id}/edit"), &format!("/dashboard/campaigns/{id}/edit"), &cash)
        .await;
    assert_eq!(
        (saved.status, saved.location()),
        (303, format!("/dashboard/campaigns/{id}?notice=campaign-saved").as_str())
    );
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(read["name"], json!("Spring cash"));
    assert_eq!((read["reward"]["type"].clone(), read["reward"]["value"].clone()), (json!("cash"), json!("12.50")));
    assert_eq!(read["reward"]["two_way"], json!(false));

    // Public campaigns need a paid plan: the form says so, and nothing changes.
    let mut public = cash.clone();
    public[1] = ("publish", "public");
    let refused = browser
        .submit(&format!("/dashboard/campaigns/{id}/edit"), &format!("/dashboard/campaigns/{id}/edit"), &public)
        .await;
    assert_eq!(refused.status, 403);
    assert!(refused.body.contains("class=\"error\""), "{}", refused.body);
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 200).await["data"].clone();
    assert_eq!(read["publish"], json!("private"));

    // Deleting, after the page that says what goes with it.
    let confirm = browser.get(&format!("/dashboard/campaigns/{id}/delete")).await;
    assert!(confirm.body.contains("cannot be undone"));
    let gone = browser.post(&format!("/dashboard/campaigns/{id}/delete"), &[("csrf", &confirm.token())]).await;
    assert_eq!(
        (gone.status, gone.location()),
        (303, format!("/dashboard/brands/{brand}?notice=campaign-deleted").as_str())
    );
    expect_error(app.get("/api/v1", &format!("/campaigns/{id}"), &cred).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_brand_is_added_edited_and_deleted_with_what_it_holds() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = browser.brand("www.Shop.example/path", "First words").await;
    let page = browser.get(&format!("/dashboard/brands/{brand}?notice=brand-created")).await;
    assert!(page.body.contains("<h1>shop.example</h1>"), "the domain is the brand's name");
    assert!(page.body.contains("The brand is created."));

    // One brand per domain: the list shows why, with the URL typed.
    let again = browser.submit("/dashboard/brands", "/dashboard/brands", &[("url", "https://shop.example")]).await;
    assert_eq!(again.status, 409);
    assert!(again.body.contains("you already have a brand for shop.example"), "{}", again.body);

    let saved = browser
        .submit(
            &format!("/dashboard/brands/{brand}"),
            &format!("/dashboard/brands/{brand}"),
            &[("description", "New words"), ("logo_url", "https://shop.example/logo.png"), ("background_url", "")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let read = expect_status(app.get("/api/v1", &format!("/brands/{brand}"), &cred).await, 200).await["data"].clone();
    assert_eq!(
        (read["description"].clone(), read["logo_url"].clone()),
        (json!("New words"), json!("https://shop.example/logo.png"))
    );
    let bad_logo = browser
        .submit(
            &format!("/dashboard/brands/{brand}"),
            &format!("/dashboard/brands/{brand}"),
            &[("description", "x"), ("logo_url", "ftp://nope")],
        )
        .await;
    assert_eq!(bad_logo.status, 400);

    let campaign = app
        .post_json("/api/v1", "/campaigns", &cred, &json!({"name": "Kept?", "url_id": brand, "reward_type": 1}))
        .await;
    let campaign = expect_status(campaign, 201).await["data"]["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "friend@example.org", "name": "Friend"});
    expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
    let confirm = browser.get(&format!("/dashboard/brands/{brand}/delete")).await;
    assert!(confirm.body.contains("<li>1 campaigns"), "{}", confirm.body);
    assert!(confirm.body.contains("<li>1 participants"), "{}", confirm.body);
    let gone = browser.post(&format!("/dashboard/brands/{brand}/delete"), &[("csrf", &confirm.token())]).await;
    assert_eq!((gone.status, gone.location()), (303, "/dashboard/brands?notice=brand-deleted"));
    expect_error(app.get("/api/v1", &format!("/brands/{brand}"), &cred).await, 404, "not_found").await;
    expect_error(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 404, "not_found").await;
}

#[tokio::test]
async fn an_api_key_made_in_the_dashboard_works_once_shown_and_replaces_the_old_one() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    browser.register("Ada").await;
    let account = browser.get("/dashboard/account").await;
    assert!(account.body.contains("You have no API key yet."));
    let key_of = |page: &Answer| {
        let start = page.body.find("<code id=\"new-key\">").expect("the key on the page") + 19;
        page.body[start..start + 52].to_owned()
    };
    let first = browser.post("/dashboard/account/api-key", &[("csrf", &account.token())]).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.headers["cache-control"], "no-store");
    let first_key = key_of(&first);
    assert!(first_key.starts_with("ref_"), "{first_key}");
    expect_status(app.get("/api/v1", "/brands", &Cred::Key(first_key.clone())).await, 200).await;

    let account = browser.get("/dashboard/account").await;
    assert!(account.body.contains(&first_key[..12]), "the prefix is shown");
    assert!(!account.body.contains(&first_key), "the key itself is not");
    let second = browser.post("/dashboard/account/api-key", &[("csrf", &account.token())]).await;
    let second_key = key_of(&second);
    assert_ne!(second_key, first_key);
    expect_status(app.get("/api/v1", "/brands", &Cred::Key(second_key)).await, 200).await;
    expect_error(app.get("/api/v1", "/brands", &Cred::Key(first_key)).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn disabling_a_member_ends_their_sessions_and_enabling_does_not_bring_them_back() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let id = expect_status(app.login("/api/v1", &email, &password).await, 200).await["data"]["member"]["id"]
        .as_u64()
        .unwrap();
    assert_eq!(browser.get("/dashboard/account").await.status, 200);
    expect_status(app.admin(Method::POST, &format!("/members/{id}/disable"), ADMIN_TOKEN).send().await.unwrap(), 200)
        .await;
    assert_eq!(browser.get("/dashboard/account").await.location(), "/dashboard/sign-in");
    expect_status(app.admin(Method::POST, &format!("/members/{id}/enable"), ADMIN_TOKEN).send().await.unwrap(), 200)
        .await;
    let after = browser.get("/dashboard/account").await;
    assert_eq!((after.status, after.location()), (303, "/dashboard/sign-in"), "the session stays ended");
}

#[tokio::test]
async fn dashboard_sign_ins_count_against_the_same_limit_as_the_apis() {
    let app = TestApp::spawn().await;
    let member = app.member("limited").await;
    let mut browser = Browser::new(&app);
    // The per-address-and-email burst is 10 (`config.toml`): the API sign-in of `member`
    // took one, nine wrong guesses from the form take the rest...
    for _ in 0..9 {
        let wrong = browser
            .submit(
                "/dashboard/sign-in",
                "/dashboard/sign-in",
                &[("email", &member.email), ("password", "wrong-guess")],
            )
            .await;
        assert_eq!(wrong.status, 401);
    }
    // ...leave none for the API either, even with the right password.
    let refused = app.login("/api/v1", &member.email, &member.password).await;
    assert_eq!(refused.status().as_u16(), 429);
    let form = browser
        .submit("/dashboard/sign-in", "/dashboard/sign-in", &[("email", &member.email), ("password", &member.password)])
        .await;
    assert_eq!(form.status, 429);
    assert!(form.headers.contains_key("retry-after"));
}

/// A `multipart/form-data` body as a browser sends a form with a file: the fields, then the
/// file `codes`.
fn multipart(fields: &[(&str, &str)], file: &str) -> (String, Vec<u8>) {
    let boundary = "----dashboard-test-boundary-7d2f";
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"codes\"; filename=\"codes.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{file}\r\n--{boundary}--\r\n"
    ));
    (format!("multipart/form-data; boundary={boundary}"), body.into_bytes())
}

impl Browser<'_> {
    /// Posts the coupon form of `campaign` with this file, as the browser does.
    async fn upload(&mut self, campaign: u64, token: &str, file: &str) -> Answer {
        let (content_type, body) = multipart(&[("csrf", token)], file);
        let request = self
            .client
            .post(format!("{}/dashboard/campaigns/{campaign}/coupons", self.app.address))
            .header("origin", &self.app.address)
            .header("content-type", content_type)
            .body(body);
        self.send(request).await
    }
}

/// A brand and a coupon campaign made through the API for the browser's member.
async fn coupon_campaign(app: &TestApp, cred: &Cred, domain: &str) -> (u64, u64) {
    let brand = expect_status(app.post_json("/api/v1", "/brands", cred, &json!({"url": domain})).await, 201).await;
    let brand = brand["data"]["id"].as_u64().unwrap();
    let body = json!({"name": "Coupons", "url_id": brand, "reward_type": 1});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", cred, &body).await, 201).await;
    (brand, campaign["data"]["id"].as_u64().unwrap())
}

#[tokio::test]
async fn participants_signed_up_through_the_api_appear_searchable_sortable_and_paged() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let (brand, campaign) = coupon_campaign(&app, &cred, "people.example").await;
    let mut ids = Vec::new();
    let mut codes = Vec::new();
    for n in 0..55 {
        let body =
            json!({"campaign_id": campaign, "email": format!("p{n}@people.example"), "name": format!("Person {n}")});
        let joined = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
        ids.push(joined["data"]["participant"]["id"].as_u64().unwrap());
        codes.push(joined["data"]["participant"]["referral_code"].as_str().unwrap().to_owned());
    }
    // Person 3 refers two friends, person 7 one.
    for (referrer, friend) in [(3, "f1"), (3, "f2"), (7, "f3")] {
        let body =
            json!({"referral_code": codes[referrer], "email": format!("{friend}@friends.example"), "name": friend});
        expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
    }

    let table = format!("/dashboard/campaigns/{campaign}/participants");
    let first = browser.get(&table).await;
    assert_eq!(first.status, 200);
    assert!(first.body.contains("f3@friends.example"), "newest first");
    assert!(first.body.contains("Page 1 of 2 (58)"), "{}", first.body);
    assert!(!first.body.contains("p0@people.example"), "the oldest is on page 2");
    let second = browser.get(&format!("{table}?page=2")).await;
    assert!(second.body.contains("p0@people.example"));

    let found = browser.get(&format!("{table}?search=PERSON+5")).await;
    for n in [5, 50, 51, 52, 53, 54] {
        assert!(found.body.contains(&format!("p{n}@people.example")), "Person {n} matches");
    }
    assert!(!found.body.contains("p4@people.example"));
    assert_eq!(found.body.matches("<tr>").count(), 1 + 6, "a header and the six who match");

    let ranked = browser.get(&format!("{table}?sort=referrals")).await;
    let (three, seven) =
        (ranked.body.find("p3@people.example").unwrap(), ranked.body.find("p7@people.example").unwrap());
    assert!(three < seven, "most referrals first");
    assert_eq!(ranked.body.matches("<tr>").count(), 3, "a header and the two who referred someone");

    // A participant's page: who referred them, whom they referred, their rewards.
    let referrer = browser.get(&format!("/dashboard/participants/{}", ids[3])).await;
    assert_eq!(referrer.status, 200);
    assert!(referrer.body.contains("They referred 2:"), "{}", referrer.body);
    assert!(referrer.body.contains("f1") && referrer.body.contains("f2"));
    assert!(referrer.body.contains("nobody (joined directly)"));
    assert!(
        referrer.body.contains("<span class=\"state\">pending</span>"),
        "coupon rewards waiting for codes: {}",
        referrer.body
    );
    let friend_id = {
        let at = referrer.body.find("href=\"/dashboard/participants/").unwrap();
        let rest = &referrer.body[at + 30..];
        rest[..rest.find('"').unwrap()].to_owned()
    };
    let friend = browser.get(&format!("/dashboard/participants/{friend_id}")).await;
    assert!(friend.body.contains("Person 3"), "referred by Person 3: {}", friend.body);

    // Another member sees none of it.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    for path in [
        table.clone(),
        format!("/dashboard/participants/{}", ids[3]),
        format!("/dashboard/campaigns/{campaign}/stats"),
        format!("/dashboard/campaigns/{campaign}/analytics"),
        format!("/dashboard/campaigns/{campaign}/analytics.csv"),
        format!("/dashboard/brands/{brand}/analytics"),
    ] {
        assert_eq!(eve.get(&path).await.status, 404, "{path}");
    }
}

#[tokio::test]
async fn todays_signups_and_referrals_show_in_the_charts() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let (brand, campaign) = coupon_campaign(&app, &cred, "charts.example").await;
    let body = json!({"campaign_id": campaign, "email": "ref@charts.example", "name": "Ref"});
    let code = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await["data"]
        ["participant"]["referral_code"]
        .as_str()
        .unwrap()
        .to_owned();
    for friend in ["a", "b"] {
        let body = json!({"referral_code": code, "email": format!("{friend}@charts.example"), "name": friend});
        expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
    }
    let today = chrono::Utc::now().date_naive().to_string();
    let stats = browser.get(&format!("/dashboard/campaigns/{campaign}/stats?days=7")).await;
    assert_eq!(stats.status, 200);
    assert!(stats.body.contains("Signups: <strong>3</strong>"), "{}", stats.body);
    assert!(stats.body.contains("Referrals: <strong>2</strong>"));
    assert!(stats.body.contains(&format!("<title>{today}: 3</title>")), "today's bar");
    assert_eq!(stats.body.matches("<rect").count(), 7 * 5, "seven days of five series");
    let brand_page = browser.get(&format!("/dashboard/brands/{brand}")).await;
    assert!(brand_page.body.contains("Signups: <strong>3</strong>"), "the brand's charts sum its campaigns");
    assert_eq!(brand_page.body.matches("<rect").count(), 30 * 2);
}

#[tokio::test]
async fn coupon_codes_uploaded_from_a_file_fill_waiting_rewards_and_every_line_is_counted() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let (_, campaign) = coupon_campaign(&app, &cred, "codes.example").await;
    let body = json!({"campaign_id": campaign, "email": "ref@codes.example", "name": "Ref"});
    let code = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await["data"]
        ["participant"]["referral_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = json!({"referral_code": code, "email": "friend@codes.example", "name": "Friend"});
    let referred = expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
    assert_eq!(referred["data"]["referrer_reward"]["status"], json!("pending"));

    let page = browser.get(&format!("/dashboard/campaigns/{campaign}/coupons")).await;
    assert!(page.body.contains("enctype=\"multipart/form-data\""));
    let token = page.token();
    // Without the token, nothing is added.
    assert_eq!(browser.upload(campaign, "forged", "NOPE-1\n").await.status, 403);
    let done = browser.upload(campaign, &token, "SAVE-1\nSAVE-2\n\nSAVE-1\nhas space\nSAVE-3\n").await;
    assert_eq!(done.status, 200, "{}", done.body);
    for (label, n) in [
        ("Added", 3),
        ("Duplicates skipped", 1),
        ("Blank lines", 1),
        ("Invalid lines", 1),
        ("Waiting rewards filled", 1),
    ] {
        assert!(done.body.contains(&format!("<dt>{label}</dt><dd>{n}</dd>")), "{label} {n}: {}", done.body);
    }
    assert!(done.body.contains("Line 5: code contains spaces"), "{}", done.body);
    let pool = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &cred).await, 200).await;
    assert_eq!((pool["data"]["uploaded"].clone(), pool["data"]["used"].clone()), (json!(3), json!(1)), "{pool}");
    let again = browser.upload(campaign, &token, "SAVE-2\n").await;
    assert!(
        again.body.contains("<dt>Added</dt><dd>0</dd>") && again.body.contains("<dt>Duplicates skipped</dt><dd>1</dd>")
    );

    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let theirs = eve.get("/dashboard/brands").await.token();
    assert_eq!(eve.get(&format!("/dashboard/campaigns/{campaign}/coupons")).await.status, 404);
    assert_eq!(eve.upload(campaign, &theirs, "EVE-1\n").await.status, 404);
    let pool = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &cred).await, 200).await;
    assert_eq!(pool["data"]["uploaded"], json!(3), "Eve added nothing");
}

/// The webhook's delivery log through the API, once `done` holds for it (bounded by
/// [`WAIT`]: attempts are logged as the dispatcher makes them).
async fn log_when(
    app: &TestApp,
    cred: &Cred,
    webhook: u64,
    done: impl Fn(&[serde_json::Value]) -> bool,
) -> Vec<serde_json::Value> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let log = expect_status(app.get("/api/v1", &format!("/webhooks/{webhook}/deliveries"), cred).await, 200).await;
        let attempts = log["data"]["deliveries"].as_array().unwrap().clone();
        if done(&attempts) {
            return attempts;
        }
        assert!(tokio::time::Instant::now() < deadline, "the log never got there: {attempts:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_webhook_is_added_tested_retried_paused_and_deleted_from_the_dashboard() {
    let receiver = Receiver::start().await;
    let app = TestApp::spawn_with(webhook_config("[0.05]")).await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let (_, campaign) = coupon_campaign(&app, &cred, "hooks.example").await;

    // A link that is not one is refused on the form, which keeps what was typed.
    let refused = browser
        .submit("/dashboard/webhooks", "/dashboard/webhooks", &[("link", "not a link"), ("all_events", "on")])
        .await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("value=\"not a link\""), "{}", refused.body);

    let url = receiver.url();
    let added = browser
        .submit(
            "/dashboard/webhooks",
            "/dashboard/webhooks",
            &[("link", &url), ("campaign_id", ""), ("events", "participant.signup")],
        )
        .await;
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(added.headers["cache-control"], "no-store");
    let secret_at = added.body.find("<code id=\"new-secret\">whsec_").expect("the secret, shown once") + 22;
    let secret = added.body[secret_at..secret_at + added.body[secret_at..].find('<').unwrap()].to_owned();
    let listed = expect_status(app.get("/api/v1", "/webhooks", &cred).await, 200).await["data"]["webhooks"][0].clone();
    assert_eq!(listed["events"], json!(["participant.signup"]));
    assert_eq!(listed["link"], json!(url));
    let id = listed["id"].as_u64().unwrap();
    let page = format!("/dashboard/webhooks/{id}");

    // A test event now, shown in the log.
    let sent = browser.submit(&page, &format!("{page}/test"), &[]).await;
    assert_eq!((sent.status, sent.location()), (303, format!("{page}?notice=test-sent").as_str()));
    let test = receiver.wait_for(1, WAIT).await;
    assert_eq!(test[0].json()["type"], json!("webhook.test"));
    verify_signature(&secret, &test[0]);
    let shown = browser.get(&format!("{page}?notice=test-sent")).await;
    assert!(shown.body.contains("<td>delivered</td>"), "{}", shown.body);

    // A signup whose deliveries fail (the receiver answers 500) ends failed, with a retry
    // button; once the receiver is back, the retry delivers the same event.
    receiver.set_default_status(500);
    let body = json!({"campaign_id": campaign, "email": "zoe@hooks.example", "name": "Zoe"});
    expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
    let attempts = log_when(&app, &cred, id, |a| a.iter().any(|x| x["outcome"] == "failed")).await;
    let failed = attempts.iter().find(|x| x["outcome"] == "failed").unwrap()["message_id"].as_str().unwrap().to_owned();
    let shown = browser.get(&page).await;
    assert!(shown.body.contains(&format!("/deliveries/{failed}/retry")), "a retry button: {}", shown.body);
    // Each delivery names its kind of event.
    assert!(shown.body.contains("<td class=\"event-type\">participant.signup</td>"), "{}", shown.body);
    assert!(shown.body.contains("<td class=\"event-type\">webhook.test, or deleted</td>"), "{}", shown.body);
    receiver.set_default_status(200);
    let retried = browser.submit(&page, &format!("{page}/deliveries/{failed}/retry"), &[]).await;
    assert_eq!((retried.status, retried.location()), (303, format!("{page}?notice=retry-queued").as_str()));
    // Two failed attempts (the first and one retry of the schedule), then the manual retry.
    let of_event = |r: &[crate::receiver::Received]| r.iter().filter(|x| x.header("webhook-id") == failed).count();
    let arrived = receiver.wait_until(WAIT, |r| of_event(r) >= 3).await;
    assert_eq!(of_event(&arrived), 3, "two failed attempts and the retry");
    log_when(&app, &cred, id, |a| a.iter().any(|x| x["message_id"] == failed.as_str() && x["outcome"] == "delivered"))
        .await;

    // A new secret, shown once; then paused.
    let rotated = browser.submit(&page, &format!("{page}/secret"), &[]).await;
    assert!(rotated.body.contains("<code id=\"new-secret\">whsec_") && !rotated.body.contains(&secret));
    let paused = browser
        .submit(&page, &page, &[("link", &url), ("campaign_id", &campaign.to_string()), ("all_events", "on")])
        .await;
    assert_eq!(paused.status, 303, "{}", paused.body);
    let read = expect_status(app.get("/api/v1", "/webhooks", &cred).await, 200).await["data"]["webhooks"][0].clone();
    assert_eq!((read["active"].clone(), read["campaign_id"].clone()), (json!(false), json!(campaign)));
    assert_eq!(read["events"].as_array().unwrap().len(), 11, "every kind again");

    // Another member gets 404 on all of it, and changes nothing.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let token = eve.get("/dashboard/webhooks").await.token();
    assert_eq!(eve.get(&page).await.status, 404);
    for action in ["/test", "/secret", "/delete", &format!("/deliveries/{failed}/retry")] {
        assert_eq!(eve.post(&format!("{page}{action}"), &[("csrf", &token)]).await.status, 404, "{action}");
    }
    let before = receiver.received().len();

    let confirm = browser.get(&format!("{page}/delete")).await;
    assert!(confirm.body.contains("delivery log"));
    let gone = browser.post(&format!("{page}/delete"), &[("csrf", &confirm.token())]).await;
    assert_eq!((gone.status, gone.location()), (303, "/dashboard/webhooks?notice=webhook-deleted"));
    let listed = expect_status(app.get("/api/v1", "/webhooks", &cred).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(0));
    assert_eq!(receiver.received().len(), before, "Eve's test sent nothing");
}

#[tokio::test]
async fn a_person_at_the_site_root_is_sent_to_the_dashboard_whose_address_the_start_up_line_names() {
    let app = TestApp::spawn().await;
    assert!(app.banner.contains(&format!("dashboard {}/dashboard", app.address)), "{}", app.banner);
    let mut browser = Browser::new(&app);
    let request = browser.client.get(format!("{}/", app.address)).header("accept", "text/html,application/xhtml+xml");
    let person = browser.send(request).await;
    assert_eq!((person.status, person.location()), (303, "/dashboard"));
    // A program asking for anything else still gets the API's 404.
    let program = app.client.get(format!("{}/", app.address)).send().await.unwrap();
    expect_error(program, 404, "not_found").await;
    // The icon every page names is served, so no page logs a 404 for it.
    for path in ["/favicon.ico", "/favicon.svg"] {
        let icon = browser.get(path).await;
        assert_eq!(icon.status, 200, "{path}");
        assert_eq!(icon.headers["content-type"], "image/svg+xml");
        assert!(icon.body.starts_with("<svg"));
    }
    assert!(browser.get("/dashboard/sign-in").await.body.contains("<link rel=\"icon\" href=\"/favicon.svg\""));
}

#[tokio::test]
async fn the_tracker_snippet_is_written_for_the_partner_domain_named_or_says_to_fill_it_in() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let cred = token_of(&app, &email, &password).await;
    let (_, campaign) = coupon_campaign(&app, &cred, "tracked.example").await;
    let page = format!("/dashboard/campaigns/{campaign}");
    let blank = browser.get(&page).await;
    assert!(blank.body.contains("data-domain=&quot;FILL-IN-THE-PARTNER-DOMAIN&quot;"), "{}", blank.body);
    assert!(!blank.body.contains("partner.example"));
    let named = browser.get(&format!("{page}?partner=https%3A%2F%2Fwww.Blog.Partner-Site.com%2Fposts")).await;
    assert!(named.body.contains("data-domain=&quot;blog.partner-site.com&quot;"), "{}", named.body);
    let wrong = browser.get(&format!("{page}?partner=not+a+domain")).await;
    assert_eq!(wrong.status, 200);
    assert!(wrong.body.contains("That is not a domain"));
    assert!(wrong.body.contains("data-domain=&quot;FILL-IN-THE-PARTNER-DOMAIN&quot;"));
}

#[tokio::test]
async fn the_account_shows_what_is_used_beside_each_limit_of_the_plan() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Ada").await;
    let usage = |page: &Answer, id: &str| {
        let start = page.body.find(&format!("<dd id=\"{id}\">")).expect(id) + id.len() + 10;
        page.body[start..start + page.body[start..].find("</dd>").unwrap()].to_owned()
    };
    let fresh = browser.get("/dashboard/account").await;
    assert_eq!(usage(&fresh, "usage-brands"), "0 of 1");
    assert_eq!(usage(&fresh, "usage-campaigns"), "0 of 3");
    assert_eq!(usage(&fresh, "usage-participants"), "0 of 1000 in your fullest campaign");
    let cred = token_of(&app, &email, &password).await;
    let (_, campaign) = coupon_campaign(&app, &cred, "used.example").await;
    for n in 0..2 {
        let body = json!({"campaign_id": campaign, "email": format!("p{n}@used.example")});
        expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
    }
    let used = browser.get("/dashboard/account").await;
    assert_eq!(usage(&used, "usage-brands"), "1 of 1");
    assert_eq!(usage(&used, "usage-campaigns"), "1 of 3");
    assert_eq!(usage(&used, "usage-participants"), "2 of 1000 in your fullest campaign");
}
