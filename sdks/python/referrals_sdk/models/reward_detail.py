from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reward_change import RewardChange


T = TypeVar("T", bound="RewardDetail")


@_attrs_define
class RewardDetail:
    """A reward with its history: every state it entered, oldest first.

    Attributes:
        id (int):
        type_ (str): `coupon`, `message`, `token` or `cash`.
        status (str): `held`, `pending`, `issued`, `fulfilled` or `voided`.
        reason (str): `referrer` or `invited`.
        participant_id (int):
        campaign_id (int):
        created_at (str):
        hold_reasons (list[str]): While held: why (`hold_period`, …).
        history (list[RewardChange]):
        value (None | str | Unset): The coupon code, amount or message; a coupon's is null until it is issued.
        issued_at (None | str | Unset):
        hold_until (None | str | Unset): While held for a hold period: when it ends and the reward is issued by itself.
        void_reason (None | str | Unset): Once voided: why.
    """

    id: int
    type_: str
    status: str
    reason: str
    participant_id: int
    campaign_id: int
    created_at: str
    hold_reasons: list[str]
    history: list[RewardChange]
    value: None | str | Unset = UNSET
    issued_at: None | str | Unset = UNSET
    hold_until: None | str | Unset = UNSET
    void_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        status = self.status

        reason = self.reason

        participant_id = self.participant_id

        campaign_id = self.campaign_id

        created_at = self.created_at

        hold_reasons = self.hold_reasons

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        value: None | str | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        issued_at: None | str | Unset
        if isinstance(self.issued_at, Unset):
            issued_at = UNSET
        else:
            issued_at = self.issued_at

        hold_until: None | str | Unset
        if isinstance(self.hold_until, Unset):
            hold_until = UNSET
        else:
            hold_until = self.hold_until

        void_reason: None | str | Unset
        if isinstance(self.void_reason, Unset):
            void_reason = UNSET
        else:
            void_reason = self.void_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "status": status,
                "reason": reason,
                "participant_id": participant_id,
                "campaign_id": campaign_id,
                "created_at": created_at,
                "hold_reasons": hold_reasons,
                "history": history,
            }
        )
        if value is not UNSET:
            field_dict["value"] = value
        if issued_at is not UNSET:
            field_dict["issued_at"] = issued_at
        if hold_until is not UNSET:
            field_dict["hold_until"] = hold_until
        if void_reason is not UNSET:
            field_dict["void_reason"] = void_reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reward_change import RewardChange  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        status = d.pop("status")

        reason = d.pop("reason")

        participant_id = d.pop("participant_id")

        campaign_id = d.pop("campaign_id")

        created_at = d.pop("created_at")

        hold_reasons = cast(list[str], d.pop("hold_reasons"))

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = RewardChange.from_dict(history_item_data)

            history.append(history_item)

        def _parse_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        def _parse_issued_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        issued_at = _parse_issued_at(d.pop("issued_at", UNSET))

        def _parse_hold_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hold_until = _parse_hold_until(d.pop("hold_until", UNSET))

        def _parse_void_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        void_reason = _parse_void_reason(d.pop("void_reason", UNSET))

        reward_detail = cls(
            id=id,
            type_=type_,
            status=status,
            reason=reason,
            participant_id=participant_id,
            campaign_id=campaign_id,
            created_at=created_at,
            hold_reasons=hold_reasons,
            history=history,
            value=value,
            issued_at=issued_at,
            hold_until=hold_until,
            void_reason=void_reason,
        )

        reward_detail.additional_properties = d
        return reward_detail

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
