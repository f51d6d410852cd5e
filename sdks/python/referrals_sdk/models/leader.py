from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Leader")


@_attrs_define
class Leader:
    """One row of the owner's leaderboard.

    Attributes:
        rank (int): 1 is first.
        participant_id (int):
        email (str): Masked: `an***@example.com`.
        name (str):
        referrals (int): Credited referrals in the period.
    """

    rank: int
    participant_id: int
    email: str
    name: str
    referrals: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        participant_id = self.participant_id

        email = self.email

        name = self.name

        referrals = self.referrals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
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
        rank = d.pop("rank")

        participant_id = d.pop("participant_id")

        email = d.pop("email")

        name = d.pop("name")

        referrals = d.pop("referrals")

        leader = cls(
            rank=rank,
            participant_id=participant_id,
            email=email,
            name=name,
            referrals=referrals,
        )

        leader.additional_properties = d
        return leader

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
