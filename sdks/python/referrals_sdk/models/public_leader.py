from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PublicLeader")


@_attrs_define
class PublicLeader:
    """One row of the public leaderboard: no id, no email beyond a masked one.

    Attributes:
        rank (int):
        name (str): The first name, or the masked email when there is no name.
        referrals (int):
    """

    rank: int
    name: str
    referrals: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        name = self.name

        referrals = self.referrals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "name": name,
                "referrals": referrals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        name = d.pop("name")

        referrals = d.pop("referrals")

        public_leader = cls(
            rank=rank,
            name=name,
            referrals=referrals,
        )

        public_leader.additional_properties = d
        return public_leader

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
