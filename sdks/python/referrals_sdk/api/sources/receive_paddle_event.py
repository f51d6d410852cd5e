from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_404 import Failure404
from ...models.failure_408 import Failure408
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.failure_customer_unknown import FailureCustomerUnknown
from ...models.receive_paddle_event_response_200 import ReceivePaddleEventResponse200
from ...types import Response


def _get_kwargs(
    brand_id: int,
    *,
    body: Any,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/hooks/paddle/{brand_id}".format(
            brand_id=quote(str(brand_id), safe=""),
        ),
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Failure400
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
    | None
):
    if response.status_code == 200:
        response_200 = ReceivePaddleEventResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Failure400.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Failure404.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = Failure408.from_dict(response.json())

        return response_408

    if response.status_code == 409:
        response_409 = FailureCustomerUnknown.from_dict(response.json())

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
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    brand_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: Any,
) -> Response[
    Failure400
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
]:
    """Paddle Billing's deliveries to a brand

     Paddle Billing's deliveries to a brand (customer.created and .updated, transaction.completed,
    adjustment.created and .updated), signed with its secret key (Paddle-Signature, within 5 minutes);
    400 and no change when the signature does not check out; 409 customer_unknown for a transaction of a
    customer not sent yet (Paddle retries)

    Args:
        brand_id (int):
        body (Any): A Paddle Billing event as Paddle sends it ({"event_type": …, "data": …}), read
            byte for byte for the Paddle-Signature check; other event types are acknowledged and
            ignored

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureCustomerUnknown | ReceivePaddleEventResponse200]
    """

    kwargs = _get_kwargs(
        brand_id=brand_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    brand_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: Any,
) -> (
    Failure400
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
    | None
):
    """Paddle Billing's deliveries to a brand

     Paddle Billing's deliveries to a brand (customer.created and .updated, transaction.completed,
    adjustment.created and .updated), signed with its secret key (Paddle-Signature, within 5 minutes);
    400 and no change when the signature does not check out; 409 customer_unknown for a transaction of a
    customer not sent yet (Paddle retries)

    Args:
        brand_id (int):
        body (Any): A Paddle Billing event as Paddle sends it ({"event_type": …, "data": …}), read
            byte for byte for the Paddle-Signature check; other event types are acknowledged and
            ignored

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureCustomerUnknown | ReceivePaddleEventResponse200
    """

    return sync_detailed(
        brand_id=brand_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    brand_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: Any,
) -> Response[
    Failure400
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
]:
    """Paddle Billing's deliveries to a brand

     Paddle Billing's deliveries to a brand (customer.created and .updated, transaction.completed,
    adjustment.created and .updated), signed with its secret key (Paddle-Signature, within 5 minutes);
    400 and no change when the signature does not check out; 409 customer_unknown for a transaction of a
    customer not sent yet (Paddle retries)

    Args:
        brand_id (int):
        body (Any): A Paddle Billing event as Paddle sends it ({"event_type": …, "data": …}), read
            byte for byte for the Paddle-Signature check; other event types are acknowledged and
            ignored

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureCustomerUnknown | ReceivePaddleEventResponse200]
    """

    kwargs = _get_kwargs(
        brand_id=brand_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    brand_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: Any,
) -> (
    Failure400
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureCustomerUnknown
    | ReceivePaddleEventResponse200
    | None
):
    """Paddle Billing's deliveries to a brand

     Paddle Billing's deliveries to a brand (customer.created and .updated, transaction.completed,
    adjustment.created and .updated), signed with its secret key (Paddle-Signature, within 5 minutes);
    400 and no change when the signature does not check out; 409 customer_unknown for a transaction of a
    customer not sent yet (Paddle retries)

    Args:
        brand_id (int):
        body (Any): A Paddle Billing event as Paddle sends it ({"event_type": …, "data": …}), read
            byte for byte for the Paddle-Signature check; other event types are acknowledged and
            ignored

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureCustomerUnknown | ReceivePaddleEventResponse200
    """

    return (
        await asyncio_detailed(
            brand_id=brand_id,
            client=client,
            body=body,
        )
    ).parsed
