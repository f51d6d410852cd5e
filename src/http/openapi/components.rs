//! The document's `components`: every schema by name (derived by utoipa from the answers the
//! handlers build, the types inside them and the request bodies) and the security schemes.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ArrayBuilder, ComponentsBuilder, ObjectBuilder, OneOfBuilder};

use super::{bodies, schema_ref};

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
    use bodies::*;
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
        ContestInput,
        EmailsInput,
        EmailTemplateInput,
        CampaignEmails,
        EmailTemplate,
        FraudInput,
        FraudRules,
        TierInput,
        Tier,
        NextReward,
        FraudRulesPreview,
        FraudPreview,
        PreviewHolds,
        PreviewRefusals,
        Widget,
        Contest,
        LeaderboardInput,
        LeaderboardSettings,
        Leader,
        Leaderboard,
        PublicLeader,
        PublicLeaderboard,
        ContestPlace,
        ContestReport,
        WaitlistInput,
        WaitlistSettings,
        WaitlistSpot,
        AdmitBody,
        InLine,
        Waitlist,
        Admission,
        Campaign,
        RewardSettings,
        CampaignDetail,
        CampaignList,
        CouponPool,
        CampaignCoupons,
        CouponCodes,
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
        ConversionBody,
        VoidBody,
        StripeSetup,
        StripeSecretBody,
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
        InviteBody,
        Invites,
        SignupBody,
        ReferralSignupBody,
        SignupAnswer,
        ReferralSignupAnswer,
        ReferrerCount,
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
        bodies::LanderBackground,
        bodies::LanderFonts,
        crate::http::answers::LanderBackground,
        crate::http::answers::LanderFonts,
        crate::http::answers::Lander,
        LanderBrand,
        LanderAnswer,
        WidgetSignupBody,
        WidgetSignupAnswer,
        WidgetParticipant,
        WidgetReward,
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
    builder = builder.schema("Document", ObjectBuilder::new().description(Some("An OpenAPI 3.1 document")).build());
    builder.build()
}
