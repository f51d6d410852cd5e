from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerView")


@_attrs_define
class PartnerView:
    """A partner's numbers over the period: what is credited to them (clicks on their link, the
    friends they referred and those friends' sales, the rewards issued to them).

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
            participant_id (int):
            email (None | str | Unset):
            name (None | str | Unset):
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
    participant_id: int
    email: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
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

        participant_id = self.participant_id

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

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
                "participant_id": participant_id,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if name is not UNSET:
            field_dict["name"] = name

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

        participant_id = d.pop("participant_id")

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        partner_view = cls(
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
            participant_id=participant_id,
            email=email,
            name=name,
        )

        partner_view.additional_properties = d
        return partner_view

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
