from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Conversion")


@_attrs_define
class Conversion:
    """A conversion.

    Attributes:
        id (int):
        campaign_id (int):
        participant_id (int):
        external_id (str): Your order or invoice id.
        status (str): `recorded` or `refunded`.
        created_at (str):
        reward_ids (list[int]): The ids of the rewards it produced.
        payment_references (list[str]): Stripe's ids of the payment (payment intent, invoice) when Stripe reported it.
        amount (None | str | Unset):
        currency (None | str | Unset):
        refunded_at (None | str | Unset):
    """

    id: int
    campaign_id: int
    participant_id: int
    external_id: str
    status: str
    created_at: str
    reward_ids: list[int]
    payment_references: list[str]
    amount: None | str | Unset = UNSET
    currency: None | str | Unset = UNSET
    refunded_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        participant_id = self.participant_id

        external_id = self.external_id

        status = self.status

        created_at = self.created_at

        reward_ids = self.reward_ids

        payment_references = self.payment_references

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        refunded_at: None | str | Unset
        if isinstance(self.refunded_at, Unset):
            refunded_at = UNSET
        else:
            refunded_at = self.refunded_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "participant_id": participant_id,
                "external_id": external_id,
                "status": status,
                "created_at": created_at,
                "reward_ids": reward_ids,
                "payment_references": payment_references,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if currency is not UNSET:
            field_dict["currency"] = currency
        if refunded_at is not UNSET:
            field_dict["refunded_at"] = refunded_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        participant_id = d.pop("participant_id")

        external_id = d.pop("external_id")

        status = d.pop("status")

        created_at = d.pop("created_at")

        reward_ids = cast(list[int], d.pop("reward_ids"))

        payment_references = cast(list[str], d.pop("payment_references"))

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_refunded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refunded_at = _parse_refunded_at(d.pop("refunded_at", UNSET))

        conversion = cls(
            id=id,
            campaign_id=campaign_id,
            participant_id=participant_id,
            external_id=external_id,
            status=status,
            created_at=created_at,
            reward_ids=reward_ids,
            payment_references=payment_references,
            amount=amount,
            currency=currency,
            refunded_at=refunded_at,
        )

        conversion.additional_properties = d
        return conversion

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
