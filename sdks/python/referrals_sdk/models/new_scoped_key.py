from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewScopedKey")


@_attrs_define
class NewScopedKey:
    """Body of `POST /members/api-keys`.

    Example:
        {'name': 'Assistant', 'scopes': ['read']}

    Attributes:
        name (str): What the key is for, 1 to 100 characters.
        scopes (list[str]): `read` (every read of the programme), `write` (every write), or `write:<resource>`
            (writes of one resource: brands, campaigns, participants, signups, conversions,
            rewards, payouts, commissions, webhooks, stripe, sources, landers, portal, automation).
    """

    name: str
    scopes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = self.scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = cast(list[str], d.pop("scopes"))

        new_scoped_key = cls(
            name=name,
            scopes=scopes,
        )

        new_scoped_key.additional_properties = d
        return new_scoped_key

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
