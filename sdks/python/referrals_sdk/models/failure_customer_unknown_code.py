from enum import StrEnum


class FailureCustomerUnknownCode(StrEnum):
    CUSTOMER_UNKNOWN = "customer_unknown"

    def __str__(self) -> str:
        return str(self.value)
