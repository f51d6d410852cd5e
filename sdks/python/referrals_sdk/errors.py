"""The errors the client raises: `ReferralsError` for every failure the API answers (with a
client from `referrals_client`), `UnexpectedStatus` for a status the document does not name."""

from typing import Any


class ReferralsError(Exception):
    """A failure the API answered: its HTTP status, its machine `code` (`not_found`,
    `insufficient_scope`, `reward_state_conflict`...) and its sentence."""

    def __init__(self, status_code: int, code: str, message: str, body: Any):
        self.status_code = status_code
        self.code = code
        self.message = message
        self.body = body
        super().__init__(f"{status_code} {code}: {message}")


class UnexpectedStatus(Exception):
    """Raised by api functions when the response status an undocumented status and Client.raise_on_unexpected_status is True"""

    def __init__(self, status_code: int, content: bytes):
        self.status_code = status_code
        self.content = content

        super().__init__(
            f"Unexpected status code: {status_code}\n\nResponse content:\n{content.decode(errors='ignore')}"
        )


__all__ = ["ReferralsError", "UnexpectedStatus"]
