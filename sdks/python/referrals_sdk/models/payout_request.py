from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PayoutRequest")


@_attrs_define
class PayoutRequest:
    """Body of `POST /campaigns/:id/payouts` (optional: no body pays everyone due).

    Example:
        {'participant_ids': [12, 15]}

    Attributes:
        participant_ids (list[int] | None | Unset): Only these participants (at most 1,000); all whose balance is due
            when absent.
    """

    participant_ids: list[int] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        participant_ids: list[int] | None | Unset
        if isinstance(self.participant_ids, Unset):
            participant_ids = UNSET
        elif isinstance(self.participant_ids, list):
            participant_ids = self.participant_ids

        else:
            participant_ids = self.participant_ids

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if participant_ids is not UNSET:
            field_dict["participant_ids"] = participant_ids

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_participant_ids(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                participant_ids_type_0 = cast(list[int], data)

                return participant_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        participant_ids = _parse_participant_ids(d.pop("participant_ids", UNSET))

        payout_request = cls(
            participant_ids=participant_ids,
        )

        return payout_request
