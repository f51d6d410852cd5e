from enum import StrEnum


class Failure409Code(StrEnum):
    CUSTOMER_UNKNOWN = "customer_unknown"
    DOMAIN_NOT_PROVEN = "domain_not_proven"
    DOMAIN_TAKEN = "domain_taken"
    EMAIL_NOT_FAILED = "email_not_failed"
    EMAIL_TAKEN = "email_taken"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    NO_DOMAIN = "no_domain"
    PARTICIPANT_ERASED = "participant_erased"
    PARTICIPANT_EXISTS = "participant_exists"
    PAYOUT_STATE_CONFLICT = "payout_state_conflict"
    PLAN_IN_USE = "plan_in_use"
    PROMO_CODE_TAKEN = "promo_code_taken"
    REWARD_STATE_CONFLICT = "reward_state_conflict"
    WAITLIST_OFF = "waitlist_off"

    def __str__(self) -> str:
        return str(self.value)
