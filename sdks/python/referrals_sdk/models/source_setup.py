from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SourceSetup")


@_attrs_define
class SourceSetup:
    """A brand's connection to Paddle or Shopify: where the source sends events, never the
    secret.

        Attributes:
            brand_id (int):
            source (str): `paddle` or `shopify`.
            connected (bool): Whether a signing secret is stored.
            endpoint_url (str): The endpoint to give the source: `{site_url}/hooks/<source>/<brand_id>`.
            events (list[str]): The event types (Paddle) or topics (Shopify) to send it.
            connected_at (None | str | Unset):
    """

    brand_id: int
    source: str
    connected: bool
    endpoint_url: str
    events: list[str]
    connected_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        brand_id = self.brand_id

        source = self.source

        connected = self.connected

        endpoint_url = self.endpoint_url

        events = self.events

        connected_at: None | str | Unset
        if isinstance(self.connected_at, Unset):
            connected_at = UNSET
        else:
            connected_at = self.connected_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "brand_id": brand_id,
                "source": source,
                "connected": connected,
                "endpoint_url": endpoint_url,
                "events": events,
            }
        )
        if connected_at is not UNSET:
            field_dict["connected_at"] = connected_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        brand_id = d.pop("brand_id")

        source = d.pop("source")

        connected = d.pop("connected")

        endpoint_url = d.pop("endpoint_url")

        events = cast(list[str], d.pop("events"))

        def _parse_connected_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        connected_at = _parse_connected_at(d.pop("connected_at", UNSET))

        source_setup = cls(
            brand_id=brand_id,
            source=source,
            connected=connected,
            endpoint_url=endpoint_url,
            events=events,
            connected_at=connected_at,
        )

        source_setup.additional_properties = d
        return source_setup

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
