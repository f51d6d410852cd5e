from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conversion import Conversion
    from ..models.invoice_commission import InvoiceCommission
    from ..models.reward import Reward


T = TypeVar("T", bound="RefundAnswer")


@_attrs_define
class RefundAnswer:
    """What a refund did.

    Attributes:
        conversion (Conversion): A conversion.
        voided (list[Reward]): The rewards it voided.
        fulfilled (list[Reward]): The rewards it could not void: fulfilled (paid out) already, or in a payout that has
            not failed.
        commission (InvoiceCommission | None | Unset):
    """

    conversion: Conversion
    voided: list[Reward]
    fulfilled: list[Reward]
    commission: InvoiceCommission | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.invoice_commission import InvoiceCommission  # noqa: PLC0415

        conversion = self.conversion.to_dict()

        voided = []
        for voided_item_data in self.voided:
            voided_item = voided_item_data.to_dict()
            voided.append(voided_item)

        fulfilled = []
        for fulfilled_item_data in self.fulfilled:
            fulfilled_item = fulfilled_item_data.to_dict()
            fulfilled.append(fulfilled_item)

        commission: dict[str, Any] | None | Unset
        if isinstance(self.commission, Unset):
            commission = UNSET
        elif isinstance(self.commission, InvoiceCommission):
            commission = self.commission.to_dict()
        else:
            commission = self.commission

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "conversion": conversion,
                "voided": voided,
                "fulfilled": fulfilled,
            }
        )
        if commission is not UNSET:
            field_dict["commission"] = commission

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion import Conversion  # noqa: PLC0415
        from ..models.invoice_commission import InvoiceCommission  # noqa: PLC0415
        from ..models.reward import Reward  # noqa: PLC0415

        d = dict(src_dict)
        conversion = Conversion.from_dict(d.pop("conversion"))

        voided = []
        _voided = d.pop("voided")
        for voided_item_data in _voided:
            voided_item = Reward.from_dict(voided_item_data)

            voided.append(voided_item)

        fulfilled = []
        _fulfilled = d.pop("fulfilled")
        for fulfilled_item_data in _fulfilled:
            fulfilled_item = Reward.from_dict(fulfilled_item_data)

            fulfilled.append(fulfilled_item)

        def _parse_commission(data: object) -> InvoiceCommission | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                commission_type_1 = InvoiceCommission.from_dict(data)

                return commission_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceCommission | None | Unset, data)

        commission = _parse_commission(d.pop("commission", UNSET))

        refund_answer = cls(
            conversion=conversion,
            voided=voided,
            fulfilled=fulfilled,
            commission=commission,
        )

        refund_answer.additional_properties = d
        return refund_answer

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
