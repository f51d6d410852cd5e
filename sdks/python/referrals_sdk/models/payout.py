from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Payout")


@_attrs_define
class Payout:
    """A payout of a participant's approved cash rewards.

    Attributes:
        id (int):
        campaign_id (int):
        participant_id (int):
        amount (str): What is paid ("35.00"): its rewards' values less `deducted`.
        deducted (str): Taken off for what the participant owed: cash paid to them before whose conversion
            was refunded since ("0.00" when nothing).
        currency (str): ISO 4217.
        method (str): `manual` or `webhook` (the campaign's method when it was made).
        status (str): `requested`, `paid` or `failed`.
        reward_ids (list[int]): The rewards it pays. A reward is in one payout at most that has not failed.
        created_at (str):
        reference (None | str | Unset): The payment's reference, once paid.
        paid_at (None | str | Unset):
        failed_at (None | str | Unset):
        failure_reason (None | str | Unset): Why it was not paid, once failed (its rewards are free for a later payout).
    """

    id: int
    campaign_id: int
    participant_id: int
    amount: str
    deducted: str
    currency: str
    method: str
    status: str
    reward_ids: list[int]
    created_at: str
    reference: None | str | Unset = UNSET
    paid_at: None | str | Unset = UNSET
    failed_at: None | str | Unset = UNSET
    failure_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        participant_id = self.participant_id

        amount = self.amount

        deducted = self.deducted

        currency = self.currency

        method = self.method

        status = self.status

        reward_ids = self.reward_ids

        created_at = self.created_at

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        paid_at: None | str | Unset
        if isinstance(self.paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = self.paid_at

        failed_at: None | str | Unset
        if isinstance(self.failed_at, Unset):
            failed_at = UNSET
        else:
            failed_at = self.failed_at

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "participant_id": participant_id,
                "amount": amount,
                "deducted": deducted,
                "currency": currency,
                "method": method,
                "status": status,
                "reward_ids": reward_ids,
                "created_at": created_at,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at
        if failed_at is not UNSET:
            field_dict["failed_at"] = failed_at
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        participant_id = d.pop("participant_id")

        amount = d.pop("amount")

        deducted = d.pop("deducted")

        currency = d.pop("currency")

        method = d.pop("method")

        status = d.pop("status")

        reward_ids = cast(list[int], d.pop("reward_ids"))

        created_at = d.pop("created_at")

        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        def _parse_paid_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_at = _parse_paid_at(d.pop("paid_at", UNSET))

        def _parse_failed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failed_at = _parse_failed_at(d.pop("failed_at", UNSET))

        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))

        payout = cls(
            id=id,
            campaign_id=campaign_id,
            participant_id=participant_id,
            amount=amount,
            deducted=deducted,
            currency=currency,
            method=method,
            status=status,
            reward_ids=reward_ids,
            created_at=created_at,
            reference=reference,
            paid_at=paid_at,
            failed_at=failed_at,
            failure_reason=failure_reason,
        )

        payout.additional_properties = d
        return payout

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
