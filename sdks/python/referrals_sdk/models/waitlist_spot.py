from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WaitlistSpot")


@_attrs_define
class WaitlistSpot:
    """Where a participant is in the campaign's waitlist: in line (`position`, `behind`), or
    admitted (`admitted_at`). Null on a participant whose campaign keeps no waitlist, or who
    left it (blocked, erased).

        Attributes:
            position (int | None | Unset): From 1, the front; null once admitted.
            behind (int | None | Unset): How many are in line behind them; null once admitted.
            admitted_at (None | str | Unset): When the owner admitted them; null while in line.
    """

    position: int | None | Unset = UNSET
    behind: int | None | Unset = UNSET
    admitted_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position: int | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        behind: int | None | Unset
        if isinstance(self.behind, Unset):
            behind = UNSET
        else:
            behind = self.behind

        admitted_at: None | str | Unset
        if isinstance(self.admitted_at, Unset):
            admitted_at = UNSET
        else:
            admitted_at = self.admitted_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if position is not UNSET:
            field_dict["position"] = position
        if behind is not UNSET:
            field_dict["behind"] = behind
        if admitted_at is not UNSET:
            field_dict["admitted_at"] = admitted_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_behind(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        behind = _parse_behind(d.pop("behind", UNSET))

        def _parse_admitted_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        admitted_at = _parse_admitted_at(d.pop("admitted_at", UNSET))

        waitlist_spot = cls(
            position=position,
            behind=behind,
            admitted_at=admitted_at,
        )

        waitlist_spot.additional_properties = d
        return waitlist_spot

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
