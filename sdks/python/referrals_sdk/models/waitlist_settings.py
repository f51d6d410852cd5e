from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WaitlistSettings")


@_attrs_define
class WaitlistSettings:
    """A campaign's waitlist settings.

    Attributes:
        enabled (bool):
        places_per_referral (int): Places each credited referral moves the referrer up.
    """

    enabled: bool
    places_per_referral: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        places_per_referral = self.places_per_referral

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enabled": enabled,
                "places_per_referral": places_per_referral,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        places_per_referral = d.pop("places_per_referral")

        waitlist_settings = cls(
            enabled=enabled,
            places_per_referral=places_per_referral,
        )

        waitlist_settings.additional_properties = d
        return waitlist_settings

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
