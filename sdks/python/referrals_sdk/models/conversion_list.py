from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.conversion import Conversion
    from ..models.pagination import Pagination


T = TypeVar("T", bound="ConversionList")


@_attrs_define
class ConversionList:
    """A page of conversions.

    Attributes:
        conversions (list[Conversion]):
        pagination (Pagination): The pagination object of every list answer.
    """

    conversions: list[Conversion]
    pagination: Pagination
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        conversions = []
        for conversions_item_data in self.conversions:
            conversions_item = conversions_item_data.to_dict()
            conversions.append(conversions_item)

        pagination = self.pagination.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "conversions": conversions,
                "pagination": pagination,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion import Conversion  # noqa: PLC0415
        from ..models.pagination import Pagination  # noqa: PLC0415

        d = dict(src_dict)
        conversions = []
        _conversions = d.pop("conversions")
        for conversions_item_data in _conversions:
            conversions_item = Conversion.from_dict(conversions_item_data)

            conversions.append(conversions_item)

        pagination = Pagination.from_dict(d.pop("pagination"))

        conversion_list = cls(
            conversions=conversions,
            pagination=pagination,
        )

        conversion_list.additional_properties = d
        return conversion_list

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
