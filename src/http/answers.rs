//! The answers that only http builds: accounts, lists, deletes, statistics, uploads, webhooks,
//! landers, the public widget and the admin API. The shapes shared with webhook payloads
//! (brands, campaigns, participants, rewards) are in `crate::views`.
//!
//! Every answer is a struct deriving `Serialize` and `ToSchema`: the handler builds it and the
//! OpenAPI document (`openapi/mod.rs`) describes this same type, so the two cannot drift; the
//! API suite checks every answer it receives against the served document besides.

use serde::Serialize;
use utoipa::ToSchema;

use super::Code;
use crate::domain::coupon::InvalidLine;
use crate::domain::pagination::Page;
use crate::domain::{CampaignCounters, Plan};
use crate::views::{Brand, Campaign, CouponPool, Invite, Participant};

// ----- the envelope's failure --------------------------------------------------------------

/// The failure envelope: every 4xx and 5xx of the API.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"success": false, "error": "email: email is not a valid address", "code": "validation_failed"}))]
pub struct Failure {
    /// Always false.
    pub success: bool,
    /// A sentence for people; names the field and the rule when input was wrong.
    pub error: String,
    /// A stable machine code, e.g. `validation_failed`, `unauthorized`, `not_found`,
    /// `rate_limited`, `payload_too_large`.
    pub code: Code,
}

impl Failure {
    pub fn new(code: Code, error: String) -> Self {
        Self { success: false, error, code }
    }
}

// ----- members, keys, plans ----------------------------------------------------------------

/// A new member.
#[derive(Serialize, ToSchema)]
pub struct Registered {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub plan_id: u64,
    pub date_signedup: String,
}

/// A signed-in member's token.
#[derive(Serialize, ToSchema)]
pub struct TokenAnswer {
    /// An HS256 JWT; send it as `Authorization: Bearer <token>`.
    pub token: String,
    /// `Bearer`.
    pub token_type: &'static str,
    pub expires_at: String,
    pub member: MemberSummary,
}

/// Who a token belongs to.
#[derive(Serialize, ToSchema)]
pub struct MemberSummary {
    pub id: u64,
    pub email: String,
    pub name: String,
}

/// `GET /members/profile`.
#[derive(Serialize, ToSchema)]
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
#[derive(Serialize, ToSchema)]
pub struct PlanSummary {
    pub id: u64,
    pub name: String,
    pub paid: bool,
}

/// The member's API key.
#[derive(Serialize, ToSchema)]
pub struct ApiKeyAnswer {
    /// `ref_` and 48 lowercase hex digits; send it as `X-API-Key`.
    pub api_key: String,
    pub date_generated: String,
}

/// `GET /billing/plans` and the admin API's plan list.
#[derive(Serialize, ToSchema)]
pub struct Plans {
    pub plans: Vec<Plan>,
}

/// The automation platform's connection test.
#[derive(Serialize, ToSchema)]
pub struct AutomationMe {
    pub id: u64,
    pub email: String,
    pub name: String,
    /// The name again: the platform shows it as the connection's label.
    pub label: String,
}

// ----- lists -------------------------------------------------------------------------------

/// A page of brands.
#[derive(Serialize, ToSchema)]
pub struct BrandList {
    pub brands: Vec<Brand>,
    pub pagination: Page,
}

/// A page of campaigns.
#[derive(Serialize, ToSchema)]
pub struct CampaignList {
    pub campaigns: Vec<Campaign>,
    pub pagination: Page,
}

/// A page of participants.
#[derive(Serialize, ToSchema)]
pub struct ParticipantList {
    pub participants: Vec<Participant>,
    pub pagination: Page,
}

/// A page of rewards.
#[derive(Serialize, ToSchema)]
pub struct RewardList {
    pub rewards: Vec<crate::views::Reward>,
    pub pagination: Page,
}

/// The automation platform's trigger of issued rewards: the most recently issued first.
#[derive(Serialize, ToSchema)]
pub struct IssuedRewards {
    pub rewards: Vec<crate::views::Reward>,
}

/// A brand's Stripe connection: where Stripe sends events, never the secret.
#[derive(Serialize, ToSchema)]
pub struct StripeSetup {
    pub brand_id: u64,
    /// Whether a signing secret is stored.
    pub connected: bool,
    pub connected_at: Option<String>,
    /// The endpoint to add in Stripe: `{site_url}/hooks/stripe/<brand_id>`.
    pub endpoint_url: String,
    /// The event types to select for it in Stripe.
    pub events: Vec<&'static str>,
}

