from enum import StrEnum


class FailurePromoCodeTakenCode(StrEnum):
    PROMO_CODE_TAKEN = "promo_code_taken"

    def __str__(self) -> str:
        return str(self.value)
