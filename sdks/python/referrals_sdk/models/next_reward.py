from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tier import Tier


T = TypeVar("T", bound="NextReward")


@_attrs_define
class NextReward:
    """Where a participant stands: the next reward, and on a tiered campaign the next tier.

    Attributes:
        next_reward_in (int | None | Unset): Referrals (unique visits, or converted referrals, as the goal counts) still
            needed for
            the next reward; null once every tier is reached.
        next_tier (None | Tier | Unset):
        referrals_to_next_tier (int | None | Unset): How many more the next tier needs (null as `next_tier` is).
    """

    next_reward_in: int | None | Unset = UNSET
    next_tier: None | Tier | Unset = UNSET
    referrals_to_next_tier: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tier import Tier  # noqa: PLC0415

        next_reward_in: int | None | Unset
        if isinstance(self.next_reward_in, Unset):
            next_reward_in = UNSET
        else:
            next_reward_in = self.next_reward_in

        next_tier: dict[str, Any] | None | Unset
        if isinstance(self.next_tier, Unset):
            next_tier = UNSET
        elif isinstance(self.next_tier, Tier):
            next_tier = self.next_tier.to_dict()
        else:
            next_tier = self.next_tier

        referrals_to_next_tier: int | None | Unset
        if isinstance(self.referrals_to_next_tier, Unset):
            referrals_to_next_tier = UNSET
        else:
            referrals_to_next_tier = self.referrals_to_next_tier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if next_reward_in is not UNSET:
            field_dict["next_reward_in"] = next_reward_in
        if next_tier is not UNSET:
            field_dict["next_tier"] = next_tier
        if referrals_to_next_tier is not UNSET:
            field_dict["referrals_to_next_tier"] = referrals_to_next_tier

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tier import Tier  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_reward_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        next_reward_in = _parse_next_reward_in(d.pop("next_reward_in", UNSET))

        def _parse_next_tier(data: object) -> None | Tier | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_tier_type_1 = Tier.from_dict(data)

                return next_tier_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tier | Unset, data)

        next_tier = _parse_next_tier(d.pop("next_tier", UNSET))

        def _parse_referrals_to_next_tier(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        referrals_to_next_tier = _parse_referrals_to_next_tier(d.pop("referrals_to_next_tier", UNSET))

        next_reward = cls(
            next_reward_in=next_reward_in,
            next_tier=next_tier,
            referrals_to_next_tier=referrals_to_next_tier,
        )

        next_reward.additional_properties = d
        return next_reward

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
