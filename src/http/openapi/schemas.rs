//! The JSON shapes of the API as OpenAPI schemas. Each type here mirrors what a handler (or
//! `views.rs`) writes or reads; the schemathesis run (`scripts/fuzz-api.sh`) checks every
//! answer against them, so a shape that drifts from its handler fails that run.
//!
//! Properties a client may rely on are listed; answers may carry more (JSON Schema allows it),
//! which keeps additions backwards compatible.

#![allow(dead_code)] // Types that exist only to be described, never built.

// Serialize is derived only so that utoipa reads the serde attributes (renames, flatten).

use serde::Serialize;

pub use crate::domain::plan::{Plan, PlanLimits};
pub use crate::domain::webhook::Attempt;
pub use crate::domain::CampaignCounters;
pub use crate::http::health::Health;
pub use crate::http::webhooks::Delivery;
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

/// Body of `POST /members`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"email": "ada@example.com", "name": "Ada", "password": "analytical-engine"}))]
pub struct RegisterBody {
    /// At most 254 characters.
    pub email: String,
    /// 1 to 200 characters.
    pub name: String,
    /// 8 characters to 1,024 bytes.
    pub password: String,
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

/// Body of `POST /auth/token`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"email": "ada@example.com", "password": "analytical-engine"}))]
pub struct LoginBody {
    pub email: String,
    pub password: String,
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

/// Body of `POST /brands`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"url": "https://shop.example.com", "description": "Our shop"}))]
pub struct BrandCreate {
    /// The website; its domain is extracted (`www.` and the port dropped). A bare domain is
    /// read as https. At most 2,048 characters.
    pub url: String,
    /// At most 2,000 characters.
    pub description: Option<String>,
    /// An http(s) image URL.
    pub logo_url: Option<String>,
}

/// Body of `PUT /brands/:id`; null removes an image.
#[derive(ToSchema, Serialize)]
pub struct BrandUpdate {
    pub description: Option<String>,
    pub logo_url: Option<String>,
    pub background_url: Option<String>,
}

/// A brand (a website).
#[derive(ToSchema, Serialize)]
pub struct Brand {
    pub id: u64,
    pub url: String,
    pub domain: String,
    pub description: String,
    pub logo_url: Option<String>,
    pub background_url: Option<String>,
    pub token_network: Option<String>,
    pub created_at: String,
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

/// Body of `POST /campaigns` (`name`, `url_id` and `reward_type` required) and
/// `PUT /campaigns/:id` (any field but `url_id`).
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"name": "Spring", "url_id": 1, "reward_type": 5, "reward_value": "10.00", "num_signups": 3}))]
pub struct CampaignInput {
    /// 1 to 200 characters.
    pub name: Option<String>,
    /// The brand's id.
    #[schema(minimum = 1)]
    pub url_id: Option<u64>,
    pub type_id: Option<u32>,
    /// 1 coupon, 3 message, 4 token, 5 cash.
    pub reward_type: Option<u32>,
    /// `signup` or `visit`.
    pub goal_type: Option<String>,
    /// 1 to 1,000,000.
    pub num_signups: Option<u64>,
    /// `public` (paid plans) or `private`.
    pub publish: Option<String>,
    pub reward_invited: Option<bool>,
    /// Cash amount ("10.00"), message text (at most 2,000 characters) or token amount.
    pub reward_value: Option<String>,
    pub widget: Option<WidgetSettings>,
    pub contest: Option<Contest>,
}

/// How the widget shows.
#[derive(ToSchema, Serialize)]
pub struct WidgetSettings {
    /// `embed`, `popup` or `floating`.
    pub mode: Option<String>,
    /// `#rrggbb`.
    pub primary_color: Option<String>,
    /// At most 60 characters.
    pub button_text: Option<String>,
    /// At most 160 characters.
    pub headline: Option<String>,
}

/// A referral contest.
#[derive(ToSchema, Serialize)]
pub struct Contest {
    pub enabled: Option<bool>,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub prize: Option<String>,
}

/// A campaign.
#[derive(ToSchema, Serialize)]
pub struct Campaign {
    pub id: u64,
    pub name: String,
    /// The brand's id.
    pub url_id: u64,
    pub type_id: u32,
    pub reward_type: u32,
    pub goal_type: String,
    pub num_signups: u32,
    pub publish: String,
    pub reward_invited: bool,
    pub reward_value: Option<String>,
    pub widget: WidgetSettings,
    pub contest: Contest,
    pub created_at: String,
    pub updated_at: String,
}

