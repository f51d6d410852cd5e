from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AdmitBody")


@_attrs_define
class AdmitBody:
    """Body of `POST /campaigns/:id/waitlist/admit`, as sent: whom it admits, `count` or
    `participant_ids`, not both.

        Attributes:
            count (int | None | Unset): The first `count` of the line (1 to 1,000).
            participant_ids (list[int] | None | Unset): These participants of the campaign, wherever they stand (1 to 1,000
                ids). Those not
                in line (admitted before, blocked, erased) are passed over, so a retry admits nobody
                twice.
    """

    count: int | None | Unset = UNSET
    participant_ids: list[int] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        participant_ids: list[int] | None | Unset
        if isinstance(self.participant_ids, Unset):
            participant_ids = UNSET
        elif isinstance(self.participant_ids, list):
            participant_ids = self.participant_ids

        else:
            participant_ids = self.participant_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if count is not UNSET:
            field_dict["count"] = count
        if participant_ids is not UNSET:
            field_dict["participant_ids"] = participant_ids

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

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

        admit_body = cls(
            count=count,
            participant_ids=participant_ids,
        )

        admit_body.additional_properties = d
        return admit_body

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
