//! Signups and referral signups: who referred whom, the chain never overwritten, invitations,
//! idempotency, and every refusal.

use base64::Engine;
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

async fn message_campaign(app: &TestApp, member: &TestMember, fields: serde_json::Value) -> u64 {
    let brand = app.brand(member, &format!("https://{}.example.com", unique_email("b").replace(['@', '.'], "-"))).await;
    let mut body = json!({"reward_type": 3, "reward_value": "Thanks for sharing!"});
    body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    app.campaign(member, brand, body).await["id"].as_u64().unwrap()
}

#[tokio::test]
async fn signups_create_participants_and_refuse_duplicate_emails() {
    let app = TestApp::spawn().await;
    let member = app.member("signup").await;
    let campaign = message_campaign(&app, &member, json!({})).await;
    for root in ROOTS {
        let email = unique_email("p");
        let created = expect_status(
            app.post_json(
                root,
                "/signups",
                &member.bearer(),
                &json!({"campaign_id": campaign, "email": email, "name": "Pat"}),
            )
            .await,
            201,
        )
        .await;
        let p = &created["data"]["participant"];
        assert_eq!(
            (p["email"].as_str(), p["name"].as_str(), p["campaign_id"].as_u64()),
            (Some(email.as_str()), Some("Pat"), Some(campaign))
        );
        assert_eq!(p["referred_by"], json!(null));
        let code = p["referral_code"].as_str().unwrap();
        let decoded =
            String::from_utf8(base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(code).unwrap()).unwrap();
        assert_eq!(decoded, format!("{campaign}:link:{}", p["id"]));
        assert!(p["referral_link"].as_str().unwrap().ends_with(&format!("/r/{code}")));

        let again = app
            .post_json(
                root,
                "/signups",
                &member.bearer(),
                &json!({"campaign_id": campaign, "email": email.to_uppercase(), "name": "Pat"}),
            )
            .await;
        expect_error(again, 409, "participant_exists").await;
        for (body, status) in [
            (json!({"campaign_id": campaign, "email": "not-an-email"}), 400),
            (json!({"campaign_id": "x", "email": unique_email("q")}), 400),
            (json!({"email": unique_email("q")}), 400),
            (json!({"campaign_id": 999_999_999, "email": unique_email("q")}), 404),
            (json!({"campaign_id": campaign, "email": unique_email("q"), "name": "x".repeat(201)}), 400),
        ] {
            let response = app.post_json(root, "/signups", &member.bearer(), &body).await;
            assert_eq!(response.status().as_u16(), status, "{body}");
        }
        expect_error(
            app.post_json(root, "/signups", &Cred::None, &json!({"campaign_id": campaign, "email": unique_email("q")}))
                .await,
            401,
            "unauthorized",
        )
        .await;
    }
}

#[tokio::test]
async fn a_referral_signup_records_who_referred_whom_and_never_overwrites_the_chain() {
    let app = TestApp::spawn().await;
    let member = app.member("chain").await;
    let campaign = message_campaign(&app, &member, json!({"reward_invited": true})).await;
    let alice = app.participant(&member, campaign, "alice@chain.example").await;
    let bob = app.participant(&member, campaign, "bob@chain.example").await;
    let alice_code = alice["referral_code"].as_str().unwrap();
    for root in ROOTS {
        let carol_email = unique_email("carol");
        let body = json!({"referral_code": alice_code, "email": carol_email, "name": "Carol"});
        let referred =
            expect_status(app.post_json(root, "/signups/referral", &member.bearer(), &body).await, 201).await;
        let data = &referred["data"];
        assert_eq!(data["participant"]["referred_by"], alice["id"]);
        assert_eq!(data["reward"]["type"], json!("message"), "two-way: the new participant is rewarded");
        assert_eq!(data["reward"]["value"], json!("Thanks for sharing!"));
        assert_eq!(data["referrer_reward"]["value"], json!("Thanks for sharing!"));
        assert_eq!(data["referrer_reward"]["participant_id"], alice["id"]);

        // Bob's code for Carol: Carol keeps Alice.
        let body = json!({"referral_code": bob["referral_code"], "email": carol_email, "name": "Carol"});
        let again = expect_status(app.post_json(root, "/signups/referral", &member.bearer(), &body).await, 200).await;
        assert!(again["data"]["message"].as_str().unwrap().contains("already referred"));
        assert_eq!(again["data"]["participant"]["referred_by"], alice["id"]);
        assert_eq!(
            (again["data"]["reward"].clone(), again["data"]["referrer_reward"].clone()),
            (json!(null), json!(null))
        );
    }
    let alice_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", alice["id"]), &member.bearer()).await, 200).await;
    assert_eq!(alice_now["data"]["referrals"], json!(2));
    assert_eq!(alice_now["data"]["rewards"].as_array().unwrap().len(), 2);
    let bob_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", bob["id"]), &member.bearer()).await, 200).await;
    assert_eq!(bob_now["data"]["referrals"], json!(0), "the refused referral credited nobody");
}

