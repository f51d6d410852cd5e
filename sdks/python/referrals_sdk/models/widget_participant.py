from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WidgetParticipant")


@_attrs_define
class WidgetParticipant:
    """A participant's link, as the widget shows it.

    Attributes:
        campaign_id (int):
        referral_code (str):
        referral_link (str):
    """

    campaign_id: int
    referral_code: str
    referral_link: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        referral_code = self.referral_code

        referral_link = self.referral_link

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "referral_code": referral_code,
                "referral_link": referral_link,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        referral_code = d.pop("referral_code")

        referral_link = d.pop("referral_link")

        widget_participant = cls(
            campaign_id=campaign_id,
            referral_code=referral_code,
            referral_link=referral_link,
        )

        widget_participant.additional_properties = d
        return widget_participant

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
