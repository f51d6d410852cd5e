//! Data rights: a participant's export as JSON, and the erasure of the person, checked
//! everywhere the API, the exports, webhook retries and a backup could still show them.

use reqwest::Method;
use serde_json::json;

use crate::helpers::*;
use crate::receiver::Receiver;
use crate::webhooks::{webhook, webhook_config, WAIT};

/// Every place the member can read a participant from; the texts, joined.
async fn everything_readable(app: &TestApp, member: &TestMember, key: &str, campaign: u64, ids: &[u64]) -> String {
    let mut seen = String::new();
    let mut paths = vec![
        "/participants?limit=100".to_owned(),
        format!("/participants?campaign_id={campaign}&search=ada"),
        format!("/campaigns/{campaign}/participants.csv"),
        format!("/campaigns/{campaign}/rewards.csv"),
        "/rewards?limit=100".to_owned(),
        "/conversions".to_owned(),
    ];
    paths.extend(ids.iter().flat_map(|id| [format!("/participants/{id}"), format!("/participants/{id}/export")]));
    for path in paths {
        let response = app.get("/api/v1", &path, &member.bearer()).await;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        seen.push_str(&response.text().await.unwrap());
    }
    for path in ["/automation/contacts?limit=100", "/automation/rewards"] {
        let response = app.get("/api/v1", path, &Cred::Key(key.into())).await;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        seen.push_str(&response.text().await.unwrap());
    }
    seen
}

