from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Numbers")


@_attrs_define
class Numbers:
    """The measures as the API answers them: counts, and money as decimals of two places.

    Attributes:
        clicks (int):
        unique_visitors (int): First visits of one visitor to one partner's link.
        signups (int):
        referred_signups (int):
        conversions (int):
        refunds (int):
        revenue (str): In the campaign's currency, two decimals ("1250.00"). Example: 1250.00.
        refunded (str): What refunds gave back, in the campaign's currency. Example: 49.00.
        unconverted_conversions (int): Sales in a currency with no exchange rate to the campaign's (their money is not
            in
            `revenue`).
        rewards (int):
        commissions (str): The cash rewards and commissions issued, in the campaign's currency. Example: 125.00.
    """

    clicks: int
    unique_visitors: int
    signups: int
    referred_signups: int
    conversions: int
    refunds: int
    revenue: str
    refunded: str
    unconverted_conversions: int
    rewards: int
    commissions: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clicks = self.clicks

        unique_visitors = self.unique_visitors

        signups = self.signups

        referred_signups = self.referred_signups

        conversions = self.conversions

        refunds = self.refunds

        revenue = self.revenue

        refunded = self.refunded

        unconverted_conversions = self.unconverted_conversions

        rewards = self.rewards

        commissions = self.commissions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clicks": clicks,
                "unique_visitors": unique_visitors,
                "signups": signups,
                "referred_signups": referred_signups,
                "conversions": conversions,
                "refunds": refunds,
                "revenue": revenue,
                "refunded": refunded,
                "unconverted_conversions": unconverted_conversions,
                "rewards": rewards,
                "commissions": commissions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        clicks = d.pop("clicks")

        unique_visitors = d.pop("unique_visitors")

        signups = d.pop("signups")

        referred_signups = d.pop("referred_signups")

        conversions = d.pop("conversions")

        refunds = d.pop("refunds")

        revenue = d.pop("revenue")

        refunded = d.pop("refunded")

        unconverted_conversions = d.pop("unconverted_conversions")

        rewards = d.pop("rewards")

        commissions = d.pop("commissions")

        numbers = cls(
            clicks=clicks,
            unique_visitors=unique_visitors,
            signups=signups,
            referred_signups=referred_signups,
            conversions=conversions,
            refunds=refunds,
            revenue=revenue,
            refunded=refunded,
            unconverted_conversions=unconverted_conversions,
            rewards=rewards,
            commissions=commissions,
        )

        numbers.additional_properties = d
        return numbers

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
