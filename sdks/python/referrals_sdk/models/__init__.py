"""Contains all the data models used in inputs/outputs"""

from .adjustment import Adjustment
from .admin_create_member_response_201 import AdminCreateMemberResponse201
from .admin_create_plan_response_201 import AdminCreatePlanResponse201
from .admin_delete_plan_response_200 import AdminDeletePlanResponse200
from .admin_disable_member_response_200 import AdminDisableMemberResponse200
from .admin_enable_member_response_200 import AdminEnableMemberResponse200
from .admin_get_member_api_key_response_200 import AdminGetMemberApiKeyResponse200
from .admin_get_member_response_200 import AdminGetMemberResponse200
from .admin_import_coupons_response_201 import AdminImportCouponsResponse201
from .admin_import_exchange_rates_response_200 import AdminImportExchangeRatesResponse200
from .admin_invite_member_response_201 import AdminInviteMemberResponse201
from .admin_key import AdminKey
from .admin_key_info import AdminKeyInfo
from .admin_list_members_response_200 import AdminListMembersResponse200
from .admin_list_plans_response_200 import AdminListPlansResponse200
from .admin_member import AdminMember
from .admin_member_create import AdminMemberCreate
from .admin_member_list import AdminMemberList
from .admin_regenerate_member_api_key_response_201 import AdminRegenerateMemberApiKeyResponse201
from .admin_remove_token_network_response_200 import AdminRemoveTokenNetworkResponse200
from .admin_set_member_plan_response_200 import AdminSetMemberPlanResponse200
from .admin_set_token_network_response_200 import AdminSetTokenNetworkResponse200
from .admin_update_plan_response_200 import AdminUpdatePlanResponse200
from .admin_vouch_for_brand_domain_response_200 import AdminVouchForBrandDomainResponse200
from .admin_vouch_for_participant_domain_response_200 import AdminVouchForParticipantDomainResponse200
from .admission import Admission
from .admit_body import AdmitBody
from .admit_from_waitlist_response_200 import AdmitFromWaitlistResponse200
from .analytics_answer import AnalyticsAnswer
from .api_key_answer import ApiKeyAnswer
from .approve_reward_response_200 import ApproveRewardResponse200
from .attempt import Attempt
from .attempt_list import AttemptList
from .attribution import Attribution
from .attribution_input import AttributionInput
from .authenticate_automation_response_200 import AuthenticateAutomationResponse200
from .automation_me import AutomationMe
from .block_participant_response_200 import BlockParticipantResponse200
from .brand import Brand
from .brand_create import BrandCreate
from .brand_list import BrandList
from .brand_stats import BrandStats
from .brand_update import BrandUpdate
from .bucket_view import BucketView
from .campaign import Campaign
from .campaign_counters import CampaignCounters
from .campaign_coupons import CampaignCoupons
from .campaign_detail import CampaignDetail
from .campaign_detail_texts import CampaignDetailTexts
from .campaign_email import CampaignEmail
from .campaign_email_list import CampaignEmailList
from .campaign_emails import CampaignEmails
from .campaign_input import CampaignInput
from .campaign_input_texts_type_0 import CampaignInputTextsType0
from .campaign_list import CampaignList
from .campaign_stats import CampaignStats
from .change_password_response_200 import ChangePasswordResponse200
from .check_brand_domain_proof_response_200 import CheckBrandDomainProofResponse200
from .check_participant_domain_proof_response_200 import CheckParticipantDomainProofResponse200
from .click_answer import ClickAnswer
from .code import Code
from .cohort_view import CohortView
from .commission import Commission
from .commission_input import CommissionInput
from .commission_input_product_rates_type_0 import CommissionInputProductRatesType0
from .commission_line import CommissionLine
from .commission_preview import CommissionPreview
from .commission_product_rates import CommissionProductRates
from .connect_paddle_response_200 import ConnectPaddleResponse200
from .connect_shopify_response_200 import ConnectShopifyResponse200
from .connect_stripe_response_200 import ConnectStripeResponse200
from .contact_list import ContactList
from .contest import Contest
from .contest_input import ContestInput
from .contest_place import ContestPlace
from .contest_report import ContestReport
from .conversion import Conversion
from .conversion_answer import ConversionAnswer
from .conversion_body import ConversionBody
from .conversion_list import ConversionList
from .counted import Counted
from .coupon_codes import CouponCodes
from .coupon_import import CouponImport
from .coupon_pool import CouponPool
from .coupon_upload import CouponUpload
from .create_brand_response_201 import CreateBrandResponse201
from .create_campaign_response_201 import CreateCampaignResponse201
from .create_payouts_response_200 import CreatePayoutsResponse200
from .create_payouts_response_201 import CreatePayoutsResponse201
from .create_portal_link_response_201 import CreatePortalLinkResponse201
from .create_promo_code_response_201 import CreatePromoCodeResponse201
from .create_referral_signup_response_200 import CreateReferralSignupResponse200
from .create_referral_signup_response_201 import CreateReferralSignupResponse201
from .create_scoped_api_key_response_201 import CreateScopedApiKeyResponse201
from .create_signup_response_201 import CreateSignupResponse201
from .create_token_response_200 import CreateTokenResponse200
from .create_webhook_response_201 import CreateWebhookResponse201
from .daily_signups import DailySignups
from .delete_brand_response_200 import DeleteBrandResponse200
from .delete_campaign_response_200 import DeleteCampaignResponse200
from .delete_payout_details_response_200 import DeletePayoutDetailsResponse200
from .delete_webhook_response_200 import DeleteWebhookResponse200
from .deleted import Deleted
from .delivery import Delivery
from .disable_promo_code_response_200 import DisablePromoCodeResponse200
from .disconnect_paddle_response_200 import DisconnectPaddleResponse200
from .disconnect_shopify_response_200 import DisconnectShopifyResponse200
from .disconnect_stripe_response_200 import DisconnectStripeResponse200
from .document import Document
from .domain_proof_status import DomainProofStatus
from .email_template import EmailTemplate
from .email_template_input import EmailTemplateInput
from .emails_input import EmailsInput
from .erase_participant_response_200 import EraseParticipantResponse200
from .export_campaign import ExportCampaign
from .export_email import ExportEmail
from .export_event import ExportEvent
from .export_participant_response_200 import ExportParticipantResponse200
from .fail_body import FailBody
from .failure import Failure
from .failure_400 import Failure400
from .failure_400_code import Failure400Code
from .failure_401 import Failure401
from .failure_401_code import Failure401Code
from .failure_403 import Failure403
from .failure_403_code import Failure403Code
from .failure_404 import Failure404
from .failure_404_code import Failure404Code
from .failure_408 import Failure408
from .failure_408_code import Failure408Code
from .failure_409 import Failure409
from .failure_409_code import Failure409Code
from .failure_413 import Failure413
from .failure_413_code import Failure413Code
from .failure_429 import Failure429
from .failure_429_code import Failure429Code
from .failure_503 import Failure503
from .failure_503_code import Failure503Code
from .failure_customer_unknown import FailureCustomerUnknown
from .failure_customer_unknown_code import FailureCustomerUnknownCode
from .failure_domain_not_proven import FailureDomainNotProven
from .failure_domain_not_proven_code import FailureDomainNotProvenCode
from .failure_domain_not_proven_or_no_domain import FailureDomainNotProvenOrNoDomain
from .failure_domain_not_proven_or_no_domain_code import FailureDomainNotProvenOrNoDomainCode
from .failure_email_not_failed import FailureEmailNotFailed
from .failure_email_not_failed_code import FailureEmailNotFailedCode
from .failure_insufficient_scope import FailureInsufficientScope
from .failure_insufficient_scope_code import FailureInsufficientScopeCode
from .failure_no_domain import FailureNoDomain
from .failure_no_domain_code import FailureNoDomainCode
from .failure_participant_erased import FailureParticipantErased
from .failure_participant_erased_code import FailureParticipantErasedCode
from .failure_payout_state_conflict import FailurePayoutStateConflict
from .failure_payout_state_conflict_code import FailurePayoutStateConflictCode
from .failure_promo_code_taken import FailurePromoCodeTaken
from .failure_promo_code_taken_code import FailurePromoCodeTakenCode
from .failure_waitlist_off import FailureWaitlistOff
from .failure_waitlist_off_code import FailureWaitlistOffCode
from .fraud_input import FraudInput
from .fraud_preview import FraudPreview
from .fraud_rules import FraudRules
from .fraud_rules_preview import FraudRulesPreview
from .fulfil_reward_response_200 import FulfilRewardResponse200
from .funnel_view import FunnelView
from .get_analytics_response_200 import GetAnalyticsResponse200
from .get_api_key_response_200 import GetApiKeyResponse200
from .get_brand_domain_proof_response_200 import GetBrandDomainProofResponse200
from .get_brand_response_200 import GetBrandResponse200
from .get_brand_stats_response_200 import GetBrandStatsResponse200
from .get_campaign_response_200 import GetCampaignResponse200
from .get_campaign_stats_response_200 import GetCampaignStatsResponse200
from .get_contest_response_200 import GetContestResponse200
from .get_conversion_response_200 import GetConversionResponse200
from .get_coupon_pool_response_200 import GetCouponPoolResponse200
from .get_health_response_200 import GetHealthResponse200
from .get_lander_settings_response_200 import GetLanderSettingsResponse200
from .get_leaderboard_response_200 import GetLeaderboardResponse200
from .get_paddle_connection_response_200 import GetPaddleConnectionResponse200
from .get_participant_balance_response_200 import GetParticipantBalanceResponse200
from .get_participant_domain_proof_response_200 import GetParticipantDomainProofResponse200
from .get_participant_response_200 import GetParticipantResponse200
from .get_payout_details_response_200 import GetPayoutDetailsResponse200
from .get_payout_response_200 import GetPayoutResponse200
from .get_profile_response_200 import GetProfileResponse200
from .get_reward_response_200 import GetRewardResponse200
from .get_shopify_connection_response_200 import GetShopifyConnectionResponse200
from .get_stripe_connection_response_200 import GetStripeConnectionResponse200
from .get_virality_response_200 import GetViralityResponse200
from .get_waitlist_response_200 import GetWaitlistResponse200
from .get_widget_leaderboard_response_200 import GetWidgetLeaderboardResponse200
from .get_widget_progress_response_200 import GetWidgetProgressResponse200
from .get_widget_reward_response_200 import GetWidgetRewardResponse200
from .health import Health
from .held_by_reason import HeldByReason
from .imported_pool import ImportedPool
from .impression_body import ImpressionBody
from .in_line import InLine
from .invalid_line import InvalidLine
from .invitation_answer import InvitationAnswer
from .invitation_body import InvitationBody
from .invite import Invite
from .invite_body import InviteBody
from .invite_member_response_201 import InviteMemberResponse201
from .invites import Invites
from .invoice_commission import InvoiceCommission
from .invoice_line_body import InvoiceLineBody
from .issued_rewards import IssuedRewards
from .lander import Lander
from .lander_answer import LanderAnswer
from .lander_background import LanderBackground
from .lander_background_shown import LanderBackgroundShown
from .lander_brand import LanderBrand
from .lander_fonts import LanderFonts
from .lander_fonts_shown import LanderFontsShown
from .lander_input import LanderInput
from .landing_body import LandingBody
from .leader import Leader
from .leaderboard import Leaderboard
from .leaderboard_input import LeaderboardInput
from .leaderboard_settings import LeaderboardSettings
from .list_automation_contacts_response_200 import ListAutomationContactsResponse200
from .list_automation_rewards_response_200 import ListAutomationRewardsResponse200
from .list_brands_response_200 import ListBrandsResponse200
from .list_campaign_emails_response_200 import ListCampaignEmailsResponse200
from .list_campaigns_response_200 import ListCampaignsResponse200
from .list_conversions_response_200 import ListConversionsResponse200
from .list_exchange_rates_response_200 import ListExchangeRatesResponse200
from .list_participants_response_200 import ListParticipantsResponse200
from .list_payouts_response_200 import ListPayoutsResponse200
from .list_plans_response_200 import ListPlansResponse200
from .list_promo_codes_response_200 import ListPromoCodesResponse200
from .list_rewards_response_200 import ListRewardsResponse200
from .list_scoped_api_keys_response_200 import ListScopedApiKeysResponse200
from .list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from .list_webhooks_response_200 import ListWebhooksResponse200
from .local_email import LocalEmail
from .local_emails import LocalEmails
from .local_texts import LocalTexts
from .login_body import LoginBody
from .mark_payout_failed_response_200 import MarkPayoutFailedResponse200
from .mark_payout_paid_response_200 import MarkPayoutPaidResponse200
from .member_summary import MemberSummary
from .new_scoped_key import NewScopedKey
from .next_reward import NextReward
from .numbers import Numbers
from .pagination import Pagination
from .paid_body import PaidBody
from .participant import Participant
from .participant_balance import ParticipantBalance
from .participant_detail import ParticipantDetail
from .participant_export import ParticipantExport
from .participant_list import ParticipantList
from .partner_view import PartnerView
from .password_change import PasswordChange
from .payout import Payout
from .payout_details import PayoutDetails
from .payout_details_answer import PayoutDetailsAnswer
from .payout_details_input import PayoutDetailsInput
from .payout_input import PayoutInput
from .payout_list import PayoutList
from .payout_request import PayoutRequest
from .payout_settings import PayoutSettings
from .payouts_made import PayoutsMade
from .plan import Plan
from .plan_input import PlanInput
from .plan_limits import PlanLimits
from .plan_summary import PlanSummary
from .plans import Plans
from .portal_details_form import PortalDetailsForm
from .portal_link import PortalLink
from .portal_promo_code_form import PortalPromoCodeForm
from .portal_sign_in_form import PortalSignInForm
from .portal_sign_out_form import PortalSignOutForm
from .preview_body import PreviewBody
from .preview_commission_response_200 import PreviewCommissionResponse200
from .preview_fraud_rules_response_200 import PreviewFraudRulesResponse200
from .preview_holds import PreviewHolds
from .preview_month import PreviewMonth
from .preview_refusals import PreviewRefusals
from .profile import Profile
from .progress import Progress
from .promo_code import PromoCode
from .promo_code_body import PromoCodeBody
from .promo_code_list import PromoCodeList
from .promo_code_revenue import PromoCodeRevenue
from .promo_code_settings import PromoCodeSettings
from .promo_code_use import PromoCodeUse
from .promo_codes_input import PromoCodesInput
from .public_leader import PublicLeader
from .public_leaderboard import PublicLeaderboard
from .rate import Rate
from .rate_body import RateBody
from .rate_list import RateList
from .rates_body import RatesBody
from .rates_saved import RatesSaved
from .receive_paddle_event_response_200 import ReceivePaddleEventResponse200
from .receive_shopify_webhook_response_200 import ReceiveShopifyWebhookResponse200
from .receive_stripe_event_response_200 import ReceiveStripeEventResponse200
from .received_invitation import ReceivedInvitation
from .record_conversion_response_200 import RecordConversionResponse200
from .record_conversion_response_201 import RecordConversionResponse201
from .record_invites_response_201 import RecordInvitesResponse201
from .record_widget_impression_response_202 import RecordWidgetImpressionResponse202
from .record_widget_landing_response_202 import RecordWidgetLandingResponse202
from .record_widget_share_response_202 import RecordWidgetShareResponse202
from .referral_signup_answer import ReferralSignupAnswer
from .referral_signup_body import ReferralSignupBody
from .referrer import Referrer
from .referrer_count import ReferrerCount
from .refund_answer import RefundAnswer
from .refund_body import RefundBody
from .refund_conversion_response_200 import RefundConversionResponse200
from .regenerate_api_key_response_201 import RegenerateApiKeyResponse201
from .register_body import RegisterBody
from .register_member_response_201 import RegisterMemberResponse201
from .registered import Registered
from .resend_email_response_202 import ResendEmailResponse202
from .retry_answer import RetryAnswer
from .retry_webhook_delivery_response_202 import RetryWebhookDeliveryResponse202
from .revoke_scoped_api_key_response_200 import RevokeScopedApiKeyResponse200
from .reward import Reward
from .reward_change import RewardChange
from .reward_detail import RewardDetail
from .reward_list import RewardList
from .reward_settings import RewardSettings
from .rewards_by_status import RewardsByStatus
from .rotate_webhook_secret_response_200 import RotateWebhookSecretResponse200
from .scoped_key_answer import ScopedKeyAnswer
from .scoped_key_list import ScopedKeyList
from .set_exchange_rates_response_200 import SetExchangeRatesResponse200
from .set_payout_details_response_200 import SetPayoutDetailsResponse200
from .set_plan_body import SetPlanBody
from .share_body import ShareBody
from .signup_answer import SignupAnswer
from .signup_body import SignupBody
from .source_secret_body import SourceSecretBody
from .source_setup import SourceSetup
from .stripe_receipt import StripeReceipt
from .stripe_secret_body import StripeSecretBody
from .stripe_setup import StripeSetup
from .subscribe_automation_response_201 import SubscribeAutomationResponse201
from .subscribe_body import SubscribeBody
from .test_webhook_response_200 import TestWebhookResponse200
from .tier import Tier
from .tier_input import TierInput
from .token_answer import TokenAnswer
from .token_network_body import TokenNetworkBody
from .unblock_participant_response_200 import UnblockParticipantResponse200
from .unsubscribe_automation_response_200 import UnsubscribeAutomationResponse200
from .update_brand_response_200 import UpdateBrandResponse200
from .update_campaign_response_200 import UpdateCampaignResponse200
from .update_lander_settings_response_200 import UpdateLanderSettingsResponse200
from .update_webhook_response_200 import UpdateWebhookResponse200
from .upload_coupons_response_201 import UploadCouponsResponse201
from .virality_answer import ViralityAnswer
from .void_body import VoidBody
from .void_reward_response_200 import VoidRewardResponse200
from .waitlist import Waitlist
from .waitlist_input import WaitlistInput
from .waitlist_settings import WaitlistSettings
from .waitlist_spot import WaitlistSpot
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_list import WebhookList
from .webhook_update import WebhookUpdate
from .widget import Widget
from .widget_participant import WidgetParticipant
from .widget_reward import WidgetReward
from .widget_settings import WidgetSettings
from .widget_signup_answer import WidgetSignupAnswer
from .widget_signup_body import WidgetSignupBody
from .widget_signup_response_201 import WidgetSignupResponse201

