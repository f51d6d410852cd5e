from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContestInput")


@_attrs_define
class ContestInput:
    """Contest fields a member may change: a referral contest, as a campaign's body sets it.

    Attributes:
        enabled (bool | None | Unset):
        starts_at (None | str | Unset): RFC 3339; the window counts referrals credited from `starts_at` up to `ends_at`.
        ends_at (None | str | Unset):
        prize (None | str | Unset): At most 500 characters.
        winners (int | None | Unset): How many places win, 1 to 100 (default 3).
    """

    enabled: bool | None | Unset = UNSET
    starts_at: None | str | Unset = UNSET
    ends_at: None | str | Unset = UNSET
    prize: None | str | Unset = UNSET
    winners: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        else:
            starts_at = self.starts_at

        ends_at: None | str | Unset
        if isinstance(self.ends_at, Unset):
            ends_at = UNSET
        else:
            ends_at = self.ends_at

        prize: None | str | Unset
        if isinstance(self.prize, Unset):
            prize = UNSET
        else:
            prize = self.prize

        winners: int | None | Unset
        if isinstance(self.winners, Unset):
            winners = UNSET
        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if ends_at is not UNSET:
            field_dict["ends_at"] = ends_at
        if prize is not UNSET:
            field_dict["prize"] = prize
        if winners is not UNSET:
            field_dict["winners"] = winners

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

        def _parse_starts_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_ends_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ends_at = _parse_ends_at(d.pop("ends_at", UNSET))

        def _parse_prize(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prize = _parse_prize(d.pop("prize", UNSET))

        def _parse_winners(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winners = _parse_winners(d.pop("winners", UNSET))

        contest_input = cls(
            enabled=enabled,
            starts_at=starts_at,
            ends_at=ends_at,
            prize=prize,
            winners=winners,
        )

        contest_input.additional_properties = d
        return contest_input

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
