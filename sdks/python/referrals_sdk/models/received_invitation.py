from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReceivedInvitation")


@_attrs_define
class ReceivedInvitation:
    """An invitation someone sent to the participant.

    Attributes:
        id (int):
        participant_id (int): Who sent it.
        accepted (bool):
        created_at (str):
    """

    id: int
    participant_id: int
    accepted: bool
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        participant_id = self.participant_id

        accepted = self.accepted

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "participant_id": participant_id,
                "accepted": accepted,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        participant_id = d.pop("participant_id")

        accepted = d.pop("accepted")

        created_at = d.pop("created_at")

        received_invitation = cls(
            id=id,
            participant_id=participant_id,
            accepted=accepted,
            created_at=created_at,
        )

        received_invitation.additional_properties = d
        return received_invitation

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
