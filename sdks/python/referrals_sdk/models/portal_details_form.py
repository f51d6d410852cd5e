from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PortalDetailsForm")


@_attrs_define
class PortalDetailsForm:
    """The payout details form.

    Attributes:
        csrf (str): The session's form token, from the page.
        method (str): `paypal`, `wise` or `other`. Example: paypal.
        value (str): The account's email (PayPal, Wise), or the details the shop asked for (other).
    """

    csrf: str
    method: str
    value: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        method = self.method

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
                "method": method,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        method = d.pop("method")

        value = d.pop("value")

        portal_details_form = cls(
            csrf=csrf,
            method=method,
            value=value,
        )

        portal_details_form.additional_properties = d
        return portal_details_form

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
