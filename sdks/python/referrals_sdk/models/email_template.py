from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmailTemplate")


@_attrs_define
class EmailTemplate:
    """One email: on or off, its subject and text, and the placeholders they may use.

    Attributes:
        enabled (bool):
        subject (str):
        text (str):
        placeholders (list[str]): `{{name}}` and the rest this email's subject and text may use.
    """

    enabled: bool
    subject: str
    text: str
    placeholders: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        subject = self.subject

        text = self.text

        placeholders = self.placeholders

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enabled": enabled,
                "subject": subject,
                "text": text,
                "placeholders": placeholders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        subject = d.pop("subject")

        text = d.pop("text")

        placeholders = cast(list[str], d.pop("placeholders"))

        email_template = cls(
            enabled=enabled,
            subject=subject,
            text=text,
            placeholders=placeholders,
        )

        email_template.additional_properties = d
        return email_template

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
