from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Brand")


@_attrs_define
class Brand:
    """A brand (a website).

    Attributes:
        id (int):
        url (str):
        domain (str): The URL's host: lower-cased, port and a leading `www.` dropped, IDN in punycode.
        description (str):
        created_at (str):
        logo_url (None | str | Unset):
        background_url (None | str | Unset):
        token_network (None | str | Unset):
    """

    id: int
    url: str
    domain: str
    description: str
    created_at: str
    logo_url: None | str | Unset = UNSET
    background_url: None | str | Unset = UNSET
    token_network: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        domain = self.domain

        description = self.description

        created_at = self.created_at

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        background_url: None | str | Unset
        if isinstance(self.background_url, Unset):
            background_url = UNSET
        else:
            background_url = self.background_url

        token_network: None | str | Unset
        if isinstance(self.token_network, Unset):
            token_network = UNSET
        else:
            token_network = self.token_network

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "domain": domain,
                "description": description,
                "created_at": created_at,
            }
        )
        if logo_url is not UNSET:
            field_dict["logo_url"] = logo_url
        if background_url is not UNSET:
            field_dict["background_url"] = background_url
        if token_network is not UNSET:
            field_dict["token_network"] = token_network

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        domain = d.pop("domain")

        description = d.pop("description")

        created_at = d.pop("created_at")

        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logo_url", UNSET))

        def _parse_background_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        background_url = _parse_background_url(d.pop("background_url", UNSET))

        def _parse_token_network(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token_network = _parse_token_network(d.pop("token_network", UNSET))

        brand = cls(
            id=id,
            url=url,
            domain=domain,
            description=description,
            created_at=created_at,
            logo_url=logo_url,
            background_url=background_url,
            token_network=token_network,
        )

        brand.additional_properties = d
        return brand

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
