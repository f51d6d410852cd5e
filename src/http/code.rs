//! `Code`: every machine code a failure answer can carry, and the one table that gives each
//! its HTTP status. Handlers name a `Code`, never a string, so a code cannot be misspelt and
//! no code compares code strings; the OpenAPI document lists the same values.

use actix_web::http::StatusCode;
use serde::Serialize;

/// A failure's stable machine code (`code` in the failure envelope).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    // 400: the input is wrong; the message says what and which rule.
    ValidationFailed,
    InvalidJson,
    InvalidBody,
    UnreadableBody,
    UnsupportedContentType,
    InvalidQuery,
    InvalidReferralCode,
    SelfReferral,
    DisposableEmail,
    InvalidIdempotencyKey,
    NotACouponCampaign,
    TooManyCodes,
    LineTooLong,
    LimitReached,
    /// A Stripe delivery whose `Stripe-Signature` does not check out.
    InvalidSignature,
    /// A conversion in another currency than its flat campaign's, which none of the member's
    /// exchange rates converts.
    CurrencyMismatch,
    // 401, 403, 404, 405
    Unauthorized,
    PlanRequired,
    PlanLimitReached,
    /// A registration this server's `members.registration` does not let in.
    RegistrationClosed,
    /// An invitation that does not admit this address now (unknown, used, expired, another's).
    InvitationInvalid,
    /// A password change whose `current_password` is not the member's.
    WrongPassword,
    /// A scoped API key used for what its scopes do not cover.
    InsufficientScope,
    NotFound,
    MethodNotAllowed,
    // 409: it exists already, or is in use.
    EmailTaken,
    DomainTaken,
    ParticipantExists,
    /// A promo code that is, or was, someone's in the brand (or a Stripe promotion code
    /// another code has).
    PromoCodeTaken,
    /// A Paddle transaction of a customer the brand was not told of yet (`customer.created`):
    /// Paddle sends it again.
    CustomerUnknown,
    IdempotencyKeyReused,
    PlanInUse,
    RewardStateConflict,
    PayoutStateConflict,
    ParticipantErased,
    WaitlistOff,
    /// A resend of an email that did not fail (queued, sent or cancelled).
    EmailNotFailed,
    /// A domain check whose file could not be read or does not hold the code.
    DomainNotProven,
    /// A domain check of a participant with no website.
    NoDomain,
    /// A request body that did not arrive in time (`server.body_timeout_ms`).
    BodyTimeout,
    // 413, 429, 503, 500
    PayloadTooLarge,
    RateLimited,
    Unavailable,
    Internal,
}

impl Code {
    /// Every code, in the order above.
    pub const ALL: [Code; 44] = [
        Code::ValidationFailed,
        Code::InvalidJson,
        Code::InvalidBody,
        Code::UnreadableBody,
        Code::UnsupportedContentType,
        Code::InvalidQuery,
        Code::InvalidReferralCode,
        Code::SelfReferral,
        Code::DisposableEmail,
        Code::InvalidIdempotencyKey,
        Code::NotACouponCampaign,
        Code::TooManyCodes,
        Code::LineTooLong,
        Code::LimitReached,
        Code::InvalidSignature,
        Code::CurrencyMismatch,
        Code::Unauthorized,
        Code::PlanRequired,
        Code::PlanLimitReached,
        Code::RegistrationClosed,
        Code::InvitationInvalid,
        Code::WrongPassword,
        Code::InsufficientScope,
        Code::NotFound,
        Code::MethodNotAllowed,
        Code::EmailTaken,
        Code::DomainTaken,
        Code::ParticipantExists,
        Code::PromoCodeTaken,
        Code::CustomerUnknown,
        Code::IdempotencyKeyReused,
        Code::PlanInUse,
        Code::RewardStateConflict,
        Code::PayoutStateConflict,
        Code::ParticipantErased,
        Code::WaitlistOff,
        Code::EmailNotFailed,
        Code::DomainNotProven,
        Code::NoDomain,
        Code::BodyTimeout,
        Code::PayloadTooLarge,
        Code::RateLimited,
        Code::Unavailable,
        Code::Internal,
    ];

