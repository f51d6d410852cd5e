from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.commission import Commission
    from ..models.preview_month import PreviewMonth


T = TypeVar("T", bound="CommissionPreview")


@_attrs_define
class CommissionPreview:
    """What a rule would pay on the campaign's stored invoices.

    Attributes:
        campaign_id (int):
        currency (str): The campaign's payout currency, of every amount here.
        rule (Commission): What a campaign's referrers earn for their customers' payments.
        invoices (int):
        now (str):
        proposed (str):
        unrated (int): Invoices in another currency with no exchange rate yet: they count as nothing.
        months (list[PreviewMonth]): Per referrer and month, the referrer first, then the month.
    """

    campaign_id: int
    currency: str
    rule: Commission
    invoices: int
    now: str
    proposed: str
    unrated: int
    months: list[PreviewMonth]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        currency = self.currency

        rule = self.rule.to_dict()

        invoices = self.invoices

        now = self.now

        proposed = self.proposed

        unrated = self.unrated

        months = []
        for months_item_data in self.months:
            months_item = months_item_data.to_dict()
            months.append(months_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "currency": currency,
                "rule": rule,
                "invoices": invoices,
                "now": now,
                "proposed": proposed,
                "unrated": unrated,
                "months": months,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commission import Commission  # noqa: PLC0415
        from ..models.preview_month import PreviewMonth  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        currency = d.pop("currency")

        rule = Commission.from_dict(d.pop("rule"))

        invoices = d.pop("invoices")

        now = d.pop("now")

        proposed = d.pop("proposed")

        unrated = d.pop("unrated")

        months = []
        _months = d.pop("months")
        for months_item_data in _months:
            months_item = PreviewMonth.from_dict(months_item_data)

            months.append(months_item)

        commission_preview = cls(
            campaign_id=campaign_id,
            currency=currency,
            rule=rule,
            invoices=invoices,
            now=now,
            proposed=proposed,
            unrated=unrated,
            months=months,
        )

        commission_preview.additional_properties = d
        return commission_preview

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
