from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CohortView")


@_attrs_define
class CohortView:
    """The participants who joined in one week or month, and what they brought.

    Attributes:
        starts (str): The cohort's local start, with its offset (`2026-11-02T00:00:00+01:00`).
        participants (int):
        referrers (int): How many of them referred anyone.
        referrer_share (float): `referrers` ÷ `participants`.
        referred (int): Whom they referred, as of now.
        referred_within_30_days (int): Whom they referred within 30 days of their own joining.
        referred_within_90_days (int): Whom they referred within 90 days of their own joining.
        k (float): K: `referred` ÷ `participants`.
        deepest_generation (int): The longest chain from one of them: 1 when their friends referred nobody, 2 when a
            friend's friend joined, and so on; 0 when nobody referred.
        cycle_time_median_seconds (int | None | Unset): Seconds from a referrer's joining to their first friend's: the
            median (nearest rank);
            null when nobody referred.
        cycle_time_p90_seconds (int | None | Unset): The same, its 90th percentile.
    """

    starts: str
    participants: int
    referrers: int
    referrer_share: float
    referred: int
    referred_within_30_days: int
    referred_within_90_days: int
    k: float
    deepest_generation: int
    cycle_time_median_seconds: int | None | Unset = UNSET
    cycle_time_p90_seconds: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        starts = self.starts

        participants = self.participants

        referrers = self.referrers

        referrer_share = self.referrer_share

        referred = self.referred

        referred_within_30_days = self.referred_within_30_days

        referred_within_90_days = self.referred_within_90_days

        k = self.k

        deepest_generation = self.deepest_generation

        cycle_time_median_seconds: int | None | Unset
        if isinstance(self.cycle_time_median_seconds, Unset):
            cycle_time_median_seconds = UNSET
        else:
            cycle_time_median_seconds = self.cycle_time_median_seconds

        cycle_time_p90_seconds: int | None | Unset
        if isinstance(self.cycle_time_p90_seconds, Unset):
            cycle_time_p90_seconds = UNSET
        else:
            cycle_time_p90_seconds = self.cycle_time_p90_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "starts": starts,
                "participants": participants,
                "referrers": referrers,
                "referrer_share": referrer_share,
                "referred": referred,
                "referred_within_30_days": referred_within_30_days,
                "referred_within_90_days": referred_within_90_days,
                "k": k,
                "deepest_generation": deepest_generation,
            }
        )
        if cycle_time_median_seconds is not UNSET:
            field_dict["cycle_time_median_seconds"] = cycle_time_median_seconds
        if cycle_time_p90_seconds is not UNSET:
            field_dict["cycle_time_p90_seconds"] = cycle_time_p90_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        starts = d.pop("starts")

        participants = d.pop("participants")

        referrers = d.pop("referrers")

        referrer_share = d.pop("referrer_share")

        referred = d.pop("referred")

        referred_within_30_days = d.pop("referred_within_30_days")

        referred_within_90_days = d.pop("referred_within_90_days")

        k = d.pop("k")

        deepest_generation = d.pop("deepest_generation")

        def _parse_cycle_time_median_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cycle_time_median_seconds = _parse_cycle_time_median_seconds(d.pop("cycle_time_median_seconds", UNSET))

        def _parse_cycle_time_p90_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cycle_time_p90_seconds = _parse_cycle_time_p90_seconds(d.pop("cycle_time_p90_seconds", UNSET))

        cohort_view = cls(
            starts=starts,
            participants=participants,
            referrers=referrers,
            referrer_share=referrer_share,
            referred=referred,
            referred_within_30_days=referred_within_30_days,
            referred_within_90_days=referred_within_90_days,
            k=k,
            deepest_generation=deepest_generation,
            cycle_time_median_seconds=cycle_time_median_seconds,
            cycle_time_p90_seconds=cycle_time_p90_seconds,
        )

        cohort_view.additional_properties = d
        return cohort_view

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
