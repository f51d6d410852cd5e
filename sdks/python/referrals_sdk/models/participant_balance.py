from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adjustment import Adjustment


T = TypeVar("T", bound="ParticipantBalance")


@_attrs_define
class ParticipantBalance:
    """Where a participant stands: what is due to them, what they owe, and how the debt came.

    Attributes:
        currency (str): ISO 4217, the campaign's.
        unpaid (str): Their approved cash rewards that no payout holds.
        owed (str): What they owe: cash paid to them whose conversions were refunded since, taken off
            their next payouts.
        adjustments (list[Adjustment]): How `owed` came to be, oldest first: `amount` positive when owed more, negative
            when
            taken off a payout.
    """

    currency: str
    unpaid: str
    owed: str
    adjustments: list[Adjustment]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency

        unpaid = self.unpaid

        owed = self.owed

        adjustments = []
        for adjustments_item_data in self.adjustments:
            adjustments_item = adjustments_item_data.to_dict()
            adjustments.append(adjustments_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "currency": currency,
                "unpaid": unpaid,
                "owed": owed,
                "adjustments": adjustments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.adjustment import Adjustment  # noqa: PLC0415

        d = dict(src_dict)
        currency = d.pop("currency")

        unpaid = d.pop("unpaid")

        owed = d.pop("owed")

        adjustments = []
        _adjustments = d.pop("adjustments")
        for adjustments_item_data in _adjustments:
            adjustments_item = Adjustment.from_dict(adjustments_item_data)

            adjustments.append(adjustments_item)

        participant_balance = cls(
            currency=currency,
            unpaid=unpaid,
            owed=owed,
            adjustments=adjustments,
        )

        participant_balance.additional_properties = d
        return participant_balance

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
