from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...models.get_lander_settings_response_200 import GetLanderSettingsResponse200
from ...types import UNSET, Response


def _get_kwargs(
    *,
    campaign_id: int,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["campaign_id"] = campaign_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/lander",
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
    | GetLanderSettingsResponse200
    | None
):
    if response.status_code == 200:
        response_200 = GetLanderSettingsResponse200.from_dict(response.json())

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
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetLanderSettingsResponse200
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    campaign_id: int,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetLanderSettingsResponse200
]:
    """A campaign's landing page settings

    Args:
        campaign_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetLanderSettingsResponse200]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    campaign_id: int,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetLanderSettingsResponse200
    | None
):
    """A campaign's landing page settings

    Args:
        campaign_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetLanderSettingsResponse200
    """

    return sync_detailed(
        client=client,
        campaign_id=campaign_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    campaign_id: int,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetLanderSettingsResponse200
]:
    """A campaign's landing page settings

    Args:
        campaign_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetLanderSettingsResponse200]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    campaign_id: int,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetLanderSettingsResponse200
    | None
):
    """A campaign's landing page settings

    Args:
        campaign_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetLanderSettingsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            campaign_id=campaign_id,
        )
    ).parsed
