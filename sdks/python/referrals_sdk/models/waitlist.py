from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.in_line import InLine
    from ..models.waitlist_settings import WaitlistSettings


T = TypeVar("T", bound="Waitlist")


@_attrs_define
class Waitlist:
    """A campaign's waitlist: `GET /campaigns/:id/waitlist`.

    Attributes:
        campaign_id (int):
        waitlist (WaitlistSettings): A campaign's waitlist settings.
        in_line (int): How many are in line now.
        admitted (int): How many were admitted so far.
        front (list[InLine]): The front of the line, front first.
    """

    campaign_id: int
    waitlist: WaitlistSettings
    in_line: int
    admitted: int
    front: list[InLine]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        waitlist = self.waitlist.to_dict()

        in_line = self.in_line

        admitted = self.admitted

        front = []
        for front_item_data in self.front:
            front_item = front_item_data.to_dict()
            front.append(front_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "waitlist": waitlist,
                "in_line": in_line,
                "admitted": admitted,
                "front": front,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.in_line import InLine  # noqa: PLC0415
        from ..models.waitlist_settings import WaitlistSettings  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        waitlist = WaitlistSettings.from_dict(d.pop("waitlist"))

        in_line = d.pop("in_line")

        admitted = d.pop("admitted")

        front = []
        _front = d.pop("front")
        for front_item_data in _front:
            front_item = InLine.from_dict(front_item_data)

            front.append(front_item)

        waitlist = cls(
            campaign_id=campaign_id,
            waitlist=waitlist,
            in_line=in_line,
            admitted=admitted,
            front=front,
        )

        waitlist.additional_properties = d
        return waitlist

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
