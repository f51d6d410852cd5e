"""The referrals API from Python. Every operation is a module named as the API's
`operationId` (`create_campaign`, `list_participants`, `approve_reward`, `create_payouts`),
under its tag (`referrals_sdk.api.campaigns.create_campaign`), generated from the server's
OpenAPI document by `scripts/sdks.sh`. A client from `referrals_client` (or
`async_referrals_client` for asyncio)
- sends the member's API key (or a signed-in token) with every request;
- sends an `Idempotency-Key` with every write: the caller's (`headers=`), or a fresh UUID;
- raises `ReferralsError`, carrying the envelope's `code`, for every failure."""

import uuid
from typing import Any

import httpx

from .client import AuthenticatedClient, Client
from .errors import ReferralsError, UnexpectedStatus

_READS = {"GET", "HEAD", "OPTIONS"}


def _idempotency_key(request: httpx.Request) -> None:
    if request.method not in _READS and "idempotency-key" not in request.headers:
        request.headers["Idempotency-Key"] = str(uuid.uuid4())


def _error_of(response: httpx.Response) -> ReferralsError:
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    envelope = body if isinstance(body, dict) else {}
    message = envelope.get("error") or f"the API answered {response.status_code}"
    return ReferralsError(response.status_code, envelope.get("code") or "unknown", message, body)


def _failure(response: httpx.Response) -> None:
    if response.status_code >= 400:
        response.read()
        raise _error_of(response)


async def _async_idempotency_key(request: httpx.Request) -> None:
    _idempotency_key(request)


async def _async_failure(response: httpx.Response) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise _error_of(response)


def _client(base_url: str, api_key: str | None, token: str | None, hooks: dict[str, Any]) -> AuthenticatedClient:
    if api_key:
        return AuthenticatedClient(
            base_url=base_url, token=api_key, prefix="", auth_header_name="X-API-Key", httpx_args={"event_hooks": hooks}
        )
    if token:
        return AuthenticatedClient(base_url=base_url, token=token, httpx_args={"event_hooks": hooks})
    raise ValueError("give the member's api_key (or a token from create_token); anonymous_client() calls without one")


def referrals_client(base_url: str, *, api_key: str | None = None, token: str | None = None) -> AuthenticatedClient:
    """A client for every operation: `create_campaign.sync(client=client, body=...)`."""
    return _client(base_url, api_key, token, {"request": [_idempotency_key], "response": [_failure]})


def async_referrals_client(
    base_url: str, *, api_key: str | None = None, token: str | None = None
) -> AuthenticatedClient:
    """As `referrals_client`, for `await create_campaign.asyncio(client=client, body=...)`."""
    return _client(base_url, api_key, token, {"request": [_async_idempotency_key], "response": [_async_failure]})


def anonymous_client(base_url: str) -> Client:
    """A client without a credential, for `register_member` and `create_token`."""
    hooks = {"request": [_idempotency_key], "response": [_failure]}
    return Client(base_url=base_url, httpx_args={"event_hooks": hooks})


__all__ = (
    "AuthenticatedClient",
    "Client",
    "ReferralsError",
    "UnexpectedStatus",
    "anonymous_client",
    "async_referrals_client",
    "referrals_client",
)
