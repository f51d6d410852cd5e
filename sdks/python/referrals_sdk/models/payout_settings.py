from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PayoutSettings")


@_attrs_define
class PayoutSettings:
    """How a campaign's cash rewards are paid out.

    Attributes:
        method (str): `manual`: the owner pays them and marks each one paid or failed; `webhook`: the
            owner's system hears `payout.requested`, pays, and marks it.
        minimum (str): The least a payout may be ("25.00").
        currency (str): ISO 4217.
    """

    method: str
    minimum: str
    currency: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        method = self.method

        minimum = self.minimum

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "method": method,
                "minimum": minimum,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = d.pop("method")

        minimum = d.pop("minimum")

        currency = d.pop("currency")

        payout_settings = cls(
            method=method,
            minimum=minimum,
            currency=currency,
        )

        payout_settings.additional_properties = d
        return payout_settings

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
