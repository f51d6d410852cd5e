from enum import StrEnum


class FailureInsufficientScopeCode(StrEnum):
    INSUFFICIENT_SCOPE = "insufficient_scope"

    def __str__(self) -> str:
        return str(self.value)
