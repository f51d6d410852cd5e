//! The OpenAPI 3.1 document of every endpoint, built from [`ENDPOINTS`] and the schemas in
//! [`schemas`] (derived from Rust types by utoipa), served at `GET /api/v1/openapi.json`.
//! The API's endpoints appear under both roots (`/api/v1` and `/v1`); the public site's and
//! the admin API's under their own paths. A unit test compares the document with the routes
//! the server registers ([`crate::http::routes`]), both ways.

pub mod schemas;

use std::sync::OnceLock;

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{
    ArrayBuilder, ComponentsBuilder, ContentBuilder, HeaderBuilder, InfoBuilder, ObjectBuilder, OneOfBuilder, OpenApi,
    OpenApiBuilder, PathsBuilder, Ref, RefOr, Required, ResponseBuilder, Schema, ServerBuilder, Tag, Type,
};

use super::{AppState, API_ROOTS};

/// Who may call an endpoint.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Auth {
    /// No credential.
    Public,
    /// `X-API-Key` or `Authorization: Bearer <jwt>`.
    Member,
    /// `Authorization: Bearer <admin token>`.
    Admin,
}

/// Where an endpoint's path lives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    /// Under both `/api/v1` and `/v1`.
    Api,
    /// As written (the public site, `/admin/v1`).
    Site,
}

