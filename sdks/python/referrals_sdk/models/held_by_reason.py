from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeldByReason")


@_attrs_define
class HeldByReason:
    """How many rewards are held now for each reason.

    Attributes:
        hold_period (int):
        disposable_email (int):
        same_address (int):
        velocity (int):
        no_exchange_rate (int): Commissions on invoices in another currency, waiting for an exchange rate.
    """

    hold_period: int
    disposable_email: int
    same_address: int
    velocity: int
    no_exchange_rate: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hold_period = self.hold_period

        disposable_email = self.disposable_email

        same_address = self.same_address

        velocity = self.velocity

        no_exchange_rate = self.no_exchange_rate

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hold_period": hold_period,
                "disposable_email": disposable_email,
                "same_address": same_address,
                "velocity": velocity,
                "no_exchange_rate": no_exchange_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hold_period = d.pop("hold_period")

        disposable_email = d.pop("disposable_email")

        same_address = d.pop("same_address")

        velocity = d.pop("velocity")

        no_exchange_rate = d.pop("no_exchange_rate")

        held_by_reason = cls(
            hold_period=hold_period,
            disposable_email=disposable_email,
            same_address=same_address,
            velocity=velocity,
            no_exchange_rate=no_exchange_rate,
        )

        held_by_reason.additional_properties = d
        return held_by_reason

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
