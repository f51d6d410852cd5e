from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...types import Response


def _get_kwargs(
    token: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/unsubscribe/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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

    if response.status_code == 503:
        response_503 = Failure503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str]:
    """Unsubscribe the participant the signed token names from the campaign's emails

     Unsubscribe the participant the signed token names from the campaign's emails, or turn off the
    campaign's daily digest for a digest's token (the page's button, and one-click unsubscribe, RFC
    8058)

    Args:
        token (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: int,
    *,
    client: AuthenticatedClient | Client,
) -> Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str | None:
    """Unsubscribe the participant the signed token names from the campaign's emails

     Unsubscribe the participant the signed token names from the campaign's emails, or turn off the
    campaign's daily digest for a digest's token (the page's button, and one-click unsubscribe, RFC
    8058)

    Args:
        token (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str]:
    """Unsubscribe the participant the signed token names from the campaign's emails

     Unsubscribe the participant the signed token names from the campaign's emails, or turn off the
    campaign's daily digest for a digest's token (the page's button, and one-click unsubscribe, RFC
    8058)

    Args:
        token (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: int,
    *,
    client: AuthenticatedClient | Client,
) -> Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str | None:
    """Unsubscribe the participant the signed token names from the campaign's emails

     Unsubscribe the participant the signed token names from the campaign's emails, or turn off the
    campaign's daily digest for a digest's token (the page's button, and one-click unsubscribe, RFC
    8058)

    Args:
        token (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure413 | Failure429 | Failure503 | str
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
