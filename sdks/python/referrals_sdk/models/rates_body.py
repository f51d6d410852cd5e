from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rate_body import RateBody


T = TypeVar("T", bound="RatesBody")


@_attrs_define
class RatesBody:
    """Body of `PUT /exchange-rates`.

    Example:
        {'rates': [{'from': 'EUR', 'to': 'USD', 'date': '2027-03-01', 'rate': '1.0870'}]}

    Attributes:
        rates (list[RateBody]): 1 to 5,000 rates; each replaces your rate of its pair and date.
    """

    rates: list[RateBody]

    def to_dict(self) -> dict[str, Any]:
        rates = []
        for rates_item_data in self.rates:
            rates_item = rates_item_data.to_dict()
            rates.append(rates_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rates": rates,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rate_body import RateBody  # noqa: PLC0415

        d = dict(src_dict)
        rates = []
        _rates = d.pop("rates")
        for rates_item_data in _rates:
            rates_item = RateBody.from_dict(rates_item_data)

            rates.append(rates_item)

        rates_body = cls(
            rates=rates,
        )

        return rates_body
