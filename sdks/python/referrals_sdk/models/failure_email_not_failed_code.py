from enum import StrEnum


class FailureEmailNotFailedCode(StrEnum):
    EMAIL_NOT_FAILED = "email_not_failed"

    def __str__(self) -> str:
        return str(self.value)
