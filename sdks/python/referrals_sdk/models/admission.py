from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.participant import Participant


T = TypeVar("T", bound="Admission")


@_attrs_define
class Admission:
    """What `POST /campaigns/:id/waitlist/admit` admitted.

    Attributes:
        campaign_id (int):
        admitted (list[Participant]): Those admitted now, in the order they stood in line (or were named); each one gets
            a
            `waitlist.admitted` event. Someone admitted before is not admitted again.
        admitted_at (str):
        in_line (int): How many are still in line.
    """

    campaign_id: int
    admitted: list[Participant]
    admitted_at: str
    in_line: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        admitted = []
        for admitted_item_data in self.admitted:
            admitted_item = admitted_item_data.to_dict()
            admitted.append(admitted_item)

        admitted_at = self.admitted_at

        in_line = self.in_line

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "admitted": admitted,
                "admitted_at": admitted_at,
                "in_line": in_line,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.participant import Participant  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        admitted = []
        _admitted = d.pop("admitted")
        for admitted_item_data in _admitted:
            admitted_item = Participant.from_dict(admitted_item_data)

            admitted.append(admitted_item)

        admitted_at = d.pop("admitted_at")

        in_line = d.pop("in_line")

        admission = cls(
            campaign_id=campaign_id,
            admitted=admitted,
            admitted_at=admitted_at,
            in_line=in_line,
        )

        admission.additional_properties = d
        return admission

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