#[tokio::test]
async fn an_erased_person_appears_nowhere_and_every_count_stays() {
    let mut options = webhook_config("[0.05, 0.1, 0.2]");
    options.admin_token = Some(ADMIN_TOKEN.into());
    let app = TestApp::spawn_with(options).await;
    let receiver = Receiver::start().await;
    let member = app.member("erasure").await;
    let key = app.api_key(&member).await;
    let brand = app.brand(&member, "https://erasure.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "5.00", "num_signups": 1});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let (webhook_id, _) = webhook(&app, &member, &receiver.url(), None).await;

    // Zed refers Ada (Zed earns a reward); Ada refers Bob (Ada earns one), under an
    // idempotency key; Ada invites Carol, and Zed invited Ada.
    let zed = app.participant(&member, campaign, "zed@erasure.example").await;
    let body =
        json!({"referral_code": zed["referral_code"], "email": "Ada.Lovelace@Erasure.example", "name": "Ada Lovelace"});
    let ada = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await;
    let ada = ada["data"]["participant"].clone();
    let ada_id = ada["id"].as_u64().unwrap();
    let bob_body = json!({"referral_code": ada["referral_code"], "email": "bob@erasure.example", "name": "Bob"});
    let keyed = || {
        app.request(Method::POST, "/api/v1", "/signups/referral", &member.bearer())
            .header("Idempotency-Key", "bob-once")
            .json(&bob_body)
    };
    let bob = expect_status(keyed().send().await.unwrap(), 201).await["data"]["participant"].clone();
    let bob_id = bob["id"].as_u64().unwrap();
    for (from, to) in [(&ada["id"], "carol@erasure.example"), (&zed["id"], "ada.lovelace@erasure.example")] {
        let (path, body) = (format!("/participants/{from}/invites"), json!({"emails": [to]}));
        expect_status(app.post_json("/api/v1", &path, &member.bearer(), &body).await, 201).await;
    }
    // Ada has a promo code.
    let path = format!("/participants/{ada_id}/promo-codes");
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({"code": "ADA10"})).await, 201).await;
    // Signups of Zed, Ada, Bob; the rewards of Zed and Ada.
    let delivered = receiver.wait_for(5, WAIT).await;
    assert!(delivered.iter().any(|r| String::from_utf8_lossy(&r.body).contains("Ada.Lovelace@Erasure.example")));

    let export =
        expect_status(app.get("/api/v1", &format!("/participants/{ada_id}/export"), &member.bearer()).await, 200).await;
    let export = &export["data"];
    assert_eq!(export["participant"]["email"], json!("Ada.Lovelace@Erasure.example"));
    assert_eq!(export["participant"]["referred_by"], zed["id"]);
    assert_eq!(export["campaign"]["id"], json!(campaign));
    assert_eq!(export["referred"], json!([bob_id]));
    assert_eq!(export["rewards"].as_array().unwrap().len(), 1);
    assert_eq!(export["rewards"][0]["history"][0]["status"], json!("issued"));
    assert_eq!(export["invitations_sent"][0]["email"], json!("carol@erasure.example"));
    assert_eq!(export["invitations_received"][0]["participant_id"], zed["id"]);
    assert_eq!(export["promo_codes"][0]["code"], json!("ADA10"));
    assert_eq!(export["promo_codes"][0]["link"], json!("https://erasure.example.com/?ref=ADA10"));
    let kinds: Vec<&str> =
        export["webhook_events"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["participant.signup", "reward.issued"], "her signup and her reward");
    assert!(!export.to_string().contains("zed@"), "nobody else's address: {export}");

    let stats = app.campaign_stats(&member, campaign).await;
    let brand_stats =
        expect_status(app.get("/api/v1", &format!("/brands/{brand}/stats"), &member.bearer()).await, 200).await;
    let zed_before =
        expect_status(app.get("/api/v1", &format!("/participants/{}", zed["id"]), &member.bearer()).await, 200).await;

    let erased =
        expect_status(app.delete("/api/v1", &format!("/participants/{ada_id}"), &member.bearer()).await, 200).await;
    let erased = &erased["data"];
    assert_eq!((&erased["email"], &erased["name"], &erased["erased"]), (&json!(""), &json!(""), &json!(true)));
    assert_eq!((&erased["referrals"], &erased["referred_by"]), (&json!(1), &zed["id"]), "a node of the chain");
    let again =
        expect_status(app.delete("/api/v1", &format!("/participants/{ada_id}"), &member.bearer()).await, 200).await;
    assert_eq!(&again["data"], erased, "erasing again changes nothing");

    // Nowhere in the API.
    let readable = everything_readable(&app, &member, &key, campaign, &[ada_id, bob_id]).await;
    for trace in ["ada.lovelace", "Ada.Lovelace", "Ada Lovelace"] {
        assert!(!readable.contains(trace), "{trace} is still readable");
    }
    let bob_now =
        expect_status(app.get("/api/v1", &format!("/participants/{bob_id}"), &member.bearer()).await, 200).await;
    assert_eq!(bob_now["data"]["referred_by"], json!(ada_id), "Bob keeps his referrer");
    assert_eq!(bob_now["data"]["referrer"]["email"], json!(""));
    let replay = keyed().send().await.unwrap();
    assert_eq!(replay.headers()["idempotent-replayed"], "true");
    let replay = expect_status(replay, 201).await;
    assert_eq!(replay["data"]["participant"]["id"], json!(bob_id), "a retry is still answered");
    assert!(!replay.to_string().contains("Lovelace"), "{replay}");

    // Every count stays: the campaign's, the brand's, and Zed's, who referred her.
    assert_eq!(app.campaign_stats(&member, campaign).await, stats);
    let brand_now =
        expect_status(app.get("/api/v1", &format!("/brands/{brand}/stats"), &member.bearer()).await, 200).await;
    assert_eq!(brand_now, brand_stats);
    let zed_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", zed["id"]), &member.bearer()).await, 200).await;
    for field in ["referrals", "rewards", "rewards_by_status"] {
        assert_eq!(zed_now["data"][field], zed_before["data"][field], "{field}");
    }

    // A webhook retry sends the event as it is now.
    let signup_event = delivered
        .iter()
        .find(|r| {
            String::from_utf8_lossy(&r.body).contains("Ada.Lovelace@Erasure.example")
                && r.json()["type"] == json!("participant.signup")
        })
        .unwrap()
        .header("webhook-id")
        .to_owned();
    let retry = format!("/webhooks/{webhook_id}/deliveries/{signup_event}/retry");
    expect_status(app.post_json("/api/v1", &retry, &member.bearer(), &json!({})).await, 202).await;
    let resent = receiver.wait_for(delivered.len() + 1, WAIT).await;
    let resent = resent.last().unwrap();
    assert_eq!(resent.header("webhook-id"), signup_event);
    assert_eq!(resent.json()["data"]["participant"]["id"], json!(ada_id));
    assert!(!String::from_utf8_lossy(&resent.body).contains("Lovelace"), "the retry carries the erased copy");

    // Nor in the live data: a backup taken now.
    let backup = app.admin(Method::GET, "/backup", ADMIN_TOKEN).send().await.unwrap();
    assert_eq!(backup.status().as_u16(), 200);
    let bytes = backup.bytes().await.unwrap();
    for trace in ["ada.lovelace@erasure.example", "Ada.Lovelace@Erasure.example", "Ada Lovelace"] {
        assert!(!bytes.windows(trace.len()).any(|w| w == trace.as_bytes()), "{trace} is in the backup");
    }
    assert!(bytes.windows(19).any(|w| w == b"bob@erasure.example"), "the backup holds everyone else");
}

