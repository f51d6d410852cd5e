from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.public_leader import PublicLeader


T = TypeVar("T", bound="PublicLeaderboard")


@_attrs_define
class PublicLeaderboard:
    """The widget's leaderboard: `GET /api/widget/leaderboard`.

    Attributes:
        campaign_id (int):
        period (str):
        leaders (list[PublicLeader]):
    """

    campaign_id: int
    period: str
    leaders: list[PublicLeader]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        period = self.period

        leaders = []
        for leaders_item_data in self.leaders:
            leaders_item = leaders_item_data.to_dict()
            leaders.append(leaders_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "period": period,
                "leaders": leaders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_leader import PublicLeader  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        period = d.pop("period")

        leaders = []
        _leaders = d.pop("leaders")
        for leaders_item_data in _leaders:
            leaders_item = PublicLeader.from_dict(leaders_item_data)

            leaders.append(leaders_item)

        public_leaderboard = cls(
            campaign_id=campaign_id,
            period=period,
            leaders=leaders,
        )

        public_leaderboard.additional_properties = d
        return public_leaderboard

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
