//! GET /billing/plans.

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn plans_are_public_and_seeded_with_a_free_and_a_paid_plan() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        let body = expect_status(app.get(root, "/billing/plans", &Cred::None).await, 200).await;
        assert_eq!(body["success"], json!(true));
        let plans = body["data"]["plans"].as_array().unwrap();
        assert!(plans.len() >= 2);
        let free = plans.iter().find(|p| p["id"] == json!(1)).expect("free plan with id 1");
        assert_eq!(free["paid"], json!(false));
        assert_eq!(free["price"], json!("0.00"));
        let paid: Vec<_> = plans.iter().filter(|p| p["paid"] == json!(true)).collect();
        assert!(!paid.is_empty());
        for plan in plans {
            for field in ["id", "name", "price", "currency", "interval", "paid", "limits"] {
                assert!(plan.get(field).is_some(), "plan lacks {field}: {plan}");
            }
            assert!(plan["limits"].get("brands").is_some() && plan["limits"].get("campaigns").is_some());
        }
    }
}

#[tokio::test]
async fn plans_accept_only_get() {
    let app = TestApp::spawn().await;
    for root in ROOTS {
        expect_error(app.post_json(root, "/billing/plans", &Cred::None, &json!({})).await, 405, "method_not_allowed")
            .await;
    }
}
