from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PreviewMonth")


@_attrs_define
class PreviewMonth:
    """One referrer's month in a preview.

    Attributes:
        participant_id (int):
        month (str): YYYY-MM, of the invoices' period start.
        invoices (int):
        now (str): What the month's invoices earn now, net of refunds.
        proposed (str): What they would earn under the rule.
    """

    participant_id: int
    month: str
    invoices: int
    now: str
    proposed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        participant_id = self.participant_id

        month = self.month

        invoices = self.invoices

        now = self.now

        proposed = self.proposed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "participant_id": participant_id,
                "month": month,
                "invoices": invoices,
                "now": now,
                "proposed": proposed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        participant_id = d.pop("participant_id")

        month = d.pop("month")

        invoices = d.pop("invoices")

        now = d.pop("now")

        proposed = d.pop("proposed")

        preview_month = cls(
            participant_id=participant_id,
            month=month,
            invoices=invoices,
            now=now,
            proposed=proposed,
        )

        preview_month.additional_properties = d
        return preview_month

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
