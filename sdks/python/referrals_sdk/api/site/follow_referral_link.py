from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...types import Response


def _get_kwargs(
    code: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/r/{code}".format(
            code=quote(str(code), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Failure400 | Failure404 | Failure413 | Failure429 | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

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
) -> Response[Any | Failure400 | Failure404 | Failure413 | Failure429]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Failure400 | Failure404 | Failure413 | Failure429]:
    """A referral link

     A referral link: counts the visit, redirects to the lander or the brand

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure404 | Failure413 | Failure429]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Failure400 | Failure404 | Failure413 | Failure429 | None:
    """A referral link

     A referral link: counts the visit, redirects to the lander or the brand

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure404 | Failure413 | Failure429
    """

    return sync_detailed(
        code=code,
        client=client,
    ).parsed


async def asyncio_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Failure400 | Failure404 | Failure413 | Failure429]:
    """A referral link

     A referral link: counts the visit, redirects to the lander or the brand

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure404 | Failure413 | Failure429]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Failure400 | Failure404 | Failure413 | Failure429 | None:
    """A referral link

     A referral link: counts the visit, redirects to the lander or the brand

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure404 | Failure413 | Failure429
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
        )
    ).parsed
