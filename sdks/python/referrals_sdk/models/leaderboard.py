from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.leader import Leader


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    """The owner's leaderboard: `GET /campaigns/:id/leaderboard`.

    Attributes:
        campaign_id (int):
        period (str): `all`, `month`, `week` or `contest`.
        leaders (list[Leader]):
        starts_at (None | str | Unset): Where the period starts and ends (RFC 3339, end excluded); null for `all`.
        ends_at (None | str | Unset):
    """

    campaign_id: int
    period: str
    leaders: list[Leader]
    starts_at: None | str | Unset = UNSET
    ends_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        period = self.period

        leaders = []
        for leaders_item_data in self.leaders:
            leaders_item = leaders_item_data.to_dict()
            leaders.append(leaders_item)

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "period": period,
                "leaders": leaders,
            }
        )
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if ends_at is not UNSET:
            field_dict["ends_at"] = ends_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leader import Leader  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        period = d.pop("period")

        leaders = []
        _leaders = d.pop("leaders")
        for leaders_item_data in _leaders:
            leaders_item = Leader.from_dict(leaders_item_data)

            leaders.append(leaders_item)

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

        leaderboard = cls(
            campaign_id=campaign_id,
            period=period,
            leaders=leaders,
            starts_at=starts_at,
            ends_at=ends_at,
        )

        leaderboard.additional_properties = d
        return leaderboard

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
