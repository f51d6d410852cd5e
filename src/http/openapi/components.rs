//! The document's `components`: every schema by name (derived by utoipa from the answers the
//! handlers build, the types inside them, and the very types the handlers read their request
//! bodies into) and the security schemes.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ArrayBuilder, ComponentsBuilder, ObjectBuilder, OneOfBuilder};

use super::schema_ref;

/// Registers every schema by name: the answers, the types inside them, the request bodies.
pub(super) fn components() -> utoipa::openapi::Components {
    use crate::domain::counters::{HeldByReason, RewardsByStatus};
    use crate::domain::coupon::InvalidLine;
    use crate::domain::fraud_preview::{FraudPreview, PreviewHolds, PreviewRefusals};
    use crate::domain::pagination::Page;
    use crate::domain::plan::{Plan, PlanLimits};
    use crate::domain::webhook::Attempt;
    use crate::domain::CampaignCounters;
    use crate::http::answers::*;
    use crate::http::health::Health;
    use crate::http::Code;
    use crate::views::*;
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
        Page,
        Failure,
        Code,
        InvalidLine,
        crate::http::members::Registration,
        Registered,
        crate::http::registration::InvitationRequest,
        crate::http::registration::InvitationAnswer,
        crate::http::members::Login,
        TokenAnswer,
        MemberSummary,
        Profile,
        PlanSummary,
        ApiKeyAnswer,
        Plan,
        PlanLimits,
        Plans,
        crate::http::brands::NewBrand,
        crate::http::brands::BrandChanges,
        Brand,
        BrandList,
        Deleted,
        Health,
        CampaignCounters,
        BrandStats,
        DailySignups,
        CampaignStats,
        crate::domain::campaign::CampaignInput,
        crate::domain::campaign::WidgetInput,
        crate::domain::contest::ContestInput,
        crate::domain::campaign_emails::EmailsInput,
        crate::domain::campaign_emails::TemplateInput,
        CampaignEmails,
        EmailTemplate,
        crate::domain::campaign_texts::LocalTexts,
        crate::domain::campaign_texts::LocalEmails,
        crate::domain::campaign_texts::LocalEmail,
        crate::domain::fraud::FraudInput,
        FraudRules,
        crate::domain::tiers::TierInput,
        Tier,
        NextReward,
        FraudRulesPreview,
        FraudPreview,
        PreviewHolds,
        PreviewRefusals,
        Widget,
        Contest,
        crate::domain::leaderboard::LeaderboardInput,
        LeaderboardSettings,
        Leader,
        Leaderboard,
        PublicLeader,
        PublicLeaderboard,
        ContestPlace,
        ContestReport,
        crate::domain::waitlist::WaitlistInput,
        WaitlistSettings,
        WaitlistSpot,
        crate::domain::waitlist::AdmitInput,
        InLine,
        Waitlist,
        Admission,
        Campaign,
        RewardSettings,
        CampaignDetail,
        CampaignList,
        CouponPool,
        CampaignCoupons,
        crate::http::campaigns::CouponCodes,
        CouponUpload,
        Participant,
        ParticipantList,
        ContactList,
        Reward,
        RewardChange,
        RewardDetail,
        RewardList,
        IssuedRewards,
        Conversion,
        ConversionAnswer,
        ConversionList,
        RefundAnswer,
        crate::http::conversions::ConversionBody,
        crate::http::conversions::InvoiceLineBody,
        crate::http::conversions::RefundBody,
        InvoiceCommission,
        crate::http::commission_preview::PreviewBody,
        crate::http::commission_preview::PreviewMonth,
        crate::http::commission_preview::CommissionPreview,
        crate::http::exchange_rates::RatesBody,
        crate::http::exchange_rates::RateBody,
        crate::http::exchange_rates::RatesSaved,
        crate::http::exchange_rates::Rate,
        crate::http::exchange_rates::RateList,
        CommissionLine,
        crate::domain::commission::CommissionInput,
        PayoutSettings,
        crate::domain::payout::PayoutInput,
        Commission,
        crate::domain::attribution::AttributionInput,
        crate::domain::promo_code::PromoCodesInput,
        PromoCodeSettings,
        crate::http::promo_codes::PromoCodeBody,
        PromoCodeView,
        PromoCodeList,
        PromoCodeUse,
        Attribution,
        crate::http::password_change::PasswordChange,
        Payout,
        PayoutsMade,
        PayoutList,
        crate::http::payouts::PayoutRequest,
        crate::http::payouts::PaidBody,
        crate::http::payouts::FailBody,
        PayoutDetails,
        PayoutDetailsAnswer,
        PortalLink,
        crate::http::portal::sign_in::PortalSignInForm,
        crate::http::portal::sign_in::PortalSignOutForm,
        crate::http::portal::details::PortalDetailsForm,
        crate::http::portal::promo_code::PortalPromoCodeForm,
        ParticipantBalance,
        Adjustment,
        crate::domain::payout::PayoutDetailsInput,
        crate::http::rewards::VoidBody,
        StripeSetup,
        SourceSetup,
        crate::http::sources::SourceSecretBody,
        crate::http::domain_proofs::DomainProofStatus,
        crate::http::stripe::StripeSecretBody,
        StripeReceipt,
        RewardsByStatus,
        HeldByReason,
        Invite,
        Referrer,
        ParticipantDetail,
        ParticipantExport,
        crate::http::emails::CampaignEmail,
        crate::http::emails::CampaignEmailList,
        ExportCampaign,
        ReceivedInvitation,
        ExportEvent,
        ExportEmail,
        crate::http::participants::InviteRequest,
        Invites,
        crate::http::signups::SignupBody,
        crate::http::signups::ReferralSignupBody,
        SignupAnswer,
        ReferralSignupAnswer,
        ReferrerCount,
        crate::http::webhooks::NewWebhook,
        crate::http::webhooks::WebhookChanges,
        Webhook,
        WebhookList,
        Attempt,
        Delivery,
        AttemptList,
        RetryAnswer,
        AutomationMe,
        crate::http::automation::Subscription,
        crate::domain::lander::LanderInput,
        crate::domain::lander::BackgroundInput,
        crate::domain::lander::FontsInput,
        crate::http::answers::LanderBackground,
        crate::http::answers::LanderFonts,
        crate::http::answers::Lander,
        LanderBrand,
        LanderAnswer,
        crate::http::site::widget_signup::WidgetSignup,
        WidgetSignupAnswer,
        WidgetParticipant,
        WidgetReward,
        crate::http::site::widget::ImpressionBody,
        crate::http::site::widget::LandingBody,
        crate::http::site::widget::ShareBody,
        Counted,
        Progress,
        ClickAnswer,
        crate::http::admin::members::NewMember,
        AdminMember,
        AdminKeyInfo,
        AdminMemberList,
        crate::http::admin::members::PlanChange,
        AdminKey,
        crate::http::admin::plans::PlanInput,
        crate::http::admin::plans::TokenNetwork,
        CouponImport,
        ImportedPool,
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
    builder = builder.schema(
        "StripeEvent",
        ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
            .description(Some(
                "A Stripe event as Stripe sends it ({\"type\": …, \"data\": {\"object\": …}}), read byte for byte for \
                 the Stripe-Signature check. checkout.session.completed and invoice.paid record conversions, \
                 charge.refunded refunds them; other types are acknowledged and ignored",
            ))
            .build(),
    );
    builder = builder.schema(
        "PaddleEvent",
        ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
            .description(Some(
                "A Paddle Billing event as Paddle sends it ({\"event_type\": …, \"data\": …}), read byte for byte for \
                 the Paddle-Signature check; other event types are acknowledged and ignored",
            ))
            .build(),
    );
    builder = builder.schema(
        "ShopifyOrder",
        ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::AnyValue)
            .description(Some(
                "An order (orders/paid) or a refund (refunds/create) as Shopify sends it, its topic in X-Shopify-Topic, \
                 read byte for byte for the X-Shopify-Hmac-Sha256 check; other topics are acknowledged and ignored",
            ))
            .build(),
    );
    builder = builder.schema("Document", ObjectBuilder::new().description(Some("An OpenAPI 3.1 document")).build());
    builder.build()
}
