from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlanLimits")


@_attrs_define
class PlanLimits:
    """Quotas attached to a plan. `None` (null) means unlimited. They are enforced when something
    is created (403 `plan_limit_reached`); moving a member to a smaller plan deletes nothing,
    it only stops new creations above the new limits.

        Attributes:
            brands (int | None | Unset): Brands per account.
            campaigns (int | None | Unset): Campaigns per account, over all its brands.
            participants (int | None | Unset): Participants per campaign.
    """

    brands: int | None | Unset = UNSET
    campaigns: int | None | Unset = UNSET
    participants: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        brands: int | None | Unset
        if isinstance(self.brands, Unset):
            brands = UNSET
        else:
            brands = self.brands

        campaigns: int | None | Unset
        if isinstance(self.campaigns, Unset):
            campaigns = UNSET
        else:
            campaigns = self.campaigns

        participants: int | None | Unset
        if isinstance(self.participants, Unset):
            participants = UNSET
        else:
            participants = self.participants

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if brands is not UNSET:
            field_dict["brands"] = brands
        if campaigns is not UNSET:
            field_dict["campaigns"] = campaigns
        if participants is not UNSET:
            field_dict["participants"] = participants

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_brands(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        brands = _parse_brands(d.pop("brands", UNSET))

        def _parse_campaigns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        campaigns = _parse_campaigns(d.pop("campaigns", UNSET))

        def _parse_participants(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        participants = _parse_participants(d.pop("participants", UNSET))

        plan_limits = cls(
            brands=brands,
            campaigns=campaigns,
            participants=participants,
        )

        plan_limits.additional_properties = d
        return plan_limits

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
