from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FraudInput")


@_attrs_define
class FraudInput:
    """A campaign's fraud settings, as its body changes them.

    Attributes:
        canonical_emails (bool | None | Unset): One participant per inbox (default true).
        disposable_emails (None | str | Unset): `refuse`, `hold` (default) or `allow`.
        same_address (None | str | Unset): `address` (default), `address_and_agent` or `off`.
        max_referrals_per_hour (int | None | Unset): 1 to 1000 (default 20); null: no limit (so absent and null differ).
        max_signups_per_address_per_hour (int | None | Unset): 1 to 1000 (default 20); null: no limit.
    """

    canonical_emails: bool | None | Unset = UNSET
    disposable_emails: None | str | Unset = UNSET
    same_address: None | str | Unset = UNSET
    max_referrals_per_hour: int | None | Unset = UNSET
    max_signups_per_address_per_hour: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        canonical_emails: bool | None | Unset
        if isinstance(self.canonical_emails, Unset):
            canonical_emails = UNSET
        else:
            canonical_emails = self.canonical_emails

        disposable_emails: None | str | Unset
        if isinstance(self.disposable_emails, Unset):
            disposable_emails = UNSET
        else:
            disposable_emails = self.disposable_emails

        same_address: None | str | Unset
        if isinstance(self.same_address, Unset):
            same_address = UNSET
        else:
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

        field_dict.update({})
        if canonical_emails is not UNSET:
            field_dict["canonical_emails"] = canonical_emails
        if disposable_emails is not UNSET:
            field_dict["disposable_emails"] = disposable_emails
        if same_address is not UNSET:
            field_dict["same_address"] = same_address
        if max_referrals_per_hour is not UNSET:
            field_dict["max_referrals_per_hour"] = max_referrals_per_hour
        if max_signups_per_address_per_hour is not UNSET:
            field_dict["max_signups_per_address_per_hour"] = max_signups_per_address_per_hour

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_canonical_emails(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        canonical_emails = _parse_canonical_emails(d.pop("canonical_emails", UNSET))

        def _parse_disposable_emails(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disposable_emails = _parse_disposable_emails(d.pop("disposable_emails", UNSET))

        def _parse_same_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        same_address = _parse_same_address(d.pop("same_address", UNSET))

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

        fraud_input = cls(
            canonical_emails=canonical_emails,
            disposable_emails=disposable_emails,
            same_address=same_address,
            max_referrals_per_hour=max_referrals_per_hour,
            max_signups_per_address_per_hour=max_signups_per_address_per_hour,
        )

        return fraud_input
