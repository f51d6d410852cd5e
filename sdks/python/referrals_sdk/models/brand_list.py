from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.brand import Brand
    from ..models.pagination import Pagination


T = TypeVar("T", bound="BrandList")


@_attrs_define
class BrandList:
    """A page of brands.

    Attributes:
        brands (list[Brand]):
        pagination (Pagination): The pagination object of every list answer.
    """

    brands: list[Brand]
    pagination: Pagination
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        brands = []
        for brands_item_data in self.brands:
            brands_item = brands_item_data.to_dict()
            brands.append(brands_item)

        pagination = self.pagination.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "brands": brands,
                "pagination": pagination,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.brand import Brand  # noqa: PLC0415
        from ..models.pagination import Pagination  # noqa: PLC0415

        d = dict(src_dict)
        brands = []
        _brands = d.pop("brands")
        for brands_item_data in _brands:
            brands_item = Brand.from_dict(brands_item_data)

            brands.append(brands_item)

        pagination = Pagination.from_dict(d.pop("pagination"))

        brand_list = cls(
            brands=brands,
            pagination=pagination,
        )

        brand_list.additional_properties = d
        return brand_list

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
