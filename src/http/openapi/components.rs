//! The document's `components`: every schema by name, and the security schemes.
//!
//! No list of schemas is kept here. The endpoint table names the type of each body and
//! answer ([`super::endpoints::schema`]); utoipa derives each type's schema where the type is
//! declared, beside its handler, its view or its parser in `domain`, and names the types
//! inside it (`ToSchema::schemas`). The components are what the table's types bring, so a
//! type is described once and a schema cannot be left out, and a test refuses two types
//! under one name.

use std::collections::BTreeMap;

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ComponentsBuilder, RefOr, Schema};

use super::endpoints::{Answer, Body, Named, ENDPOINTS};
use super::FAILURE;

/// Every schema the table names, each followed by every schema it refers to; a name may
/// come more than once.
fn collected() -> Vec<(String, RefOr<Schema>)> {
    let mut named: Vec<Named> = vec![FAILURE];
    for endpoint in ENDPOINTS {
        named.extend(match endpoint.body {
            Some(Body::Json(n) | Body::JsonOrLines(n) | Body::Anything(n) | Body::OptionalJson(n) | Body::Form(n)) => {
                Some(n)
            }
            Some(Body::Lines) | None => None,
        });
        named.extend(match endpoint.answer {
            Answer::Data(n) | Answer::Bare(n) => Some(n),
            Answer::Text(_) | Answer::Redirect | Answer::SeeOther => None,
        });
    }
    let mut collected = Vec::new();
    for schema in named {
        schema.collect(&mut collected);
    }
    collected
}

/// The schemas by name: the types', then the failures' (each set of codes an operation
/// answers a failure status with, named once: `failures.rs`).
fn schemas() -> BTreeMap<String, RefOr<Schema>> {
    let mut schemas = BTreeMap::new();
    for (name, schema) in collected() {
        schemas.entry(name).or_insert(schema);
    }
    for endpoint in super::ENDPOINTS {
        for status in super::statuses(endpoint).into_iter().filter(|s| *s >= 400) {
            let codes = super::failures::operation_codes(
                status,
                endpoint.summary,
                endpoint.auth == super::Auth::Member,
                endpoint.errors,
            );
            if !codes.is_empty() {
                let (name, schema) = super::failures::failure_component(status, &codes);
                schemas.entry(name).or_insert(schema);
            }
        }
    }
    schemas
}

/// The components: the schemas and the ways to sign in.
pub(super) fn components() -> utoipa::openapi::Components {
    ComponentsBuilder::new()
        .schemas_from_iter(schemas())
        .security_scheme("api_key", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-API-Key"))))
        .security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        )
        .security_scheme(
            "admin_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("The admin token from the server's configuration"))
                    .build(),
            ),
        )
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_types_are_described_under_one_name() {
        // The second would silently describe the first's bodies and answers.
        let mut seen: BTreeMap<String, RefOr<Schema>> = BTreeMap::new();
        for (name, schema) in collected() {
            let first = seen.entry(name.clone()).or_insert_with(|| schema.clone());
            assert!(*first == schema, "two types are described as the schema {name}");
        }
        assert!(seen.len() > 150, "the answers, the bodies and the types inside them: {}", seen.len());
    }
}
