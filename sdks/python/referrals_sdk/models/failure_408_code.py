from enum import StrEnum


class Failure408Code(StrEnum):
    BODY_TIMEOUT = "body_timeout"

    def __str__(self) -> str:
        return str(self.value)
