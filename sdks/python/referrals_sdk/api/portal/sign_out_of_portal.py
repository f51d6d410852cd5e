from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_403 import Failure403
from ...models.failure_404 import Failure404
from ...models.failure_408 import Failure408
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.portal_sign_out_form import PortalSignOutForm
from ...types import Response


def _get_kwargs(
    id: int,
    *,
    body: PortalSignOutForm,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/p/{id}/sign-out".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | None:
    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Failure403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Failure404.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = Failure408.from_dict(response.json())

        return response_408

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
) -> Response[Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    *,
    client: AuthenticatedClient | Client,
    body: PortalSignOutForm,
) -> Response[Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503]:
    """End the portal session

     End the portal session (on the server too) and go to the sign-in form

    Args:
        id (int):
        body (PortalSignOutForm): A signed-in form with nothing but its token (sign out).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient | Client,
    body: PortalSignOutForm,
) -> Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | None:
    """End the portal session

     End the portal session (on the server too) and go to the sign-in form

    Args:
        id (int):
        body (PortalSignOutForm): A signed-in form with nothing but its token (sign out).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient | Client,
    body: PortalSignOutForm,
) -> Response[Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503]:
    """End the portal session

     End the portal session (on the server too) and go to the sign-in form

    Args:
        id (int):
        body (PortalSignOutForm): A signed-in form with nothing but its token (sign out).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient | Client,
    body: PortalSignOutForm,
) -> Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | None:
    """End the portal session

     End the portal session (on the server too) and go to the sign-in form

    Args:
        id (int):
        body (PortalSignOutForm): A signed-in form with nothing but its token (sign out).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Failure400 | Failure403 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