#[tokio::test]
async fn bad_referrals_get_400_without_revealing_anything() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("badref").await;
    let other = app.member("badref-other").await;
    let campaign = message_campaign(&app, &member, json!({})).await;
    let second_campaign = message_campaign(&app, &member, json!({})).await;
    let foreign_campaign = message_campaign(&app, &other, json!({})).await;
    let alice = app.participant(&member, campaign, "alice@badref.example").await;
    let in_second = app.participant(&member, second_campaign, "sam@badref.example").await;
    let foreigner = app.participant(&other, foreign_campaign, "olga@badref.example").await;
    let b64 = |text: String| base64::engine::general_purpose::STANDARD.encode(text);
    let plain = app.participant(&member, campaign, "plain@badref.example").await;
    for root in ROOTS {
        let self_referral = json!({"referral_code": alice["referral_code"], "email": "ALICE@badref.example"});
        expect_error(
            app.post_json(root, "/signups/referral", &member.bearer(), &self_referral).await,
            400,
            "self_referral",
        )
        .await;
        let codes = [
            foreigner["referral_code"].as_str().unwrap().to_owned(),
            b64(format!("{campaign}:link:{}", in_second["id"])),
            b64(format!("{campaign}:link:999999999")),
            b64(format!("{campaign}:link:{}:999999999", alice["id"])),
            "not base64 at all!".to_owned(),
            b64("1:link".into()),
        ];
        let mut messages = Vec::new();
        for code in codes {
            let body = json!({"referral_code": code, "email": unique_email("new")});
            messages.push(
                expect_error(
                    app.post_json(root, "/signups/referral", &member.bearer(), &body).await,
                    400,
                    "invalid_referral_code",
                )
                .await,
            );
        }
        messages.dedup();
        assert_eq!(messages.len(), 1, "every bad code gets the same answer: {messages:?}");
        // An existing participant without an inviter is not claimed by a later referral.
        let claim = json!({"referral_code": alice["referral_code"], "email": "plain@badref.example"});
        expect_error(
            app.post_json(root, "/signups/referral", &member.bearer(), &claim).await,
            409,
            "participant_exists",
        )
        .await;
    }
    let plain_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", plain["id"]), &member.bearer()).await, 200).await;
    assert_eq!(plain_now["data"]["referred_by"], json!(null));
}

