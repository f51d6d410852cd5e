from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClickAnswer")


@_attrs_define
class ClickAnswer:
    """The click endpoint's answer: outside the envelope, always 200.

    Example:
        {'ok': True, 'campaignId': 7, 'participantId': 12, 'to': 'shop.example.com'}

    Attributes:
        ok (bool):
        campaign_id (int | None | Unset):
        participant_id (int | None | Unset):
        to (None | str | Unset):
    """

    ok: bool
    campaign_id: int | None | Unset = UNSET
    participant_id: int | None | Unset = UNSET
    to: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        campaign_id: int | None | Unset
        if isinstance(self.campaign_id, Unset):
            campaign_id = UNSET
        else:
            campaign_id = self.campaign_id

        participant_id: int | None | Unset
        if isinstance(self.participant_id, Unset):
            participant_id = UNSET
        else:
            participant_id = self.participant_id

        to: None | str | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        else:
            to = self.to

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
            }
        )
        if campaign_id is not UNSET:
            field_dict["campaignId"] = campaign_id
        if participant_id is not UNSET:
            field_dict["participantId"] = participant_id
        if to is not UNSET:
            field_dict["to"] = to

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ok = d.pop("ok")

        def _parse_campaign_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        campaign_id = _parse_campaign_id(d.pop("campaignId", UNSET))

        def _parse_participant_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        participant_id = _parse_participant_id(d.pop("participantId", UNSET))

        def _parse_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        click_answer = cls(
            ok=ok,
            campaign_id=campaign_id,
            participant_id=participant_id,
            to=to,
        )

        click_answer.additional_properties = d
        return click_answer

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