/// A brand's connection to Paddle or Shopify: where the source sends events, never the
/// secret.
#[derive(Serialize, ToSchema)]
pub struct SourceSetup {
    pub brand_id: u64,
    /// `paddle` or `shopify`.
    pub source: &'static str,
    /// Whether a signing secret is stored.
    pub connected: bool,
    pub connected_at: Option<String>,
    /// The endpoint to give the source: `{site_url}/hooks/<source>/<brand_id>`.
    pub endpoint_url: String,
    /// The event types (Paddle) or topics (Shopify) to send it.
    pub events: Vec<&'static str>,
}

/// What a Stripe delivery did: `recorded`, `refunded`, or why it did nothing (`ignored`,
/// `no_customer_email`, `no_participant`, `partial_refund`, `no_conversion`).
#[derive(Serialize, ToSchema)]
pub struct StripeReceipt {
    pub outcome: &'static str,
    /// The conversions recorded (or found again, on a redelivery) or refunded.
    pub conversion_ids: Vec<u64>,
    /// The participants this payment signed up: customers never seen before whose payment
    /// named a referral code (see [Attribution](#attribution) in `docs/api.md`).
    pub participants_created: Vec<u64>,
}

/// A page of participants for the automation platform's polling trigger.
#[derive(Serialize, ToSchema)]
pub struct ContactList {
    pub contacts: Vec<Participant>,
    pub pagination: Page,
}

/// A page of webhooks.
#[derive(Serialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
    pub pagination: Page,
}

/// A page of delivery attempts.
#[derive(Serialize, ToSchema)]
pub struct AttemptList {
    pub deliveries: Vec<Delivery>,
    pub pagination: Page,
}

/// A page of members.
#[derive(Serialize, ToSchema)]
pub struct AdminMemberList {
    pub members: Vec<AdminMember>,
    pub pagination: Page,
}

// ----- brands and campaigns ----------------------------------------------------------------

/// The answer of a delete.
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    pub id: u64,
    /// Always true.
    pub deleted: bool,
}

impl Deleted {
    pub fn new(id: u64) -> Self {
        Self { id, deleted: true }
    }
}

/// `GET /brands/:id/stats`: the counters summed over its campaigns.
#[derive(Serialize, ToSchema)]
pub struct BrandStats {
    #[serde(flatten)]
    pub counters: CampaignCounters,
    pub brand_id: u64,
    /// How many campaigns the sums are over.
    pub campaigns: u64,
}

/// Signups of one UTC day.
#[derive(Serialize, ToSchema)]
pub struct DailySignups {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub signups: u64,
}

/// `GET /campaigns/:id/stats`.
#[derive(Serialize, ToSchema)]
pub struct CampaignStats {
    #[serde(flatten)]
    pub counters: CampaignCounters,
    pub campaign_id: u64,
    pub days: u32,
    /// Oldest day first, today last; days without signups included.
    pub daily_signups: Vec<DailySignups>,
}

/// What a coupon upload did.
#[derive(Serialize, ToSchema)]
pub struct CouponUpload {
    pub added: u64,
    /// Duplicates and blank lines together.
    pub skipped: u64,
    /// Already in the pool, or earlier in the same upload.
    pub skipped_duplicates: u64,
    pub skipped_blank: u64,
    /// The codes refused, each with its position and the rule it broke.
    pub invalid: Vec<InvalidLine>,
    /// Pending coupon rewards the new codes filled, oldest first.
    pub pending_filled: u64,
    pub pool: CouponPool,
}

/// What a streamed coupon import did.
#[derive(Serialize, ToSchema)]
pub struct CouponImport {
    pub campaign_id: u64,
    pub lines: u64,
    pub added: u64,
    pub skipped_duplicates: u64,
    pub skipped_blank: u64,
    pub invalid_count: u64,
    /// The first refused lines (at most 1,000; all are counted).
    pub invalid: Vec<InvalidLine>,
    pub pending_filled: u64,
    pub pool: ImportedPool,
}

/// The pool's counts after an import.
#[derive(Serialize, ToSchema)]
pub struct ImportedPool {
    pub uploaded: u64,
    pub available: u64,
    pub used: u64,
}

/// The invitations just made.
#[derive(Serialize, ToSchema)]
pub struct Invites {
    pub invites: Vec<Invite>,
}

// ----- webhooks ----------------------------------------------------------------------------

