from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InvitationAnswer")


@_attrs_define
class InvitationAnswer:
    """An invitation to register, made.

    Attributes:
        email (str): The address it registers.
        link (str): The link that registers it, once: hand it over if it was not emailed.
        expires_at (str): RFC 3339; 7 days after it was made.
        emailed (bool): Whether this server emailed the link to the address.
    """

    email: str
    link: str
    expires_at: str
    emailed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        link = self.link

        expires_at = self.expires_at

        emailed = self.emailed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "link": link,
                "expires_at": expires_at,
                "emailed": emailed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        link = d.pop("link")

        expires_at = d.pop("expires_at")

        emailed = d.pop("emailed")

        invitation_answer = cls(
            email=email,
            link=link,
            expires_at=expires_at,
            emailed=emailed,
        )

        invitation_answer.additional_properties = d
        return invitation_answer

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
