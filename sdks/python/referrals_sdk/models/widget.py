from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Widget")


@_attrs_define
class Widget:
    """How the widget shows.

    Attributes:
        mode (str): `embed`, `popup` or `floating`.
        primary_color (str): `#rrggbb`.
        button_text (str):
        headline (str):
        script_url (None | str | Unset): The script to put on a page (`{site_url}/widget.js?campaign=<id>`); in a single
            campaign's read only.
        frame_url (None | str | Unset): The widget's frame (`{site_url}/widget/<id>/embed`); in a single campaign's read
            only.
    """

    mode: str
    primary_color: str
    button_text: str
    headline: str
    script_url: None | str | Unset = UNSET
    frame_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode

        primary_color = self.primary_color

        button_text = self.button_text

        headline = self.headline

        script_url: None | str | Unset
        if isinstance(self.script_url, Unset):
            script_url = UNSET
        else:
            script_url = self.script_url

        frame_url: None | str | Unset
        if isinstance(self.frame_url, Unset):
            frame_url = UNSET
        else:
            frame_url = self.frame_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mode": mode,
                "primary_color": primary_color,
                "button_text": button_text,
                "headline": headline,
            }
        )
        if script_url is not UNSET:
            field_dict["script_url"] = script_url
        if frame_url is not UNSET:
            field_dict["frame_url"] = frame_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mode = d.pop("mode")

        primary_color = d.pop("primary_color")

        button_text = d.pop("button_text")

        headline = d.pop("headline")

        def _parse_script_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        script_url = _parse_script_url(d.pop("script_url", UNSET))

        def _parse_frame_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        frame_url = _parse_frame_url(d.pop("frame_url", UNSET))

        widget = cls(
            mode=mode,
            primary_color=primary_color,
            button_text=button_text,
            headline=headline,
            script_url=script_url,
            frame_url=frame_url,
        )

        widget.additional_properties = d
        return widget

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
