from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.commission_product_rates import CommissionProductRates


T = TypeVar("T", bound="Commission")


@_attrs_define
class Commission:
    """What a campaign's referrers earn for their customers' payments.

    Attributes:
        type_ (str): `flat` (`reward_value` once per referral) or `percent` (a share of every paid invoice).
        product_rates (CommissionProductRates): A rate per product id, in percent.
        description (str): The rule in one sentence ("20 % of every payment for 12 months, 50 % of the first").
        rate (float | None | Unset): The share of every paid invoice, in percent; null for `flat`.
        first_payment_rate (float | None | Unset): The share of a subscription's first paid invoice, in percent.
        duration_months (int | None | Unset): Months from the subscription's first paid invoice that its invoices earn;
            null: for
            life.
    """

    type_: str
    product_rates: CommissionProductRates
    description: str
    rate: float | None | Unset = UNSET
    first_payment_rate: float | None | Unset = UNSET
    duration_months: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        product_rates = self.product_rates.to_dict()

        description = self.description

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        first_payment_rate: float | None | Unset
        if isinstance(self.first_payment_rate, Unset):
            first_payment_rate = UNSET
        else:
            first_payment_rate = self.first_payment_rate

        duration_months: int | None | Unset
        if isinstance(self.duration_months, Unset):
            duration_months = UNSET
        else:
            duration_months = self.duration_months

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "product_rates": product_rates,
                "description": description,
            }
        )
        if rate is not UNSET:
            field_dict["rate"] = rate
        if first_payment_rate is not UNSET:
            field_dict["first_payment_rate"] = first_payment_rate
        if duration_months is not UNSET:
            field_dict["duration_months"] = duration_months

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commission_product_rates import CommissionProductRates  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        product_rates = CommissionProductRates.from_dict(d.pop("product_rates"))

        description = d.pop("description")

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        def _parse_first_payment_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        first_payment_rate = _parse_first_payment_rate(d.pop("first_payment_rate", UNSET))

        def _parse_duration_months(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_months = _parse_duration_months(d.pop("duration_months", UNSET))

        commission = cls(
            type_=type_,
            product_rates=product_rates,
            description=description,
            rate=rate,
            first_payment_rate=first_payment_rate,
            duration_months=duration_months,
        )

        commission.additional_properties = d
        return commission

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
