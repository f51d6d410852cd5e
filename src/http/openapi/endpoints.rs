//! The endpoint table: every operation of the API, the public site and the admin API, with
//! its auth, parameters, body, success answer and extra failure statuses. The document is
//! built from it (`mod.rs`), and the route test compares it with the served routes.

use std::borrow::Cow;
use std::sync::OnceLock;

use utoipa::openapi::path::HttpMethod;
use utoipa::openapi::{RefOr, Schema, Type};
use utoipa::ToSchema;

// The answers' types, named in the table below.
use crate::http::answers::*;
use crate::views::*;

/// Who may call an endpoint.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Auth {
    /// No credential.
    Public,
    /// `X-API-Key` or `Authorization: Bearer <jwt>`.
    Member,
    /// `Authorization: Bearer <admin token>`.
    Admin,
}

/// Where an endpoint's path lives.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Root {
    /// Under both `/api/v1` and `/v1`.
    Api,
    /// As written (the public site, `/admin/v1`).
    Site,
}

/// A schema of the document: the type utoipa derives it from. Naming the type in the table is
/// what puts its schema, and those of the types inside it, in the document's components.
#[derive(Clone, Copy)]
pub(super) struct Named {
    name: fn() -> Cow<'static, str>,
    collect: fn(&mut Vec<(String, RefOr<Schema>)>),
}

impl Named {
    /// The schema's name in the document's components.
    pub(super) fn name(&self) -> Cow<'static, str> {
        (self.name)()
    }

    /// Adds the schema, and every schema it refers to, to `schemas`.
    pub(super) fn collect(&self, schemas: &mut Vec<(String, RefOr<Schema>)>) {
        (self.collect)(schemas)
    }
}

/// The schema utoipa derives from `T`.
pub(super) const fn schema<T: ToSchema>() -> Named {
    Named { name: T::name, collect: collect::<T> }
}

fn collect<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
}

/// What a success answers.
#[derive(Clone, Copy)]
pub(super) enum Answer {
    /// The success envelope with `data` of this schema.
    Data(Named),
    /// A JSON body of this schema, outside the envelope.
    Bare(Named),
    /// Text of this content type.
    Text(&'static str),
    /// A redirect (`Location`).
    Redirect,
    /// A form's answer: 303 to the page to show next (`Location`).
    SeeOther,
}

/// A request body.
#[derive(Clone, Copy)]
pub(super) enum Body {
    /// JSON of this schema.
    Json(Named),
    /// JSON of this schema, or lines of text (`text/csv`, `text/plain`).
    JsonOrLines(Named),
    /// Lines of text only.
    Lines,
    /// Optional, and anything goes (the click beacon).
    Anything(Named),
    /// JSON of this schema, or no body at all (every field optional).
    OptionalJson(Named),
    /// A browser's form (`application/x-www-form-urlencoded`) of this schema.
    Form(Named),
}

/// One operation of the API.
pub(super) struct Endpoint {
    pub(super) method: HttpMethod,
    pub(super) root: Root,
    pub(super) path: &'static str,
    /// The operation's name in the resource's words (`createCampaign`), unique and stable: a
    /// generated client's method, an assistant's tool.
    pub(super) operation_id: &'static str,
    pub(super) tag: &'static str,
    pub(super) summary: &'static str,
    pub(super) auth: Auth,
    /// Query parameters: name, schema type, description; `*` at the end of the name: required.
    pub(super) query: &'static [(&'static str, Type, &'static str)],
    pub(super) body: Option<Body>,
    pub(super) status: u16,
    pub(super) answer: Answer,
    /// Failure statuses beyond those every endpoint of its kind can answer.
    pub(super) errors: &'static [u16],
}

use HttpMethod::{Delete as DELETE, Get as GET, Post as POST, Put as PUT};

pub(super) const LIST: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
];
pub(super) const LIST_BY_CAMPAIGN: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
    ("campaign_id", Type::Integer, "only this campaign's"),
];

pub(super) const LEADERBOARD: &[(&str, Type, &str)] = &[
    ("period", Type::String, "all (default), month (this calendar month, UTC), week (this ISO week, UTC, from Monday) or contest (the contest window)"),
    ("limit", Type::Integer, "rows, 1 to 100 (default 10)"),
];

pub(super) const PUBLIC_LEADERBOARD: &[(&str, Type, &str)] = &[
    ("campaign*", Type::Integer, "the campaign"),
    ("period", Type::String, "all (default), month, week or contest"),
    ("limit", Type::Integer, "rows, 1 to 100 (default 10)"),
];

pub(super) const WAITLIST: &[(&str, Type, &str)] =
    &[("limit", Type::Integer, "how many of the front of the line, 1 to 100 (default 10)")];

pub(super) const PARTICIPANT_FILTERS: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
    ("campaign_id", Type::Integer, "only this campaign's"),
    ("email", Type::String, "only the participant with this email (any case)"),
    ("search", Type::String, "only those whose email or name contains this text (any case; 1 to 100 characters)"),
    ("referred_by", Type::Integer, "only those this participant referred"),
];

pub(super) const PAYOUT_FILTERS: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
    ("campaign_id", Type::Integer, "only this campaign's"),
    ("status", Type::String, "only those in this state: requested, paid or failed"),
];

pub(super) const REWARD_FILTERS: &[(&str, Type, &str)] = &[
    ("page", Type::Integer, "page number, from 1 (default 1)"),
    ("limit", Type::Integer, "items per page, 1 to 100 (default 20; larger values are clamped)"),
    ("campaign_id", Type::Integer, "only this campaign's"),
    ("status", Type::String, "only those in this state: held, pending, issued, fulfilled or voided"),
    ("participant_id", Type::Integer, "only this participant's"),
];

