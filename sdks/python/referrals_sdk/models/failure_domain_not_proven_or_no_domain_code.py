from enum import StrEnum


class FailureDomainNotProvenOrNoDomainCode(StrEnum):
    DOMAIN_NOT_PROVEN = "domain_not_proven"
    NO_DOMAIN = "no_domain"

    def __str__(self) -> str:
        return str(self.value)
