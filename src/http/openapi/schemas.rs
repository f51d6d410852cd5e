//! The answers of the API as OpenAPI schemas: the typed views (`crate::views`) and domain
//! types that handlers answer, re-exported, and descriptions of the answers still built in
//! place. The API suite checks every answer it receives against the served document
//! (`tests/api/contract.rs`), and so does the schemathesis run, so a shape that drifts from
//! its handler fails a test. Request bodies are in `bodies.rs`.
//!
//! Properties a client may rely on are listed; answers may carry more (JSON Schema allows it),
//! which keeps additions backwards compatible.

#![allow(dead_code)] // Types that exist only to be described, never built.

// Serialize is derived only so that utoipa reads the serde attributes (renames, flatten).

use serde::Serialize;

use super::bodies::{LanderBackground, LanderFonts};
pub use crate::domain::plan::{Plan, PlanLimits};
pub use crate::domain::webhook::Attempt;
pub use crate::domain::CampaignCounters;
pub use crate::http::health::Health;
pub use crate::http::webhooks::Delivery;
pub use crate::views::{
    Brand, Campaign, CampaignCoupons, CampaignDetail, Contest, CouponPool, Invite, Participant, ParticipantDetail,
    ReferralSignupAnswer, Referrer, ReferrerCount, Reward, RewardSettings, SignupAnswer, Widget,
};
use serde_json::Value;
use utoipa::ToSchema;

/// `pagination` of every list.
#[derive(ToSchema, Serialize)]
pub struct Pagination {
    /// From 1.
    pub page: u64,
    /// 1 to 100 (default 20; larger values are clamped).
    pub limit: u64,
    pub total: u64,
    #[serde(rename = "totalPages")]
    pub total_pages: u64,
}

/// The failure envelope: every 4xx and 5xx of the API.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"success": false, "error": "email: email is not a valid address", "code": "validation_failed"}))]
pub struct Failure {
    /// Always false.
    pub success: bool,
    /// A sentence for people; names the field and the rule when input was wrong.
    pub error: String,
    /// A stable machine code, e.g. `validation_failed`, `unauthorized`, `not_found`,
    /// `rate_limited`, `payload_too_large`.
    pub code: String,
}

/// A new member.
#[derive(ToSchema, Serialize)]
pub struct Registered {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub plan_id: u64,
    pub date_signedup: String,
}

/// A signed-in member's token.
#[derive(ToSchema, Serialize)]
pub struct TokenAnswer {
    /// An HS256 JWT; send it as `Authorization: Bearer <token>`.
    pub token: String,
    /// `Bearer`.
    pub token_type: String,
    pub expires_at: String,
    pub member: MemberSummary,
}

/// Who a token belongs to.
#[derive(ToSchema, Serialize)]
pub struct MemberSummary {
    pub id: u64,
    pub email: String,
    pub name: String,
}

/// `GET /members/profile`.
#[derive(ToSchema, Serialize)]
pub struct Profile {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub plan_id: u64,
    pub plan: Option<PlanSummary>,
    pub date_signedup: String,
    pub has_api_key: bool,
}

/// The member's plan, in their profile.
#[derive(ToSchema, Serialize)]
pub struct PlanSummary {
    pub id: u64,
    pub name: String,
    pub paid: bool,
}

/// The member's API key.
#[derive(ToSchema, Serialize)]
pub struct ApiKeyAnswer {
    /// `ref_` and 48 lowercase hex digits; send it as `X-API-Key`.
    pub api_key: String,
    pub date_generated: String,
}

/// `GET /billing/plans`.
#[derive(ToSchema, Serialize)]
pub struct Plans {
    pub plans: Vec<Plan>,
}

/// A page of brands.
#[derive(ToSchema, Serialize)]
pub struct BrandList {
    pub brands: Vec<Brand>,
    pub pagination: Pagination,
}

/// The answer of a delete.
#[derive(ToSchema, Serialize)]
pub struct Deleted {
    pub id: u64,
    pub deleted: bool,
}

/// `GET /brands/:id/stats`: the counters summed over its campaigns.
#[derive(ToSchema, Serialize)]
pub struct BrandStats {
    #[serde(flatten)]
    pub counters: CampaignCounters,
    pub brand_id: u64,
    pub campaigns: u64,
}

/// Signups of one UTC day.
#[derive(ToSchema, Serialize)]
pub struct DailySignups {
    pub date: String,
    pub signups: u64,
}

/// `GET /campaigns/:id/stats`.
#[derive(ToSchema, Serialize)]
pub struct CampaignStats {
    #[serde(flatten)]
    pub counters: CampaignCounters,
    pub campaign_id: u64,
    pub days: u64,
    pub daily_signups: Vec<DailySignups>,
}

/// A page of campaigns.
#[derive(ToSchema, Serialize)]
pub struct CampaignList {
    pub campaigns: Vec<Campaign>,
    pub pagination: Pagination,
}

/// What an upload did.
#[derive(ToSchema, Serialize)]
pub struct CouponUpload {
    pub added: u64,
    pub skipped: u64,
    pub skipped_duplicates: u64,
    pub skipped_blank: u64,
    pub invalid: Vec<Value>,
    pub pending_filled: u64,
    pub pool: CouponPool,
}