macro_rules! ep {
    ($method:ident $root:ident $path:literal as $id:literal, $tag:literal, $summary:literal, $auth:ident,
     query: $query:expr, body: $body:expr, $status:literal => $answer:expr, errors: $errors:expr) => {
        Endpoint {
            method: $method,
            root: Root::$root,
            path: $path,
            operation_id: $id,
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

use Answer::{Bare, Data, Redirect, SeeOther, Text};
use Body::{Anything, Form, Json, JsonOrLines, Lines, OptionalJson};

/// Every endpoint. The API's paths are relative to its roots.
#[rustfmt::skip]
pub(super) const ENDPOINTS: &[Endpoint] = &[
    ep!(POST Api "/members" as "registerMember", "members", "Register a member: anyone on a server whose registration is open, else the first account or whoever brings an invitation", Public, query: &[], body: Some(Json(schema::<crate::http::members::Registration>())), 201 => Data(schema::<Registered>()), errors: &[403, 409]),
    ep!(POST Api "/members/invitations" as "inviteMember", "members", "Invite someone to register (emailed when this server sends email; the link is in the answer too); 403 when registration is closed", Member, query: &[], body: Some(Json(schema::<crate::http::registration::InvitationRequest>())), 201 => Data(schema::<crate::http::registration::InvitationAnswer>()), errors: &[403, 409]),
    ep!(POST Api "/auth/token" as "createToken", "members", "Sign in: a JWT for 30 days", Public, query: &[], body: Some(Json(schema::<crate::http::members::Login>())), 200 => Data(schema::<TokenAnswer>()), errors: &[401]),
    ep!(GET Api "/members/profile" as "getProfile", "members", "The member's profile", Member, query: &[], body: None, 200 => Data(schema::<Profile>()), errors: &[]),
    ep!(POST Api "/members/password" as "changePassword", "members", "Change the password: every earlier token and dashboard session ends; the answer is a token of the new password", Member, query: &[], body: Some(Json(schema::<crate::http::password_change::PasswordChange>())), 200 => Data(schema::<TokenAnswer>()), errors: &[403]),
    ep!(GET Api "/members/api-key" as "getApiKey", "members", "The member's current API key", Member, query: &[], body: None, 200 => Data(schema::<ApiKeyAnswer>()), errors: &[]),
    ep!(POST Api "/members/api-key" as "regenerateApiKey", "members", "Generate a new API key (the previous one stops working)", Member, query: &[], body: None, 201 => Data(schema::<ApiKeyAnswer>()), errors: &[]),
    ep!(POST Api "/members/api-keys" as "createScopedApiKey", "members", "Make a scoped API key: one that may only read (scopes [\"read\"]), or whose writes are limited to named resources (write:rewards); shown once. Scoped keys never manage the account, and a use beyond their scopes answers 403 insufficient_scope", Member, query: &[], body: Some(Json(schema::<crate::http::scoped_keys::NewScopedKey>())), 201 => Data(schema::<crate::http::scoped_keys::ScopedKeyAnswer>()), errors: &[]),
    ep!(GET Api "/members/api-keys" as "listScopedApiKeys", "members", "The member's scoped API keys, oldest first (their first characters, never their text)", Member, query: &[], body: None, 200 => Data(schema::<crate::http::scoped_keys::ScopedKeyList>()), errors: &[]),
    ep!(DELETE Api "/members/api-keys/{id}" as "revokeScopedApiKey", "members", "Revoke a scoped API key: it stops working at once", Member, query: &[], body: None, 200 => Data(schema::<crate::http::scoped_keys::ScopedKeyAnswer>()), errors: &[]),
    ep!(GET Api "/billing/plans" as "listPlans", "billing", "Every subscription plan", Public, query: &[], body: None, 200 => Data(schema::<Plans>()), errors: &[]),
    ep!(GET Api "/openapi.json" as "getOpenApiDocument", "meta", "This document", Public, query: &[], body: None, 200 => Bare(schema::<super::Document>()), errors: &[]),
    ep!(GET Api "/health" as "getHealth", "meta", "Whether the server accepts writes (503 once a failed flush to disk has stopped them)", Public, query: &[], body: None, 200 => Data(schema::<crate::http::health::Health>()), errors: &[503]),
    ep!(GET Api "/brands" as "listBrands", "brands", "The member's brands, newest first", Member, query: LIST, body: None, 200 => Data(schema::<BrandList>()), errors: &[]),
    ep!(POST Api "/brands" as "createBrand", "brands", "Register a brand (a website)", Member, query: &[], body: Some(Json(schema::<crate::http::brands::NewBrand>())), 201 => Data(schema::<Brand>()), errors: &[403, 409]),
    ep!(GET Api "/brands/{id}" as "getBrand", "brands", "One brand", Member, query: &[], body: None, 200 => Data(schema::<Brand>()), errors: &[]),
    ep!(PUT Api "/brands/{id}" as "updateBrand", "brands", "Change a brand's description and images", Member, query: &[], body: Some(Json(schema::<crate::http::brands::BrandChanges>())), 200 => Data(schema::<Brand>()), errors: &[]),
    ep!(DELETE Api "/brands/{id}" as "deleteBrand", "brands", "Delete a brand with its campaigns", Member, query: &[], body: None, 200 => Data(schema::<Deleted>()), errors: &[]),
    ep!(GET Api "/brands/{id}/stats" as "getBrandStats", "brands", "Counters summed over the brand's campaigns", Member, query: &[], body: None, 200 => Data(schema::<BrandStats>()), errors: &[]),
    ep!(GET Api "/campaigns" as "listCampaigns", "campaigns", "The member's campaigns, newest first", Member, query: &[("page", Type::Integer, "page number, from 1"), ("limit", Type::Integer, "items per page, 1 to 100"), ("brand_id", Type::Integer, "only this brand's")], body: None, 200 => Data(schema::<CampaignList>()), errors: &[]),
    ep!(POST Api "/campaigns" as "createCampaign", "campaigns", "Create a campaign", Member, query: &[], body: Some(Json(schema::<crate::domain::campaign::CampaignInput>())), 201 => Data(schema::<CampaignDetail>()), errors: &[403]),
    ep!(GET Api "/campaigns/{id}" as "getCampaign", "campaigns", "One campaign with its widget, reward and contest", Member, query: &[], body: None, 200 => Data(schema::<CampaignDetail>()), errors: &[]),
    ep!(PUT Api "/campaigns/{id}" as "updateCampaign", "campaigns", "Change a campaign", Member, query: &[], body: Some(Json(schema::<crate::domain::campaign::CampaignInput>())), 200 => Data(schema::<CampaignDetail>()), errors: &[403]),
    ep!(DELETE Api "/campaigns/{id}" as "deleteCampaign", "campaigns", "Delete a campaign with everything under it", Member, query: &[], body: None, 200 => Data(schema::<Deleted>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/stats" as "getCampaignStats", "campaigns", "A campaign's counters and daily signups", Member, query: &[("days", Type::Integer, "days of daily signups, 1 to 365 (default 30)")], body: None, 200 => Data(schema::<CampaignStats>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/coupons" as "getCouponPool", "campaigns", "The coupon pool's counts", Member, query: &[], body: None, 200 => Data(schema::<CampaignCoupons>()), errors: &[]),
    ep!(POST Api "/campaigns/{id}/coupons" as "uploadCoupons", "campaigns", "Upload coupon codes (at most 100,000 a request)", Member, query: &[], body: Some(JsonOrLines(schema::<crate::http::campaigns::CouponUploadBody>())), 201 => Data(schema::<CouponUpload>()), errors: &[]),
    ep!(GET Api "/participants" as "listParticipants", "participants", "The member's participants, newest first; filters narrow them (all given must hold)", Member, query: PARTICIPANT_FILTERS, body: None, 200 => Data(schema::<ParticipantList>()), errors: &[]),
    ep!(GET Api "/participants/{id}" as "getParticipant", "participants", "One participant with counts, rewards and invitations", Member, query: &[], body: None, 200 => Data(schema::<ParticipantDetail>()), errors: &[]),
    ep!(DELETE Api "/participants/{id}" as "eraseParticipant", "participants", "Erase the person (email, name, website, invitations, every stored copy): the participant stays as an anonymous node of the chain, counters unchanged", Member, query: &[], body: None, 200 => Data(schema::<Participant>()), errors: &[]),
    ep!(GET Api "/participants/{id}/export" as "exportParticipant", "participants", "Everything stored about one participant, as JSON (a data-subject access request)", Member, query: &[], body: None, 200 => Data(schema::<ParticipantExport>()), errors: &[]),
    ep!(POST Api "/participants/{id}/block" as "blockParticipant", "participants", "Block a participant: their held and pending rewards are voided (reason blocked); while blocked they earn nothing and their codes credit nothing. Blocking again changes nothing", Member, query: &[], body: None, 200 => Data(schema::<ParticipantDetail>()), errors: &[409]),
    ep!(POST Api "/participants/{id}/promo-codes" as "createPromoCode", "participants", "Give a participant a promo code (3 to 32 letters, digits, - or _): a sale carrying it (POST /conversions promo_code, a Stripe discount naming it or its stripe_promotion_code) is credited to them with no click, and ?ref=<code> works as their link; unique in the brand without regard to case, and never given twice: 409 promo_code_taken", Member, query: &[], body: Some(Json(schema::<crate::http::promo_codes::PromoCodeBody>())), 201 => Data(schema::<PromoCodeView>()), errors: &[409]),
    ep!(GET Api "/participants/{id}/promo-codes" as "listPromoCodes", "participants", "A participant's promo codes with their uses, conversions and revenue", Member, query: &[], body: None, 200 => Data(schema::<PromoCodeList>()), errors: &[]),
    ep!(DELETE Api "/participants/{id}/promo-codes/{code}" as "disablePromoCode", "participants", "Disable a promo code: it credits nobody from now on and stays reserved (nobody else can take it)", Member, query: &[], body: None, 200 => Data(schema::<PromoCodeView>()), errors: &[]),
    ep!(DELETE Api "/participants/{id}/block" as "unblockParticipant", "participants", "Unblock a participant: they earn again from now on; voided rewards stay voided", Member, query: &[], body: None, 200 => Data(schema::<ParticipantDetail>()), errors: &[409]),
    ep!(GET Api "/participants/{id}/domain-proof" as "getParticipantDomainProof", "participants", "Whether a domain participant's website is proven (until then its tracker clicks and ref=<domain> signups credit nothing), and the line to put in its /.well-known/referrals-verify.txt; 409 no_domain for a participant without a website", Member, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[409]),
    ep!(POST Api "/participants/{id}/domain-proof" as "checkParticipantDomainProof", "participants", "Check a domain participant's website now, as for a brand (and counted with the brand checks); 409 domain_not_proven says what was wrong, no_domain that the participant has no website", Member, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[409]),
    ep!(POST Api "/participants/{id}/invites" as "recordInvites", "participants", "Record invitations sent by email", Member, query: &[], body: Some(Json(schema::<crate::http::participants::InviteRequest>())), 201 => Data(schema::<Invites>()), errors: &[409]),
    ep!(GET Api "/brands/{id}/domain-proof" as "getBrandDomainProof", "brands", "Whether the brand's domain is proven (until then its clicks attribute nothing), and the line to put in its /.well-known/referrals-verify.txt", Member, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[]),
    ep!(POST Api "/brands/{id}/domain-proof" as "checkBrandDomainProof", "brands", "Check the brand's domain now: the server fetches http://<domain>/.well-known/referrals-verify.txt and keeps the proof when the file holds the brand's line; 409 domain_not_proven says what was wrong; ten checks at once, then one each six seconds per account (429)", Member, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[409]),
    ep!(GET Api "/brands/{id}/stripe" as "getStripeConnection", "stripe", "The brand's Stripe connection: whether it has a signing secret, and the endpoint to give Stripe", Member, query: &[], body: None, 200 => Data(schema::<StripeSetup>()), errors: &[]),
    ep!(PUT Api "/brands/{id}/stripe" as "connectStripe", "stripe", "Store the signing secret of the brand's Stripe webhook endpoint (never shown again)", Member, query: &[], body: Some(Json(schema::<crate::http::stripe::StripeSecretBody>())), 200 => Data(schema::<StripeSetup>()), errors: &[]),
    ep!(GET Api "/brands/{id}/paddle" as "getPaddleConnection", "sources", "The brand's Paddle Billing connection: whether it has a secret, and the notification destination and events to set in Paddle", Member, query: &[], body: None, 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(PUT Api "/brands/{id}/paddle" as "connectPaddle", "sources", "Store the secret key of the brand's Paddle notification destination (never shown again)", Member, query: &[], body: Some(Json(schema::<crate::http::sources::SourceSecretBody>())), 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(DELETE Api "/brands/{id}/paddle" as "disconnectPaddle", "sources", "Forget the Paddle secret: deliveries are refused from then on", Member, query: &[], body: None, 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(GET Api "/brands/{id}/shopify" as "getShopifyConnection", "sources", "The brand's Shopify connection: whether it has a secret, and the webhook address and topics to set in Shopify", Member, query: &[], body: None, 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(PUT Api "/brands/{id}/shopify" as "connectShopify", "sources", "Store the brand's Shopify webhook signing secret (never shown again)", Member, query: &[], body: Some(Json(schema::<crate::http::sources::SourceSecretBody>())), 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(DELETE Api "/brands/{id}/shopify" as "disconnectShopify", "sources", "Forget the Shopify secret: deliveries are refused from then on", Member, query: &[], body: None, 200 => Data(schema::<SourceSetup>()), errors: &[]),
    ep!(DELETE Api "/brands/{id}/stripe" as "disconnectStripe", "stripe", "Forget the Stripe signing secret: deliveries are refused from then on", Member, query: &[], body: None, 200 => Data(schema::<StripeSetup>()), errors: &[]),
    ep!(POST Api "/conversions" as "recordConversion", "conversions", "Record a conversion (an order, a paid invoice with its subscription, period and lines); on a campaign that pays commissions, each invoice earns its referrer a share once; the same external_id again answers the first result (200)", Member, query: &[], body: Some(Json(schema::<crate::http::conversions::ConversionBody>())), 201 => Data(schema::<ConversionAnswer>()), errors: &[200, 409]),
    ep!(POST Api "/campaigns/{id}/emails/{email_id}/resend" as "resendEmail", "campaigns", "Send a failed email again, on a fresh retry schedule and under the same Message-ID: 202 with the email queued; 409 email_not_failed for an email that did not fail (of two resends at once, one queues it)", Member, query: &[], body: None, 202 => Data(schema::<crate::http::emails::CampaignEmail>()), errors: &[409]),
    ep!(GET Api "/campaigns/{id}/emails" as "listCampaignEmails", "campaigns", "The delivery log of the campaign's emails to participants and daily digests to its member, newest first", Member, query: LIST, body: None, 200 => Data(schema::<crate::http::emails::CampaignEmailList>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/participants.csv" as "exportCampaignParticipants", "campaigns", "Export the campaign's participants as CSV, streamed, oldest first (formula cells neutralised)", Member, query: &[], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(POST Api "/campaigns/{id}/commission/preview" as "previewCommission", "commissions", "Replay the campaign's stored invoices and refunds under a proposed commission rule: per referrer and month, what they earn now and what the rule would pay. Changes nothing; its totals equal what the same invoices earn in a campaign with the rule from the start", Member, query: &[], body: Some(Json(schema::<crate::http::commission_preview::PreviewBody>())), 200 => Data(schema::<crate::http::commission_preview::CommissionPreview>()), errors: &[]),
    ep!(POST Api "/campaigns/{id}/fraud/preview" as "previewFraudRules", "campaigns", "Dry-run a set of fraud rules (the campaign's own, with the body's fields in their place): how many of the campaign's existing referrals they would have held or refused, per rule. Changes nothing", Member, query: &[], body: Some(Json(schema::<crate::domain::fraud::FraudInput>())), 200 => Data(schema::<FraudRulesPreview>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/leaderboard" as "getLeaderboard", "campaigns", "The campaign's participants ranked by credited referrals in a period (ties: who got there first), with masked emails; kept as referrals come in, one short read however large the campaign", Member, query: LEADERBOARD, body: None, 200 => Data(schema::<Leaderboard>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/contest" as "getContest", "campaigns", "The campaign's contest: settings, status, standings now, and its winners once recorded (shortly after the window ends)", Member, query: &[], body: None, 200 => Data(schema::<ContestReport>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/analytics" as "getAnalytics", "analytics", "The campaign's funnel over a period, one bucket per hour, day, week or month of a time zone's local time: clicks, unique visitors, signups, referred signups, conversions and refunds at the time they happened, revenue and commissions in the campaign's currency, rewards issued; the totals and the funnel's ratios; with group_by=participant, a page of the partners ranked (docs/api.md, Analytics). Accept: text/csv answers the CSV", Member, query: &[("from", Type::String, "the period's start: a date (the start of that day in tz) or an RFC 3339 time; default 30 days before to"), ("to", Type::String, "the period's end: a date (the end of that day in tz) or an RFC 3339 time, may be in the future; default now; at most 3 years after from"), ("interval", Type::String, "hour, day (default), week (from Monday) or month"), ("tz", Type::String, "an IANA time zone such as Europe/Berlin (default UTC)"), ("group_by", Type::String, "participant: also a page of the partners ranked"), ("sort", Type::String, "with group_by: revenue (default), conversions or referred_signups"), ("page", Type::Integer, "with group_by: page number, from 1"), ("limit", Type::Integer, "with group_by: partners per page, 1 to 100")], body: None, 200 => Data(schema::<crate::views::AnalyticsAnswer>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/analytics.csv" as "exportAnalytics", "analytics", "The same numbers as GET /campaigns/{id}/analytics, as CSV: a row per bucket and a last row of totals (starts = total), or with group_by=participant a row per partner of the page", Member, query: &[("from", Type::String, "the period's start: a date (the start of that day in tz) or an RFC 3339 time; default 30 days before to"), ("to", Type::String, "the period's end: a date (the end of that day in tz) or an RFC 3339 time, may be in the future; default now; at most 3 years after from"), ("interval", Type::String, "hour, day (default), week (from Monday) or month"), ("tz", Type::String, "an IANA time zone such as Europe/Berlin (default UTC)"), ("group_by", Type::String, "participant: also a page of the partners ranked"), ("sort", Type::String, "with group_by: revenue (default), conversions or referred_signups"), ("page", Type::Integer, "with group_by: page number, from 1"), ("limit", Type::Integer, "with group_by: partners per page, 1 to 100")], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(GET Api "/campaigns/{id}/virality" as "getVirality", "analytics", "The campaign's viral loop: per cohort of participants (the week or month they joined, in tz) how many referred anyone, whom they brought (within 30 and 90 days, and K = referred ÷ participants), the median and 90th percentile of the time to their first friend, and their deepest chain; and how many participants are each number of links from someone who joined on their own (docs/api.md, Virality)", Member, query: &[("cohort", Type::String, "week (from Monday; the default) or month"), ("tz", Type::String, "an IANA time zone such as Europe/Berlin (default UTC)")], body: None, 200 => Data(schema::<ViralityAnswer>()), errors: &[]),
    ep!(GET Api "/campaigns/{id}/waitlist" as "getWaitlist", "campaigns", "The campaign's waitlist: its settings, how many are in line and were admitted, and the front of the line with positions", Member, query: WAITLIST, body: None, 200 => Data(schema::<Waitlist>()), errors: &[]),
    ep!(POST Api "/campaigns/{id}/waitlist/admit" as "admitFromWaitlist", "campaigns", "Admit the first count of the line, or the participants named: each leaves the line, is marked admitted and gets a waitlist.admitted event, once; 409 waitlist_off when the campaign keeps no waitlist", Member, query: &[], body: Some(Json(schema::<crate::domain::waitlist::AdmitInput>())), 200 => Data(schema::<Admission>()), errors: &[409]),
    ep!(GET Api "/campaigns/{id}/rewards.csv" as "exportCampaignRewards", "campaigns", "Export the campaign's rewards as CSV, streamed, with each reward's state history", Member, query: &[], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(GET Api "/conversions" as "listConversions", "conversions", "The member's conversions, newest first", Member, query: LIST_BY_CAMPAIGN, body: None, 200 => Data(schema::<ConversionList>()), errors: &[]),
    ep!(GET Api "/conversions/{id}" as "getConversion", "conversions", "One conversion with the rewards it produced", Member, query: &[], body: None, 200 => Data(schema::<ConversionAnswer>()), errors: &[]),
    ep!(POST Api "/conversions/{id}/refund" as "refundConversion", "conversions", "Refund a conversion, in whole (no amount) or in part: a commission takes back the refunded share of itself (owed once paid); a whole refund voids the rewards it produced that are not fulfilled. A refund counts once, by its refund_id or Idempotency-Key", Member, query: &[], body: Some(OptionalJson(schema::<crate::http::conversions::RefundBody>())), 200 => Data(schema::<RefundAnswer>()), errors: &[]),
    ep!(POST Api "/campaigns/{id}/payouts" as "createPayouts", "payouts", "Make the payouts due: one for each participant whose approved cash rewards that no payout holds reach the campaign's payouts.minimum (or only those named); 201 with the payouts made, 200 with none when no balance is due. A reward is in one payout at most that has not failed, whatever requests run at once", Member, query: &[], body: Some(OptionalJson(schema::<crate::http::payouts::PayoutRequest>())), 201 => Data(schema::<PayoutsMade>()), errors: &[200]),
    ep!(GET Api "/campaigns/{id}/payouts.csv" as "exportPayouts", "payouts", "The campaign's payouts as a bulk-payment upload: format=paypal (default; PayPal Payouts, no header: recipient email, amount, currency, customer id payout-<id>, note, wallet PAYPAL) or format=wise (Wise's send-by-email batch template, with its header)", Member, query: &[("status", Type::String, "requested (default), paid or failed"), ("format", Type::String, "paypal (default) or wise"), ("without_details", Type::String, "a participant who gave no account for the file's kind of payment: email (default; paid to the address they signed up with) or leave_out (not in the file)")], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(PUT Api "/exchange-rates" as "setExchangeRates", "commissions", "Give exchange rates for commissions on invoices in another currency (each replaces your rate of its pair and date; a commission takes the latest of the week before its invoice's period start); commissions held no_exchange_rate are then computed", Member, query: &[], body: Some(Json(schema::<crate::http::exchange_rates::RatesBody>())), 200 => Data(schema::<crate::http::exchange_rates::RatesSaved>()), errors: &[]),
    ep!(GET Api "/exchange-rates" as "listExchangeRates", "commissions", "Your exchange rates, the newest date first", Member, query: LIST, body: None, 200 => Data(schema::<crate::http::exchange_rates::RateList>()), errors: &[]),
    ep!(GET Api "/payouts" as "listPayouts", "payouts", "The member's payouts, newest first", Member, query: PAYOUT_FILTERS, body: None, 200 => Data(schema::<PayoutList>()), errors: &[]),
    ep!(GET Api "/payouts/{id}" as "getPayout", "payouts", "One payout", Member, query: &[], body: None, 200 => Data(schema::<Payout>()), errors: &[]),
    ep!(POST Api "/payouts/{id}/paid" as "markPayoutPaid", "payouts", "Mark a requested payout paid, with the payment's reference: its rewards become fulfilled. The same again answers it as it is; 409 payout_state_conflict once failed", Member, query: &[], body: Some(Json(schema::<crate::http::payouts::PaidBody>())), 200 => Data(schema::<Payout>()), errors: &[409]),
    ep!(POST Api "/payouts/{id}/fail" as "markPayoutFailed", "payouts", "Mark a requested payout failed, with a reason: its rewards are free for a later payout. The same again answers it as it is; 409 payout_state_conflict once paid", Member, query: &[], body: Some(Json(schema::<crate::http::payouts::FailBody>())), 200 => Data(schema::<Payout>()), errors: &[409]),
    ep!(GET Api "/participants/{id}/balance" as "getParticipantBalance", "payouts", "Where a participant stands: unpaid (approved cash rewards no payout holds), owed (cash paid to them whose conversion was refunded since, taken off their next payouts, never below zero) and the adjustments that made it", Member, query: &[], body: None, 200 => Data(schema::<ParticipantBalance>()), errors: &[]),
    ep!(POST Api "/participants/{id}/portal-link" as "createPortalLink", "portal", "A one-time link that signs the participant in to their portal (works once, for 15 minutes), for a product that already knows its user; 409 participant_erased", Member, query: &[], body: None, 201 => Data(schema::<PortalLink>()), errors: &[409]),
    ep!(GET Api "/participants/{id}/payout-details" as "getPayoutDetails", "payouts", "Where a participant asked to be paid (null: nowhere yet)", Member, query: &[], body: None, 200 => Data(schema::<PayoutDetailsAnswer>()), errors: &[]),
    ep!(PUT Api "/participants/{id}/payout-details" as "setPayoutDetails", "payouts", "Keep where a participant asked to be paid: a PayPal or Wise account by its email, or free text (at most 500 characters); sent with payout.requested, used by the CSV, in the data export, gone with an erasure; 409 participant_erased", Member, query: &[], body: Some(Json(schema::<crate::domain::payout::PayoutDetailsInput>())), 200 => Data(schema::<PayoutDetailsAnswer>()), errors: &[409]),
    ep!(DELETE Api "/participants/{id}/payout-details" as "deletePayoutDetails", "payouts", "Forget where a participant asked to be paid", Member, query: &[], body: None, 200 => Data(schema::<PayoutDetailsAnswer>()), errors: &[409]),
    ep!(GET Api "/rewards" as "listRewards", "rewards", "The member's rewards, newest first; filters narrow them (status=held is the review queue)", Member, query: REWARD_FILTERS, body: None, 200 => Data(schema::<RewardList>()), errors: &[]),
    ep!(GET Api "/rewards/{id}" as "getReward", "rewards", "One reward with its history: every state it entered, when and why", Member, query: &[], body: None, 200 => Data(schema::<RewardDetail>()), errors: &[]),
    ep!(POST Api "/rewards/{id}/approve" as "approveReward", "rewards", "Issue a held reward now (a coupon reward waits as pending while the pool is empty)", Member, query: &[], body: None, 200 => Data(schema::<RewardDetail>()), errors: &[409]),
    ep!(POST Api "/rewards/{id}/void" as "voidReward", "rewards", "Void a held, pending or issued reward, with a reason (an issued coupon stays burnt)", Member, query: &[], body: Some(Json(schema::<crate::http::rewards::VoidBody>())), 200 => Data(schema::<RewardDetail>()), errors: &[409]),
    ep!(POST Api "/rewards/{id}/fulfil" as "fulfilReward", "rewards", "Mark an issued reward fulfilled (cash paid out)", Member, query: &[], body: None, 200 => Data(schema::<RewardDetail>()), errors: &[409]),
    ep!(POST Api "/signups" as "createSignup", "signups", "Sign a participant up (Idempotency-Key honoured)", Member, query: &[], body: Some(Json(schema::<crate::http::signups::SignupBody>())), 201 => Data(schema::<SignupAnswer>()), errors: &[403, 409]),
    ep!(POST Api "/signups/referral" as "createReferralSignup", "signups", "Sign up through a referral code; rewards the goal (Idempotency-Key honoured)", Member, query: &[], body: Some(Json(schema::<crate::http::signups::ReferralSignupBody>())), 201 => Data(schema::<ReferralSignupAnswer>()), errors: &[200, 403, 409]),
    ep!(GET Api "/webhooks" as "listWebhooks", "webhooks", "The member's webhooks", Member, query: LIST, body: None, 200 => Data(schema::<WebhookList>()), errors: &[]),
    ep!(POST Api "/webhooks" as "createWebhook", "webhooks", "Register a webhook (its secret is shown once)", Member, query: &[], body: Some(Json(schema::<crate::http::webhooks::NewWebhook>())), 201 => Data(schema::<Webhook>()), errors: &[]),
    ep!(PUT Api "/webhooks/{id}" as "updateWebhook", "webhooks", "Change a webhook", Member, query: &[], body: Some(Json(schema::<crate::http::webhooks::WebhookChanges>())), 200 => Data(schema::<Webhook>()), errors: &[]),
    ep!(DELETE Api "/webhooks/{id}" as "deleteWebhook", "webhooks", "Delete a webhook with its queue and log", Member, query: &[], body: None, 200 => Data(schema::<Deleted>()), errors: &[]),
    ep!(POST Api "/webhooks/{id}/secret" as "rotateWebhookSecret", "webhooks", "A new signing secret (shown once)", Member, query: &[], body: None, 200 => Data(schema::<Webhook>()), errors: &[]),
    ep!(POST Api "/webhooks/{id}/test" as "testWebhook", "webhooks", "Send a signed test event now (logged like any attempt)", Member, query: &[], body: None, 200 => Data(schema::<Delivery>()), errors: &[]),
    ep!(GET Api "/webhooks/{id}/deliveries" as "listWebhookDeliveries", "webhooks", "Every delivery attempt, newest first", Member, query: LIST, body: None, 200 => Data(schema::<AttemptList>()), errors: &[]),
    ep!(POST Api "/webhooks/{id}/deliveries/{event_id}/retry" as "retryWebhookDelivery", "webhooks", "One more attempt of an event now", Member, query: &[], body: None, 202 => Data(schema::<RetryAnswer>()), errors: &[]),
    ep!(POST Api "/automation/auth" as "authenticateAutomation", "automation", "The automation platform's connection test", Member, query: &[], body: None, 200 => Data(schema::<AutomationMe>()), errors: &[]),
    ep!(GET Api "/automation/contacts" as "listAutomationContacts", "automation", "The polling trigger: participants, newest first", Member, query: LIST_BY_CAMPAIGN, body: None, 200 => Data(schema::<ContactList>()), errors: &[]),
    ep!(GET Api "/automation/rewards" as "listAutomationRewards", "automation", "The polling trigger of issued rewards: the most recently issued first (a reward released from a hold comes first when it is issued)", Member, query: &[("limit", Type::Integer, "rewards, 1 to 100 (default 20)"), ("campaign_id", Type::Integer, "only this campaign's")], body: None, 200 => Data(schema::<IssuedRewards>()), errors: &[]),
    ep!(POST Api "/automation/subscribe" as "subscribeAutomation", "automation", "REST hook: subscribe a target URL", Member, query: &[], body: Some(Json(schema::<crate::http::automation::Subscription>())), 201 => Data(schema::<Webhook>()), errors: &[]),
    ep!(DELETE Api "/automation/subscribe/{id}" as "unsubscribeAutomation", "automation", "REST hook: unsubscribe", Member, query: &[], body: None, 200 => Data(schema::<Deleted>()), errors: &[]),
    ep!(GET Api "/lander" as "getLanderSettings", "landers", "A campaign's landing page settings", Member, query: &[("campaign_id*", Type::Integer, "the campaign")], body: None, 200 => Data(schema::<LanderAnswer>()), errors: &[]),
    ep!(PUT Api "/lander" as "updateLanderSettings", "landers", "Configure a campaign's landing page", Member, query: &[("campaign_id*", Type::Integer, "the campaign")], body: Some(Json(schema::<crate::domain::lander::LanderInput>())), 200 => Data(schema::<LanderAnswer>()), errors: &[]),

    ep!(POST Site "/hooks/paddle/{brand_id}" as "receivePaddleEvent", "sources", "Paddle Billing's deliveries to a brand (customer.created and .updated, transaction.completed, adjustment.created and .updated), signed with its secret key (Paddle-Signature, within 5 minutes); 400 and no change when the signature does not check out; 409 customer_unknown for a transaction of a customer not sent yet (Paddle retries)", Public, query: &[], body: Some(Json(schema::<crate::http::site::paddle::PaddleEventBody>())), 200 => Data(schema::<StripeReceipt>()), errors: &[409, 413]),
    ep!(POST Site "/hooks/shopify/{brand_id}" as "receiveShopifyWebhook", "sources", "Shopify's deliveries to a brand (orders/paid, refunds/create), signed with its secret (X-Shopify-Hmac-Sha256); 400 and no change when the signature does not check out", Public, query: &[], body: Some(Json(schema::<crate::http::site::shopify::ShopifyOrder>())), 200 => Data(schema::<StripeReceipt>()), errors: &[413]),
    ep!(POST Site "/hooks/stripe/{brand_id}" as "receiveStripeEvent", "stripe", "Stripe's deliveries to a brand, signed with its endpoint's secret (Stripe-Signature); 400 and no change when the signature does not check out", Public, query: &[], body: Some(Json(schema::<crate::http::site::stripe::StripeEventBody>())), 200 => Data(schema::<StripeReceipt>()), errors: &[413]),
    ep!(GET Site "/r/{code}" as "followReferralLink", "site", "A referral link: counts the visit, redirects to the lander or the brand", Public, query: &[], body: None, 302 => Redirect, errors: &[]),
    ep!(GET Site "/widget.js" as "getWidgetScript", "site", "The widget script of a campaign", Public, query: &[("campaign", Type::Integer, "the campaign")], body: None, 200 => Text("text/javascript"), errors: &[304]),
    ep!(GET Site "/widget/{id}/embed" as "getWidgetFrame", "site", "The widget frame, in the language of ?lang=, else Accept-Language, else the campaign's", Public, query: &[("ref", Type::String, "a referral code or a referring domain"), ("lang", Type::String, "the frame's language (en, de, fr, es, pt-BR, it, nl, pl, tr, ja, ar, he)")], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(POST Site "/api/widget/signup" as "widgetSignup", "site", "The widget's public signup", Public, query: &[], body: Some(Json(schema::<crate::http::site::widget_signup::WidgetSignup>())), 201 => Data(schema::<WidgetSignupAnswer>()), errors: &[403, 409]),
    ep!(POST Site "/api/widget/impression" as "recordWidgetImpression", "site", "The widget was shown", Public, query: &[], body: Some(Json(schema::<crate::http::site::widget::ImpressionBody>())), 202 => Data(schema::<Counted>()), errors: &[]),
    ep!(POST Site "/api/widget/landing" as "recordWidgetLanding", "site", "A visitor landed through a partner's link the widget had not remembered within the campaign's window: a readable link (an enabled promo code) counts one click for its owner", Public, query: &[], body: Some(Json(schema::<crate::http::site::widget::LandingBody>())), 202 => Data(schema::<Counted>()), errors: &[]),
    ep!(POST Site "/api/widget/share" as "recordWidgetShare", "site", "A share button was used", Public, query: &[], body: Some(Json(schema::<crate::http::site::widget::ShareBody>())), 202 => Data(schema::<Counted>()), errors: &[]),
    ep!(GET Site "/api/widget/reward" as "getWidgetReward", "site", "The reward a widget signup showed, as it is now (approved since, its coupon uploaded since), read with the claim from that signup's answer", Public, query: &[("claim*", Type::String, "the reward's claim from the signup answer")], body: None, 200 => Data(schema::<WidgetReward>()), errors: &[]),
    ep!(GET Site "/api/widget/progress" as "getWidgetProgress", "site", "A participant's progress toward the next reward", Public, query: &[("code*", Type::String, "the participant's referral code")], body: None, 200 => Data(schema::<Progress>()), errors: &[]),
    ep!(GET Site "/api/widget/leaderboard" as "getWidgetLeaderboard", "site", "A campaign's public leaderboard (rank, first name or masked email, count); 404 unless the campaign's leaderboard.public is on", Public, query: PUBLIC_LEADERBOARD, body: None, 200 => Data(schema::<PublicLeaderboard>()), errors: &[]),
    ep!(GET Site "/referral.js" as "getTrackerScript", "site", "The whole-domain tracker script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/api/click" as "recordClickByQuery", "site", "An outbound click from a partner site (fails open: always 200)", Public, query: &[("from", Type::String, "the referring site's domain"), ("to", Type::String, "the destination's domain")], body: None, 200 => Bare(schema::<ClickAnswer>()), errors: &[]),
    ep!(POST Site "/api/click" as "recordClick", "site", "The tracker's click beacon (fails open: always 200)", Public, query: &[], body: Some(Anything(schema::<crate::http::site::click::ClickBody>())), 200 => Bare(schema::<ClickAnswer>()), errors: &[]),
    ep!(GET Site "/l/{id}" as "showLander", "site", "A campaign's landing page, in the language of ?lang=, else Accept-Language, else the campaign's", Public, query: &[("lang", Type::String, "the page's language")], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(GET Site "/p/{id}" as "showPortal", "portal", "A participant's portal for the campaign: signed in (the portal cookie), their referral link with copy and share buttons and its QR code, the people they referred (first name and initial), their rewards with states, history and codes, their balance, payouts and payout details form; signed out, the sign-in form", Public, query: &[("saved", Type::String, "details: say the payout details were saved"), ("lang", Type::String, "the page's language (en, de, fr, es, pt-BR, it, nl, pl, tr, ja, ar, he); else Accept-Language, else English")], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(POST Site "/p/{id}/sign-in" as "requestPortalSignIn", "portal", "Ask for a sign-in link by email: the same page whoever asks; a participant of the campaign gets a link that works once, for 15 minutes. Limited per address and per email (429); 409 when this server sends no email", Public, query: &[], body: Some(Form(schema::<crate::http::portal::sign_in::PortalSignInForm>())), 200 => Text("text/html"), errors: &[403, 409]),
    ep!(GET Site "/p/{id}/enter/{secret}" as "showPortalEntry", "portal", "A sign-in link: a page with one button that signs in (fetching it uses nothing up); 410 once used or expired", Public, query: &[("lang", Type::String, "the page's language")], body: None, 200 => Text("text/html"), errors: &[410]),
    ep!(POST Site "/p/{id}/enter/{secret}" as "enterPortal", "portal", "Use a sign-in link (once): opens a 30-day session (cookie referrals_portal, HttpOnly, SameSite=Lax, on /p/{id}) and goes to the portal; 410 once used or expired", Public, query: &[], body: None, 303 => SeeOther, errors: &[403, 410]),
    ep!(POST Site "/p/{id}/sign-out" as "signOutOfPortal", "portal", "End the portal session (on the server too) and go to the sign-in form", Public, query: &[], body: Some(Form(schema::<crate::http::portal::sign_in::PortalSignOutForm>())), 303 => SeeOther, errors: &[403]),
    ep!(POST Site "/p/{id}/promo-code" as "requestPortalPromoCode", "portal", "The signed-in participant asks for a promo code of their own, where the campaign lets them (promo_codes.self_serve); the page again with why for a code refused (400 malformed, 409 taken, 403 not offered); 401 when signed out", Public, query: &[], body: Some(Form(schema::<crate::http::portal::promo_code::PortalPromoCodeForm>())), 303 => SeeOther, errors: &[400, 401, 403, 409]),
    ep!(POST Site "/p/{id}/payout-details" as "setPortalPayoutDetails", "portal", "The signed-in participant says where to be paid (as PUT /participants/{id}/payout-details); 400 with the page and why for a value refused; 401 when signed out", Public, query: &[], body: Some(Form(schema::<crate::http::portal::details::PortalDetailsForm>())), 303 => SeeOther, errors: &[401, 403, 409]),
    ep!(GET Site "/p/{id}/qr.svg" as "getPortalQrCode", "portal", "The signed-in participant's referral link as a QR code (SVG); 401 when signed out", Public, query: &[], body: None, 200 => Text("image/svg+xml"), errors: &[401]),
    ep!(GET Site "/assets/portal.css" as "getPortalStylesheet", "portal", "The portal's styles", Public, query: &[], body: None, 200 => Text("text/css"), errors: &[]),
    ep!(GET Site "/assets/portal.js" as "getPortalScript", "portal", "The portal's script (copy and share buttons)", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/unsubscribe/{token}" as "showUnsubscribe", "site", "The unsubscribe link of participants' emails and members' daily digests: a page that asks to confirm (fetching it changes nothing)", Public, query: &[], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(POST Site "/unsubscribe/{token}" as "unsubscribe", "site", "Unsubscribe the participant the signed token names from the campaign's emails, or turn off the campaign's daily digest for a digest's token (the page's button, and one-click unsubscribe, RFC 8058)", Public, query: &[], body: None, 200 => Text("text/html"), errors: &[]),
    ep!(GET Site "/assets/frame.js" as "getFrameScript", "site", "The widget frame's script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/assets/frame.css" as "getFrameStylesheet", "site", "The widget frame's styles", Public, query: &[], body: None, 200 => Text("text/css"), errors: &[]),
    ep!(GET Site "/assets/lander.js" as "getLanderScript", "site", "The lander's script", Public, query: &[], body: None, 200 => Text("text/javascript"), errors: &[]),
    ep!(GET Site "/assets/lander.css" as "getLanderStylesheet", "site", "The lander's styles", Public, query: &[], body: None, 200 => Text("text/css"), errors: &[]),

    ep!(GET Site "/admin/v1/members" as "adminListMembers", "admin", "Members (search by email or name)", Admin, query: &[("search", Type::String, "part of an email or name"), ("page", Type::Integer, "page number, from 1"), ("limit", Type::Integer, "items per page, 1 to 100")], body: None, 200 => Data(schema::<AdminMemberList>()), errors: &[]),
    ep!(POST Site "/admin/v1/members" as "adminCreateMember", "admin", "Create a member", Admin, query: &[], body: Some(Json(schema::<crate::http::admin::members::NewMember>())), 201 => Data(schema::<AdminMember>()), errors: &[409]),
    ep!(POST Site "/admin/v1/invitations" as "adminInviteMember", "admin", "Invite someone to register, whatever the registration setting", Admin, query: &[], body: Some(Json(schema::<crate::http::registration::InvitationRequest>())), 201 => Data(schema::<crate::http::registration::InvitationAnswer>()), errors: &[409]),
    ep!(GET Site "/admin/v1/members/{id}" as "adminGetMember", "admin", "One member", Admin, query: &[], body: None, 200 => Data(schema::<AdminMember>()), errors: &[]),
    ep!(PUT Site "/admin/v1/members/{id}/plan" as "adminSetMemberPlan", "admin", "Move a member to another plan", Admin, query: &[], body: Some(Json(schema::<crate::http::admin::members::PlanChange>())), 200 => Data(schema::<AdminMember>()), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/disable" as "adminDisableMember", "admin", "Disable a member (key and tokens stop working)", Admin, query: &[], body: None, 200 => Data(schema::<AdminMember>()), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/enable" as "adminEnableMember", "admin", "Enable a member", Admin, query: &[], body: None, 200 => Data(schema::<AdminMember>()), errors: &[]),
    ep!(GET Site "/admin/v1/members/{id}/api-key" as "adminGetMemberApiKey", "admin", "A member's key prefix and date", Admin, query: &[], body: None, 200 => Data(schema::<AdminKeyInfo>()), errors: &[]),
    ep!(POST Site "/admin/v1/members/{id}/api-key" as "adminRegenerateMemberApiKey", "admin", "Generate a member's key (shown once)", Admin, query: &[], body: None, 201 => Data(schema::<AdminKey>()), errors: &[]),
    ep!(GET Site "/admin/v1/plans" as "adminListPlans", "admin", "Every plan", Admin, query: &[], body: None, 200 => Data(schema::<Plans>()), errors: &[]),
    ep!(POST Site "/admin/v1/plans" as "adminCreatePlan", "admin", "Create a plan", Admin, query: &[], body: Some(Json(schema::<crate::http::admin::plans::PlanInput>())), 201 => Data(schema::<crate::domain::plan::Plan>()), errors: &[]),
    ep!(PUT Site "/admin/v1/plans/{id}" as "adminUpdatePlan", "admin", "Change a plan", Admin, query: &[], body: Some(Json(schema::<crate::http::admin::plans::PlanInput>())), 200 => Data(schema::<crate::domain::plan::Plan>()), errors: &[]),
    ep!(DELETE Site "/admin/v1/plans/{id}" as "adminDeletePlan", "admin", "Delete a plan no member is on", Admin, query: &[], body: None, 200 => Data(schema::<Deleted>()), errors: &[409]),
    ep!(PUT Site "/admin/v1/brands/{id}/token-network" as "adminSetTokenNetwork", "admin", "Link a brand to a token network", Admin, query: &[], body: Some(Json(schema::<crate::http::admin::plans::TokenNetwork>())), 200 => Data(schema::<Brand>()), errors: &[]),
    ep!(DELETE Site "/admin/v1/brands/{id}/token-network" as "adminRemoveTokenNetwork", "admin", "Unlink a brand from its token network", Admin, query: &[], body: None, 200 => Data(schema::<Brand>()), errors: &[]),
    ep!(POST Site "/admin/v1/brands/{id}/domain-proof" as "adminVouchForBrandDomain", "admin", "Vouch for a brand's domain, as if its .well-known file had been found (refctl brands vouch-domain)", Admin, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[]),
    ep!(POST Site "/admin/v1/participants/{id}/domain-proof" as "adminVouchForParticipantDomain", "admin", "Vouch for a domain participant's website (refctl brands vouch-partner-domain); 409 no_domain for a participant without one", Admin, query: &[], body: None, 200 => Data(schema::<crate::http::domain_proofs::DomainProofStatus>()), errors: &[409]),
    ep!(POST Site "/admin/v1/members/{id}/exchange-rates" as "adminImportExchangeRates", "admin", "Import a member's exchange rates from the European Central Bank's CSV of reference rates (refctl rates import); then rate the member's commissions that waited for one", Admin, query: &[], body: Some(Lines), 200 => Data(schema::<crate::http::exchange_rates::RatesSaved>()), errors: &[]),
    ep!(POST Site "/admin/v1/campaigns/{id}/coupons" as "adminImportCoupons", "admin", "Streamed coupon import (up to 512 MiB of lines)", Admin, query: &[], body: Some(Lines), 201 => Data(schema::<CouponImport>()), errors: &[]),
    ep!(GET Site "/admin/v1/brands/{id}/participants.csv" as "adminExportBrandParticipants", "admin", "A brand's participants as CSV, every campaign, each row led by campaign_id (refctl export)", Admin, query: &[], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(GET Site "/admin/v1/brands/{id}/rewards.csv" as "adminExportBrandRewards", "admin", "A brand's rewards as CSV, every campaign, each row led by campaign_id (refctl export --rewards)", Admin, query: &[], body: None, 200 => Text("text/csv"), errors: &[]),
    ep!(GET Site "/admin/v1/backup" as "adminBackup", "admin", "A consistent snapshot of the whole database", Admin, query: &[], body: None, 200 => Text("application/octet-stream"), errors: &[]),
];

/// The query parameters of the operation `method` on the route pattern the router matched
/// (`/api/v1/brands/{id}`), as the document lists them; `None` when no operation has that
/// method and pattern. The API refuses any other parameter (`unknown_query.rs`).
pub fn query_parameters(method: &actix_web::http::Method, pattern: &str) -> Option<&'static [&'static str]> {
    type Table = std::collections::HashMap<(String, String), Vec<&'static str>>;
    static TABLE: OnceLock<Table> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Table::new();
        for endpoint in ENDPOINTS {
            let names: Vec<&'static str> = endpoint.query.iter().map(|(name, ..)| name.trim_end_matches('*')).collect();
            for path in endpoint.paths() {
                table.insert((endpoint.method_name().to_ascii_uppercase(), path), names.clone());
            }
        }
        table
    });
    table.get(&(method.as_str().to_owned(), pattern.to_owned())).map(Vec::as_slice)
}

/// The operation `method` on the route pattern the router matched: its `operationId` and its
/// tag (the resource it belongs to); `None` when no operation has that method and pattern.
pub(super) fn operation_at(method: &actix_web::http::Method, pattern: &str) -> Option<(&'static str, &'static str)> {
    // By path, then method: looked up on every request, without making a key to find it.
    type Table = std::collections::HashMap<String, Vec<(String, &'static str, &'static str)>>;
    static TABLE: OnceLock<Table> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Table::new();
        for endpoint in ENDPOINTS {
            for path in endpoint.paths() {
                let method = endpoint.method_name().to_ascii_uppercase();
                table.entry(path).or_default().push((method, endpoint.operation_id, endpoint.tag));
            }
        }
        table
    });
    let at = table.get(pattern)?;
    at.iter().find(|(m, ..)| m == method.as_str()).map(|&(_, id, tag)| (id, tag))
}

impl Endpoint {
    /// The endpoint's full paths: under both API roots, or as written.
    pub(super) fn paths(&self) -> Vec<String> {
        let roots: &[&str] = match self.root {
            Root::Api => &crate::http::API_ROOTS,
            Root::Site => &[""],
        };
        roots.iter().map(|root| format!("{root}{}", self.path)).collect()
    }

    /// The path the document lists the endpoint under: the API's under `/api/v1` only (its
    /// `/v1` alias is served, and said in the document's description, not listed twice).
    pub(super) fn documented_path(&self) -> String {
        let root = match self.root {
            Root::Api => crate::http::API_ROOTS[0],
            Root::Site => "",
        };
        format!("{root}{}", self.path)
    }

    pub(super) fn method_name(&self) -> &'static str {
        match self.method {
            GET => "get",
            POST => "post",
            PUT => "put",
            DELETE => "delete",
            _ => "other",
        }
    }
}
