from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.email_template import EmailTemplate


T = TypeVar("T", bound="CampaignEmails")


@_attrs_define
class CampaignEmails:
    """The emails a campaign sends its participants.

    Attributes:
        welcome (EmailTemplate): One email: on or off, its subject and text, and the placeholders they may use.
        friend_joined (EmailTemplate): One email: on or off, its subject and text, and the placeholders they may use.
        reward (EmailTemplate): One email: on or off, its subject and text, and the placeholders they may use.
        digest (EmailTemplate): One email: on or off, its subject and text, and the placeholders they may use.
    """

    welcome: EmailTemplate
    friend_joined: EmailTemplate
    reward: EmailTemplate
    digest: EmailTemplate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        welcome = self.welcome.to_dict()

        friend_joined = self.friend_joined.to_dict()

        reward = self.reward.to_dict()

        digest = self.digest.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "welcome": welcome,
                "friend_joined": friend_joined,
                "reward": reward,
                "digest": digest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_template import EmailTemplate  # noqa: PLC0415

        d = dict(src_dict)
        welcome = EmailTemplate.from_dict(d.pop("welcome"))

        friend_joined = EmailTemplate.from_dict(d.pop("friend_joined"))

        reward = EmailTemplate.from_dict(d.pop("reward"))

        digest = EmailTemplate.from_dict(d.pop("digest"))

        campaign_emails = cls(
            welcome=welcome,
            friend_joined=friend_joined,
            reward=reward,
            digest=digest,
        )

        campaign_emails.additional_properties = d
        return campaign_emails

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
