from enum import StrEnum


class FailurePayoutStateConflictCode(StrEnum):
    PAYOUT_STATE_CONFLICT = "payout_state_conflict"

    def __str__(self) -> str:
        return str(self.value)
