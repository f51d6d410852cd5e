from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PreviewRefusals")


@_attrs_define
class PreviewRefusals:
    """How many of the replayed referrals each reason would have refused.

    Attributes:
        self_referral (int): Another spelling of the referrer's own address (`canonical_emails`).
        participant_exists (int): Another spelling of an earlier participant's address (`canonical_emails`).
        disposable_email (int): A disposable address (`disposable_emails: refuse`).
        referrer_refused (int): The referrer would have been refused, so their codes would not exist.
    """

    self_referral: int
    participant_exists: int
    disposable_email: int
    referrer_refused: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        self_referral = self.self_referral

        participant_exists = self.participant_exists

        disposable_email = self.disposable_email

        referrer_refused = self.referrer_refused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "self_referral": self_referral,
                "participant_exists": participant_exists,
                "disposable_email": disposable_email,
                "referrer_refused": referrer_refused,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        self_referral = d.pop("self_referral")

        participant_exists = d.pop("participant_exists")

        disposable_email = d.pop("disposable_email")

        referrer_refused = d.pop("referrer_refused")

        preview_refusals = cls(
            self_referral=self_referral,
            participant_exists=participant_exists,
            disposable_email=disposable_email,
            referrer_refused=referrer_refused,
        )

        preview_refusals.additional_properties = d
        return preview_refusals

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