#[tokio::test]
async fn an_erased_participant_refers_nobody_sends_nothing_and_the_address_may_join_again() {
    let app = TestApp::spawn().await;
    let member = app.member("erased-acts").await;
    let brand = app.brand(&member, "https://erased-acts.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, "ada@erased-acts.example").await;
    let id = ada["id"].as_u64().unwrap();
    expect_status(app.delete("/api/v1", &format!("/participants/{id}"), &member.bearer()).await, 200).await;

    let referred = app.refer(&member, ada["referral_code"].as_str().unwrap(), "bob@erased-acts.example").await;
    expect_error(referred, 400, "invalid_referral_code").await;
    let invites = app
        .post_json(
            "/api/v1",
            &format!("/participants/{id}/invites"),
            &member.bearer(),
            &json!({"emails": ["x@erased-acts.example"]}),
        )
        .await;
    let message = expect_error(invites, 409, "participant_erased").await;
    assert!(message.contains("erased"), "{message}");
    let conversion = json!({"participant_id": id, "campaign_id": campaign, "external_id": "order-1"});
    expect_error(
        app.post_json("/api/v1", "/conversions", &member.bearer(), &conversion).await,
        409,
        "participant_erased",
    )
    .await;

    let back = app.participant(&member, campaign, "ada@erased-acts.example").await;
    assert_ne!(back["id"], ada["id"], "the address joins again as somebody new");
    assert_eq!(back["erased"], json!(false));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["participants"], json!(2), "the erased node still counts");
}

#[tokio::test]
async fn another_members_participant_can_be_neither_exported_nor_erased() {
    let app = TestApp::spawn().await;
    let owner = app.member("rights-owner").await;
    let other = app.member("rights-other").await;
    let brand = app.brand(&owner, "https://rights.example.com").await;
    let campaign =
        app.campaign(&owner, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let ada = app.participant(&owner, campaign, "ada@rights.example").await;
    let id = ada["id"].as_u64().unwrap();
    expect_error(app.get("/api/v1", &format!("/participants/{id}/export"), &other.bearer()).await, 404, "not_found")
        .await;
    expect_error(app.delete("/api/v1", &format!("/participants/{id}"), &other.bearer()).await, 404, "not_found").await;
    expect_error(app.delete("/api/v1", "/participants/999999", &owner.bearer()).await, 404, "not_found").await;
    let still = expect_status(app.get("/api/v1", &format!("/participants/{id}"), &owner.bearer()).await, 200).await;
    assert_eq!(still["data"]["email"], json!("ada@rights.example"));
}
