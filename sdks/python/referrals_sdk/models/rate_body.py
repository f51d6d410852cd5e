from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RateBody")


@_attrs_define
class RateBody:
    """One rate: `rate` units of `to` buy one unit of `from` on `date`.

    Attributes:
        from_ (str): ISO 4217 ("EUR").
        to (str): ISO 4217 ("USD").
        date (str): YYYY-MM-DD.
        rate (str): A positive decimal of at most 8 decimals, as a string ("1.0870").
    """

    from_: str
    to: str
    date: str
    rate: str

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        to = self.to

        date = self.date

        rate = self.rate

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "date": date,
                "rate": rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from")

        to = d.pop("to")

        date = d.pop("date")

        rate = d.pop("rate")

        rate_body = cls(
            from_=from_,
            to=to,
            date=date,
            rate=rate,
        )

        return rate_body
