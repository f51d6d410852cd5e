from enum import StrEnum


class Failure400Code(StrEnum):
    CURRENCY_MISMATCH = "currency_mismatch"
    DISPOSABLE_EMAIL = "disposable_email"
    INVALID_BODY = "invalid_body"
    INVALID_IDEMPOTENCY_KEY = "invalid_idempotency_key"
    INVALID_JSON = "invalid_json"
    INVALID_QUERY = "invalid_query"
    INVALID_REFERRAL_CODE = "invalid_referral_code"
    INVALID_SIGNATURE = "invalid_signature"
    LIMIT_REACHED = "limit_reached"
    LINE_TOO_LONG = "line_too_long"
    NOT_A_COUPON_CAMPAIGN = "not_a_coupon_campaign"
    SELF_REFERRAL = "self_referral"
    TOO_MANY_CODES = "too_many_codes"
    UNREADABLE_BODY = "unreadable_body"
    UNSUPPORTED_CONTENT_TYPE = "unsupported_content_type"
    VALIDATION_FAILED = "validation_failed"

    def __str__(self) -> str:
        return str(self.value)
