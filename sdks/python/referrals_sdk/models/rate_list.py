from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pagination import Pagination
    from ..models.rate import Rate


T = TypeVar("T", bound="RateList")


@_attrs_define
class RateList:
    """A page of the member's rates, the newest first.

    Attributes:
        rates (list[Rate]):
        pagination (Pagination): The pagination object of every list answer.
    """

    rates: list[Rate]
    pagination: Pagination
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rates = []
        for rates_item_data in self.rates:
            rates_item = rates_item_data.to_dict()
            rates.append(rates_item)

        pagination = self.pagination.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rates": rates,
                "pagination": pagination,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pagination import Pagination  # noqa: PLC0415
        from ..models.rate import Rate  # noqa: PLC0415

        d = dict(src_dict)
        rates = []
        _rates = d.pop("rates")
        for rates_item_data in _rates:
            rates_item = Rate.from_dict(rates_item_data)

            rates.append(rates_item)

        pagination = Pagination.from_dict(d.pop("pagination"))

        rate_list = cls(
            rates=rates,
            pagination=pagination,
        )

        rate_list.additional_properties = d
        return rate_list

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
