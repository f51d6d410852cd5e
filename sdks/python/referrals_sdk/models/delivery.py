from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """One attempt as the delivery log answers it: with the id receivers saw.

    Attributes:
        event_id (int):
        attempt (int): 1 for the first attempt.
        at (str):
        duration_ms (int):
        outcome (str): What happens next: `delivered`, `retrying`, `failed` or `disabled`.
        message_id (str): The event as receivers see it: the payload's `id` and the `webhook-id` header
            (`evt_<event_id>`). A retry may name the event by it.
        status_code (int | None | Unset): The receiver's status code, when it answered.
        error (None | str | Unset): Why there is no 2xx: a transport error, a refused address, a timeout.
    """

    event_id: int
    attempt: int
    at: str
    duration_ms: int
    outcome: str
    message_id: str
    status_code: int | None | Unset = UNSET
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        attempt = self.attempt

        at = self.at

        duration_ms = self.duration_ms

        outcome = self.outcome

        message_id = self.message_id

        status_code: int | None | Unset
        if isinstance(self.status_code, Unset):
            status_code = UNSET
        else:
            status_code = self.status_code

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event_id": event_id,
                "attempt": attempt,
                "at": at,
                "duration_ms": duration_ms,
                "outcome": outcome,
                "message_id": message_id,
            }
        )
        if status_code is not UNSET:
            field_dict["status_code"] = status_code
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        attempt = d.pop("attempt")

        at = d.pop("at")

        duration_ms = d.pop("duration_ms")

        outcome = d.pop("outcome")

        message_id = d.pop("message_id")

        def _parse_status_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status_code = _parse_status_code(d.pop("status_code", UNSET))

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        delivery = cls(
            event_id=event_id,
            attempt=attempt,
            at=at,
            duration_ms=duration_ms,
            outcome=outcome,
            message_id=message_id,
            status_code=status_code,
            error=error,
        )

        delivery.additional_properties = d
        return delivery

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