/// A page of campaigns.
#[derive(ToSchema, Serialize)]
pub struct CampaignList {
    pub campaigns: Vec<Campaign>,
    pub pagination: Pagination,
}

/// A campaign's coupon pool.
#[derive(ToSchema, Serialize)]
pub struct CouponPool {
    pub uploaded: u64,
    pub available: u64,
    pub used: u64,
    pub pending_rewards: u64,
}

/// Body of `POST /campaigns/:id/coupons` as a JSON object; the bare array of codes is the
/// other JSON form (`CouponUploadBody` in the document), and `text/csv` with one code a line
/// the third. At most 100,000 codes per request.
#[derive(ToSchema, Serialize)]
pub struct CouponCodes {
    /// The codes: strings of 1 to 128 printable characters. Like a bad line of a file, an
    /// element that is not one is skipped and reported in `invalid`; the rest are added.
    pub codes: Vec<Value>,
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

/// A participant.
#[derive(ToSchema, Serialize)]
pub struct Participant {
    pub id: u64,
    pub campaign_id: u64,
    pub email: String,
    pub name: String,
    /// Base64 of `campaign_id:social_type:participant_id[:invited_id]`.
    pub referral_code: String,
    /// `{site_url}/r/{referral_code}`.
    pub referral_link: String,
    pub referred_by: Option<u64>,
    pub referrals: u64,
    /// A domain participant's website (absent for others).
    pub domain: Option<String>,
    pub created_at: String,
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

/// A reward.
#[derive(ToSchema, Serialize)]
pub struct Reward {
    pub id: u64,
    /// `coupon`, `message`, `token` or `cash`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The coupon code, amount or message; null while pending.
    pub value: Option<String>,
    /// `issued` or `pending`.
    pub status: String,
    /// `referrer` or `invited`.
    pub reason: String,
    pub participant_id: u64,
    pub created_at: String,
    pub issued_at: Option<String>,
}

/// An invitation by email.
#[derive(ToSchema, Serialize)]
pub struct Invite {
    pub id: u64,
    pub email: String,
    pub accepted: bool,
    pub accepted_by: Option<u64>,
    pub referral_code: String,
    pub referral_link: String,
    pub created_at: String,
}

/// Who referred a participant.
#[derive(ToSchema, Serialize)]
pub struct Referrer {
    pub id: u64,
    pub name: String,
    pub email: String,
}

/// `GET /participants/:id`: the participant with their counts, rewards and invitations.
#[derive(ToSchema, Serialize)]
pub struct ParticipantDetail {
    #[serde(flatten)]
    pub participant: Participant,
    pub shares: u64,
    pub clicks: u64,
    pub unique_visits: u64,
    pub referrer: Option<Referrer>,
    pub rewards: Vec<Reward>,
    pub invited_emails: Vec<String>,
    pub invites: Vec<Invite>,
    pub next_reward_in: u64,
}

/// Body of `POST /participants/:id/invites`.
#[derive(ToSchema, Serialize)]
pub struct InviteBody {
    /// 1 to 100 addresses.
    pub emails: Vec<String>,
}

/// The invitations just made.
#[derive(ToSchema, Serialize)]
pub struct Invites {
    pub invites: Vec<Invite>,
}

/// Body of `POST /signups`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"campaign_id": 7, "email": "grace@example.com", "name": "Grace"}))]
pub struct SignupBody {
    #[schema(minimum = 1)]
    pub campaign_id: u64,
    pub email: String,
    /// At most 200 characters.
    pub name: Option<String>,
    /// A partner site (bare domain or URL): makes a domain participant.
    pub domain: Option<String>,
}

/// Body of `POST /signups/referral`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"referral_code": "NzpsaW5rOjEy", "email": "grace@example.com", "name": "Grace"}))]
pub struct ReferralSignupBody {
    pub referral_code: String,
    pub email: String,
    pub name: Option<String>,
}

/// `POST /signups`.
#[derive(ToSchema, Serialize)]
pub struct SignupAnswer {
    pub participant: Participant,
}

/// `POST /signups/referral`.
#[derive(ToSchema, Serialize)]
pub struct ReferralSignupAnswer {
    pub participant: Participant,
    /// The new participant's own reward (two-way rewards).
    pub reward: Option<Reward>,
    /// What this signup earned the referrer.
    pub referrer_reward: Option<Reward>,
    /// Set (200) when the participant already had an inviter: nothing changed.
    pub message: Option<String>,
}

/// Body of `POST /webhooks`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"link": "https://hooks.example.com/referrals", "campaign_id": null, "description": "CRM"}))]
pub struct WebhookCreate {
    /// An absolute http(s) URL, at most 2,048 characters.
    pub link: String,
    /// null or absent: every campaign of the member.
    #[schema(minimum = 1)]
    pub campaign_id: Option<u64>,
    /// At most 500 characters.
    pub description: Option<String>,
}

/// Body of `PUT /webhooks/:id`.
#[derive(ToSchema, Serialize)]
pub struct WebhookUpdate {
    pub link: Option<String>,
    #[schema(minimum = 1)]
    pub campaign_id: Option<u64>,
    pub active: Option<bool>,
    pub description: Option<String>,
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

/// Body of `POST /automation/subscribe`.
#[derive(ToSchema, Serialize)]
pub struct SubscribeBody {
    pub target_url: String,
    #[schema(minimum = 1)]
    pub campaign_id: Option<u64>,
}

/// Body of `PUT /lander`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"template": "centered", "header_text": "Join us", "background": {"color": "#fef3c7"}}))]
pub struct LanderInput {
    /// `default`, `centered` or `minimal`.
    pub template: Option<String>,
    /// At most 200 characters.
    pub header_text: Option<String>,
    /// At most 1,000 characters.
    pub footer_text: Option<String>,
    pub background: Option<LanderBackground>,
    pub fonts: Option<LanderFonts>,
    /// At most 10 http(s) links.
    pub social_urls: Option<Vec<String>>,
}

/// A lander's background.
#[derive(ToSchema, Serialize)]
pub struct LanderBackground {
    /// `#rrggbb`.
    pub color: Option<String>,
    /// An http(s) image; null: the brand's background image.
    pub image_url: Option<String>,
}

/// A lander's fonts: `system-ui`, `sans-serif`, `serif`, `monospace`, `Georgia`, `Helvetica`,
/// `Arial`, `Verdana`, `Trebuchet MS` or `Times New Roman`.
#[derive(ToSchema, Serialize)]
pub struct LanderFonts {
    pub heading: Option<String>,
    pub body: Option<String>,
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

/// Body of `POST /api/widget/signup`.
#[derive(ToSchema, Serialize)]
pub struct WidgetSignupBody {
    #[schema(minimum = 1)]
    pub campaign_id: u64,
    pub email: String,
    pub name: Option<String>,
    pub referral_code: Option<String>,
    /// The host page's `ref`: a referral code or a domain participant's domain.
    #[serde(rename = "ref")]
    pub referrer: Option<String>,
    /// The signer's own website (a domain participant).
    pub domain: Option<String>,
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

/// Body of `POST /api/widget/impression`.
#[derive(ToSchema, Serialize)]
pub struct ImpressionBody {
    #[schema(minimum = 1)]
    pub campaign_id: u64,
}

/// Body of `POST /api/widget/share`.
#[derive(ToSchema, Serialize)]
pub struct ShareBody {
    /// The code that was shared; its social type names the network.
    pub referral_code: String,
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

/// Body of `POST /admin/v1/members`.
#[derive(ToSchema, Serialize)]
pub struct AdminMemberCreate {
    pub email: String,
    pub name: String,
    pub password: String,
    #[schema(minimum = 1)]
    pub plan_id: Option<u64>,
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

/// Body of `PUT /admin/v1/members/:id/plan`.
#[derive(ToSchema, Serialize)]
pub struct SetPlanBody {
    #[schema(minimum = 1)]
    pub plan_id: u64,
}

/// A key generated by the operator: shown once.
#[derive(ToSchema, Serialize)]
pub struct AdminKey {
    pub member_id: u64,
    pub api_key: String,
    pub date_generated: String,
}

/// Body of `POST /admin/v1/plans` (name, price, currency, interval required) and
/// `PUT /admin/v1/plans/:id`.
#[derive(ToSchema, Serialize)]
pub struct PlanInput {
    pub name: Option<String>,
    pub price: Option<String>,
    pub currency: Option<String>,
    pub interval: Option<String>,
    pub paid: Option<bool>,
    pub limits: Option<PlanLimits>,
}

/// Body of `PUT /admin/v1/brands/:id/token-network`.
#[derive(ToSchema, Serialize)]
pub struct TokenNetworkBody {
    pub network: String,
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
