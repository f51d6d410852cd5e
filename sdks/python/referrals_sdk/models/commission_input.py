from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.commission_input_product_rates_type_0 import CommissionInputProductRatesType0


T = TypeVar("T", bound="CommissionInput")


@_attrs_define
class CommissionInput:
    """The `commission` field of a campaign's input. It replaces the campaign's rule as a whole:
    a field left out is no longer part of it.

        Example:
            {'type': 'percent', 'rate': 20, 'first_payment_rate': 50, 'duration_months': 12}

        Attributes:
            type_ (None | str | Unset): `flat` (the default: the campaign's `reward_value` once per referral) or `percent`
                (a
                share of every paid invoice of the customers a participant referred). Example: percent.
            rate (float | None | Unset): The share of every paid invoice, in percent: above 0, at most 100, at most two
                decimals (a number or a string). Required for `percent`. Example: 20.
            first_payment_rate (float | None | Unset): The share of a subscription's first paid invoice, in place of every
                other rate. Example: 50.
            duration_months (int | None | Unset): For how many months (1 to 120) from the period start of the subscription's
                first paid
                invoice its invoices earn; absent or null: for life. Example: 12.
            product_rates (CommissionInputProductRatesType0 | None | Unset): A rate per product id, in place of `rate` for
                that product's invoice lines.
    """

    type_: None | str | Unset = UNSET
    rate: float | None | Unset = UNSET
    first_payment_rate: float | None | Unset = UNSET
    duration_months: int | None | Unset = UNSET
    product_rates: CommissionInputProductRatesType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.commission_input_product_rates_type_0 import CommissionInputProductRatesType0  # noqa: PLC0415

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

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

        product_rates: dict[str, Any] | None | Unset
        if isinstance(self.product_rates, Unset):
            product_rates = UNSET
        elif isinstance(self.product_rates, CommissionInputProductRatesType0):
            product_rates = self.product_rates.to_dict()
        else:
            product_rates = self.product_rates

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if rate is not UNSET:
            field_dict["rate"] = rate
        if first_payment_rate is not UNSET:
            field_dict["first_payment_rate"] = first_payment_rate
        if duration_months is not UNSET:
            field_dict["duration_months"] = duration_months
        if product_rates is not UNSET:
            field_dict["product_rates"] = product_rates

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commission_input_product_rates_type_0 import CommissionInputProductRatesType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

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

        def _parse_product_rates(data: object) -> CommissionInputProductRatesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                product_rates_type_0 = CommissionInputProductRatesType0.from_dict(data)

                return product_rates_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CommissionInputProductRatesType0 | None | Unset, data)

        product_rates = _parse_product_rates(d.pop("product_rates", UNSET))

        commission_input = cls(
            type_=type_,
            rate=rate,
            first_payment_rate=first_payment_rate,
            duration_months=duration_months,
            product_rates=product_rates,
        )

        return commission_input
