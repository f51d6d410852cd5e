//! The OpenAPI 3.1 document of every endpoint, built from [`ENDPOINTS`] and the schemas that
//! utoipa derives from the very types the handlers answer ([`crate::views`],
//! [`crate::http::answers`]) and from the very types the handlers read their request bodies
//! into (each declared once, beside its handler or its parser in `domain`), served at
//! `GET /api/v1/openapi.json`.
//! The API's endpoints appear under both roots (`/api/v1` and `/v1`); the public site's and
//! the admin API's under their own paths. A unit test compares the document with the routes
//! the server registers ([`crate::http::routes`]), both ways.

mod components;
mod endpoints;
mod examples;
mod failures;
mod scopes;
mod unknown_query;

use components::components;
use endpoints::{schema, Answer, Auth, Body, Endpoint, Named, ENDPOINTS};
use failures::{failure, failure_schema, operation_codes};
pub use scopes::mark_need;
pub use unknown_query::refuse_unknown;
use Answer::{Bare, Data, Redirect, SeeOther, Text};
use Body::{Anything, Form, Json, JsonOrLines, Lines, OptionalJson};
use HttpMethod::Get as GET;

use std::sync::OnceLock;

use crate::domain::key_scope::Need;
use actix_web::{web, HttpResponse};
use serde_json::{json, Value};
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{
    ContentBuilder, HeaderBuilder, InfoBuilder, ObjectBuilder, OpenApi, OpenApiBuilder, PathsBuilder, Ref, RefOr,
    Required, ResponseBuilder, Schema, ServerBuilder, Tag, Type,
};

use super::AppState;

/// A reference to a schema of the components.
fn schema_ref(named: Named) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(named.name()))
}

/// Every failure's answer: the error envelope.
const FAILURE: Named = schema::<crate::http::answers::Failure>();

/// The success envelope around `data`.
fn envelope(data: Named) -> Schema {
    ObjectBuilder::new()
        .property("success", ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])))
        .required("success")
        .property("data", schema_ref(data))
        .required("data")
        .build()
        .into()
}

fn json_content(schema: impl Into<RefOr<Schema>>) -> utoipa::openapi::Content {
    ContentBuilder::new().schema(Some(schema)).build()
}

fn text_schema() -> Schema {
    ObjectBuilder::new().schema_type(Type::String).build().into()
}

/// A text request body: lines of any content (each line is judged on its own, and reported).
fn lines_schema() -> Schema {
    // A file's bytes: generators take it as one (openapi-python-client's `File`, a `Blob`).
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Binary)))
        .description(Some("one code a line (or CSV whose first column is the code)"))
        .build()
        .into()
}

/// An operation's one-line summary, and the whole text as its description when there is more:
/// the summary is the text up to its first `: `, `; `, ` (` or `. `, or its first `, ` when
/// that is still over 80 characters.
fn summary_and_description(text: &'static str) -> (&'static str, Option<&'static str>) {
    let first = |stops: &[&str], text: &'static str| stops.iter().filter_map(|stop| text.find(stop)).min();
    let summary = match first(&[": ", "; ", " (", ". "], text) {
        Some(end) => &text[..end],
        None => text,
    };
    let summary = match first(&[", "], summary) {
        Some(end) if summary.len() > 80 => &summary[..end],
        _ => summary,
    };
    (summary, (summary.len() < text.len()).then_some(text))
}