#[tokio::test]
async fn invitations_are_recorded_and_accepted_through_their_code() {
    let app = TestApp::spawn().await;
    let member = app.member("invites").await;
    let campaign = message_campaign(&app, &member, json!({})).await;
    let alice = app.participant(&member, campaign, "alice@invites.example").await;
    let path = format!("/participants/{}/invites", alice["id"]);
    for root in ROOTS {
        let body = json!({"emails": [unique_email("friend"), unique_email("friend")]});
        let created = expect_status(app.post_json(root, &path, &member.bearer(), &body).await, 201).await;
        let invites = created["data"]["invites"].as_array().unwrap();
        assert_eq!(invites.len(), 2);
        assert_eq!(invites[0]["accepted"], json!(false));
        let again = expect_status(app.post_json(root, &path, &member.bearer(), &body).await, 201).await;
        assert_eq!(again["data"]["invites"], json!([]), "already invited emails are skipped");

        let invite = &invites[0];
        let decoded = String::from_utf8(
            base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(invite["referral_code"].as_str().unwrap()).unwrap(),
        )
        .unwrap();
        assert_eq!(decoded, format!("{campaign}:email:{}:{}", alice["id"], invite["id"]));
        let signed = expect_status(
            app.refer(&member, invite["referral_code"].as_str().unwrap(), invite["email"].as_str().unwrap()).await,
            201,
        )
        .await;
        let detail =
            expect_status(app.get(root, &format!("/participants/{}", alice["id"]), &member.bearer()).await, 200).await;
        let accepted =
            detail["data"]["invites"].as_array().unwrap().iter().find(|i| i["id"] == invite["id"]).unwrap().clone();
        assert_eq!(accepted["accepted"], json!(true));
        assert_eq!(accepted["accepted_by"], signed["data"]["participant"]["id"]);
        assert!(detail["data"]["invited_emails"].as_array().unwrap().contains(&invite["email"]));

        expect_error(
            app.post_json(root, &path, &member.bearer(), &json!({"emails": []})).await,
            400,
            "validation_failed",
        )
        .await;
        expect_error(
            app.post_json(root, &path, &member.bearer(), &json!({"emails": ["nope"]})).await,
            400,
            "validation_failed",
        )
        .await;
        expect_error(
            app.post_json(root, "/participants/999999999/invites", &member.bearer(), &body).await,
            404,
            "not_found",
        )
        .await;
    }
}

#[tokio::test]
async fn an_idempotency_key_replays_the_first_answer_and_refuses_another_body() {
    let app = TestApp::spawn().await;
    let member = app.member("idem").await;
    let campaign = message_campaign(&app, &member, json!({})).await;
    let alice = app.participant(&member, campaign, "alice@idem.example").await;
    for root in ROOTS {
        let key = format!("signup-{root}");
        let body = json!({"referral_code": alice["referral_code"], "email": unique_email("once"), "name": "Once"});
        let send = |body: serde_json::Value, key: String| {
            let request = app
                .request(reqwest::Method::POST, root, "/signups/referral", &member.bearer())
                .header("Idempotency-Key", key)
                .json(&body);
            async move { request.send().await.unwrap() }
        };
        let first = send(body.clone(), key.clone()).await;
        assert_eq!(first.status().as_u16(), 201);
        let first = first.json::<serde_json::Value>().await.unwrap();
        let retry = send(body.clone(), key.clone()).await;
        assert_eq!(retry.status().as_u16(), 201);
        assert_eq!(retry.headers()["idempotent-replayed"], "true");
        assert_eq!(retry.json::<serde_json::Value>().await.unwrap(), first, "the retry gets the first answer");
        let other = json!({"referral_code": alice["referral_code"], "email": unique_email("other")});
        expect_error(send(other, key.clone()).await, 409, "idempotency_key_reused").await;

        let plain = json!({"campaign_id": campaign, "email": unique_email("plain")});
        let request = || {
            app.request(reqwest::Method::POST, root, "/signups", &member.bearer())
                .header("Idempotency-Key", format!("plain-{root}"))
                .json(&plain)
        };
        let first = expect_status(request().send().await.unwrap(), 201).await;
        let second = expect_status(request().send().await.unwrap(), 201).await;
        assert_eq!(first, second);
        let bad_key = app
            .request(reqwest::Method::POST, root, "/signups", &member.bearer())
            .header("Idempotency-Key", "x".repeat(300))
            .json(&plain);
        expect_error(bad_key.send().await.unwrap(), 400, "invalid_idempotency_key").await;
    }
    let alice_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", alice["id"]), &member.bearer()).await, 200).await;
    assert_eq!(alice_now["data"]["referrals"], json!(2), "one referral per root, none from the retries");
    let all = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(all["data"]["pagination"]["total"], json!(5));
}

