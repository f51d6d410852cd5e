from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FunnelView")


@_attrs_define
class FunnelView:
    """The ratios between the funnel's steps, over the whole period; null where the step before
    counted nothing.

        Attributes:
            signups_per_click (float | None | Unset): Referred signups ÷ clicks.
            conversions_per_signup (float | None | Unset): Conversions ÷ referred signups.
            revenue_per_conversion (None | str | Unset): Revenue ÷ conversions, in the campaign's currency. Example: 49.90.
    """

    signups_per_click: float | None | Unset = UNSET
    conversions_per_signup: float | None | Unset = UNSET
    revenue_per_conversion: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        signups_per_click: float | None | Unset
        if isinstance(self.signups_per_click, Unset):
            signups_per_click = UNSET
        else:
            signups_per_click = self.signups_per_click

        conversions_per_signup: float | None | Unset
        if isinstance(self.conversions_per_signup, Unset):
            conversions_per_signup = UNSET
        else:
            conversions_per_signup = self.conversions_per_signup

        revenue_per_conversion: None | str | Unset
        if isinstance(self.revenue_per_conversion, Unset):
            revenue_per_conversion = UNSET
        else:
            revenue_per_conversion = self.revenue_per_conversion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if signups_per_click is not UNSET:
            field_dict["signups_per_click"] = signups_per_click
        if conversions_per_signup is not UNSET:
            field_dict["conversions_per_signup"] = conversions_per_signup
        if revenue_per_conversion is not UNSET:
            field_dict["revenue_per_conversion"] = revenue_per_conversion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_signups_per_click(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        signups_per_click = _parse_signups_per_click(d.pop("signups_per_click", UNSET))

        def _parse_conversions_per_signup(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        conversions_per_signup = _parse_conversions_per_signup(d.pop("conversions_per_signup", UNSET))

        def _parse_revenue_per_conversion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revenue_per_conversion = _parse_revenue_per_conversion(d.pop("revenue_per_conversion", UNSET))

        funnel_view = cls(
            signups_per_click=signups_per_click,
            conversions_per_signup=conversions_per_signup,
            revenue_per_conversion=revenue_per_conversion,
        )

        funnel_view.additional_properties = d
        return funnel_view

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
