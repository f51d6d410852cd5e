from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """A webhook; `secret` only when it was just made.

    Attributes:
        id (int):
        link (str):
        description (str):
        active (bool):
        created_at (str):
        events (list[str]): The kinds of event it gets (every kind unless some were named).
        campaign_id (int | None | Unset):
        disabled_reason (None | str | Unset):
        secret (None | str | Unset): `whsec_…`: shown once, when the webhook or a new secret was made.
    """

    id: int
    link: str
    description: str
    active: bool
    created_at: str
    events: list[str]
    campaign_id: int | None | Unset = UNSET
    disabled_reason: None | str | Unset = UNSET
    secret: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        link = self.link

        description = self.description

        active = self.active

        created_at = self.created_at

        events = self.events

        campaign_id: int | None | Unset
        if isinstance(self.campaign_id, Unset):
            campaign_id = UNSET
        else:
            campaign_id = self.campaign_id

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "link": link,
                "description": description,
                "active": active,
                "created_at": created_at,
                "events": events,
            }
        )
        if campaign_id is not UNSET:
            field_dict["campaign_id"] = campaign_id
        if disabled_reason is not UNSET:
            field_dict["disabled_reason"] = disabled_reason
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        link = d.pop("link")

        description = d.pop("description")

        active = d.pop("active")

        created_at = d.pop("created_at")

        events = cast(list[str], d.pop("events"))

        def _parse_campaign_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        campaign_id = _parse_campaign_id(d.pop("campaign_id", UNSET))

        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason", UNSET))

        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))

        webhook = cls(
            id=id,
            link=link,
            description=description,
            active=active,
            created_at=created_at,
            events=events,
            campaign_id=campaign_id,
            disabled_reason=disabled_reason,
            secret=secret,
        )

        webhook.additional_properties = d
        return webhook

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
