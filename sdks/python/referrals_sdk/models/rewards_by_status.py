from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RewardsByStatus")


@_attrs_define
class RewardsByStatus:
    """How many rewards are in each state now.

    Attributes:
        held (int):
        pending (int):
        issued (int):
        fulfilled (int):
        voided (int):
    """

    held: int
    pending: int
    issued: int
    fulfilled: int
    voided: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        held = self.held

        pending = self.pending

        issued = self.issued

        fulfilled = self.fulfilled

        voided = self.voided

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "held": held,
                "pending": pending,
                "issued": issued,
                "fulfilled": fulfilled,
                "voided": voided,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        held = d.pop("held")

        pending = d.pop("pending")

        issued = d.pop("issued")

        fulfilled = d.pop("fulfilled")

        voided = d.pop("voided")

        rewards_by_status = cls(
            held=held,
            pending=pending,
            issued=issued,
            fulfilled=fulfilled,
            voided=voided,
        )

        rewards_by_status.additional_properties = d
        return rewards_by_status

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