fn operation(endpoint: &Endpoint, path: &str) -> utoipa::openapi::path::Operation {
    let (summary, description) = summary_and_description(endpoint.summary);
    let mut op = OperationBuilder::new()
        .tag(endpoint.tag)
        .summary(Some(summary))
        .description(description)
        .operation_id(Some(endpoint.operation_id));
    // What a scoped API key needs to call it (`scopes.rs`): `read`, `write:<resource>`, or
    // `account` (the main key or a token only). The MCP server's hints come from it too.
    if endpoint.auth == Auth::Member {
        let scope = match scopes::need(endpoint.operation_id, endpoint.tag, endpoint.method != GET) {
            Need::Read => "read".to_owned(),
            Need::Write(resource) => format!("write:{}", resource.as_str()),
            Need::Account => "account".to_owned(),
        };
        op = op.extensions(Some(ExtensionsBuilder::new().add("x-scope", scope).build()));
    }
    // Path parameters, from the `{name}`s of the path: ids are whole numbers, codes text.
    for segment in path.split('/').filter(|s| s.starts_with('{')) {
        let name = segment.trim_matches(['{', '}']);
        let mut schema = ObjectBuilder::new();
        schema = match name {
            "code" => schema.schema_type(Type::String),
            // A retry names its event as receivers saw it (`evt_42`) or by number.
            "event_id" => schema
                .schema_type(Type::String)
                .pattern(Some("^(evt_)?[1-9][0-9]{0,17}$"))
                .description(Some("the event's id as receivers see it (`evt_42`) or its number (`42`)")),
            // A portal sign-in link's secret: 32 random bytes in URL-safe base64.
            "secret" => schema
                .schema_type(Type::String)
                .pattern(Some("^[A-Za-z0-9_-]{43}$"))
                .description(Some("the sign-in link's secret")),
            _ => schema.schema_type(Type::Integer).minimum(Some(1)),
        };
        op = op.parameter(
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .schema(Some(schema)),
        );
    }
    for (name, kind, description) in endpoint.query {
        let (name, required) = match name.strip_suffix('*') {
            Some(name) => (name, Required::True),
            None => (*name, Required::False),
        };
        let mut schema = ObjectBuilder::new().schema_type(kind.clone());
        if *kind == Type::Integer {
            // Pages stop at a billion; a larger limit is clamped to 100.
            schema = schema.minimum(Some(1));
            if name == "page" {
                schema = schema.maximum(Some(1_000_000_000));
            }
        }
        op = op.parameter(
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Query)
                .required(required)
                .description(Some(*description))
                .schema(Some(schema)),
        );
    }
    if let Some(body) = endpoint.body {
        let required = if matches!(body, Anything(_) | OptionalJson(_)) { Required::False } else { Required::True };
        let mut request = RequestBodyBuilder::new().required(Some(required));
        // The guide's request for the operation, if it shows one (`examples.rs`).
        let example = match endpoint.root {
            endpoints::Root::Api => examples::request_example(&endpoint.method_name().to_uppercase(), endpoint.path),
            endpoints::Root::Site => None,
        };
        let json = |name| {
            let content = ContentBuilder::new().schema(Some(schema_ref(name)));
            content.example(example.cloned()).build()
        };
        request = match body {
            Json(name) | Anything(name) | OptionalJson(name) => request.content("application/json", json(name)),
            JsonOrLines(name) => {
                request.content("application/json", json(name)).content("text/csv", json_content(lines_schema()))
            }
            Lines => request
                .content("text/csv", json_content(lines_schema()))
                .content("text/plain", json_content(lines_schema())),
            Form(name) => request.content("application/x-www-form-urlencoded", json_content(schema_ref(name))),
        };
        op = op.request_body(Some(request.build()));
    }
    let success = match endpoint.answer {
        Data(name) => {
            ResponseBuilder::new().description("Success").content("application/json", json_content(envelope(name)))
        }
        Bare(name) => {
            ResponseBuilder::new().description("Success").content("application/json", json_content(schema_ref(name)))
        }
        Text(kind) => ResponseBuilder::new().description("Success").content(kind, json_content(text_schema())),
        Redirect => ResponseBuilder::new()
            .description("Redirect to the campaign's lander or the brand's site, with ref=<code>")
            .header("Location", HeaderBuilder::new().schema(ObjectBuilder::new().schema_type(Type::String)).build()),
        SeeOther => ResponseBuilder::new()
            .description("Done: to the page to show next")
            .header("Location", HeaderBuilder::new().schema(ObjectBuilder::new().schema_type(Type::String)).build()),
    };
    op = op.response(endpoint.status.to_string(), success.build());
    match endpoint.auth {
        Auth::Member => {
            op = op
                .security(SecurityRequirement::new("api_key", Vec::<String>::new()))
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()));
        }
        Auth::Admin => op = op.security(SecurityRequirement::new("admin_token", Vec::<String>::new())),
        Auth::Public => {}
    }
    let statuses = statuses(endpoint);
    for status in statuses {
        // Another success status (a referral signup of someone already referred: 200).
        if (200..300).contains(&status) {
            let data = match endpoint.answer {
                Data(name) => envelope(name),
                _ => text_schema(),
            };
            let other = ResponseBuilder::new()
                .description("Success, nothing created")
                .content("application/json", json_content(data));
            op = op.response(status.to_string(), other.build());
            continue;
        }
        if status == 304 {
            let unchanged = ResponseBuilder::new()
                .description("Not modified: the copy the client has (its If-None-Match names this ETag) is current");
            op = op.response("304", unchanged.build());
            continue;
        }
        let codes = operation_codes(status, endpoint.summary, endpoint.auth == Auth::Member, endpoint.errors);
        let mut answer = failure(status, &codes);
        let envelope = || json_content(failure_schema(status, &codes));
        // A referral link that is not valid shows a person (Accept: text/html) a page.
        if let (404, Redirect) = (status, endpoint.answer) {
            answer = ResponseBuilder::new()
                .description("Not a valid link: a page for a browser (Accept: text/html), else the failure envelope")
                .content("application/json", envelope())
                .content("text/html", json_content(text_schema()))
                .build();
        }
        // A page a person opens (an unsubscribe link, the portal and its forms) answers a
        // person's mistakes with a page; a store that cannot be reached, with the envelope.
        let for_a_person = matches!(endpoint.answer, Text("text/html" | "image/svg+xml") | SeeOther);
        if (400..500).contains(&status) && for_a_person {
            answer = ResponseBuilder::new()
                .description("Refused: a page for a person, or the failure envelope")
                .content("application/json", envelope())
                .content("text/html", json_content(text_schema()))
                .build();
        }
        // A script that is not found is still a script (a comment), so the page's console
        // shows a failed load and nothing else.
        if let (404, Text(kind @ "text/javascript")) = (status, endpoint.answer) {
            answer = ResponseBuilder::new()
                .description("Unknown campaign: a script that does nothing")
                .content(kind, json_content(text_schema()))
                .build();
        }
        op = op.response(status.to_string(), answer);
    }
    op.build()
}

