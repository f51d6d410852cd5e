from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.promo_code import PromoCode


T = TypeVar("T", bound="PromoCodeList")


@_attrs_define
class PromoCodeList:
    """A participant's promo codes.

    Attributes:
        promo_codes (list[PromoCode]):
    """

    promo_codes: list[PromoCode]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        promo_codes = []
        for promo_codes_item_data in self.promo_codes:
            promo_codes_item = promo_codes_item_data.to_dict()
            promo_codes.append(promo_codes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "promo_codes": promo_codes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.promo_code import PromoCode  # noqa: PLC0415

        d = dict(src_dict)
        promo_codes = []
        _promo_codes = d.pop("promo_codes")
        for promo_codes_item_data in _promo_codes:
            promo_codes_item = PromoCode.from_dict(promo_codes_item_data)

            promo_codes.append(promo_codes_item)

        promo_code_list = cls(
            promo_codes=promo_codes,
        )

        promo_code_list.additional_properties = d
        return promo_code_list

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
