from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_404 import Failure404
from ...models.failure_408 import Failure408
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.landing_body import LandingBody
from ...models.record_widget_landing_response_202 import RecordWidgetLandingResponse202
from ...types import Response


def _get_kwargs(
    *,
    body: LandingBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/widget/landing",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202 | None
):
    if response.status_code == 202:
        response_202 = RecordWidgetLandingResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

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
) -> Response[
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LandingBody,
) -> Response[
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202
]:
    """A visitor landed through a partner's link the widget had not remembered within the campaign's window

     A visitor landed through a partner's link the widget had not remembered within the campaign's
    window: a readable link (an enabled promo code) counts one click for its owner

    Args:
        body (LandingBody): Body of `POST /api/widget/landing`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202]
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
    body: LandingBody,
) -> (
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202 | None
):
    """A visitor landed through a partner's link the widget had not remembered within the campaign's window

     A visitor landed through a partner's link the widget had not remembered within the campaign's
    window: a readable link (an enabled promo code) counts one click for its owner

    Args:
        body (LandingBody): Body of `POST /api/widget/landing`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LandingBody,
) -> Response[
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202
]:
    """A visitor landed through a partner's link the widget had not remembered within the campaign's window

     A visitor landed through a partner's link the widget had not remembered within the campaign's
    window: a readable link (an enabled promo code) counts one click for its owner

    Args:
        body (LandingBody): Body of `POST /api/widget/landing`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LandingBody,
) -> (
    Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202 | None
):
    """A visitor landed through a partner's link the widget had not remembered within the campaign's window

     A visitor landed through a partner's link the widget had not remembered within the campaign's
    window: a readable link (an enabled promo code) counts one click for its owner

    Args:
        body (LandingBody): Body of `POST /api/widget/landing`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | RecordWidgetLandingResponse202
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
