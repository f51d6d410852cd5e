from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Tier")


@_attrs_define
class Tier:
    """A milestone: the reward earned when the goal's count reaches `referrals`.

    Attributes:
        referrals (int):
        reward_type (int): 1 coupon (from the campaign's pool), 3 message, 5 cash.
        reward_value (None | str | Unset): The cash amount or the message; null for a coupon.
    """

    referrals: int
    reward_type: int
    reward_value: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        referrals = self.referrals

        reward_type = self.reward_type

        reward_value: None | str | Unset
        if isinstance(self.reward_value, Unset):
            reward_value = UNSET
        else:
            reward_value = self.reward_value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "referrals": referrals,
                "reward_type": reward_type,
            }
        )
        if reward_value is not UNSET:
            field_dict["reward_value"] = reward_value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        referrals = d.pop("referrals")

        reward_type = d.pop("reward_type")

        def _parse_reward_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reward_value = _parse_reward_value(d.pop("reward_value", UNSET))

        tier = cls(
            referrals=referrals,
            reward_type=reward_type,
            reward_value=reward_value,
        )

        tier.additional_properties = d
        return tier

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
