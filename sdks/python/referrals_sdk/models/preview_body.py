from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.commission_input import CommissionInput


T = TypeVar("T", bound="PreviewBody")


@_attrs_define
class PreviewBody:
    """Body of `POST /campaigns/:id/commission/preview`.

    Example:
        {'rule': {'type': 'percent', 'rate': 30, 'duration_months': 12}, 'from': '2027-01-01'}

    Attributes:
        rule (CommissionInput): The `commission` field of a campaign's input. It replaces the campaign's rule as a
            whole:
            a field left out is no longer part of it. Example: {'type': 'percent', 'rate': 20, 'first_payment_rate': 50,
            'duration_months': 12}.
        from_ (None | str | Unset): Only invoices whose period starts on or after this date (YYYY-MM-DD or RFC 3339).
        to (None | str | Unset): Only invoices whose period starts on or before this date.
    """

    rule: CommissionInput
    from_: None | str | Unset = UNSET
    to: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule.to_dict()

        from_: None | str | Unset
        if isinstance(self.from_, Unset):
            from_ = UNSET
        else:
            from_ = self.from_

        to: None | str | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        else:
            to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
            }
        )
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commission_input import CommissionInput  # noqa: PLC0415

        d = dict(src_dict)
        rule = CommissionInput.from_dict(d.pop("rule"))

        def _parse_from_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_ = _parse_from_(d.pop("from", UNSET))

        def _parse_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        preview_body = cls(
            rule=rule,
            from_=from_,
            to=to,
        )

        return preview_body