__all__ = (
    "Adjustment",
    "AdminCreateMemberResponse201",
    "AdminCreatePlanResponse201",
    "AdminDeletePlanResponse200",
    "AdminDisableMemberResponse200",
    "AdminEnableMemberResponse200",
    "AdminGetMemberApiKeyResponse200",
    "AdminGetMemberResponse200",
    "AdminImportCouponsResponse201",
    "AdminImportExchangeRatesResponse200",
    "AdminInviteMemberResponse201",
    "AdminKey",
    "AdminKeyInfo",
    "AdminListMembersResponse200",
    "AdminListPlansResponse200",
    "AdminMember",
    "AdminMemberCreate",
    "AdminMemberList",
    "AdminRegenerateMemberApiKeyResponse201",
    "AdminRemoveTokenNetworkResponse200",
    "AdminSetMemberPlanResponse200",
    "AdminSetTokenNetworkResponse200",
    "AdminUpdatePlanResponse200",
    "AdminVouchForBrandDomainResponse200",
    "AdminVouchForParticipantDomainResponse200",
    "Admission",
    "AdmitBody",
    "AdmitFromWaitlistResponse200",
    "AnalyticsAnswer",
    "ApiKeyAnswer",
    "ApproveRewardResponse200",
    "Attempt",
    "AttemptList",
    "Attribution",
    "AttributionInput",
    "AuthenticateAutomationResponse200",
    "AutomationMe",
    "BlockParticipantResponse200",
    "Brand",
    "BrandCreate",
    "BrandList",
    "BrandStats",
    "BrandUpdate",
    "BucketView",
    "Campaign",
    "CampaignCounters",
    "CampaignCoupons",
    "CampaignDetail",
    "CampaignDetailTexts",
    "CampaignEmail",
    "CampaignEmailList",
    "CampaignEmails",
    "CampaignInput",
    "CampaignInputTextsType0",
    "CampaignList",
    "CampaignStats",
    "ChangePasswordResponse200",
    "CheckBrandDomainProofResponse200",
    "CheckParticipantDomainProofResponse200",
    "ClickAnswer",
    "Code",
    "CohortView",
    "Commission",
    "CommissionInput",
    "CommissionInputProductRatesType0",
    "CommissionLine",
    "CommissionPreview",
    "CommissionProductRates",
    "ConnectPaddleResponse200",
    "ConnectShopifyResponse200",
    "ConnectStripeResponse200",
    "ContactList",
    "Contest",
    "ContestInput",
    "ContestPlace",
    "ContestReport",
    "Conversion",
    "ConversionAnswer",
    "ConversionBody",
    "ConversionList",
    "Counted",
    "CouponCodes",
    "CouponImport",
    "CouponPool",
    "CouponUpload",
    "CreateBrandResponse201",
    "CreateCampaignResponse201",
    "CreatePayoutsResponse200",
    "CreatePayoutsResponse201",
    "CreatePortalLinkResponse201",
    "CreatePromoCodeResponse201",
    "CreateReferralSignupResponse200",
    "CreateReferralSignupResponse201",
    "CreateScopedApiKeyResponse201",
    "CreateSignupResponse201",
    "CreateTokenResponse200",
    "CreateWebhookResponse201",
    "DailySignups",
    "DeleteBrandResponse200",
    "DeleteCampaignResponse200",
    "Deleted",
    "DeletePayoutDetailsResponse200",
    "DeleteWebhookResponse200",
    "Delivery",
    "DisablePromoCodeResponse200",
    "DisconnectPaddleResponse200",
    "DisconnectShopifyResponse200",
    "DisconnectStripeResponse200",
    "Document",
    "DomainProofStatus",
    "EmailsInput",
    "EmailTemplate",
    "EmailTemplateInput",
    "EraseParticipantResponse200",
    "ExportCampaign",
    "ExportEmail",
    "ExportEvent",
    "ExportParticipantResponse200",
    "FailBody",
    "Failure",
    "Failure400",
    "Failure400Code",
    "Failure401",
    "Failure401Code",
    "Failure403",
    "Failure403Code",
    "Failure404",
    "Failure404Code",
    "Failure408",
    "Failure408Code",
    "Failure409",
    "Failure409Code",
    "Failure413",
    "Failure413Code",
    "Failure429",
    "Failure429Code",
    "Failure503",
    "Failure503Code",
    "FailureCustomerUnknown",
    "FailureCustomerUnknownCode",
    "FailureDomainNotProven",
    "FailureDomainNotProvenCode",
    "FailureDomainNotProvenOrNoDomain",
    "FailureDomainNotProvenOrNoDomainCode",
    "FailureEmailNotFailed",
    "FailureEmailNotFailedCode",
    "FailureInsufficientScope",
    "FailureInsufficientScopeCode",
    "FailureNoDomain",
    "FailureNoDomainCode",
    "FailureParticipantErased",
    "FailureParticipantErasedCode",
    "FailurePayoutStateConflict",
    "FailurePayoutStateConflictCode",
    "FailurePromoCodeTaken",
    "FailurePromoCodeTakenCode",
    "FailureWaitlistOff",
    "FailureWaitlistOffCode",
    "FraudInput",
    "FraudPreview",
    "FraudRules",
    "FraudRulesPreview",
    "FulfilRewardResponse200",
    "FunnelView",
    "GetAnalyticsResponse200",
    "GetApiKeyResponse200",
    "GetBrandDomainProofResponse200",
    "GetBrandResponse200",
    "GetBrandStatsResponse200",
    "GetCampaignResponse200",
    "GetCampaignStatsResponse200",
    "GetContestResponse200",
    "GetConversionResponse200",
    "GetCouponPoolResponse200",
    "GetHealthResponse200",
    "GetLanderSettingsResponse200",
    "GetLeaderboardResponse200",
    "GetPaddleConnectionResponse200",
    "GetParticipantBalanceResponse200",
    "GetParticipantDomainProofResponse200",
    "GetParticipantResponse200",
    "GetPayoutDetailsResponse200",
    "GetPayoutResponse200",
    "GetProfileResponse200",
    "GetRewardResponse200",
    "GetShopifyConnectionResponse200",
    "GetStripeConnectionResponse200",
    "GetViralityResponse200",
    "GetWaitlistResponse200",
    "GetWidgetLeaderboardResponse200",
    "GetWidgetProgressResponse200",
    "GetWidgetRewardResponse200",
    "Health",
    "HeldByReason",
    "ImportedPool",
    "ImpressionBody",
    "InLine",
    "InvalidLine",
    "InvitationAnswer",
    "InvitationBody",
    "Invite",
    "InviteBody",
    "InviteMemberResponse201",
    "Invites",
    "InvoiceCommission",
    "InvoiceLineBody",
    "IssuedRewards",
    "Lander",
    "LanderAnswer",
    "LanderBackground",
    "LanderBackgroundShown",
    "LanderBrand",
    "LanderFonts",
    "LanderFontsShown",
    "LanderInput",
    "LandingBody",
    "Leader",
    "Leaderboard",
    "LeaderboardInput",
    "LeaderboardSettings",
    "ListAutomationContactsResponse200",
    "ListAutomationRewardsResponse200",
    "ListBrandsResponse200",
    "ListCampaignEmailsResponse200",
    "ListCampaignsResponse200",
    "ListConversionsResponse200",
    "ListExchangeRatesResponse200",
    "ListParticipantsResponse200",
    "ListPayoutsResponse200",
    "ListPlansResponse200",
    "ListPromoCodesResponse200",
    "ListRewardsResponse200",
    "ListScopedApiKeysResponse200",
    "ListWebhookDeliveriesResponse200",
    "ListWebhooksResponse200",
    "LocalEmail",
    "LocalEmails",
    "LocalTexts",
    "LoginBody",
    "MarkPayoutFailedResponse200",
    "MarkPayoutPaidResponse200",
    "MemberSummary",
    "NewScopedKey",
    "NextReward",
    "Numbers",
    "Pagination",
    "PaidBody",
    "Participant",
    "ParticipantBalance",
    "ParticipantDetail",
    "ParticipantExport",
    "ParticipantList",
    "PartnerView",
    "PasswordChange",
    "Payout",
    "PayoutDetails",
    "PayoutDetailsAnswer",
    "PayoutDetailsInput",
    "PayoutInput",
    "PayoutList",
    "PayoutRequest",
    "PayoutSettings",
    "PayoutsMade",
    "Plan",
    "PlanInput",
    "PlanLimits",
    "Plans",
    "PlanSummary",
    "PortalDetailsForm",
    "PortalLink",
    "PortalPromoCodeForm",
    "PortalSignInForm",
    "PortalSignOutForm",
    "PreviewBody",
    "PreviewCommissionResponse200",
    "PreviewFraudRulesResponse200",
    "PreviewHolds",
    "PreviewMonth",
    "PreviewRefusals",
    "Profile",
    "Progress",
    "PromoCode",
    "PromoCodeBody",
    "PromoCodeList",
    "PromoCodeRevenue",
    "PromoCodeSettings",
    "PromoCodesInput",
    "PromoCodeUse",
    "PublicLeader",
    "PublicLeaderboard",
    "Rate",
    "RateBody",
    "RateList",
    "RatesBody",
    "RatesSaved",
    "ReceivedInvitation",
    "ReceivePaddleEventResponse200",
    "ReceiveShopifyWebhookResponse200",
    "ReceiveStripeEventResponse200",
    "RecordConversionResponse200",
    "RecordConversionResponse201",
    "RecordInvitesResponse201",
    "RecordWidgetImpressionResponse202",
    "RecordWidgetLandingResponse202",
    "RecordWidgetShareResponse202",
    "ReferralSignupAnswer",
    "ReferralSignupBody",
    "Referrer",
    "ReferrerCount",
    "RefundAnswer",
    "RefundBody",
    "RefundConversionResponse200",
    "RegenerateApiKeyResponse201",
    "RegisterBody",
    "Registered",
    "RegisterMemberResponse201",
    "ResendEmailResponse202",
    "RetryAnswer",
    "RetryWebhookDeliveryResponse202",
    "RevokeScopedApiKeyResponse200",
    "Reward",
    "RewardChange",
    "RewardDetail",
    "RewardList",
    "RewardsByStatus",
    "RewardSettings",
    "RotateWebhookSecretResponse200",
    "ScopedKeyAnswer",
    "ScopedKeyList",
    "SetExchangeRatesResponse200",
    "SetPayoutDetailsResponse200",
    "SetPlanBody",
    "ShareBody",
    "SignupAnswer",
    "SignupBody",
    "SourceSecretBody",
    "SourceSetup",
    "StripeReceipt",
    "StripeSecretBody",
    "StripeSetup",
    "SubscribeAutomationResponse201",
    "SubscribeBody",
    "TestWebhookResponse200",
    "Tier",
    "TierInput",
    "TokenAnswer",
    "TokenNetworkBody",
    "UnblockParticipantResponse200",
    "UnsubscribeAutomationResponse200",
    "UpdateBrandResponse200",
    "UpdateCampaignResponse200",
    "UpdateLanderSettingsResponse200",
    "UpdateWebhookResponse200",
    "UploadCouponsResponse201",
    "ViralityAnswer",
    "VoidBody",
    "VoidRewardResponse200",
    "Waitlist",
    "WaitlistInput",
    "WaitlistSettings",
    "WaitlistSpot",
    "Webhook",
    "WebhookCreate",
    "WebhookList",
    "WebhookUpdate",
    "Widget",
    "WidgetParticipant",
    "WidgetReward",
    "WidgetSettings",
    "WidgetSignupAnswer",
    "WidgetSignupBody",
    "WidgetSignupResponse201",
)
