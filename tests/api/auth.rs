//! Credentials: API keys (generation, sealing, revocation) and JWTs, alone and together, and
//! every way a credential can be wrong.

use base64::Engine;
use reqwest::Method;
use serde_json::json;

use crate::helpers::*;
use referrals::auth::jwt::TokenSettings;
use referrals::auth::{AuthKeys, ServerSecret};

fn keys_of_test_server() -> AuthKeys {
    let settings = TokenSettings { issuer: "referrals".into(), ttl: chrono::Duration::days(30) };
    AuthKeys::derive(&ServerSecret::from_hex(TEST_SECRET).unwrap(), settings)
}

fn is_api_key(text: &str) -> bool {
    text.len() == 52
        && text.starts_with("ref_")
        && text[4..].bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[tokio::test]
async fn generating_a_key_returns_it_once_more_on_read_and_revokes_the_previous_one() {
    let app = TestApp::spawn().await;
    let member = app.member("keys").await;
    let bearer = Cred::Bearer(member.token.clone());
    for root in ROOTS {
        expect_error(app.get(root, "/members/api-key", &bearer).await, 404, "not_found").await;
    }
    for root in ROOTS {
        let first =
            expect_status(app.request(Method::POST, root, "/members/api-key", &bearer).send().await.unwrap(), 201)
                .await;
        let first_key = first["data"]["api_key"].as_str().unwrap().to_owned();
        assert!(is_api_key(&first_key), "{first_key}");
        assert!(first["data"]["date_generated"].as_str().is_some());

        let read = expect_status(app.get(root, "/members/api-key", &bearer).await, 200).await;
        assert_eq!(read["data"]["api_key"], json!(first_key));
        assert_eq!(read["data"]["date_generated"], first["data"]["date_generated"]);

        let profile = expect_status(app.get(root, "/members/profile", &Cred::Key(first_key.clone())).await, 200).await;
        assert_eq!(profile["data"]["id"], json!(member.id));
        assert_eq!(profile["data"]["has_api_key"], json!(true));

        // A new key, generated with the key itself: the old one stops working at once.
        let second = expect_status(
            app.request(Method::POST, root, "/members/api-key", &Cred::Key(first_key.clone())).send().await.unwrap(),
            201,
        )
        .await;
        let second_key = second["data"]["api_key"].as_str().unwrap().to_owned();
        assert_ne!(second_key, first_key);
        expect_error(app.get(root, "/members/profile", &Cred::Key(first_key)).await, 401, "unauthorized").await;
        expect_status(app.get(root, "/members/profile", &Cred::Key(second_key.clone())).await, 200).await;
        let read = expect_status(app.get(root, "/members/api-key", &bearer).await, 200).await;
        assert_eq!(read["data"]["api_key"], json!(second_key));
    }
}

#[tokio::test]
async fn api_key_endpoints_need_a_credential() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        expect_error(app.get(root, "/members/api-key", &Cred::None).await, 401, "unauthorized").await;
        expect_error(
            app.request(Method::POST, root, "/members/api-key", &Cred::None).send().await.unwrap(),
            401,
            "unauthorized",
        )
        .await;
    }
}

#[tokio::test]
async fn every_kind_of_bad_credential_gets_401() {
    let app = TestApp::spawn_with(Options { secret: Some(TEST_SECRET.into()), ..Default::default() }).await;
    let member = app.member("creds").await;
    let other = app.member("other").await;
    let key = app.api_key(&member).await;
    let other_key = app.api_key(&other).await;
    let keys = keys_of_test_server();

    let expired = keys.tokens.issue_at(member.id, 0, chrono::Utc::now() - chrono::Duration::days(31)).unwrap().token;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let parts: Vec<&str> = member.token.split('.').collect();
    let mut claims: serde_json::Value = serde_json::from_slice(&b64.decode(parts[1]).unwrap()).unwrap();
    claims["sub"] = json!(other.id.to_string());
    let tampered = format!("{}.{}.{}", parts[0], b64.encode(claims.to_string()), parts[2]);
    let unsigned = format!("{}.{}.", b64.encode(r#"{"alg":"none","typ":"JWT"}"#), parts[1]);
    let foreign_secret = AuthKeys::derive(
        &ServerSecret::from_hex(&"11".repeat(32)).unwrap(),
        TokenSettings { issuer: "referrals".into(), ttl: chrono::Duration::days(30) },
    );
    let foreign = foreign_secret.tokens.issue(member.id, 0).unwrap().token;
    let unknown_member = keys.tokens.issue(999_999, 0).unwrap().token;

    let refused = [
        ("malformed key", Cred::Key("ref_nothex".into())),
        ("uppercase key", Cred::Key(key.to_uppercase())),
        ("unknown key", Cred::Key(format!("ref_{}", "0".repeat(48)))),
        ("garbage bearer", Cred::Bearer("not.a.jwt".into())),
        ("expired token", Cred::Bearer(expired)),
        ("tampered token", Cred::Bearer(tampered)),
        ("alg none", Cred::Bearer(unsigned)),
        ("token from another secret", Cred::Bearer(foreign)),
        ("token for a member that does not exist", Cred::Bearer(unknown_member)),
        ("token of a later generation", Cred::Bearer(keys.tokens.issue(member.id, 1).unwrap().token)),
        ("basic scheme", Cred::Authorization("Basic YTpi".into())),
        ("empty bearer", Cred::Authorization("Bearer ".into())),
        ("key and token of different members", Cred::Both { key: other_key, token: member.token.clone() }),
        ("valid token with a bad key", Cred::Both { key: "ref_bad".into(), token: member.token.clone() }),
    ];
    for root in ROOTS {
        for (what, cred) in &refused {
            let response = app.get(root, "/members/profile", cred).await;
            assert_eq!(response.status().as_u16(), 401, "{what} on {root}");
            expect_error(response, 401, "unauthorized").await;
        }
        let both = Cred::Both { key: key.clone(), token: member.token.clone() };
        let profile = expect_status(app.get(root, "/members/profile", &both).await, 200).await;
        assert_eq!(profile["data"]["id"], json!(member.id));
        let lowercase_scheme = Cred::Authorization(format!("bearer {}", member.token));
        expect_status(app.get(root, "/members/profile", &lowercase_scheme).await, 200).await;
    }
}

#[tokio::test]
async fn the_api_key_text_is_nowhere_in_the_data_directory() {
    let mut app = TestApp::spawn().await;
    let member = app.member("at-rest").await;
    let key = app.api_key(&member).await;
    // Stop the server so every byte it wrote is on disk, then search every file.
    assert!(app.signal("TERM").success());
    let hex = key.trim_start_matches("ref_").to_owned();
    let files = app.stored_data().await;
    for (place, bytes) in &files {
        for needle in [key.as_bytes(), hex.as_bytes(), &hex.as_bytes()[..24], &hex.as_bytes()[24..]] {
            assert!(!bytes.windows(needle.len()).any(|w| w == needle), "key text found in {place}");
        }
    }
    assert!(files.len() >= 2, "searched {} files", files.len());
    // The sealed copy still opens after the restart.
    app.restart().await;
    let read =
        expect_status(app.get("/api/v1", "/members/api-key", &Cred::Bearer(member.token.clone())).await, 200).await;
    assert_eq!(read["data"]["api_key"], json!(key));
}
