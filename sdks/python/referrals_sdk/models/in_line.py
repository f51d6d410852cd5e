from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InLine")


@_attrs_define
class InLine:
    """One of the front of the line, as the owner sees them.

    Attributes:
        position (int):
        participant_id (int):
        email (str):
        name (str):
        referrals (int): Their referrals so far.
    """

    position: int
    participant_id: int
    email: str
    name: str
    referrals: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        participant_id = self.participant_id

        email = self.email

        name = self.name

        referrals = self.referrals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "participant_id": participant_id,
                "email": email,
                "name": name,
                "referrals": referrals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        participant_id = d.pop("participant_id")

        email = d.pop("email")

        name = d.pop("name")

        referrals = d.pop("referrals")

        in_line = cls(
            position=position,
            participant_id=participant_id,
            email=email,
            name=name,
            referrals=referrals,
        )

        in_line.additional_properties = d
        return in_line

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
