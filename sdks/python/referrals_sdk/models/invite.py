from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Invite")


@_attrs_define
class Invite:
    """An invitation by email, with its own referral code.

    Attributes:
        id (int):
        email (str):
        accepted (bool):
        referral_code (str):
        referral_link (str):
        created_at (str):
        accepted_by (int | None | Unset):
    """

    id: int
    email: str
    accepted: bool
    referral_code: str
    referral_link: str
    created_at: str
    accepted_by: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        accepted = self.accepted

        referral_code = self.referral_code

        referral_link = self.referral_link

        created_at = self.created_at

        accepted_by: int | None | Unset
        if isinstance(self.accepted_by, Unset):
            accepted_by = UNSET
        else:
            accepted_by = self.accepted_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "accepted": accepted,
                "referral_code": referral_code,
                "referral_link": referral_link,
                "created_at": created_at,
            }
        )
        if accepted_by is not UNSET:
            field_dict["accepted_by"] = accepted_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        accepted = d.pop("accepted")

        referral_code = d.pop("referral_code")

        referral_link = d.pop("referral_link")

        created_at = d.pop("created_at")

        def _parse_accepted_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        accepted_by = _parse_accepted_by(d.pop("accepted_by", UNSET))

        invite = cls(
            id=id,
            email=email,
            accepted=accepted,
            referral_code=referral_code,
            referral_link=referral_link,
            created_at=created_at,
            accepted_by=accepted_by,
        )

        invite.additional_properties = d
        return invite

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
