from enum import StrEnum


class Failure503Code(StrEnum):
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
