from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StripeReceipt")


@_attrs_define
class StripeReceipt:
    """What a Stripe delivery did: `recorded`, `refunded`, or why it did nothing (`ignored`,
    `no_customer_email`, `no_participant`, `partial_refund`, `no_conversion`).

        Attributes:
            outcome (str):
            conversion_ids (list[int]): The conversions recorded (or found again, on a redelivery) or refunded.
            participants_created (list[int]): The participants this payment signed up: customers never seen before whose
                payment
                named a referral code (see [Attribution](#attribution) in `docs/api.md`).
    """

    outcome: str
    conversion_ids: list[int]
    participants_created: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        conversion_ids = self.conversion_ids

        participants_created = self.participants_created

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "outcome": outcome,
                "conversion_ids": conversion_ids,
                "participants_created": participants_created,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        outcome = d.pop("outcome")

        conversion_ids = cast(list[int], d.pop("conversion_ids"))

        participants_created = cast(list[int], d.pop("participants_created"))

        stripe_receipt = cls(
            outcome=outcome,
            conversion_ids=conversion_ids,
            participants_created=participants_created,
        )

        stripe_receipt.additional_properties = d
        return stripe_receipt

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
