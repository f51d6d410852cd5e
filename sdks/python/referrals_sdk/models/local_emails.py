from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.local_email import LocalEmail


T = TypeVar("T", bound="LocalEmails")


@_attrs_define
class LocalEmails:
    """The participant emails in one language.

    Attributes:
        welcome (LocalEmail | Unset): One email's subject and text in one language.
        friend_joined (LocalEmail | Unset): One email's subject and text in one language.
        reward (LocalEmail | Unset): One email's subject and text in one language.
    """

    welcome: LocalEmail | Unset = UNSET
    friend_joined: LocalEmail | Unset = UNSET
    reward: LocalEmail | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        welcome: dict[str, Any] | Unset = UNSET
        if not isinstance(self.welcome, Unset):
            welcome = self.welcome.to_dict()

        friend_joined: dict[str, Any] | Unset = UNSET
        if not isinstance(self.friend_joined, Unset):
            friend_joined = self.friend_joined.to_dict()

        reward: dict[str, Any] | Unset = UNSET
        if not isinstance(self.reward, Unset):
            reward = self.reward.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if welcome is not UNSET:
            field_dict["welcome"] = welcome
        if friend_joined is not UNSET:
            field_dict["friend_joined"] = friend_joined
        if reward is not UNSET:
            field_dict["reward"] = reward

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.local_email import LocalEmail  # noqa: PLC0415

        d = dict(src_dict)
        _welcome = d.pop("welcome", UNSET)
        welcome: LocalEmail | Unset
        if isinstance(_welcome, Unset):
            welcome = UNSET
        else:
            welcome = LocalEmail.from_dict(_welcome)

        _friend_joined = d.pop("friend_joined", UNSET)
        friend_joined: LocalEmail | Unset
        if isinstance(_friend_joined, Unset):
            friend_joined = UNSET
        else:
            friend_joined = LocalEmail.from_dict(_friend_joined)

        _reward = d.pop("reward", UNSET)
        reward: LocalEmail | Unset
        if isinstance(_reward, Unset):
            reward = UNSET
        else:
            reward = LocalEmail.from_dict(_reward)

        local_emails = cls(
            welcome=welcome,
            friend_joined=friend_joined,
            reward=reward,
        )

        local_emails.additional_properties = d
        return local_emails

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
