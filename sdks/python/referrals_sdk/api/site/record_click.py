from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.click_answer import ClickAnswer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/click",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClickAnswer | None:
    if response.status_code == 200:
        response_200 = ClickAnswer.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ClickAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | Unset = UNSET,
) -> Response[ClickAnswer]:
    """The tracker's click beacon

     The tracker's click beacon (fails open: always 200)

    Args:
        body (Any | Unset): {"from": <referring domain>, "to": <destination domain>}, as JSON, a
            form, or the beacon's text/plain; anything else is answered 200 with ok false

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClickAnswer]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Any | Unset = UNSET,
) -> ClickAnswer | None:
    """The tracker's click beacon

     The tracker's click beacon (fails open: always 200)

    Args:
        body (Any | Unset): {"from": <referring domain>, "to": <destination domain>}, as JSON, a
            form, or the beacon's text/plain; anything else is answered 200 with ok false

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClickAnswer
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | Unset = UNSET,
) -> Response[ClickAnswer]:
    """The tracker's click beacon

     The tracker's click beacon (fails open: always 200)

    Args:
        body (Any | Unset): {"from": <referring domain>, "to": <destination domain>}, as JSON, a
            form, or the beacon's text/plain; anything else is answered 200 with ok false

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClickAnswer]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Any | Unset = UNSET,
) -> ClickAnswer | None:
    """The tracker's click beacon

     The tracker's click beacon (fails open: always 200)

    Args:
        body (Any | Unset): {"from": <referring domain>, "to": <destination domain>}, as JSON, a
            form, or the beacon's text/plain; anything else is answered 200 with ok false

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClickAnswer
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