#[tokio::test]
async fn participants_list_across_campaigns_and_read_with_details() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("plist").await;
    let first = message_campaign(&app, &member, json!({})).await;
    let second = message_campaign(&app, &member, json!({"num_signups": 2})).await;
    let alice = app.participant(&member, first, "alice@plist.example").await;
    for i in 0..3 {
        app.participant(&member, second, &format!("s{i}@plist.example")).await;
    }
    let referred =
        expect_status(app.refer(&member, alice["referral_code"].as_str().unwrap(), "bob@plist.example").await, 201)
            .await;
    for root in ROOTS {
        let all = expect_status(app.get(root, "/participants?limit=2", &member.bearer()).await, 200).await;
        assert_eq!(all["data"]["pagination"], json!({"page": 1, "limit": 2, "total": 5, "totalPages": 3}));
        assert_eq!(all["data"]["participants"][0]["email"], json!("bob@plist.example"), "newest first");
        let of_second = expect_status(
            app.get(root, &format!("/participants?campaign_id={second}&page=2&limit=2"), &member.bearer()).await,
            200,
        )
        .await;
        assert_eq!(of_second["data"]["participants"].as_array().unwrap().len(), 1);
        assert_eq!(of_second["data"]["participants"][0]["email"], json!("s0@plist.example"));
        let bob = expect_status(
            app.get(root, &format!("/participants/{}", referred["data"]["participant"]["id"]), &member.bearer()).await,
            200,
        )
        .await;
        assert_eq!(bob["data"]["referrer"]["id"], alice["id"]);
        assert_eq!(bob["data"]["referrer"]["email"], json!("alice@plist.example"));
        for field in [
            "shares",
            "clicks",
            "unique_visits",
            "rewards",
            "invites",
            "invited_emails",
            "referral_code",
            "referral_link",
            "referrals",
        ] {
            assert!(bob["data"].get(field).is_some(), "participant detail lacks {field}");
        }
        expect_error(app.get(root, "/participants/999999999", &member.bearer()).await, 404, "not_found").await;
        expect_error(app.get(root, "/participants?campaign_id=0", &member.bearer()).await, 400, "invalid_query").await;
    }
}

/// A busy brand's signups may share one transaction (on PostgreSQL): repeats of an address
/// among them, and retries of one idempotent request, must still sign each address up once,
/// each answered as if alone.
#[tokio::test]
async fn a_burst_of_one_brands_signups_with_repeats_and_retries_signs_each_address_up_once() {
    let app = TestApp::spawn().await;
    let member = app.member("burst").await;
    let campaign = message_campaign(&app, &member, json!({"num_signups": 1})).await;
    // Three referrers of ten friends each, under the velocity rule's 20 an hour.
    let mut referrers = Vec::new();
    for r in 0..3 {
        referrers.push(app.participant(&member, campaign, &format!("referrer{r}@burst.example")).await);
    }
    let mut tasks = Vec::new();
    // 30 addresses, each sent three times at once; 10 more, each one idempotent request sent
    // twice at once with its key.
    for round in 0..3 {
        for i in 0..30 {
            let code = &referrers[i % 3]["referral_code"];
            let body = json!({"referral_code": code, "email": format!("friend{i}@burst.example")});
            let request =
                app.request(reqwest::Method::POST, "/api/v1", "/signups/referral", &member.bearer()).json(&body);
            tasks.push((format!("friend{i}"), round, tokio::spawn(async move { request.send().await.unwrap() })));
        }
    }
    for round in 0..2 {
        for i in 0..10 {
            let body = json!({"campaign_id": campaign, "email": format!("keyed{i}@burst.example")});
            let request = app
                .request(reqwest::Method::POST, "/api/v1", "/signups", &member.bearer())
                .header("Idempotency-Key", format!("burst-{i}"))
                .json(&body);
            tasks.push((format!("keyed{i}"), round, tokio::spawn(async move { request.send().await.unwrap() })));
        }
    }
    let mut created: std::collections::HashMap<String, Vec<u64>> = Default::default();
    let mut repeats = 0;
    for (address, _, task) in tasks {
        let response = task.await.unwrap();
        let status = response.status().as_u16();
        let replayed = response.headers().contains_key("idempotent-replayed");
        let answer: serde_json::Value = response.json().await.unwrap();
        match status {
            201 => created.entry(address).or_default().push(answer["data"]["participant"]["id"].as_u64().unwrap()),
            // The same referral again: the participant keeps its inviter, nothing changes.
            200 => {
                assert!(answer["data"]["message"].as_str().unwrap().contains("already referred"), "{answer}");
                repeats += 1;
            }
            other => panic!("{address}: {other} {answer} (replayed: {replayed})"),
        }
    }
    assert_eq!(repeats, 60, "two repeats of each of the 30 referred addresses");
    assert_eq!(created.len(), 40, "every address signed up");
    for (address, ids) in &created {
        let expected = if address.starts_with("keyed") { 2 } else { 1 };
        assert_eq!(ids.len(), expected, "{address}: {ids:?}");
        assert!(ids.iter().all(|id| *id == ids[0]), "a retry answers with the first participant: {address}");
    }
    let listed = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}&limit=100"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(43), "the referrers and 40 addresses, once each");
    for referrer in &referrers {
        let now = expect_status(
            app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await,
            200,
        )
        .await;
        assert_eq!(now["data"]["referrals"], json!(10));
    }
    let stats =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &member.bearer()).await, 200).await;
    let data = &stats["data"];
    assert_eq!(
        (data["participants"].as_u64(), data["referrals"].as_u64(), data["rewards_issued"].as_u64()),
        (Some(43), Some(30), Some(30)),
        "the counters equal the records"
    );
}

