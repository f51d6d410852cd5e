from enum import StrEnum


class Failure403Code(StrEnum):
    INSUFFICIENT_SCOPE = "insufficient_scope"
    INVITATION_INVALID = "invitation_invalid"
    PLAN_LIMIT_REACHED = "plan_limit_reached"
    PLAN_REQUIRED = "plan_required"
    REGISTRATION_CLOSED = "registration_closed"
    WRONG_PASSWORD = "wrong_password"

    def __str__(self) -> str:
        return str(self.value)