/// The statuses an operation answers besides its success: the failures every endpoint of its
/// kind can answer, then its own.
fn statuses(endpoint: &Endpoint) -> Vec<u16> {
    // 429: every address has a cap on its requests in flight (`http::body_deadline`).
    let mut statuses: Vec<u16> = vec![404, 429];
    if endpoint.body.is_some() || !endpoint.query.is_empty() || endpoint.path.contains('{') {
        statuses.extend([400, 413]);
    }
    if endpoint.body.is_some() {
        statuses.push(408);
    }
    match endpoint.auth {
        Auth::Member => statuses.extend([400, 401, 403, 429]),
        Auth::Admin => statuses.push(401),
        Auth::Public => statuses.push(429),
    }
    // Any write waits for the disk: a failed flush (or a shutdown) leaves it unacknowledged.
    if endpoint.method != GET {
        statuses.push(503);
    }
    if matches!(endpoint.answer, Bare(named) if named.name() == "ClickAnswer") {
        statuses.clear(); // fails open
    }
    statuses.extend(endpoint.errors);
    statuses.sort_unstable();
    statuses.dedup();
    statuses
}

/// The whole document, for a server whose site root is `site`.
pub fn build(site: &str) -> OpenApi {
    let mut paths = PathsBuilder::new();
    for endpoint in ENDPOINTS {
        let path = endpoint.documented_path();
        paths = paths.path(&path, PathItem::new(endpoint.method.clone(), operation(endpoint, &path)));
    }
    let tags = [
        "members",
        "billing",
        "brands",
        "campaigns",
        "participants",
        "signups",
        "conversions",
        "commissions",
        "rewards",
        "payouts",
        "analytics",
        "stripe",
        "webhooks",
        "automation",
        "landers",
        "site",
        "portal",
        "admin",
        "meta",
    ]
    .map(Tag::new);
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("referrals")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "A self-hostable referral-program service. Every operation is listed once, under /api/v1; the \
                     same paths are served under /v1 too, an alias kept for older clients. \
                     Answers are an envelope: {\"success\": true, \"data\": …} or {\"success\": false, \"error\": …, \"code\": …}. \
                     See docs/api.md.",
                ))
                .build(),
        )
        .servers(Some([ServerBuilder::new().url(site).build()]))
        .paths(paths.build())
        .components(Some(components()))
        .tags(Some(tags))
        .build()
}

/// The document's own schema, for `GET /openapi.json`'s answer.
pub struct Document;

impl utoipa::PartialSchema for Document {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().description(Some("An OpenAPI 3.1 document")).build().into()
    }
}

impl utoipa::ToSchema for Document {}

/// `GET /api/v1/openapi.json`.
pub async fn document(state: web::Data<AppState>) -> HttpResponse {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    let text = DOCUMENT.get_or_init(|| build(&state.public_url).to_json().unwrap_or_else(|_| "{}".into()));
    HttpResponse::Ok().content_type("application/json").body(text.as_str())
}

/// The document as JSON, for tests and tools.
pub fn as_json(site: &str) -> Value {
    serde_json::to_value(build(site)).unwrap_or_else(|_| json!({}))
}

#[cfg(test)]
mod tests;
