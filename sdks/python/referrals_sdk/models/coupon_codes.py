from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CouponCodes")


@_attrs_define
class CouponCodes:
    """Body of `POST /campaigns/:id/coupons` as a JSON object; the bare array of codes is the
    other JSON form (`CouponUploadBody` in the document), and `text/csv` with one code a line
    the third. At most 100,000 codes per request.

        Attributes:
            codes (list[Any]): The codes: strings of 1 to 128 printable characters. Like a bad line of a file, an
                element that is not one is skipped and reported in `invalid`; the rest are added.
    """

    codes: list[Any]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codes = self.codes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codes": codes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codes = cast(list[Any], d.pop("codes"))

        coupon_codes = cls(
            codes=codes,
        )

        coupon_codes.additional_properties = d
        return coupon_codes

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
