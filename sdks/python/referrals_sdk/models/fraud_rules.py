from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FraudRules")


@_attrs_define
class FraudRules:
    """A campaign's defences against farmed referrals, as far as they are enforced.

    Attributes:
        canonical_emails (bool): One participant per inbox: `ann.lee+1@gmail.com` and `annlee@gmail.com` are one
            person (case, `+tag`, and Gmail's dots and googlemail.com ignored). On by default.
        disposable_emails (str): An address at a disposable-mail domain: `refuse` (400 `disposable_email`), `hold`
            (every reward its participant earns or causes is held for review; the default) or
            `allow`.
        same_address (str): A referral signup from the referrer's own client: compared by `address` (the
            default), `address_and_agent`, or `off`; a match is held with `same_address`.
        max_referrals_per_hour (int | None | Unset): Referrals credited to one referrer in the last hour before the next
            are held with
            `velocity` (default 20); null: no limit.
        max_signups_per_address_per_hour (int | None | Unset): Signups from one client address in the last hour before
            the next referral's
            rewards are held with `velocity` (default 20); null: no limit.
    """

    canonical_emails: bool
    disposable_emails: str
    same_address: str
    max_referrals_per_hour: int | None | Unset = UNSET
    max_signups_per_address_per_hour: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        canonical_emails = self.canonical_emails

        disposable_emails = self.disposable_emails

        same_address = self.same_address

        max_referrals_per_hour: int | None | Unset
        if isinstance(self.max_referrals_per_hour, Unset):
            max_referrals_per_hour = UNSET
        else:
            max_referrals_per_hour = self.max_referrals_per_hour

        max_signups_per_address_per_hour: int | None | Unset
        if isinstance(self.max_signups_per_address_per_hour, Unset):
            max_signups_per_address_per_hour = UNSET
        else:
            max_signups_per_address_per_hour = self.max_signups_per_address_per_hour

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "canonical_emails": canonical_emails,
                "disposable_emails": disposable_emails,
                "same_address": same_address,
            }
        )
        if max_referrals_per_hour is not UNSET:
            field_dict["max_referrals_per_hour"] = max_referrals_per_hour
        if max_signups_per_address_per_hour is not UNSET:
            field_dict["max_signups_per_address_per_hour"] = max_signups_per_address_per_hour

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        canonical_emails = d.pop("canonical_emails")

        disposable_emails = d.pop("disposable_emails")

        same_address = d.pop("same_address")

        def _parse_max_referrals_per_hour(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_referrals_per_hour = _parse_max_referrals_per_hour(d.pop("max_referrals_per_hour", UNSET))

        def _parse_max_signups_per_address_per_hour(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_signups_per_address_per_hour = _parse_max_signups_per_address_per_hour(
            d.pop("max_signups_per_address_per_hour", UNSET)
        )

        fraud_rules = cls(
            canonical_emails=canonical_emails,
            disposable_emails=disposable_emails,
            same_address=same_address,
            max_referrals_per_hour=max_referrals_per_hour,
            max_signups_per_address_per_hour=max_signups_per_address_per_hour,
        )

        fraud_rules.additional_properties = d
        return fraud_rules

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
