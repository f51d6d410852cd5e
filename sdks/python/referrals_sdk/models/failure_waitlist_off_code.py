from enum import StrEnum


class FailureWaitlistOffCode(StrEnum):
    WAITLIST_OFF = "waitlist_off"

    def __str__(self) -> str:
        return str(self.value)
