from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CampaignEmail")


@_attrs_define
class CampaignEmail:
    """One email as the delivery log shows it.

    Attributes:
        id (int):
        kind (str): `welcome`, `friend_joined`, `reward` or `digest`.
        to (str): The address; empty once the participant was erased.
        subject (str): Empty once a participant it names was erased.
        status (str): `queued`, `sent`, `failed` or `cancelled`.
        attempts (int): Attempts made.
        created_at (str):
        participant_id (int | None | Unset): The participant it is to; null for a digest (to the member).
        last_attempt_at (None | str | Unset):
        sent_at (None | str | Unset):
        last_error (None | str | Unset): The SMTP server's answer, or why the email was cancelled.
    """

    id: int
    kind: str
    to: str
    subject: str
    status: str
    attempts: int
    created_at: str
    participant_id: int | None | Unset = UNSET
    last_attempt_at: None | str | Unset = UNSET
    sent_at: None | str | Unset = UNSET
    last_error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind

        to = self.to

        subject = self.subject

        status = self.status

        attempts = self.attempts

        created_at = self.created_at

        participant_id: int | None | Unset
        if isinstance(self.participant_id, Unset):
            participant_id = UNSET
        else:
            participant_id = self.participant_id

        last_attempt_at: None | str | Unset
        if isinstance(self.last_attempt_at, Unset):
            last_attempt_at = UNSET
        else:
            last_attempt_at = self.last_attempt_at

        sent_at: None | str | Unset
        if isinstance(self.sent_at, Unset):
            sent_at = UNSET
        else:
            sent_at = self.sent_at

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "to": to,
                "subject": subject,
                "status": status,
                "attempts": attempts,
                "created_at": created_at,
            }
        )
        if participant_id is not UNSET:
            field_dict["participant_id"] = participant_id
        if last_attempt_at is not UNSET:
            field_dict["last_attempt_at"] = last_attempt_at
        if sent_at is not UNSET:
            field_dict["sent_at"] = sent_at
        if last_error is not UNSET:
            field_dict["last_error"] = last_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        to = d.pop("to")

        subject = d.pop("subject")

        status = d.pop("status")

        attempts = d.pop("attempts")

        created_at = d.pop("created_at")

        def _parse_participant_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        participant_id = _parse_participant_id(d.pop("participant_id", UNSET))

        def _parse_last_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at", UNSET))

        def _parse_sent_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sent_at = _parse_sent_at(d.pop("sent_at", UNSET))

        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))

        campaign_email = cls(
            id=id,
            kind=kind,
            to=to,
            subject=subject,
            status=status,
            attempts=attempts,
            created_at=created_at,
            participant_id=participant_id,
            last_attempt_at=last_attempt_at,
            sent_at=sent_at,
            last_error=last_error,
        )

        campaign_email.additional_properties = d
        return campaign_email

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
