from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RegisterBody")


@_attrs_define
class RegisterBody:
    """Body of `POST /members`.

    Example:
        {'email': 'ada@example.com', 'name': 'Ada', 'password': 'analytical-engine'}

    Attributes:
        email (str): At most 254 characters.
        name (str): 1 to 200 characters.
        password (str): 8 characters to 1,024 bytes.
        invitation (None | str | Unset): The secret of an invitation (the `invitation` of its link): needed once the
            server has
            its first account, unless its `members.registration` is `open`.
    """

    email: str
    name: str
    password: str
    invitation: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        password = self.password

        invitation: None | str | Unset
        if isinstance(self.invitation, Unset):
            invitation = UNSET
        else:
            invitation = self.invitation

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "name": name,
                "password": password,
            }
        )
        if invitation is not UNSET:
            field_dict["invitation"] = invitation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        password = d.pop("password")

        def _parse_invitation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invitation = _parse_invitation(d.pop("invitation", UNSET))

        register_body = cls(
            email=email,
            name=name,
            password=password,
            invitation=invitation,
        )

        register_body.additional_properties = d
        return register_body

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
