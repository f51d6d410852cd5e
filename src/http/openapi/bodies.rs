//! The request bodies of the API, as the OpenAPI document describes them. Each handler
//! parses its own body (with the field-naming messages of `domain`); these types only describe
//! what a client may send.

#![allow(dead_code)] // Types that exist only to be described, never built.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::plan::PlanLimits;

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

/// Body of `POST /auth/token`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"email": "ada@example.com", "password": "analytical-engine"}))]
pub struct LoginBody {
    pub email: String,
    pub password: String,
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
    /// Days a new reward is held before it is issued by itself (0 to 365; default 0: issued
    /// at once). An owner may approve or void a held reward before then.
    #[schema(minimum = 0, maximum = 365)]
    pub hold_days: Option<u32>,
    pub widget: Option<WidgetSettings>,
    pub contest: Option<ContestInput>,
    pub emails: Option<EmailsInput>,
    pub fraud: Option<FraudInput>,
    /// Milestone tiers in rising order of `referrals` (at most 20), each earned once when
    /// the goal's count reaches it, in place of one reward every `num_signups`; null or []
    /// removes them.
    pub tiers: Option<Vec<TierInput>>,
    pub leaderboard: Option<LeaderboardInput>,
    pub waitlist: Option<WaitlistInput>,
}

/// The campaign's waitlist: participants in line by signup order, each credited referral
/// moving its referrer up, never past position 1.
#[derive(ToSchema, Serialize)]
pub struct WaitlistInput {
    /// Keep a waitlist (default false). Turned on, the line is built from the participants
    /// already there, their referrals counted.
    pub enabled: Option<bool>,
    /// Places each credited referral moves the referrer up (0 to 1,000,000; default 10).
    #[schema(minimum = 0, maximum = 1000000)]
    pub places_per_referral: Option<u64>,
}

/// Whom `POST /campaigns/:id/waitlist/admit` admits: `count` or `participant_ids`, not both.
#[derive(ToSchema, Serialize)]
pub struct AdmitBody {
    /// The first `count` of the line (1 to 1,000).
    #[schema(minimum = 1, maximum = 1000)]
    pub count: Option<u64>,
    /// These participants of the campaign, wherever they stand (1 to 1,000 ids). Those not
    /// in line (admitted before, blocked, erased) are passed over, so a retry admits nobody
    /// twice.
    pub participant_ids: Option<Vec<u64>>,
}

/// Who may read the campaign's leaderboard besides its owner.
#[derive(ToSchema, Serialize)]
pub struct LeaderboardInput {
    /// The widget may show it (`GET /api/widget/leaderboard`): ranks, first names or masked
    /// emails, and counts only (default false).
    pub public: Option<bool>,
}

/// One milestone tier, as a campaign's body gives it.
#[derive(ToSchema, Serialize)]
pub struct TierInput {
    /// 1 to 1,000,000, more than the tier before's.
    #[schema(minimum = 1, maximum = 1000000)]
    pub referrals: u64,
    /// 1 coupon (from the campaign's pool), 3 message, 5 cash.
    pub reward_type: u32,
    /// The cash amount (required for cash) or the message; none for a coupon.
    pub reward_value: Option<String>,
}

/// A campaign's fraud settings, as its body changes them.
#[derive(ToSchema, Serialize)]
pub struct FraudInput {
    /// One participant per inbox (default true).
    pub canonical_emails: Option<bool>,
    /// `refuse`, `hold` (default) or `allow`.
    pub disposable_emails: Option<String>,
    /// `address` (default), `address_and_agent` or `off`.
    pub same_address: Option<String>,
    /// 1 to 1000 (default 20); null: no limit.
    #[schema(minimum = 1, maximum = 1000)]
    pub max_referrals_per_hour: Option<u32>,
    /// 1 to 1000 (default 20); null: no limit.
    #[schema(minimum = 1, maximum = 1000)]
    pub max_signups_per_address_per_hour: Option<u32>,
}

/// The emails a campaign sends, as its body changes them: any of the four, each with any
/// of its fields.
#[derive(ToSchema, Serialize)]
pub struct EmailsInput {
    pub welcome: Option<EmailTemplateInput>,
    pub friend_joined: Option<EmailTemplateInput>,
    pub reward: Option<EmailTemplateInput>,
    /// The daily digest to the campaign's member.
    pub digest: Option<EmailTemplateInput>,
}

