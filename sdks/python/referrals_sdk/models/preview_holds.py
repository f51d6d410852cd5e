from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PreviewHolds")


@_attrs_define
class PreviewHolds:
    """How many of the replayed referrals each reason would have held.

    Attributes:
        disposable_email (int): Either side has a disposable address (`disposable_emails: hold`).
        same_address (int): The friend's client matched the referrer's (`same_address`).
        velocity (int): Beyond `max_referrals_per_hour` or `max_signups_per_address_per_hour`.
    """

    disposable_email: int
    same_address: int
    velocity: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        disposable_email = self.disposable_email

        same_address = self.same_address

        velocity = self.velocity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "disposable_email": disposable_email,
                "same_address": same_address,
                "velocity": velocity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        disposable_email = d.pop("disposable_email")

        same_address = d.pop("same_address")

        velocity = d.pop("velocity")

        preview_holds = cls(
            disposable_email=disposable_email,
            same_address=same_address,
            velocity=velocity,
        )

        preview_holds.additional_properties = d
        return preview_holds

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
