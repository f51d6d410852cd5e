//! POST /members, POST /auth/token, GET /members/profile.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_member_registers_logs_in_and_reads_their_profile_on_both_roots() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        let email = unique_email("ada");
        let registered =
            expect_status(app.register(root, &email, "Ada Lovelace", "analytical-engine").await, 201).await;
        let data = &registered["data"];
        assert_eq!(registered["success"], json!(true));
        assert_eq!(data["email"], json!(email));
        assert_eq!(data["name"], json!("Ada Lovelace"));
        assert_eq!(data["plan_id"], json!(1), "new members are on the free plan");
        assert!(data.get("password").is_none() && data.get("password_hash").is_none());
        let signed_up =
            chrono::DateTime::parse_from_rfc3339(data["date_signedup"].as_str().unwrap()).expect("RFC 3339 timestamp");
        assert!((chrono::Utc::now() - signed_up.with_timezone(&chrono::Utc)).num_seconds().abs() < 120);

        // Email comparison at login is case-insensitive, like registration.
        let login = expect_status(app.login(root, &email.to_uppercase(), "analytical-engine").await, 200).await;
        let token = login["data"]["token"].as_str().unwrap().to_owned();
        assert_eq!(login["data"]["member"]["id"], data["id"]);
        assert_eq!(login["data"]["member"]["email"], json!(email));
        assert_eq!(login["data"]["token_type"], json!("Bearer"));
        let expires = chrono::DateTime::parse_from_rfc3339(login["data"]["expires_at"].as_str().unwrap()).unwrap();
        let days = (expires.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_hours() as f64 / 24.0;
        assert!((29.9..=30.0).contains(&days), "token lives 30 days, got {days}");

        let profile = expect_status(app.get(root, "/members/profile", &Cred::Bearer(token)).await, 200).await;
        assert_eq!(profile["data"]["id"], data["id"]);
        assert_eq!(profile["data"]["email"], json!(email));
        assert_eq!(profile["data"]["name"], json!("Ada Lovelace"));
        assert_eq!(profile["data"]["plan_id"], json!(1));
        assert_eq!(profile["data"]["plan"]["paid"], json!(false));
        assert_eq!(profile["data"]["has_api_key"], json!(false));
    }
}

#[tokio::test]
async fn registration_refuses_duplicates_and_invalid_fields() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        let email = unique_email("dup");
        expect_status(app.register(root, &email, "First", "violet-tugboat-quarrel").await, 201).await;
        let message = expect_error(
            app.register(root, &email.to_uppercase(), "Second", "violet-tugboat-quarrel-2").await,
            409,
            "email_taken",
        )
        .await;
        assert!(message.contains("already registered"), "{message}");

        let cases = [
            (json!({"email": "not-an-email", "name": "N", "password": "violet-tugboat-quarrel"}), "email"),
            (json!({"email": unique_email("x"), "name": "   ", "password": "violet-tugboat-quarrel"}), "name"),
            (json!({"email": unique_email("x"), "name": "N", "password": "short"}), "password"),
            (json!({"email": unique_email("x"), "name": "N"}), "password"),
            (json!({"email": unique_email("x"), "name": "N", "password": "password"}), "too easy to guess"),
            (json!({"email": unique_email("x"), "name": "N", "password": "12345678"}), "common password"),
            (json!({"email": unique_email("x"), "name": "N", "password": "        "}), "too easy to guess"),
            (json!({"email": "grace@hopper.example", "name": "Grace Hopper", "password": "Grace Hopper"}), "too easy"),
            (json!({"email": 42, "name": "N", "password": "violet-tugboat-quarrel"}), "string"),
        ];
        for (body, mentions) in cases {
            let response = app.post_json(root, "/members", &Cred::None, &body).await;
            let status = response.status().as_u16();
            let parsed = expect_status(response, status).await;
            assert_eq!(status, 400, "{body} -> {parsed}");
            assert_eq!(parsed["success"], json!(false));
            assert!(parsed["error"].as_str().unwrap().contains(mentions), "{body} -> {parsed}");
        }
    }
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    let app = TestApp::spawn().await;
    let member = app.member("login").await;
    for root in ROOTS {
        let wrong_password =
            expect_error(app.login(root, &member.email, "not-the-password").await, 401, "unauthorized").await;
        let unknown_email =
            expect_error(app.login(root, &unique_email("nobody"), &member.password).await, 401, "unauthorized").await;
        let malformed_email =
            expect_error(app.login(root, "nonsense", &member.password).await, 401, "unauthorized").await;
        assert_eq!(wrong_password, unknown_email, "the message must not say which part was wrong");
        assert_eq!(wrong_password, malformed_email);
        expect_error(
            app.post_json(root, "/auth/token", &Cred::None, &json!({"email": member.email})).await,
            400,
            "invalid_body",
        )
        .await;
    }
}

#[tokio::test]
async fn the_profile_needs_a_credential() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        let response = app.get(root, "/members/profile", &Cred::None).await;
        assert!(response.headers().contains_key("www-authenticate"));
        expect_error(response, 401, "unauthorized").await;
    }
}
