//! `/api/v1` and `/v1` are the same API: the same request gets the same answer on both.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

/// Drops values that legitimately differ between two calls (fresh timestamps and keys).
fn stable(mut body: Value) -> Value {
    if let Some(data) = body.get_mut("data").and_then(Value::as_object_mut) {
        for volatile in ["token", "expires_at", "api_key", "date_generated"] {
            if data.contains_key(volatile) {
                data.insert(volatile.into(), json!("<volatile>"));
            }
        }
    }
    body
}

#[tokio::test]
async fn both_roots_give_identical_answers() {
    let app = TestApp::spawn().await;
    let member = app.member("roots").await;
    let key = app.api_key(&member).await;
    let bearer = Cred::Bearer(member.token.clone());
    let requests: Vec<(Method, &str, Cred, Option<Value>)> = vec![
        (Method::GET, "/billing/plans", Cred::None, None),
        (Method::GET, "/members/profile", bearer.clone(), None),
        (Method::GET, "/members/profile", Cred::Key(key.clone()), None),
        (Method::GET, "/members/profile", Cred::None, None),
        (Method::GET, "/members/api-key", bearer.clone(), None),
        (Method::POST, "/auth/token", Cred::None, Some(json!({"email": member.email, "password": member.password}))),
        (Method::POST, "/auth/token", Cred::None, Some(json!({"email": member.email, "password": "wrong-password"}))),
        (
            Method::POST,
            "/members",
            Cred::None,
            Some(json!({"email": member.email, "name": "Again", "password": "violet-tugboat-quarrel"})),
        ),
        (
            Method::POST,
            "/members",
            Cred::None,
            Some(json!({"email": "bad", "name": "x", "password": "violet-tugboat-quarrel"})),
        ),
        (Method::GET, "/no-such-endpoint", Cred::None, None),
        (Method::DELETE, "/billing/plans", Cred::None, None),
    ];
    for (method, path, cred, body) in requests {
        let mut answers = Vec::new();
        for root in ROOTS {
            let mut request = app.request(method.clone(), root, path, &cred);
            if let Some(body) = &body {
                request = request.json(body);
            }
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap();
            answers.push((status, stable(body)));
        }
        assert_eq!(answers[0], answers[1], "{method} {path}");
    }
}
