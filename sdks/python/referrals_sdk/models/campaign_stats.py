from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.daily_signups import DailySignups
    from ..models.held_by_reason import HeldByReason
    from ..models.rewards_by_status import RewardsByStatus


T = TypeVar("T", bound="CampaignStats")


@_attrs_define
class CampaignStats:
    """`GET /campaigns/:id/stats`.

    Attributes:
        participants (int):
        referrals (int):
        shares (int):
        clicks (int):
        impressions (int):
        unique_visits (int):
        rewards_issued (int): Rewards ever issued, those since fulfilled or voided included.
        rewards_pending (int): Coupon rewards waiting for a coupon now.
        rewards (RewardsByStatus): How many rewards are in each state now.
        conversions (int): Conversions reported, refunded ones included.
        refunds (int): Conversions refunded.
        held_by_reason (HeldByReason): How many rewards are held now for each reason.
        campaign_id (int):
        days (int):
        daily_signups (list[DailySignups]): Oldest day first, today last; days without signups included.
    """

    participants: int
    referrals: int
    shares: int
    clicks: int
    impressions: int
    unique_visits: int
    rewards_issued: int
    rewards_pending: int
    rewards: RewardsByStatus
    conversions: int
    refunds: int
    held_by_reason: HeldByReason
    campaign_id: int
    days: int
    daily_signups: list[DailySignups]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        participants = self.participants

        referrals = self.referrals

        shares = self.shares

        clicks = self.clicks

        impressions = self.impressions

        unique_visits = self.unique_visits

        rewards_issued = self.rewards_issued

        rewards_pending = self.rewards_pending

        rewards = self.rewards.to_dict()

        conversions = self.conversions

        refunds = self.refunds

        held_by_reason = self.held_by_reason.to_dict()

        campaign_id = self.campaign_id

        days = self.days

        daily_signups = []
        for daily_signups_item_data in self.daily_signups:
            daily_signups_item = daily_signups_item_data.to_dict()
            daily_signups.append(daily_signups_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "participants": participants,
                "referrals": referrals,
                "shares": shares,
                "clicks": clicks,
                "impressions": impressions,
                "unique_visits": unique_visits,
                "rewards_issued": rewards_issued,
                "rewards_pending": rewards_pending,
                "rewards": rewards,
                "conversions": conversions,
                "refunds": refunds,
                "held_by_reason": held_by_reason,
                "campaign_id": campaign_id,
                "days": days,
                "daily_signups": daily_signups,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.daily_signups import DailySignups  # noqa: PLC0415
        from ..models.held_by_reason import HeldByReason  # noqa: PLC0415
        from ..models.rewards_by_status import RewardsByStatus  # noqa: PLC0415

        d = dict(src_dict)
        participants = d.pop("participants")

        referrals = d.pop("referrals")

        shares = d.pop("shares")

        clicks = d.pop("clicks")

        impressions = d.pop("impressions")

        unique_visits = d.pop("unique_visits")

        rewards_issued = d.pop("rewards_issued")

        rewards_pending = d.pop("rewards_pending")

        rewards = RewardsByStatus.from_dict(d.pop("rewards"))

        conversions = d.pop("conversions")

        refunds = d.pop("refunds")

        held_by_reason = HeldByReason.from_dict(d.pop("held_by_reason"))

        campaign_id = d.pop("campaign_id")

        days = d.pop("days")

        daily_signups = []
        _daily_signups = d.pop("daily_signups")
        for daily_signups_item_data in _daily_signups:
            daily_signups_item = DailySignups.from_dict(daily_signups_item_data)

            daily_signups.append(daily_signups_item)

        campaign_stats = cls(
            participants=participants,
            referrals=referrals,
            shares=shares,
            clicks=clicks,
            impressions=impressions,
            unique_visits=unique_visits,
            rewards_issued=rewards_issued,
            rewards_pending=rewards_pending,
            rewards=rewards,
            conversions=conversions,
            refunds=refunds,
            held_by_reason=held_by_reason,
            campaign_id=campaign_id,
            days=days,
            daily_signups=daily_signups,
        )

        campaign_stats.additional_properties = d
        return campaign_stats

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
