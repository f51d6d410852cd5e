from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payout_details import PayoutDetails


T = TypeVar("T", bound="PayoutDetailsAnswer")


@_attrs_define
class PayoutDetailsAnswer:
    """A participant's payout details (null: none given).

    Attributes:
        payout_details (None | PayoutDetails | Unset):
    """

    payout_details: None | PayoutDetails | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_details import PayoutDetails  # noqa: PLC0415

        payout_details: dict[str, Any] | None | Unset
        if isinstance(self.payout_details, Unset):
            payout_details = UNSET
        elif isinstance(self.payout_details, PayoutDetails):
            payout_details = self.payout_details.to_dict()
        else:
            payout_details = self.payout_details

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if payout_details is not UNSET:
            field_dict["payout_details"] = payout_details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_details import PayoutDetails  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_payout_details(data: object) -> None | PayoutDetails | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payout_details_type_1 = PayoutDetails.from_dict(data)

                return payout_details_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutDetails | Unset, data)

        payout_details = _parse_payout_details(d.pop("payout_details", UNSET))

        payout_details_answer = cls(
            payout_details=payout_details,
        )

        payout_details_answer.additional_properties = d
        return payout_details_answer

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