/// A page of participants.
#[derive(ToSchema, Serialize)]
pub struct ParticipantList {
    pub participants: Vec<Participant>,
    pub pagination: Pagination,
}

/// A page of participants for the automation platform's polling trigger.
#[derive(ToSchema, Serialize)]
pub struct ContactList {
    pub contacts: Vec<Participant>,
    pub pagination: Pagination,
}

/// The invitations just made.
#[derive(ToSchema, Serialize)]
pub struct Invites {
    pub invites: Vec<Invite>,
}

/// A webhook; `secret` only when it was just made.
#[derive(ToSchema, Serialize)]
pub struct Webhook {
    pub id: u64,
    pub link: String,
    pub campaign_id: Option<u64>,
    pub description: String,
    pub active: bool,
    pub disabled_reason: Option<String>,
    pub created_at: String,
    /// `whsec_…`: shown once.
    pub secret: Option<String>,
}

/// A page of webhooks.
#[derive(ToSchema, Serialize)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
    pub pagination: Pagination,
}

/// A page of delivery attempts.
#[derive(ToSchema, Serialize)]
pub struct AttemptList {
    pub deliveries: Vec<Delivery>,
    pub pagination: Pagination,
}

/// A retry that was asked for.
#[derive(ToSchema, Serialize)]
pub struct RetryAnswer {
    pub webhook_id: u64,
    pub event_id: u64,
    /// The event as receivers see it (`evt_<event_id>`).
    pub message_id: String,
    /// False when the delivery was already waiting or in flight.
    pub queued: bool,
}

/// The automation platform's connection test.
#[derive(ToSchema, Serialize)]
pub struct AutomationMe {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub label: String,
}

/// A lander's settings.
#[derive(ToSchema, Serialize)]
pub struct Lander {
    pub campaign_id: u64,
    pub template: String,
    /// False while the campaign uses the default.
    pub custom: bool,
    pub header_text: String,
    pub footer_text: String,
    pub background: LanderBackground,
    pub fonts: LanderFonts,
    /// The public page, `{site_url}/l/<campaign_id>`.
    pub page_url: String,
    pub updated_at: Option<String>,
}

/// The brand, as a lander shows it.
#[derive(ToSchema, Serialize)]
pub struct LanderBrand {
    pub domain: String,
    pub logo_url: Option<String>,
}

/// `GET /lander`.
#[derive(ToSchema, Serialize)]
pub struct LanderAnswer {
    pub lander: Lander,
    pub brand: LanderBrand,
    pub social_urls: Vec<String>,
}

/// The widget's signup answer: the same for new and known emails.
#[derive(ToSchema, Serialize)]
pub struct WidgetSignupAnswer {
    pub participant: WidgetParticipant,
}

/// A participant's link, as the widget shows it.
#[derive(ToSchema, Serialize)]
pub struct WidgetParticipant {
    pub campaign_id: u64,
    pub referral_code: String,
    pub referral_link: String,
}

/// An impression or share was counted.
#[derive(ToSchema, Serialize)]
pub struct Counted {
    pub counted: bool,
}

/// `GET /api/widget/progress`.
#[derive(ToSchema, Serialize)]
pub struct Progress {
    pub referrals: u64,
    pub unique_visits: u64,
    pub goal_type: String,
    pub goal: u64,
    pub next_reward_in: u64,
}

/// The click endpoint's answer: outside the envelope, always 200.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"ok": true, "campaignId": 7, "participantId": 12, "to": "shop.example.com"}))]
pub struct ClickAnswer {
    pub ok: bool,
    #[serde(rename = "campaignId")]
    pub campaign_id: Option<u64>,
    #[serde(rename = "participantId")]
    pub participant_id: Option<u64>,
    pub to: Option<String>,
}

/// A member as the admin API shows it.
#[derive(ToSchema, Serialize)]
pub struct AdminMember {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub plan_id: u64,
    pub disabled: bool,
    pub date_signedup: String,
    pub api_key: Option<AdminKeyInfo>,
}

/// A member's key, never the key itself.
#[derive(ToSchema, Serialize)]
pub struct AdminKeyInfo {
    /// The first 12 characters and an ellipsis.
    pub prefix: String,
    pub date_generated: String,
}

/// A page of members.
#[derive(ToSchema, Serialize)]
pub struct AdminMemberList {
    pub members: Vec<AdminMember>,
    pub pagination: Pagination,
}

/// A key generated by the operator: shown once.
#[derive(ToSchema, Serialize)]
pub struct AdminKey {
    pub member_id: u64,
    pub api_key: String,
    pub date_generated: String,
}

/// What a streamed coupon import did.
#[derive(ToSchema, Serialize)]
pub struct CouponImport {
    pub campaign_id: u64,
    pub lines: u64,
    pub added: u64,
    pub skipped_duplicates: u64,
    pub skipped_blank: u64,
    pub invalid_count: u64,
    pub invalid: Vec<Value>,
    pub pending_filled: u64,
    pub pool: Value,
}
