from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScopedKeyAnswer")


@_attrs_define
class ScopedKeyAnswer:
    """One of the member's scoped API keys (never its text, except in the answer that made it).

    Attributes:
        id (int): The key's number among the member's keys.
        name (str):
        scopes (list[str]): `read`, `write`, `write:<resource>`. Example: ['read'].
        prefix (str): The key's first 12 characters, to tell keys apart.
        date_generated (str):
        api_key (None | str | Unset): The key itself (`ref_` and 48 lowercase hex digits), in the answer that made it
            only.
    """

    id: int
    name: str
    scopes: list[str]
    prefix: str
    date_generated: str
    api_key: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        scopes = self.scopes

        prefix = self.prefix

        date_generated = self.date_generated

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "scopes": scopes,
                "prefix": prefix,
                "date_generated": date_generated,
            }
        )
        if api_key is not UNSET:
            field_dict["api_key"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        scopes = cast(list[str], d.pop("scopes"))

        prefix = d.pop("prefix")

        date_generated = d.pop("date_generated")

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        scoped_key_answer = cls(
            id=id,
            name=name,
            scopes=scopes,
            prefix=prefix,
            date_generated=date_generated,
            api_key=api_key,
        )

        scoped_key_answer.additional_properties = d
        return scoped_key_answer

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