/// A webhook; `secret` only when it was just made.
#[derive(Serialize, ToSchema)]
pub struct Webhook {
    pub id: u64,
    pub link: String,
    pub campaign_id: Option<u64>,
    pub description: String,
    pub active: bool,
    pub disabled_reason: Option<String>,
    pub created_at: String,
    /// The kinds of event it gets (every kind unless some were named).
    pub events: Vec<&'static str>,
    /// `whsec_…`: shown once, when the webhook or a new secret was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// One attempt as the delivery log answers it: with the id receivers saw.
#[derive(Serialize, ToSchema)]
pub struct Delivery {
    /// The event as receivers see it: the payload's `id` and the `webhook-id` header
    /// (`evt_<event_id>`). A retry may name the event by it.
    pub message_id: String,
    #[serde(flatten)]
    pub attempt: crate::domain::webhook::Attempt,
}

/// A retry that was asked for.
#[derive(Serialize, ToSchema)]
pub struct RetryAnswer {
    pub webhook_id: u64,
    pub event_id: u64,
    /// The event as receivers see it (`evt_<event_id>`).
    pub message_id: String,
    /// False when the delivery was already waiting or in flight.
    pub queued: bool,
}

// ----- landers -----------------------------------------------------------------------------

/// `GET /lander` and `PUT /lander`.
#[derive(Serialize, ToSchema)]
pub struct LanderAnswer {
    pub lander: Lander,
    pub brand: LanderBrand,
    pub social_urls: Vec<String>,
}

/// A lander's settings.
#[derive(Serialize, ToSchema)]
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

/// A lander's background as the page shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = LanderBackgroundShown)]
pub struct LanderBackground {
    /// `#rrggbb`.
    pub color: String,
    /// The lander's own image, else the brand's background image.
    pub image_url: Option<String>,
}

/// A lander's fonts.
#[derive(Serialize, ToSchema)]
#[schema(as = LanderFontsShown)]
pub struct LanderFonts {
    pub heading: String,
    pub body: String,
}

/// The brand, as a lander shows it.
#[derive(Serialize, ToSchema)]
pub struct LanderBrand {
    pub domain: String,
    pub logo_url: Option<String>,
}

// ----- the public widget and tracker -------------------------------------------------------

/// The widget's signup answer: the same for new and known emails, but for `reward`.
#[derive(Serialize, ToSchema)]
pub struct WidgetSignupAnswer {
    pub participant: WidgetParticipant,
    /// The friend's own reward on a two-way campaign, on the signup that earned it; null
    /// otherwise (a known email never gets one back: it could be someone else's coupon).
    pub reward: Option<WidgetReward>,
}

/// A reward as the widget shows it to the person who earned it.
#[derive(Serialize, ToSchema)]
pub struct WidgetReward {
    /// `coupon`, `cash`, `message` or `token`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The coupon code, amount or message; null while held, waiting for a code, or voided.
    pub value: Option<String>,
    /// `issued`, `pending` (waiting for a code), `held`, `fulfilled` or `voided`.
    pub status: &'static str,
    /// Reads it again later (`GET /api/widget/reward?claim=`); only the signup's answer has it.
    pub claim: String,
}

/// A participant's link, as the widget shows it.
#[derive(Serialize, ToSchema)]
pub struct WidgetParticipant {
    pub campaign_id: u64,
    pub referral_code: String,
    pub referral_link: String,
}

/// An impression or share was counted.
#[derive(Serialize, ToSchema)]
pub struct Counted {
    /// Always true.
    pub counted: bool,
}

/// `GET /api/widget/progress`.
#[derive(Serialize, ToSchema)]
pub struct Progress {
    pub referrals: u64,
    pub unique_visits: u64,
    /// `signup` or `visit`.
    pub goal_type: &'static str,
    pub goal: u32,
    #[serde(flatten)]
    pub next: crate::views::NextReward,
    /// The participant's place in the campaign's waitlist (null when it keeps none).
    pub waitlist: Option<crate::views::WaitlistSpot>,
}

/// The click endpoint's answer: outside the envelope, always 200.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"ok": true, "campaignId": 7, "participantId": 12, "to": "shop.example.com"}))]
pub struct ClickAnswer {
    pub ok: bool,
    #[serde(rename = "campaignId")]
    pub campaign_id: Option<u64>,
    #[serde(rename = "participantId")]
    pub participant_id: Option<u64>,
    pub to: Option<String>,
}

// ----- the admin API -----------------------------------------------------------------------

/// A member as the admin API shows it (never the password hash or the key itself).
#[derive(Serialize, ToSchema)]
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
#[derive(Serialize, ToSchema)]
pub struct AdminKeyInfo {
    /// The first 12 characters and an ellipsis.
    pub prefix: String,
    pub date_generated: String,
}

/// A key generated by the operator: shown once.
#[derive(Serialize, ToSchema)]
pub struct AdminKey {
    pub member_id: u64,
    pub api_key: String,
    pub date_generated: String,
}
