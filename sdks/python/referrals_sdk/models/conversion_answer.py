from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conversion import Conversion
    from ..models.invoice_commission import InvoiceCommission
    from ..models.promo_code_use import PromoCodeUse
    from ..models.reward import Reward


T = TypeVar("T", bound="ConversionAnswer")


@_attrs_define
class ConversionAnswer:
    """A conversion and the rewards it produced.

    Attributes:
        conversion (Conversion): A conversion.
        rewards (list[Reward]):
        commission (InvoiceCommission | None | Unset):
        promo_code (None | PromoCodeUse | Unset):
        participant_created (bool | Unset): Whether the sale signed its customer up (an email never seen, with a promo
            code).
    """

    conversion: Conversion
    rewards: list[Reward]
    commission: InvoiceCommission | None | Unset = UNSET
    promo_code: None | PromoCodeUse | Unset = UNSET
    participant_created: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.invoice_commission import InvoiceCommission  # noqa: PLC0415
        from ..models.promo_code_use import PromoCodeUse  # noqa: PLC0415

        conversion = self.conversion.to_dict()

        rewards = []
        for rewards_item_data in self.rewards:
            rewards_item = rewards_item_data.to_dict()
            rewards.append(rewards_item)

        commission: dict[str, Any] | None | Unset
        if isinstance(self.commission, Unset):
            commission = UNSET
        elif isinstance(self.commission, InvoiceCommission):
            commission = self.commission.to_dict()
        else:
            commission = self.commission

        promo_code: dict[str, Any] | None | Unset
        if isinstance(self.promo_code, Unset):
            promo_code = UNSET
        elif isinstance(self.promo_code, PromoCodeUse):
            promo_code = self.promo_code.to_dict()
        else:
            promo_code = self.promo_code

        participant_created = self.participant_created

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "conversion": conversion,
                "rewards": rewards,
            }
        )
        if commission is not UNSET:
            field_dict["commission"] = commission
        if promo_code is not UNSET:
            field_dict["promo_code"] = promo_code
        if participant_created is not UNSET:
            field_dict["participant_created"] = participant_created

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion import Conversion  # noqa: PLC0415
        from ..models.invoice_commission import InvoiceCommission  # noqa: PLC0415
        from ..models.promo_code_use import PromoCodeUse  # noqa: PLC0415
        from ..models.reward import Reward  # noqa: PLC0415

        d = dict(src_dict)
        conversion = Conversion.from_dict(d.pop("conversion"))

        rewards = []
        _rewards = d.pop("rewards")
        for rewards_item_data in _rewards:
            rewards_item = Reward.from_dict(rewards_item_data)

            rewards.append(rewards_item)

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

        def _parse_promo_code(data: object) -> None | PromoCodeUse | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                promo_code_type_1 = PromoCodeUse.from_dict(data)

                return promo_code_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PromoCodeUse | Unset, data)

        promo_code = _parse_promo_code(d.pop("promo_code", UNSET))

        participant_created = d.pop("participant_created", UNSET)

        conversion_answer = cls(
            conversion=conversion,
            rewards=rewards,
            commission=commission,
            promo_code=promo_code,
            participant_created=participant_created,
        )

        conversion_answer.additional_properties = d
        return conversion_answer

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
