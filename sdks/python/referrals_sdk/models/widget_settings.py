from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetSettings")


@_attrs_define
class WidgetSettings:
    """How the widget shows: the fields a member may change.

    Attributes:
        mode (None | str | Unset): `embed`, `popup` or `floating`.
        primary_color (None | str | Unset): `#rrggbb`.
        button_text (None | str | Unset): At most 60 characters.
        headline (None | str | Unset): At most 160 characters.
    """

    mode: None | str | Unset = UNSET
    primary_color: None | str | Unset = UNSET
    button_text: None | str | Unset = UNSET
    headline: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        else:
            mode = self.mode

        primary_color: None | str | Unset
        if isinstance(self.primary_color, Unset):
            primary_color = UNSET
        else:
            primary_color = self.primary_color

        button_text: None | str | Unset
        if isinstance(self.button_text, Unset):
            button_text = UNSET
        else:
            button_text = self.button_text

        headline: None | str | Unset
        if isinstance(self.headline, Unset):
            headline = UNSET
        else:
            headline = self.headline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode
        if primary_color is not UNSET:
            field_dict["primary_color"] = primary_color
        if button_text is not UNSET:
            field_dict["button_text"] = button_text
        if headline is not UNSET:
            field_dict["headline"] = headline

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_mode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mode = _parse_mode(d.pop("mode", UNSET))

        def _parse_primary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        primary_color = _parse_primary_color(d.pop("primary_color", UNSET))

        def _parse_button_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        button_text = _parse_button_text(d.pop("button_text", UNSET))

        def _parse_headline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        headline = _parse_headline(d.pop("headline", UNSET))

        widget_settings = cls(
            mode=mode,
            primary_color=primary_color,
            button_text=button_text,
            headline=headline,
        )

        widget_settings.additional_properties = d
        return widget_settings

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
