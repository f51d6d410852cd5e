from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WaitlistInput")


@_attrs_define
class WaitlistInput:
    """`waitlist` fields a member may change: participants in line by signup order, each
    credited referral moving its referrer up, never past position 1.

        Attributes:
            enabled (bool | None | Unset): Keep a waitlist (default false). Turned on, the line is built from the
                participants
                already there, their referrals counted.
            places_per_referral (int | None | Unset): Places each credited referral moves the referrer up (0 to 1,000,000;
                default 10).
    """

    enabled: bool | None | Unset = UNSET
    places_per_referral: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        places_per_referral: int | None | Unset
        if isinstance(self.places_per_referral, Unset):
            places_per_referral = UNSET
        else:
            places_per_referral = self.places_per_referral

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if places_per_referral is not UNSET:
            field_dict["places_per_referral"] = places_per_referral

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        def _parse_places_per_referral(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        places_per_referral = _parse_places_per_referral(d.pop("places_per_referral", UNSET))

        waitlist_input = cls(
            enabled=enabled,
            places_per_referral=places_per_referral,
        )

        waitlist_input.additional_properties = d
        return waitlist_input

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
