from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromoCodeBody")


@_attrs_define
class PromoCodeBody:
    """Body of `POST /participants/:id/promo-codes`.

    Example:
        {'code': 'SAM20', 'stripe_promotion_code': 'promo_1Q2w3E'}

    Attributes:
        code (str): 3 to 32 letters, digits, `-` or `_`; unique in the brand without regard to case, and
            never given twice.
        stripe_promotion_code (None | str | Unset): The Stripe promotion code that is this code at checkout (`promo_…`):
            a Stripe sale
            whose discount names it carries this code.
    """

    code: str
    stripe_promotion_code: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        stripe_promotion_code: None | str | Unset
        if isinstance(self.stripe_promotion_code, Unset):
            stripe_promotion_code = UNSET
        else:
            stripe_promotion_code = self.stripe_promotion_code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )
        if stripe_promotion_code is not UNSET:
            field_dict["stripe_promotion_code"] = stripe_promotion_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        def _parse_stripe_promotion_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stripe_promotion_code = _parse_stripe_promotion_code(d.pop("stripe_promotion_code", UNSET))

        promo_code_body = cls(
            code=code,
            stripe_promotion_code=stripe_promotion_code,
        )

        return promo_code_body
