from enum import StrEnum


class FailureParticipantErasedCode(StrEnum):
    PARTICIPANT_ERASED = "participant_erased"

    def __str__(self) -> str:
        return str(self.value)
