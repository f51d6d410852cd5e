from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RetryAnswer")


@_attrs_define
class RetryAnswer:
    """A retry that was asked for.

    Attributes:
        webhook_id (int):
        event_id (int):
        message_id (str): The event as receivers see it (`evt_<event_id>`).
        queued (bool): False when the delivery was already waiting or in flight.
    """

    webhook_id: int
    event_id: int
    message_id: str
    queued: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        webhook_id = self.webhook_id

        event_id = self.event_id

        message_id = self.message_id

        queued = self.queued

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "webhook_id": webhook_id,
                "event_id": event_id,
                "message_id": message_id,
                "queued": queued,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        webhook_id = d.pop("webhook_id")

        event_id = d.pop("event_id")

        message_id = d.pop("message_id")

        queued = d.pop("queued")

        retry_answer = cls(
            webhook_id=webhook_id,
            event_id=event_id,
            message_id=message_id,
            queued=queued,
        )

        retry_answer.additional_properties = d
        return retry_answer

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
