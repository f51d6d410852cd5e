from enum import StrEnum


class FailureDomainNotProvenCode(StrEnum):
    DOMAIN_NOT_PROVEN = "domain_not_proven"

    def __str__(self) -> str:
        return str(self.value)