/// What a success answers.
#[derive(Clone, Copy)]
enum Answer {
    /// The success envelope with `data` of this schema.
    Data(&'static str),
    /// A JSON body of this schema, outside the envelope.
    Bare(&'static str),
    /// Text of this content type.
    Text(&'static str),
    /// A redirect (`Location`).
    Redirect,
}

/// A request body.
#[derive(Clone, Copy)]
enum Body {
    /// JSON of this schema.
    Json(&'static str),
    /// JSON of this schema, or lines of text (`text/csv`, `text/plain`).
    JsonOrLines(&'static str),
    /// Lines of text only.
    Lines,
    /// Optional, and anything goes (the click beacon).
    Anything(&'static str),
}

/// One operation of the API.
struct Endpoint {
    method: HttpMethod,
    root: Root,
    path: &'static str,
    tag: &'static str,
    summary: &'static str,
    auth: Auth,
    /// Query parameters: name, schema type, description; `*` at the end of the name: required.
    query: &'static [(&'static str, Type, &'static str)],
    body: Option<Body>,
    status: u16,
    answer: Answer,
    /// Failure statuses beyond those every endpoint of its kind can answer.
    errors: &'static [u16],
}

use HttpMethod::{Delete as DELETE, Get as GET, Post as POST, Put as PUT};

const LIST: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
];
const LIST_BY_CAMPAIGN: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
    ("campaign_id", Type::Integer, "only this campaign's"),
];

macro_rules! ep {
    ($method:ident $root:ident $path:literal, $tag:literal, $summary:literal, $auth:ident,
     query: $query:expr, body: $body:expr, $status:literal => $answer:expr, errors: $errors:expr) => {
        Endpoint {
            method: $method,
            root: Root::$root,
            path: $path,
            tag: $tag,
            summary: $summary,
            auth: Auth::$auth,
            query: $query,
            body: $body,
            status: $status,
            answer: $answer,
            errors: $errors,
        }
    };
}

use Answer::{Bare, Data, Redirect, Text};
use Body::{Anything, Json, JsonOrLines, Lines};

/// Every endpoint. The API's paths are relative to its roots.
#[rustfmt::skip]
const ENDPOINTS: &[Endpoint] = &[
    ep!(POST Api "/members", "members", "Register a member", Public, query: &[], body: Some(Json("RegisterBody")), 201 => Data("Registered"), errors: &[409]),
    ep!(POST Api "/auth/token", "members", "Sign in: a JWT for 30 days", Public, query: &[], body: Some(Json("LoginBody")), 200 => Data("TokenAnswer"), errors: &[401]),
    ep!(GET Api "/members/profile", "members", "The member's profile", Member, query: &[], body: None, 200 => Data("Profile"), errors: &[]),
    ep!(GET Api "/members/api-key", "members", "The member's current API key", Member, query: &[], body: None, 200 => Data("ApiKeyAnswer"), errors: &[]),
    ep!(POST Api "/members/api-key", "members", "Generate a new API key (the previous one stops working)", Member, query: &[], body: None, 201 => Data("ApiKeyAnswer"), errors: &[]),
    ep!(GET Api "/billing/plans", "billing", "Every subscription plan", Public, query: &[], body: None, 200 => Data("Plans"), errors: &[]),
    ep!(GET Api "/openapi.json", "meta", "This document", Public, query: &[], body: None, 200 => Bare("Document"), errors: &[]),
    ep!(GET Api "/health", "meta", "Whether the server accepts writes (503 once a failed flush to disk has stopped them)", Public, query: &[], body: None, 200 => Data("Health"), errors: &[503]),
    ep!(GET Api "/brands", "brands", "The member's brands, newest first", Member, query: LIST, body: None, 200 => Data("BrandList"), errors: &[]),
    ep!(POST Api "/brands", "brands", "Register a brand (a website)", Member, query: &[], body: Some(Json("BrandCreate")), 201 => Data("Brand"), errors: &[409]),
    ep!(GET Api "/brands/{id}", "brands", "One brand", Member, query: &[], body: None, 200 => Data("Brand"), errors: &[]),
    ep!(PUT Api "/brands/{id}", "brands", "Change a brand's description and images", Member, query: &[], body: Some(Json("BrandUpdate")), 200 => Data("Brand"), errors: &[]),
    ep!(DELETE Api "/brands/{id}", "brands", "Delete a brand with its campaigns", Member, query: &[], body: None, 200 => Data("Deleted"), errors: &[]),
    ep!(GET Api "/brands/{id}/stats", "brands", "Counters summed over the brand's campaigns", Member, query: &[], body: None, 200 => Data("BrandStats"), errors: &[]),
    ep!(GET Api "/campaigns", "campaigns", "The member's campaigns, newest first", Member, query: &[("page", Type::Integer, "page number, from 1"), ("limit", Type::Integer, "items per page, 1 to 100"), ("brand_id", Type::Integer, "only this brand's")], body: None, 200 => Data("CampaignList"), errors: &[]),
    ep!(POST Api "/campaigns", "campaigns", "Create a campaign", Member, query: &[], body: Some(Json("CampaignInput")), 201 => Data("Campaign"), errors: &[403]),
    ep!(GET Api "/campaigns/{id}", "campaigns", "One campaign with its widget, reward and contest", Member, query: &[], body: None, 200 => Data("Campaign"), errors: &[]),
    ep!(PUT Api "/campaigns/{id}", "campaigns", "Change a campaign", Member, query: &[], body: Some(Json("CampaignInput")), 200 => Data("Campaign"), errors: &[403]),
    ep!(DELETE Api "/campaigns/{id}", "campaigns", "Delete a campaign with everything under it", Member, query: &[], body: None, 200 => Data("Deleted"), errors: &[]),
    ep!(GET Api "/campaigns/{id}/stats", "campaigns", "A campaign's counters and daily signups", Member, query: &[("days", Type::Integer, "days of daily signups, 1 to 365 (default 30)")], body: None, 200 => Data("CampaignStats"), errors: &[]),
    ep!(GET Api "/campaigns/{id}/coupons", "campaigns", "The coupon pool's counts", Member, query: &[], body: None, 200 => Data("CouponPool"), errors: &[]),
    ep!(POST Api "/campaigns/{id}/coupons", "campaigns", "Upload coupon codes (at most 100,000 a request)", Member, query: &[], body: Some(JsonOrLines("CouponUploadBody")), 201 => Data("CouponUpload"), errors: &[]),
    ep!(GET Api "/participants", "participants", "The member's participants, newest first", Member, query: LIST_BY_CAMPAIGN, body: None, 200 => Data("ParticipantList"), errors: &[]),
    ep!(GET Api "/participants/{id}", "participants", "One participant with counts, rewards and invitations", Member, query: &[], body: None, 200 => Data("ParticipantDetail"), errors: &[]),
    ep!(POST Api "/participants/{id}/invites", "participants", "Record invitations sent by email", Member, query: &[], body: Some(Json("InviteBody")), 201 => Data("Invites"), errors: &[]),
    ep!(POST Api "/signups", "signups", "Sign a participant up (Idempotency-Key honoured)", Member, query: &[], body: Some(Json("SignupBody")), 201 => Data("SignupAnswer"), errors: &[409]),
    ep!(POST Api "/signups/referral", "signups", "Sign up through a referral code; rewards the goal (Idempotency-Key honoured)", Member, query: &[], body: Some(Json("ReferralSignupBody")), 201 => Data("ReferralSignupAnswer"), errors: &[200, 409]),
    ep!(GET Api "/webhooks", "webhooks", "The member's webhooks", Member, query: LIST, body: None, 200 => Data("WebhookList"), errors: &[]),
    ep!(POST Api "/webhooks", "webhooks", "Register a webhook (its secret is shown once)", Member, query: &[], body: Some(Json("WebhookCreate")), 201 => Data("Webhook"), errors: &[]),
    ep!(PUT Api "/webhooks/{id}", "webhooks", "Change a webhook", Member, query: &[], body: Some(Json("WebhookUpdate")), 200 => Data("Webhook"), errors: &[]),
    ep!(DELETE Api "/webhooks/{id}", "webhooks", "Delete a webhook with its queue and log", Member, query: &[], body: None, 200 => Data("Deleted"), errors: &[]),
    ep!(POST Api "/webhooks/{id}/secret", "webhooks", "A new signing secret (shown once)", Member, query: &[], body: None, 200 => Data("Webhook"), errors: &[]),
    ep!(POST Api "/webhooks/{id}/test", "webhooks", "Send a signed test event now", Member, query: &[], body: None, 200 => Data("Attempt"), errors: &[]),
    ep!(GET Api "/webhooks/{id}/deliveries", "webhooks", "Every delivery attempt, newest first", Member, query: LIST, body: None, 200 => Data("AttemptList"), errors: &[]),
    ep!(POST Api "/webhooks/{id}/deliveries/{event_id}/retry", "webhooks", "One more attempt of an event now", Member, query: &[], body: None, 202 => Data("RetryAnswer"), errors: &[]),
    ep!(POST Api "/automation/auth", "automation", "The automation platform's connection test", Member, query: &[], body: None, 200 => Data("AutomationMe"), errors: &[]),
    ep!(GET Api "/automation/contacts", "automation", "The polling trigger: participants, newest first", Member, query: LIST_BY_CAMPAIGN, body: None, 200 => Data("ContactList"), errors: &[]),
    ep!(POST Api "/automation/subscribe", "automation", "REST hook: subscribe a target URL", Member, query: &[], body: Some(Json("SubscribeBody")), 201 => Data("Webhook"), errors: &[]),
    ep!(DELETE Api "/automation/subscribe/{id}", "automation", "REST hook: unsubscribe", Member, query: &[], body: None, 200 => Data("Deleted"), errors: &[]),
    ep!(GET Api "/lander", "landers", "A campaign's landing page settings", Member, query: &[("campaign_id*", Type::Integer, "the campaign")], body: None, 200 => Data("LanderAnswer"), errors: &[]),
    ep!(PUT Api "/lander", "landers", "Configure a campaign's landing page", Member, query: &[("campaign_id*", Type::Integer, "the campaign")], body: Some(Json("LanderInput")), 200 => Data("LanderAnswer"), errors: &[]),

    ep!(GET Site "/r/{code}", "site", "A referral link: counts the visit, redirects to the lander or the brand", Public, query: &[], body: None, 302 => Redirect, errors: &[]),
    ep!(GET Site "/widget.js", "site", "The widget script of a campaign", Public, query: &[("campaign", Type::Integer, "the campaign")], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/widget/{id}/embed", "site", "The widget frame", Public, query: &[("ref", Type::String, "a referral code or a referring domain")], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(POST Site "/api/widget/signup", "site", "The widget's public signup", Public, query: &[], body: Some(Json("WidgetSignupBody")), 201 => Data("WidgetSignupAnswer"), errors: &[409]),
    ep!(POST Site "/api/widget/impression", "site", "The widget was shown", Public, query: &[], body: Some(Json("ImpressionBody")), 202 => Data("Counted"), errors: &[]),
    ep!(POST Site "/api/widget/share", "site", "A share button was used", Public, query: &[], body: Some(Json("ShareBody")), 202 => Data("Counted"), errors: &[]),
    ep!(GET Site "/api/widget/progress", "site", "A participant's progress toward the next reward", Public, query: &[("code*", Type::String, "the participant's referral code")], body: None, 200 => Data("Progress"), errors: &[]),
    ep!(GET Site "/referral.js", "site", "The whole-domain tracker script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/api/click", "site", "An outbound click from a partner site (fails open: always 200)", Public, query: &[("from", Type::String, "the referring site's domain"), ("to", Type::String, "the destination's domain")], body: None, 200 => Bare("ClickAnswer"), errors: &[]),
    ep!(POST Site "/api/click", "site", "The tracker's click beacon (fails open: always 200)", Public, query: &[], body: Some(Anything("ClickBody")), 200 => Bare("ClickAnswer"), errors: &[]),
    ep!(GET Site "/l/{id}", "site", "A campaign's landing page", Public, query: &[], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(GET Site "/assets/frame.js", "site", "The widget frame's script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/assets/frame.css", "site", "The widget frame's styles", Public, query: &[], body: None, 200 => Text("text/css"), errors: &[]),
    ep!(GET Site "/assets/lander.js", "site", "The lander's script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/assets/lander.css", "site", "The lander's styles", Public, query: &[], body: None, 200 => Text("text/css"), errors: &[]),

    ep!(GET Site "/admin/v1/members", "admin", "Members (search by email or name)", Admin, query: &[("search", Type::String, "part of an email or name"), ("page", Type::Integer, "page number, from 1"), ("limit", Type::Integer, "items per page, 1 to 100")], body: None, 200 => Data("AdminMemberList"), errors: &[]),
    ep!(POST Site "/admin/v1/members", "admin", "Create a member", Admin, query: &[], body: Some(Json("AdminMemberCreate")), 201 => Data("AdminMember"), errors: &[409]),
    ep!(GET Site "/admin/v1/members/{id}", "admin", "One member", Admin, query: &[], body: None, 200 => Data("AdminMember"), errors: &[]),
    ep!(PUT Site "/admin/v1/members/{id}/plan", "admin", "Move a member to another plan", Admin, query: &[], body: Some(Json("SetPlanBody")), 200 => Data("AdminMember"), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/disable", "admin", "Disable a member (key and tokens stop working)", Admin, query: &[], body: None, 200 => Data("AdminMember"), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/enable", "admin", "Enable a member", Admin, query: &[], body: None, 200 => Data("AdminMember"), errors: &[]),
    ep!(GET Site "/admin/v1/members/{id}/api-key", "admin", "A member's key prefix and date", Admin, query: &[], body: None, 200 => Data("AdminKeyInfo"), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/api-key", "admin", "Generate a member's key (shown once)", Admin, query: &[], body: None, 201 => Data("AdminKey"), errors: &[]),
    ep!(GET Site "/admin/v1/plans", "admin", "Every plan", Admin, query: &[], body: None, 200 => Data("Plans"), errors: &[]),
    ep!(POST Site "/admin/v1/plans", "admin", "Create a plan", Admin, query: &[], body: Some(Json("PlanInput")), 201 => Data("Plan"), errors: &[]),
    ep!(PUT Site "/admin/v1/plans/{id}", "admin", "Change a plan", Admin, query: &[], body: Some(Json("PlanInput")), 200 => Data("Plan"), errors: &[]),
    ep!(DELETE Site "/admin/v1/plans/{id}", "admin", "Delete a plan no member is on", Admin, query: &[], body: None, 200 => Data("Deleted"), errors: &[409]),
    ep!(PUT Site "/admin/v1/brands/{id}/token-network", "admin", "Link a brand to a token network", Admin, query: &[], body: Some(Json("TokenNetworkBody")), 200 => Data("Brand"), errors: &[]),
    ep!(DELETE Site "/admin/v1/brands/{id}/token-network", "admin", "Unlink a brand from its token network", Admin, query: &[], body: None, 200 => Data("Brand"), errors: &[]),
    ep!(POST Site "/admin/v1/campaigns/{id}/coupons", "admin", "Streamed coupon import (up to 512 MiB of lines)", Admin, query: &[], body: Some(Lines), 201 => Data("CouponImport"), errors: &[]),
    ep!(GET Site "/admin/v1/backup", "admin", "A consistent snapshot of the whole database", Admin, query: &[], body: None, 200 => Text("application/octet-stream"), errors: &[]),
];

/// Registers every schema of [`schemas`] by name.
fn components() -> utoipa::openapi::Components {
    use schemas::*;
    let mut builder = ComponentsBuilder::new()
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
        );
    macro_rules! register {
        ($($t:ty),* $(,)?) => { $( builder = builder.schema_from::<$t>(); )* };
    }
    register!(
        Pagination,
        Failure,
        RegisterBody,
        Registered,
        LoginBody,
        TokenAnswer,
        MemberSummary,
        Profile,
        PlanSummary,
        ApiKeyAnswer,
        Plan,
        PlanLimits,
        Plans,
        BrandCreate,
        BrandUpdate,
        Brand,
        BrandList,
        Deleted,
        Health,
        CampaignCounters,
        BrandStats,
        DailySignups,
        CampaignStats,
        CampaignInput,
        WidgetSettings,
        Contest,
        Campaign,
        CampaignList,
        CouponPool,
        CouponCodes,
        CouponUpload,
        Participant,
        ParticipantList,
        ContactList,
        Reward,
        Invite,
        Referrer,
        ParticipantDetail,
        InviteBody,
        Invites,
        SignupBody,
        ReferralSignupBody,
        SignupAnswer,
        ReferralSignupAnswer,
        WebhookCreate,
        WebhookUpdate,
        Webhook,
        WebhookList,
        Attempt,
        Delivery,
        AttemptList,
        RetryAnswer,
        AutomationMe,
        SubscribeBody,
        LanderInput,
        LanderBackground,
        LanderFonts,
        Lander,
        LanderBrand,
        LanderAnswer,
        WidgetSignupBody,
        WidgetSignupAnswer,
        WidgetParticipant,
        ImpressionBody,
        ShareBody,
        Counted,
        Progress,
        ClickAnswer,
        AdminMemberCreate,
        AdminMember,
        AdminKeyInfo,
        AdminMemberList,
        SetPlanBody,
        AdminKey,
        PlanInput,
        TokenNetworkBody,
        CouponImport,
    );
    builder = builder.schema(
        "ClickBody",
        ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
            .description(Some(
                "{\"from\": <referring domain>, \"to\": <destination domain>}, as JSON, a form, or the beacon's \
                 text/plain; anything else is answered 200 with ok false",
            ))
            .build(),
    );
    // The coupon upload's JSON: the spec's array of codes, or the same array as `codes`.
    builder = builder.schema(
        "CouponUploadBody",
        OneOfBuilder::new()
            .item(
                ArrayBuilder::new()
                    .items(ObjectBuilder::new().schema_type(utoipa::openapi::schema::SchemaType::AnyValue))
                    .description(Some("the codes, judged one by one as in CouponCodes.codes")),
            )
            .item(schema_ref("CouponCodes")),
    );
    builder = builder.schema("Document", ObjectBuilder::new().description(Some("An OpenAPI 3.1 document")).build());
    builder.build()
}

fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

/// The success envelope around `data`.
fn envelope(data: &str) -> Schema {
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
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
        .description(Some("one code a line (or CSV whose first column is the code)"))
        .build()
        .into()
}

/// A failure answer (the envelope), with `Retry-After` on a 429.
fn failure(status: u16) -> utoipa::openapi::Response {
    let description = match status {
        400 => "Bad input: malformed JSON, a field that breaks its rule (the message names it), a bad query parameter",
        401 => "Missing or invalid credential",
        403 => "The member's plan (or the brand's token link) does not allow this",
        404 => "No such thing, or one owned by another member",
        409 => "It exists already",
        413 => "The body is larger than the limit",
        429 => "Rate limited: retry after Retry-After seconds",
        503 => {
            "Not acknowledged: the write could not be confirmed on disk (the server accepts no writes until it \
                is restarted) or the server is shutting down"
        }
        _ => "Failure",
    };
    let mut response = ResponseBuilder::new()
        .description(description)
        .content("application/json", json_content(schema_ref("Failure")));
    if status == 429 {
        response = response.header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(ObjectBuilder::new().schema_type(Type::Integer))
                .description(Some("seconds"))
                .build(),
        );
    }
    response.build()
}

fn operation(endpoint: &Endpoint, path: &str, operation_id: String) -> utoipa::openapi::path::Operation {
    let mut op =
        OperationBuilder::new().tag(endpoint.tag).summary(Some(endpoint.summary)).operation_id(Some(operation_id));
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
        let required = if matches!(body, Anything(_)) { Required::False } else { Required::True };
        let mut request = RequestBodyBuilder::new().required(Some(required));
        request = match body {
            Json(name) | Anything(name) => request.content("application/json", json_content(schema_ref(name))),
            JsonOrLines(name) => request
                .content("application/json", json_content(schema_ref(name)))
                .content("text/csv", json_content(lines_schema())),
            Lines => request
                .content("text/csv", json_content(lines_schema()))
                .content("text/plain", json_content(lines_schema())),
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
    };
    op = op.response(endpoint.status.to_string(), success.build());
    // Failures every endpoint of its kind can answer, then its own.
    let mut statuses: Vec<u16> = vec![404];
    if endpoint.body.is_some() || !endpoint.query.is_empty() || path.contains('{') {
        statuses.extend([400, 413]);
    }
    match endpoint.auth {
        Auth::Member => {
            statuses.extend([400, 401, 429]);
            op = op
                .security(SecurityRequirement::new("api_key", Vec::<String>::new()))
                .security(SecurityRequirement::new("bearer", Vec::<String>::new()));
        }
        Auth::Admin => {
            statuses.push(401);
            op = op.security(SecurityRequirement::new("admin_token", Vec::<String>::new()));
        }
        Auth::Public => statuses.push(429),
    }
    // Any write waits for the disk: a failed flush (or a shutdown) leaves it unacknowledged.
    if endpoint.method != GET {
        statuses.push(503);
    }
    if matches!(endpoint.answer, Bare("ClickAnswer")) {
        statuses.clear(); // fails open
    }
    statuses.extend(endpoint.errors);
    statuses.sort_unstable();
    statuses.dedup();
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
        let mut answer = failure(status);
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

/// The whole document, for a server whose site root is `site`.
pub fn build(site: &str) -> OpenApi {
    let mut paths = PathsBuilder::new();
    for endpoint in ENDPOINTS {
        let roots: &[&str] = match endpoint.root {
            Root::Api => &API_ROOTS,
            Root::Site => &[""],
        };
        for root in roots {
            let path = format!("{root}{}", endpoint.path);
            let id = format!("{}{}", endpoint.method_name(), path.replace(['/', '{', '}', '.', '-'], "_"));
            paths = paths.path(&path, PathItem::new(endpoint.method.clone(), operation(endpoint, &path, id)));
        }
    }
    let tags = [
        "members",
        "billing",
        "brands",
        "campaigns",
        "participants",
        "signups",
        "webhooks",
        "automation",
        "landers",
        "site",
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
                    "A self-hostable referral-program service. Every API path exists under both /api/v1 and /v1. \
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

impl Endpoint {
    fn method_name(&self) -> &'static str {
        match self.method {
            GET => "get",
            POST => "post",
            PUT => "put",
            DELETE => "delete",
            _ => "other",
        }
    }
}

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
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn the_document_describes_exactly_the_registered_routes() {
        let limits = crate::http::rate_limit::public_limits(&crate::config::RateLimitsConfig::default());
        // Configuring records every route (nothing is served).
        let _app = actix_web::App::new().configure(|cfg| crate::http::configure(cfg, true, &limits));
        let registered = crate::http::routes::registered();
        let document = as_json("http://127.0.0.1:8080");
        let mut documented = BTreeSet::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
        let undocumented: Vec<_> = registered.difference(&documented).collect();
        let unregistered: Vec<_> = documented.difference(&registered).collect();
        assert!(undocumented.is_empty(), "routes missing from the OpenAPI document: {undocumented:?}");
        assert!(unregistered.is_empty(), "documented but not served: {unregistered:?}");
        assert!(registered.len() > 100, "both roots, the site and the admin API: {}", registered.len());
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
    fn schemas_carry_what_the_views_write() {
        let document = as_json("http://127.0.0.1:8080");
        let participant = &document["components"]["schemas"]["Participant"]["properties"];
        for field in ["id", "campaign_id", "email", "referral_code", "referral_link", "referred_by", "created_at"] {
            assert!(participant.get(field).is_some(), "Participant.{field}");
        }
        let click = &document["components"]["schemas"]["ClickAnswer"]["properties"];
        assert!(click.get("campaignId").is_some() && click.get("participantId").is_some());
    }
}
