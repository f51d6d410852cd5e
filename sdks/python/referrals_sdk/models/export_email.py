from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportEmail")


@_attrs_define
class ExportEmail:
    """An email to the participant.

    Attributes:
        id (int):
        kind (str): `welcome`, `friend_joined` or `reward`.
        subject (str):
        status (str): `queued`, `sent`, `failed` or `cancelled`.
        created_at (str):
        sent_at (None | str | Unset):
    """

    id: int
    kind: str
    subject: str
    status: str
    created_at: str
    sent_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind

        subject = self.subject

        status = self.status

        created_at = self.created_at

        sent_at: None | str | Unset
        if isinstance(self.sent_at, Unset):
            sent_at = UNSET
        else:
            sent_at = self.sent_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "subject": subject,
                "status": status,
                "created_at": created_at,
            }
        )
        if sent_at is not UNSET:
            field_dict["sent_at"] = sent_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        subject = d.pop("subject")

        status = d.pop("status")

        created_at = d.pop("created_at")

        def _parse_sent_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sent_at = _parse_sent_at(d.pop("sent_at", UNSET))

        export_email = cls(
            id=id,
            kind=kind,
            subject=subject,
            status=status,
            created_at=created_at,
            sent_at=sent_at,
        )

        export_email.additional_properties = d
        return export_email

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
