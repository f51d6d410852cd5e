from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bucket_view import BucketView
    from ..models.funnel_view import FunnelView
    from ..models.numbers import Numbers
    from ..models.pagination import Pagination
    from ..models.partner_view import PartnerView


T = TypeVar("T", bound="AnalyticsAnswer")


@_attrs_define
class AnalyticsAnswer:
    """A campaign's numbers over a period, bucket by bucket (definitions in docs/api.md,
    "Analytics").

        Attributes:
            campaign_id (int):
            currency (str): The campaign's payout currency: what `revenue`, `refunded` and `commissions` are in. Example:
                EUR.
            interval (str): `hour`, `day`, `week` (from Monday) or `month`.
            tz (str): The IANA time zone the buckets are in. Example: Europe/Berlin.
            from_ (str): The first bucket's local start (RFC 3339 with its offset).
            to (str): The last bucket's local end.
            buckets (list[BucketView]): Every bucket of the period, oldest first, empty ones included.
            totals (Numbers): The measures as the API answers them: counts, and money as decimals of two places.
            funnel (FunnelView): The ratios between the funnel's steps, over the whole period; null where the step before
                counted nothing.
            sort (None | str | Unset): With `group_by=participant`: what `partners` are ranked by (`revenue`,
                `conversions` or `referred_signups`).
            partners (list[PartnerView] | None | Unset): With `group_by=participant`: a page of the partners credited with
                anything in the
                period, highest first, each with their numbers over the whole period.
            pagination (None | Pagination | Unset):
    """

    campaign_id: int
    currency: str
    interval: str
    tz: str
    from_: str
    to: str
    buckets: list[BucketView]
    totals: Numbers
    funnel: FunnelView
    sort: None | str | Unset = UNSET
    partners: list[PartnerView] | None | Unset = UNSET
    pagination: None | Pagination | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.pagination import Pagination  # noqa: PLC0415

        campaign_id = self.campaign_id

        currency = self.currency

        interval = self.interval

        tz = self.tz

        from_ = self.from_

        to = self.to

        buckets = []
        for buckets_item_data in self.buckets:
            buckets_item = buckets_item_data.to_dict()
            buckets.append(buckets_item)

        totals = self.totals.to_dict()

        funnel = self.funnel.to_dict()

        sort: None | str | Unset
        if isinstance(self.sort, Unset):
            sort = UNSET
        else:
            sort = self.sort

        partners: list[dict[str, Any]] | None | Unset
        if isinstance(self.partners, Unset):
            partners = UNSET
        elif isinstance(self.partners, list):
            partners = []
            for partners_type_0_item_data in self.partners:
                partners_type_0_item = partners_type_0_item_data.to_dict()
                partners.append(partners_type_0_item)

        else:
            partners = self.partners

        pagination: dict[str, Any] | None | Unset
        if isinstance(self.pagination, Unset):
            pagination = UNSET
        elif isinstance(self.pagination, Pagination):
            pagination = self.pagination.to_dict()
        else:
            pagination = self.pagination

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "currency": currency,
                "interval": interval,
                "tz": tz,
                "from": from_,
                "to": to,
                "buckets": buckets,
                "totals": totals,
                "funnel": funnel,
            }
        )
        if sort is not UNSET:
            field_dict["sort"] = sort
        if partners is not UNSET:
            field_dict["partners"] = partners
        if pagination is not UNSET:
            field_dict["pagination"] = pagination

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bucket_view import BucketView  # noqa: PLC0415
        from ..models.funnel_view import FunnelView  # noqa: PLC0415
        from ..models.numbers import Numbers  # noqa: PLC0415
        from ..models.pagination import Pagination  # noqa: PLC0415
        from ..models.partner_view import PartnerView  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        currency = d.pop("currency")

        interval = d.pop("interval")

        tz = d.pop("tz")

        from_ = d.pop("from")

        to = d.pop("to")

        buckets = []
        _buckets = d.pop("buckets")
        for buckets_item_data in _buckets:
            buckets_item = BucketView.from_dict(buckets_item_data)

            buckets.append(buckets_item)

        totals = Numbers.from_dict(d.pop("totals"))

        funnel = FunnelView.from_dict(d.pop("funnel"))

        def _parse_sort(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sort = _parse_sort(d.pop("sort", UNSET))

        def _parse_partners(data: object) -> list[PartnerView] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                partners_type_0 = []
                _partners_type_0 = data
                for partners_type_0_item_data in _partners_type_0:
                    partners_type_0_item = PartnerView.from_dict(partners_type_0_item_data)

                    partners_type_0.append(partners_type_0_item)

                return partners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PartnerView] | None | Unset, data)

        partners = _parse_partners(d.pop("partners", UNSET))

        def _parse_pagination(data: object) -> None | Pagination | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pagination_type_1 = Pagination.from_dict(data)

                return pagination_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Pagination | Unset, data)

        pagination = _parse_pagination(d.pop("pagination", UNSET))

        analytics_answer = cls(
            campaign_id=campaign_id,
            currency=currency,
            interval=interval,
            tz=tz,
            from_=from_,
            to=to,
            buckets=buckets,
            totals=totals,
            funnel=funnel,
            sort=sort,
            partners=partners,
            pagination=pagination,
        )

        analytics_answer.additional_properties = d
        return analytics_answer

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