    /// The HTTP status of every answer with this code.
    pub fn status(self) -> StatusCode {
        match self {
            Code::ValidationFailed
            | Code::InvalidJson
            | Code::InvalidBody
            | Code::UnreadableBody
            | Code::UnsupportedContentType
            | Code::InvalidQuery
            | Code::InvalidReferralCode
            | Code::SelfReferral
            | Code::DisposableEmail
            | Code::InvalidIdempotencyKey
            | Code::NotACouponCampaign
            | Code::TooManyCodes
            | Code::LineTooLong
            | Code::LimitReached
            | Code::InvalidSignature
            | Code::CurrencyMismatch => StatusCode::BAD_REQUEST,
            Code::Unauthorized => StatusCode::UNAUTHORIZED,
            Code::PlanRequired
            | Code::PlanLimitReached
            | Code::RegistrationClosed
            | Code::InvitationInvalid
            | Code::WrongPassword
            | Code::InsufficientScope => StatusCode::FORBIDDEN,
            Code::NotFound => StatusCode::NOT_FOUND,
            Code::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Code::EmailTaken
            | Code::DomainTaken
            | Code::ParticipantExists
            | Code::PromoCodeTaken
            | Code::CustomerUnknown
            | Code::IdempotencyKeyReused
            | Code::PlanInUse
            | Code::RewardStateConflict
            | Code::PayoutStateConflict
            | Code::ParticipantErased
            | Code::WaitlistOff
            | Code::EmailNotFailed
            | Code::DomainNotProven
            | Code::NoDomain => StatusCode::CONFLICT,
            Code::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            Code::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Code::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The code as the envelope carries it (`validation_failed`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::ValidationFailed => "validation_failed",
            Code::InvalidJson => "invalid_json",
            Code::InvalidBody => "invalid_body",
            Code::UnreadableBody => "unreadable_body",
            Code::UnsupportedContentType => "unsupported_content_type",
            Code::InvalidQuery => "invalid_query",
            Code::InvalidReferralCode => "invalid_referral_code",
            Code::SelfReferral => "self_referral",
            Code::DisposableEmail => "disposable_email",
            Code::InvalidIdempotencyKey => "invalid_idempotency_key",
            Code::NotACouponCampaign => "not_a_coupon_campaign",
            Code::TooManyCodes => "too_many_codes",
            Code::LineTooLong => "line_too_long",
            Code::LimitReached => "limit_reached",
            Code::InvalidSignature => "invalid_signature",
            Code::CurrencyMismatch => "currency_mismatch",
            Code::Unauthorized => "unauthorized",
            Code::PlanRequired => "plan_required",
            Code::PlanLimitReached => "plan_limit_reached",
            Code::RegistrationClosed => "registration_closed",
            Code::InvitationInvalid => "invitation_invalid",
            Code::WrongPassword => "wrong_password",
            Code::InsufficientScope => "insufficient_scope",
            Code::NotFound => "not_found",
            Code::MethodNotAllowed => "method_not_allowed",
            Code::EmailTaken => "email_taken",
            Code::DomainTaken => "domain_taken",
            Code::ParticipantExists => "participant_exists",
            Code::PromoCodeTaken => "promo_code_taken",
            Code::CustomerUnknown => "customer_unknown",
            Code::IdempotencyKeyReused => "idempotency_key_reused",
            Code::PlanInUse => "plan_in_use",
            Code::RewardStateConflict => "reward_state_conflict",
            Code::PayoutStateConflict => "payout_state_conflict",
            Code::ParticipantErased => "participant_erased",
            Code::WaitlistOff => "waitlist_off",
            Code::EmailNotFailed => "email_not_failed",
            Code::DomainNotProven => "domain_not_proven",
            Code::NoDomain => "no_domain",
            Code::BodyTimeout => "body_timeout",
            Code::PayloadTooLarge => "payload_too_large",
            Code::RateLimited => "rate_limited",
            Code::Unavailable => "unavailable",
            Code::Internal => "internal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_written_as_serde_writes_it_and_only_once() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::json!(code.as_str()));
            assert!(seen.insert(code.as_str()), "{} twice", code.as_str());
            assert!(code.status().is_client_error() || code.status().is_server_error());
        }
        assert_eq!(Code::ParticipantExists.status(), StatusCode::CONFLICT);
    }

    #[test]
    fn the_api_docs_name_every_code() {
        let docs = include_str!("../../docs/api.md");
        for code in Code::ALL {
            assert!(docs.contains(&format!("`{}`", code.as_str())), "docs/api.md does not name `{}`", code.as_str());
        }
        assert_eq!(Code::SelfReferral.status(), StatusCode::BAD_REQUEST);
    }
}
