//! The document's own tests: its operations, names, failures and schemas.

use std::collections::BTreeSet;

use super::*;

#[test]
fn the_document_describes_exactly_the_registered_routes_and_the_v1_alias_serves_them_all() {
    let registered = crate::http::routes::configured();
    let document = as_json("http://127.0.0.1:8080");
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            documented.insert((method.to_uppercase(), path.clone()));
        }
    }
    // The /v1 alias answers what /api/v1 does; the document lists the operation once.
    let (alias, served): (BTreeSet<_>, BTreeSet<_>) =
        registered.iter().cloned().partition(|(_, path)| path.starts_with("/v1/"));
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unregistered: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "routes missing from the OpenAPI document: {undocumented:?}");
    assert!(unregistered.is_empty(), "documented but not served: {unregistered:?}");
    let api: BTreeSet<_> = served
        .iter()
        .filter_map(|(method, path)| Some((method.clone(), format!("/v1/{}", path.strip_prefix("/api/v1/")?))))
        .collect();
    assert_eq!(alias, api, "every /api/v1 operation, and only those, under /v1 too");
    assert!(served.len() > 140, "the API, the site and the admin API: {}", served.len());
}

#[test]
fn every_operation_has_a_unique_name_in_the_resources_words_a_tag_and_a_one_line_summary() {
    let document = as_json("http://127.0.0.1:8080");
    let mut names = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        assert!(!path.starts_with("/v1/"), "{path}: the alias is not listed");
        for (method, operation) in item.as_object().unwrap() {
            let name = operation["operationId"].as_str().unwrap_or_default();
            // camelCase words: a verb, then the resource (`createCampaign`), never the
            // method and the path (`post_api_v1_campaigns`).
            let words = name.chars().all(|c| c.is_ascii_alphanumeric())
                && name.starts_with(|c: char| c.is_ascii_lowercase())
                && name.chars().any(|c| c.is_ascii_uppercase());
            assert!(words || name == "unsubscribe", "{method} {path}: operationId {name:?}");
            assert!(!name.to_ascii_lowercase().contains("apiv1"), "{method} {path}: {name}");
            assert!(names.insert(name.to_owned()), "{name} is used twice");
            assert!(operation["tags"].as_array().is_some_and(|tags| tags.len() == 1), "{method} {path}");
            let summary = operation["summary"].as_str().unwrap_or_default();
            assert!(!summary.is_empty() && summary.len() <= 100, "{method} {path}: summary {summary:?}");
            assert!(!summary.contains('\n'), "{method} {path}");
        }
    }
    assert_eq!(names.len(), ENDPOINTS.len());
    let create = &document["paths"]["/api/v1/campaigns"]["post"];
    assert_eq!(create["operationId"], "createCampaign");
    let approve = &document["paths"]["/api/v1/rewards/{id}/approve"]["post"];
    assert_eq!(approve["operationId"], "approveReward");
    let block = &document["paths"]["/api/v1/participants/{id}/block"]["post"];
    assert_eq!(block["summary"], "Block a participant");
    assert!(block["description"].as_str().unwrap().contains("voided"), "the whole text stays: {block}");
}

#[test]
fn the_document_is_openapi_3_1_with_both_credentials_and_resolvable_refs() {
    let document = as_json("http://127.0.0.1:8080");
    assert_eq!(document["openapi"], "3.1.0");
    let schemes = &document["components"]["securitySchemes"];
    assert_eq!(schemes["api_key"]["name"], "X-API-Key");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    // Every $ref names a schema that exists.
    let text = document.to_string();
    for piece in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &piece[..piece.find('"').unwrap()];
        assert!(document["components"]["schemas"].get(name).is_some(), "missing schema {name}");
    }
    let signup = &document["paths"]["/api/v1/signups"]["post"];
    assert!(signup["responses"]["201"].is_object() && signup["responses"]["429"].is_object(), "{signup}");
}

#[test]
fn failures_name_the_codes_each_operation_answers_with() {
    let document = as_json("http://127.0.0.1:8080");
    let codes = |path: &str, method: &str, status: &str| -> Vec<String> {
        let named = &document["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"];
        // Each set of codes is a component of its own, shared by the operations answering it.
        let name = named["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")).unwrap();
        let schema = &document["components"]["schemas"][name];
        assert_eq!(schema["allOf"][0]["$ref"], "#/components/schemas/Failure", "{path} {status}: {schema}");
        let listed = schema["allOf"][1]["properties"]["code"]["enum"].as_array().expect("an enum of codes");
        listed.iter().map(|code| code.as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(codes("/api/v1/participants/{id}/promo-codes", "post", "409"), ["promo_code_taken"]);
    assert_eq!(codes("/api/v1/payouts/{id}/paid", "post", "409"), ["payout_state_conflict"]);
    assert_eq!(codes("/api/v1/campaigns", "get", "401"), ["unauthorized"]);
    assert_eq!(codes("/api/v1/rewards/{id}/approve", "post", "403"), ["insufficient_scope"]);
    let name = |path: &str, method: &str, status: &str| {
        document["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]["$ref"].clone()
    };
    assert_eq!(name("/api/v1/rewards/{id}/approve", "post", "403"), "#/components/schemas/FailureInsufficientScope");
    assert_eq!(name("/api/v1/signups", "post", "400"), "#/components/schemas/Failure400", "every code of 400");
    assert_eq!(name("/api/v1/brands", "get", "401"), name("/api/v1/campaigns", "post", "401"), "shared");
    let plan = codes("/api/v1/brands", "post", "403");
    assert!(plan.contains(&"insufficient_scope".to_owned()) && plan.contains(&"plan_limit_reached".to_owned()));
    let bad = codes("/api/v1/signups", "post", "400");
    assert!(bad.contains(&"validation_failed".to_owned()) && bad.contains(&"invalid_json".to_owned()), "{bad:?}");
    assert!(
        failures::mentions("answers 409 no_domain.", "no_domain") && !failures::mentions("no_domains", "no_domain")
    );
    // Generators refuse an empty enum (openapi-python-client did): none anywhere.
    assert!(!document.to_string().contains("\"enum\":[]"), "an empty enum of codes");
}

#[test]
fn every_write_a_member_makes_names_a_resource_a_scope_can_name() {
    use crate::domain::key_scope::Need;
    for endpoint in ENDPOINTS.iter().filter(|e| e.auth == Auth::Member) {
        let write = endpoint.method != GET;
        let need = scopes::need(endpoint.operation_id, endpoint.tag, write);
        let account = endpoint.tag == "members";
        assert_eq!(
            need == Need::Account,
            account && endpoint.operation_id != "getProfile",
            "{}",
            endpoint.operation_id
        );
        if write && !account {
            assert!(
                crate::domain::key_scope::Resource::named(endpoint.tag).is_some() || need == Need::Read,
                "{}: tag {} is no resource",
                endpoint.operation_id,
                endpoint.tag
            );
        }
    }
}

#[test]
fn schemas_carry_what_the_views_write() {
    let document = as_json("http://127.0.0.1:8080");
    let participant = &document["components"]["schemas"]["Participant"]["properties"];
    for field in ["id", "campaign_id", "email", "referral_code", "referral_link", "referred_by", "created_at"] {
        assert!(participant.get(field).is_some(), "Participant.{field}");
    }
    let click = &document["components"]["schemas"]["ClickAnswer"]["properties"];
    assert!(click.get("campaignId").is_some() && click.get("participantId").is_some());
}
