from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_400 import Failure400
from ...models.failure_401 import Failure401
from ...models.failure_404 import Failure404
from ...models.failure_413 import Failure413
from ...models.failure_429 import Failure429
from ...models.failure_insufficient_scope import FailureInsufficientScope
from ...models.get_analytics_response_200 import GetAnalyticsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    *,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    interval: str | Unset = UNSET,
    tz: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to

    params["interval"] = interval

    params["tz"] = tz

    params["group_by"] = group_by

    params["sort"] = sort

    params["page"] = page

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/campaigns/{id}/analytics".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetAnalyticsResponse200
    | None
):
    if response.status_code == 200:
        response_200 = GetAnalyticsResponse200.from_dict(response.json())

        return response_200

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
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200
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
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    interval: str | Unset = UNSET,
    tz: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200
]:
    """The campaign's funnel over a period

     The campaign's funnel over a period, one bucket per hour, day, week or month of a time zone's local
    time: clicks, unique visitors, signups, referred signups, conversions and refunds at the time they
    happened, revenue and commissions in the campaign's currency, rewards issued; the totals and the
    funnel's ratios; with group_by=participant, a page of the partners ranked (docs/api.md, Analytics).
    Accept: text/csv answers the CSV

    Args:
        id (int):
        from_ (str | Unset):
        to (str | Unset):
        interval (str | Unset):
        tz (str | Unset):
        group_by (str | Unset):
        sort (str | Unset):
        page (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
        interval=interval,
        tz=tz,
        group_by=group_by,
        sort=sort,
        page=page,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    interval: str | Unset = UNSET,
    tz: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetAnalyticsResponse200
    | None
):
    """The campaign's funnel over a period

     The campaign's funnel over a period, one bucket per hour, day, week or month of a time zone's local
    time: clicks, unique visitors, signups, referred signups, conversions and refunds at the time they
    happened, revenue and commissions in the campaign's currency, rewards issued; the totals and the
    funnel's ratios; with group_by=participant, a page of the partners ranked (docs/api.md, Analytics).
    Accept: text/csv answers the CSV

    Args:
        id (int):
        from_ (str | Unset):
        to (str | Unset):
        interval (str | Unset):
        tz (str | Unset):
        group_by (str | Unset):
        sort (str | Unset):
        page (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
        interval=interval,
        tz=tz,
        group_by=group_by,
        sort=sort,
        page=page,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    interval: str | Unset = UNSET,
    tz: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200
]:
    """The campaign's funnel over a period

     The campaign's funnel over a period, one bucket per hour, day, week or month of a time zone's local
    time: clicks, unique visitors, signups, referred signups, conversions and refunds at the time they
    happened, revenue and commissions in the campaign's currency, rewards issued; the totals and the
    funnel's ratios; with group_by=participant, a page of the partners ranked (docs/api.md, Analytics).
    Accept: text/csv answers the CSV

    Args:
        id (int):
        from_ (str | Unset):
        to (str | Unset):
        interval (str | Unset):
        tz (str | Unset):
        group_by (str | Unset):
        sort (str | Unset):
        page (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
        interval=interval,
        tz=tz,
        group_by=group_by,
        sort=sort,
        page=page,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    interval: str | Unset = UNSET,
    tz: str | Unset = UNSET,
    group_by: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    page: int | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    Failure400
    | Failure401
    | Failure404
    | Failure413
    | Failure429
    | FailureInsufficientScope
    | GetAnalyticsResponse200
    | None
):
    """The campaign's funnel over a period

     The campaign's funnel over a period, one bucket per hour, day, week or month of a time zone's local
    time: clicks, unique visitors, signups, referred signups, conversions and refunds at the time they
    happened, revenue and commissions in the campaign's currency, rewards issued; the totals and the
    funnel's ratios; with group_by=participant, a page of the partners ranked (docs/api.md, Analytics).
    Accept: text/csv answers the CSV

    Args:
        id (int):
        from_ (str | Unset):
        to (str | Unset):
        interval (str | Unset):
        tz (str | Unset):
        group_by (str | Unset):
        sort (str | Unset):
        page (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Failure400 | Failure401 | Failure404 | Failure413 | Failure429 | FailureInsufficientScope | GetAnalyticsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
            interval=interval,
            tz=tz,
            group_by=group_by,
            sort=sort,
            page=page,
            limit=limit,
        )
    ).parsed