/// The server keeps each campaign a signup went to (and each API key's member) for the next
/// signup, and the decision reads them again: a campaign deleted since, or changed since, is
/// seen at once, and a key replaced or a member disabled is refused.
#[tokio::test]
async fn what_a_server_kept_from_earlier_signups_never_outlives_a_change() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("kept").await;
    let key = Cred::Key(app.api_key(&member).await);
    let campaign = message_campaign(&app, &member, json!({})).await;
    let signup = |cred: Cred, email: &str| {
        let body = json!({"campaign_id": campaign, "email": email});
        let app = &app;
        async move { app.post_json("/api/v1", "/signups", &cred, &body).await }
    };
    let first = expect_status(signup(key.clone(), "first@kept.example").await, 201).await;
    let code = first["data"]["participant"]["referral_code"].clone();

    // A change of the campaign is what the next signup goes by.
    let changed = json!({"reward_type": 5, "reward_value": "5.00", "num_signups": 1});
    expect_status(app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &key, &changed).await, 200).await;
    let refer = |email: &str| {
        let body = json!({"referral_code": code, "email": email});
        let (app, key) = (&app, key.clone());
        async move { app.post_json("/api/v1", "/signups/referral", &key, &body).await }
    };
    let referred = expect_status(refer("second@kept.example").await, 201).await;
    assert_eq!(referred["data"]["referrer_reward"]["value"], json!("5.00"), "{referred}");

    // A disabled member's key is refused, and works again once the member is enabled.
    let path = format!("/members/{}/disable", member.id);
    expect_status(app.admin_json(Method::POST, &path, ADMIN_TOKEN, &json!({})).await, 200).await;
    expect_error(signup(key.clone(), "third@kept.example").await, 401, "unauthorized").await;
    let path = format!("/members/{}/enable", member.id);
    expect_status(app.admin_json(Method::POST, &path, ADMIN_TOKEN, &json!({})).await, 200).await;
    expect_status(signup(key.clone(), "third@kept.example").await, 201).await;

    // A replaced key is refused; the new one works. (The disable ended the member's tokens:
    // they sign in again to replace it.)
    let token = expect_status(app.login("/api/v1", &member.email, &member.password).await, 200).await;
    let token = Cred::Bearer(token["data"]["token"].as_str().unwrap().to_owned());
    let made = expect_status(app.post_json("/api/v1", "/members/api-key", &token, &json!({})).await, 201).await;
    let new_key = Cred::Key(made["data"]["api_key"].as_str().unwrap().to_owned());
    expect_error(signup(key.clone(), "fourth@kept.example").await, 401, "unauthorized").await;
    expect_status(signup(new_key.clone(), "fourth@kept.example").await, 201).await;

    // A deleted campaign takes no signups: 404, and its codes are invalid.
    expect_status(app.delete("/api/v1", &format!("/campaigns/{campaign}"), &new_key).await, 200).await;
    expect_error(signup(new_key.clone(), "fifth@kept.example").await, 404, "not_found").await;
    let body = json!({"referral_code": code, "email": "sixth@kept.example"});
    let referred = app.post_json("/api/v1", "/signups/referral", &new_key, &body).await;
    expect_error(referred, 400, "invalid_referral_code").await;
}
