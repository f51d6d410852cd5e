from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.participant_detail import ParticipantDetail


T = TypeVar("T", bound="BlockParticipantResponse200")


@_attrs_define
class BlockParticipantResponse200:
    """
    Attributes:
        success (bool):
        data (ParticipantDetail): A participant with everything about them: counts, who referred them, rewards,
            invitations.
    """

    success: bool
    data: ParticipantDetail
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.participant_detail import ParticipantDetail  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = ParticipantDetail.from_dict(d.pop("data"))

        block_participant_response_200 = cls(
            success=success,
            data=data,
        )

        block_participant_response_200.additional_properties = d
        return block_participant_response_200

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
