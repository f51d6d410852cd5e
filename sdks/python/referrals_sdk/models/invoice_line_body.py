from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceLineBody")


@_attrs_define
class InvoiceLineBody:
    """A line of a paid invoice.

    Attributes:
        amount (str): What the customer paid for the line, after discounts and without tax: a decimal with
            at most the currency's decimals ("49.00"; "4900" in JPY). Example: 49.00.
        product_id (None | str | Unset): Your product's id, for a product's own rate.
    """

    amount: str
    product_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        product_id: None | str | Unset
        if isinstance(self.product_id, Unset):
            product_id = UNSET
        else:
            product_id = self.product_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
            }
        )
        if product_id is not UNSET:
            field_dict["product_id"] = product_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_product_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        product_id = _parse_product_id(d.pop("product_id", UNSET))

        invoice_line_body = cls(
            amount=amount,
            product_id=product_id,
        )

        return invoice_line_body
