from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.check_participant_domain_proof_response_200 import CheckParticipantDomainProofResponse200
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.failure_domain_not_proven_or_no_domain import FailureDomainNotProvenOrNoDomain
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...types import Response


def _get_kwargs(
    id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/participants/{id}/domain-proof".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
    | None
):
    if response.status_code == 200:
        response_200 = CheckParticipantDomainProofResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Failure401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = FailureInsufficientScope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Failure404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = FailureDomainNotProvenOrNoDomain.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Failure413.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Failure429.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Failure503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
]:
    """Check a domain participant's website now, as for a brand

     Check a domain participant's website now, as for a brand (and counted with the brand checks); 409
    domain_not_proven says what was wrong, no_domain that the participant has no website

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckParticipantDomainProofResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | FailureDomainNotProvenOrNoDomain | FailureInsufficientScope]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
) -> (
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
    | None
):
    """Check a domain participant's website now, as for a brand

     Check a domain participant's website now, as for a brand (and counted with the brand checks); 409
    domain_not_proven says what was wrong, no_domain that the participant has no website

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckParticipantDomainProofResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | FailureDomainNotProvenOrNoDomain | FailureInsufficientScope
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
]:
    """Check a domain participant's website now, as for a brand

     Check a domain participant's website now, as for a brand (and counted with the brand checks); 409
    domain_not_proven says what was wrong, no_domain that the participant has no website

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckParticipantDomainProofResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | FailureDomainNotProvenOrNoDomain | FailureInsufficientScope]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
) -> (
    CheckParticipantDomainProofResponse200
    | Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | Failure503
    | FailureDomainNotProvenOrNoDomain
    | FailureInsufficientScope
    | None
):
    """Check a domain participant's website now, as for a brand

     Check a domain participant's website now, as for a brand (and counted with the brand checks); 409
    domain_not_proven says what was wrong, no_domain that the participant has no website

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckParticipantDomainProofResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | FailureDomainNotProvenOrNoDomain | FailureInsufficientScope
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
