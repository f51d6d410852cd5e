from enum import StrEnum


class FailureNoDomainCode(StrEnum):
    NO_DOMAIN = "no_domain"

    def __str__(self) -> str:
        return str(self.value)
