from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    campaign: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["campaign"] = campaign

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/widget.js",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Failure400 | Failure413 | Failure429 | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = response.text
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
) -> Response[Any | Failure400 | Failure413 | Failure429 | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    campaign: int | Unset = UNSET,
) -> Response[Any | Failure400 | Failure413 | Failure429 | str]:
    """The widget script of a campaign

    Args:
        campaign (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure413 | Failure429 | str]
    """

    kwargs = _get_kwargs(
        campaign=campaign,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    campaign: int | Unset = UNSET,
) -> Any | Failure400 | Failure413 | Failure429 | str | None:
    """The widget script of a campaign

    Args:
        campaign (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure413 | Failure429 | str
    """

    return sync_detailed(
        client=client,
        campaign=campaign,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    campaign: int | Unset = UNSET,
) -> Response[Any | Failure400 | Failure413 | Failure429 | str]:
    """The widget script of a campaign

    Args:
        campaign (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure413 | Failure429 | str]
    """

    kwargs = _get_kwargs(
        campaign=campaign,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    campaign: int | Unset = UNSET,
) -> Any | Failure400 | Failure413 | Failure429 | str | None:
    """The widget script of a campaign

    Args:
        campaign (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure413 | Failure429 | str
    """

    return (
        await asyncio_detailed(
            client=client,
            campaign=campaign,
        )
    ).parsed
