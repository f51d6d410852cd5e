from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.participant import Participant


T = TypeVar("T", bound="ContestPlace")


@_attrs_define
class ContestPlace:
    """A winning place of an ended contest.

    Attributes:
        rank (int):
        participant (Participant): A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
            map, because building a map per object was measurable.
        referrals (int): Credited referrals inside the window.
    """

    rank: int
    participant: Participant
    referrals: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        participant = self.participant.to_dict()

        referrals = self.referrals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "participant": participant,
                "referrals": referrals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.participant import Participant  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        participant = Participant.from_dict(d.pop("participant"))

        referrals = d.pop("referrals")

        contest_place = cls(
            rank=rank,
            participant=participant,
            referrals=referrals,
        )

        contest_place.additional_properties = d
        return contest_place

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
