from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetReward")


@_attrs_define
class WidgetReward:
    """A reward as the widget shows it to the person who earned it.

    Attributes:
        type_ (str): `coupon`, `cash`, `message` or `token`.
        status (str): `issued`, `pending` (waiting for a code), `held`, `fulfilled` or `voided`.
        claim (str): Reads it again later (`GET /api/widget/reward?claim=`); only the signup's answer has it.
        value (None | str | Unset): The coupon code, amount or message; null while held, waiting for a code, or voided.
    """

    type_: str
    status: str
    claim: str
    value: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        status = self.status

        claim = self.claim

        value: None | str | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "status": status,
                "claim": claim,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        status = d.pop("status")

        claim = d.pop("claim")

        def _parse_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        widget_reward = cls(
            type_=type_,
            status=status,
            claim=claim,
            value=value,
        )

        widget_reward.additional_properties = d
        return widget_reward

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
