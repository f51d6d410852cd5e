from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AttributionInput")


@_attrs_define
class AttributionInput:
    """`attribution` fields a member may change.

    Attributes:
        window_days (int | None | Unset): Days a visit through a partner's link (`ref=` or `via=`) is remembered on the
            brand's
            site: a signup through the widget on any page within them is that partner's referral
            (1 to 365; default 60).
        model (None | str | Unset): Which partner a visitor who opened several partners' links within the window is
            credited to: `last_click` (the newest link; the default) or `first_click` (the oldest). Example: last_click.
    """

    window_days: int | None | Unset = UNSET
    model: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        window_days: int | None | Unset
        if isinstance(self.window_days, Unset):
            window_days = UNSET
        else:
            window_days = self.window_days

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if window_days is not UNSET:
            field_dict["window_days"] = window_days
        if model is not UNSET:
            field_dict["model"] = model

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_window_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        window_days = _parse_window_days(d.pop("window_days", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        attribution_input = cls(
            window_days=window_days,
            model=model,
        )

        attribution_input.additional_properties = d
        return attribution_input

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
