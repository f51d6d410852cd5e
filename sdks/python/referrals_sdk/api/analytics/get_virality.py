from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...models.get_virality_response_200 import GetViralityResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    *,
    cohort: str | Unset = UNSET,
    tz: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cohort"] = cohort

    params["tz"] = tz

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{id}/virality".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetViralityResponse200
    | None
):
    if response.status_code == 200:
        response_200 = GetViralityResponse200.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Failure413.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Failure429.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200
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
    cohort: str | Unset = UNSET,
    tz: str | Unset = UNSET,
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200
]:
    """The campaign's viral loop

     The campaign's viral loop: per cohort of participants (the week or month they joined, in tz) how
    many referred anyone, whom they brought (within 30 and 90 days, and K = referred ÷ participants),
    the median and 90th percentile of the time to their first friend, and their deepest chain; and how
    many participants are each number of links from someone who joined on their own (docs/api.md,
    Virality)

    Args:
        id (int):
        cohort (str | Unset):
        tz (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        cohort=cohort,
        tz=tz,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
    cohort: str | Unset = UNSET,
    tz: str | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetViralityResponse200
    | None
):
    """The campaign's viral loop

     The campaign's viral loop: per cohort of participants (the week or month they joined, in tz) how
    many referred anyone, whom they brought (within 30 and 90 days, and K = referred ÷ participants),
    the median and 90th percentile of the time to their first friend, and their deepest chain; and how
    many participants are each number of links from someone who joined on their own (docs/api.md,
    Virality)

    Args:
        id (int):
        cohort (str | Unset):
        tz (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        cohort=cohort,
        tz=tz,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    cohort: str | Unset = UNSET,
    tz: str | Unset = UNSET,
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200
]:
    """The campaign's viral loop

     The campaign's viral loop: per cohort of participants (the week or month they joined, in tz) how
    many referred anyone, whom they brought (within 30 and 90 days, and K = referred ÷ participants),
    the median and 90th percentile of the time to their first friend, and their deepest chain; and how
    many participants are each number of links from someone who joined on their own (docs/api.md,
    Virality)

    Args:
        id (int):
        cohort (str | Unset):
        tz (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        cohort=cohort,
        tz=tz,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
    cohort: str | Unset = UNSET,
    tz: str | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetViralityResponse200
    | None
):
    """The campaign's viral loop

     The campaign's viral loop: per cohort of participants (the week or month they joined, in tz) how
    many referred anyone, whom they brought (within 30 and 90 days, and K = referred ÷ participants),
    the median and 90th percentile of the time to their first friend, and their deepest chain; and how
    many participants are each number of links from someone who joined on their own (docs/api.md,
    Virality)

    Args:
        id (int):
        cohort (str | Unset):
        tz (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetViralityResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            cohort=cohort,
            tz=tz,
        )
    ).parsed
