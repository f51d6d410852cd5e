from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.coupon_pool import CouponPool


T = TypeVar("T", bound="RewardSettings")


@_attrs_define
class RewardSettings:
    """What a campaign rewards, in its single read.

    Attributes:
        type_ (str): `coupon`, `message`, `token` or `cash`.
        reward_type (int):
        goal_type (str):
        num_signups (int):
        two_way (bool): Whether the referred participant is rewarded too.
        value (None | str | Unset):
        coupons (CouponPool | None | Unset):
    """

    type_: str
    reward_type: int
    goal_type: str
    num_signups: int
    two_way: bool
    value: None | str | Unset = UNSET
    coupons: CouponPool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.coupon_pool import CouponPool  # noqa: PLC0415

        type_ = self.type_

        reward_type = self.reward_type

        goal_type = self.goal_type

        num_signups = self.num_signups

        two_way = self.two_way

        value: None | str | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        coupons: dict[str, Any] | None | Unset
        if isinstance(self.coupons, Unset):
            coupons = UNSET
        elif isinstance(self.coupons, CouponPool):
            coupons = self.coupons.to_dict()
        else:
            coupons = self.coupons

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "reward_type": reward_type,
                "goal_type": goal_type,
                "num_signups": num_signups,
                "two_way": two_way,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value
        if coupons is not UNSET:
            field_dict["coupons"] = coupons

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.coupon_pool import CouponPool  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        reward_type = d.pop("reward_type")

        goal_type = d.pop("goal_type")

        num_signups = d.pop("num_signups")

        two_way = d.pop("two_way")

        def _parse_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        def _parse_coupons(data: object) -> CouponPool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                coupons_type_1 = CouponPool.from_dict(data)

                return coupons_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CouponPool | None | Unset, data)

        coupons = _parse_coupons(d.pop("coupons", UNSET))

        reward_settings = cls(
            type_=type_,
            reward_type=reward_type,
            goal_type=goal_type,
            num_signups=num_signups,
            two_way=two_way,
            value=value,
            coupons=coupons,
        )

        reward_settings.additional_properties = d
        return reward_settings

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
