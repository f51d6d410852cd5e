from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.member_summary import MemberSummary


T = TypeVar("T", bound="TokenAnswer")


@_attrs_define
class TokenAnswer:
    """A signed-in member's token.

    Attributes:
        token (str): An HS256 JWT; send it as `Authorization: Bearer <token>`.
        token_type (str): `Bearer`.
        expires_at (str):
        member (MemberSummary): Who a token belongs to.
    """

    token: str
    token_type: str
    expires_at: str
    member: MemberSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        token_type = self.token_type

        expires_at = self.expires_at

        member = self.member.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "token": token,
                "token_type": token_type,
                "expires_at": expires_at,
                "member": member,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.member_summary import MemberSummary  # noqa: PLC0415

        d = dict(src_dict)
        token = d.pop("token")

        token_type = d.pop("token_type")

        expires_at = d.pop("expires_at")

        member = MemberSummary.from_dict(d.pop("member"))

        token_answer = cls(
            token=token,
            token_type=token_type,
            expires_at=expires_at,
            member=member,
        )

        token_answer.additional_properties = d
        return token_answer

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
