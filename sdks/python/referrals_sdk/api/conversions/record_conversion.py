from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.conversion_body import ConversionBody
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_408 import Failure408
from ...models.failure_409 import Failure409
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...models.record_conversion_response_200 import RecordConversionResponse200
from ...models.record_conversion_response_201 import RecordConversionResponse201
from ...types import Response


def _get_kwargs(
    *,
    body: ConversionBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/conversions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
    | None
):
    if response.status_code == 200:
        response_200 = RecordConversionResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = RecordConversionResponse201.from_dict(response.json())

        return response_201

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

    if response.status_code == 408:
        response_408 = Failure408.from_dict(response.json())

        return response_408

    if response.status_code == 409:
        response_409 = Failure409.from_dict(response.json())

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
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
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
    body: ConversionBody,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
]:
    """Record a conversion

     Record a conversion (an order, a paid invoice with its subscription, period and lines); on a
    campaign that pays commissions, each invoice earns its referrer a share once; the same external_id
    again answers the first result (200)

    Args:
        body (ConversionBody): Body of `POST /conversions`: the participant by `participant_id` or
            by `email`. Example: {'campaign_id': 1, 'email': 'grace@example.com', 'external_id':
            'order-1042', 'amount': '49.90', 'currency': 'EUR'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure408 | Failure409 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | RecordConversionResponse200 | RecordConversionResponse201]
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
    client: AuthenticatedClient,
    body: ConversionBody,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
    | None
):
    """Record a conversion

     Record a conversion (an order, a paid invoice with its subscription, period and lines); on a
    campaign that pays commissions, each invoice earns its referrer a share once; the same external_id
    again answers the first result (200)

    Args:
        body (ConversionBody): Body of `POST /conversions`: the participant by `participant_id` or
            by `email`. Example: {'campaign_id': 1, 'email': 'grace@example.com', 'external_id':
            'order-1042', 'amount': '49.90', 'currency': 'EUR'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure408 | Failure409 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | RecordConversionResponse200 | RecordConversionResponse201
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ConversionBody,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
]:
    """Record a conversion

     Record a conversion (an order, a paid invoice with its subscription, period and lines); on a
    campaign that pays commissions, each invoice earns its referrer a share once; the same external_id
    again answers the first result (200)

    Args:
        body (ConversionBody): Body of `POST /conversions`: the participant by `participant_id` or
            by `email`. Example: {'campaign_id': 1, 'email': 'grace@example.com', 'external_id':
            'order-1042', 'amount': '49.90', 'currency': 'EUR'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure408 | Failure409 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | RecordConversionResponse200 | RecordConversionResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ConversionBody,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure409
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | RecordConversionResponse200
    | RecordConversionResponse201
    | None
):
    """Record a conversion

     Record a conversion (an order, a paid invoice with its subscription, period and lines); on a
    campaign that pays commissions, each invoice earns its referrer a share once; the same external_id
    again answers the first result (200)

    Args:
        body (ConversionBody): Body of `POST /conversions`: the participant by `participant_id` or
            by `email`. Example: {'campaign_id': 1, 'email': 'grace@example.com', 'external_id':
            'order-1042', 'amount': '49.90', 'currency': 'EUR'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure408 | Failure409 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | RecordConversionResponse200 | RecordConversionResponse201
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
