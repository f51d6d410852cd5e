from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PromoCodeUse")


@_attrs_define
class PromoCodeUse:
    """What a sale's promo code did.

    Attributes:
        code (str): The code as its owner has it.
        outcome (str): `credited` (to the code's owner), `already_bound` (the customer was a participant
            already and keeps their referrer, or none), `self_referral` (the owner's own purchase:
            counted as a use, credited to nobody) or `promo_code_disabled` (the code is disabled,
            or its owner blocked or erased: credited to nobody).
    """

    code: str
    outcome: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        outcome = self.outcome

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        outcome = d.pop("outcome")

        promo_code_use = cls(
            code=code,
            outcome=outcome,
        )

        promo_code_use.additional_properties = d
        return promo_code_use

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
