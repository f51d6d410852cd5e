from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PortalLink")


@_attrs_define
class PortalLink:
    """A one-time link that signs a participant in to their campaign's portal.

    Attributes:
        url (str): Opens the portal's sign-in button; works once.
        expires_at (str): When it stops working: 15 minutes after it was made (RFC 3339).
        portal_url (str): The portal's own address, where the participant signs in by email another time.
    """

    url: str
    expires_at: str
    portal_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        expires_at = self.expires_at

        portal_url = self.portal_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "expires_at": expires_at,
                "portal_url": portal_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        expires_at = d.pop("expires_at")

        portal_url = d.pop("portal_url")

        portal_link = cls(
            url=url,
            expires_at=expires_at,
            portal_url=portal_url,
        )

        portal_link.additional_properties = d
        return portal_link

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
