from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromoCodesInput")


@_attrs_define
class PromoCodesInput:
    """`promo_codes` fields a member may change.

    Attributes:
        self_serve (bool | None | Unset): Participants may ask for a promo code of their own in their portal (default
            false).
    """

    self_serve: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        self_serve: bool | None | Unset
        if isinstance(self.self_serve, Unset):
            self_serve = UNSET
        else:
            self_serve = self.self_serve

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if self_serve is not UNSET:
            field_dict["self_serve"] = self_serve

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_self_serve(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        self_serve = _parse_self_serve(d.pop("self_serve", UNSET))

        promo_codes_input = cls(
            self_serve=self_serve,
        )

        promo_codes_input.additional_properties = d
        return promo_codes_input

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
