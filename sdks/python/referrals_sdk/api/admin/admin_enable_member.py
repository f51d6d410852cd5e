from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.admin_enable_member_response_200 import AdminEnableMemberResponse200
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...types import Response


def _get_kwargs(
    id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/admin/v1/members/{id}/enable".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | None:
    if response.status_code == 200:
        response_200 = AdminEnableMemberResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Failure401.from_dict(response.json())

        return response_401

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
) -> Response[
    AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503
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
    AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503
]:
    """Enable a member

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503]
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
) -> AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | None:
    """Enable a member

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503
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
    AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503
]:
    """Enable a member

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503]
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
) -> AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503 | None:
    """Enable a member

    Args:
        id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminEnableMemberResponse200 | Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | Failure503
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
