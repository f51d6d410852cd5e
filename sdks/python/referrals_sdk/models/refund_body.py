from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RefundBody")


@_attrs_define
class RefundBody:
    """Body of `POST /conversions/:id/refund`, all optional: without `amount`, the whole
    conversion is refunded.

        Attributes:
            amount (None | str | Unset): How much was refunded, in the conversion's currency ("24.50"): a commission takes
                back
                that share of itself. Absent: all of it. Example: 24.50.
            refund_id (None | str | Unset): Your id of the refund: a refund is counted once by its id (else by the request's
                `Idempotency-Key`). Required with `amount`.
    """

    amount: None | str | Unset = UNSET
    refund_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        refund_id: None | str | Unset
        if isinstance(self.refund_id, Unset):
            refund_id = UNSET
        else:
            refund_id = self.refund_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if refund_id is not UNSET:
            field_dict["refund_id"] = refund_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_refund_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refund_id = _parse_refund_id(d.pop("refund_id", UNSET))

        refund_body = cls(
            amount=amount,
            refund_id=refund_id,
        )

        return refund_body