/// One email's settings. Subject and text are plain text with placeholders such as
/// `{{name}}` and `{{referral_link}}` (the campaign's read lists each email's); an unknown
/// placeholder, a subject of more than one line, or an empty text is refused.
#[derive(ToSchema, Serialize)]
pub struct EmailTemplateInput {
    pub enabled: Option<bool>,
    /// 1 to 200 characters, one line.
    pub subject: Option<String>,
    /// 1 to 10,000 characters.
    pub text: Option<String>,
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

/// A referral contest, as a campaign's body sets it.
#[derive(ToSchema, Serialize)]
pub struct ContestInput {
    pub enabled: Option<bool>,
    /// RFC 3339; the window counts referrals credited from `starts_at` up to `ends_at`.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    /// At most 500 characters.
    pub prize: Option<String>,
    /// How many places win, 1 to 100 (default 3).
    #[schema(minimum = 1, maximum = 100)]
    pub winners: Option<u32>,
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

/// Body of `POST /participants/:id/invites`.
#[derive(ToSchema, Serialize)]
pub struct InviteBody {
    /// 1 to 100 addresses.
    pub emails: Vec<String>,
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
    /// The end user's IP address, as your backend saw it: for the fraud rules that compare
    /// clients (only a keyed hash is kept, for 30 days).
    pub ip: Option<String>,
    /// The end user's browser user agent, with `ip`. At most 1,024 characters.
    pub user_agent: Option<String>,
}

/// Body of `POST /signups/referral`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"referral_code": "NzpsaW5rOjEy", "email": "grace@example.com", "name": "Grace"}))]
pub struct ReferralSignupBody {
    pub referral_code: String,
    pub email: String,
    pub name: Option<String>,
    /// The end user's IP address, as your backend saw it: a referral signup from the
    /// referrer's own address is held with `same_address` (only a keyed hash is kept, for
    /// 30 days).
    pub ip: Option<String>,
    /// The end user's browser user agent, with `ip`. At most 1,024 characters.
    pub user_agent: Option<String>,
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
    /// The kinds of event to get: `participant.signup`, `reward.held`, `reward.issued`,
    /// `reward.voided`, `reward.fulfilled`. Absent or null: every kind, future ones too.
    pub events: Option<Vec<String>>,
}

/// Body of `PUT /webhooks/:id`.
#[derive(ToSchema, Serialize)]
pub struct WebhookUpdate {
    pub link: Option<String>,
    #[schema(minimum = 1)]
    pub campaign_id: Option<u64>,
    pub active: Option<bool>,
    pub description: Option<String>,
    /// The kinds of event to get; null: every kind again.
    pub events: Option<Vec<String>>,
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

/// Body of `POST /admin/v1/members`.
#[derive(ToSchema, Serialize)]
pub struct AdminMemberCreate {
    pub email: String,
    pub name: String,
    pub password: String,
    #[schema(minimum = 1)]
    pub plan_id: Option<u64>,
}

/// Body of `PUT /admin/v1/members/:id/plan`.
#[derive(ToSchema, Serialize)]
pub struct SetPlanBody {
    #[schema(minimum = 1)]
    pub plan_id: u64,
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

/// Body of `POST /rewards/:id/void`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"reason": "order refunded"}))]
pub struct VoidBody {
    /// Why the reward is voided: 1 to 500 characters, kept in its history.
    pub reason: String,
}

/// Body of `PUT /brands/:id/stripe`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"signing_secret": "whsec_…"}))]
pub struct StripeSecretBody {
    /// The signing secret of the Stripe webhook endpoint (`whsec_…`), shown never again.
    pub signing_secret: String,
}

/// Body of `POST /conversions`: the participant by `participant_id` or by `email`.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"campaign_id": 1, "email": "grace@example.com", "external_id": "order-1042", "amount": "49.90", "currency": "EUR"}))]
pub struct ConversionBody {
    #[schema(minimum = 1)]
    pub campaign_id: u64,
    #[schema(minimum = 1)]
    pub participant_id: Option<u64>,
    pub email: Option<String>,
    /// Your order or invoice id: one conversion per id per campaign (1 to 200 bytes).
    pub external_id: String,
    /// A positive amount with at most two decimals.
    pub amount: Option<String>,
    /// Three letters (ISO 4217).
    pub currency: Option<String>,
}
