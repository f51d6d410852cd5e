from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.coupon_codes import CouponCodes
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_408 import Failure408
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_503 import Failure503
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...models.upload_coupons_response_201 import UploadCouponsResponse201
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: int,
    *,
    body: CouponCodes | list[Any] | File | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/campaigns/{id}/coupons".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, File):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "text/csv"
    else:
        if isinstance(body, list):
            _kwargs["json"] = body

        else:
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
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
    | None
):
    if response.status_code == 201:
        response_201 = UploadCouponsResponse201.from_dict(response.json())

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
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
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
    body: CouponCodes | list[Any] | File | Unset = UNSET,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
]:
    """Upload coupon codes

     Upload coupon codes (at most 100,000 a request)

    Args:
        id (int):
        body (CouponCodes | list[Any]):
        body (File): one code a line (or CSV whose first column is the code)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | UploadCouponsResponse201]
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
    client: AuthenticatedClient,
    body: CouponCodes | list[Any] | File | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
    | None
):
    """Upload coupon codes

     Upload coupon codes (at most 100,000 a request)

    Args:
        id (int):
        body (CouponCodes | list[Any]):
        body (File): one code a line (or CSV whose first column is the code)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | UploadCouponsResponse201
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    body: CouponCodes | list[Any] | File | Unset = UNSET,
) -> Response[
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
]:
    """Upload coupon codes

     Upload coupon codes (at most 100,000 a request)

    Args:
        id (int):
        body (CouponCodes | list[Any]):
        body (File): one code a line (or CSV whose first column is the code)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | UploadCouponsResponse201]
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
    client: AuthenticatedClient,
    body: CouponCodes | list[Any] | File | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure408
    | Failure413
    | Failure429
    | Failure503
    | FailureInsufficientScope
    | UploadCouponsResponse201
    | None
):
    """Upload coupon codes

     Upload coupon codes (at most 100,000 a request)

    Args:
        id (int):
        body (CouponCodes | list[Any]):
        body (File): one code a line (or CSV whose first column is the code)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure408 | Failure413 | Failure429 | Failure503 | FailureInsufficientScope | UploadCouponsResponse201
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
