from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.email_template_input import EmailTemplateInput


T = TypeVar("T", bound="EmailsInput")


@_attrs_define
class EmailsInput:
    """`emails` in a campaign's body: any of the four, each with any of its fields.

    Attributes:
        welcome (EmailTemplateInput | None | Unset):
        friend_joined (EmailTemplateInput | None | Unset):
        reward (EmailTemplateInput | None | Unset):
        digest (EmailTemplateInput | None | Unset):
    """

    welcome: EmailTemplateInput | None | Unset = UNSET
    friend_joined: EmailTemplateInput | None | Unset = UNSET
    reward: EmailTemplateInput | None | Unset = UNSET
    digest: EmailTemplateInput | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.email_template_input import EmailTemplateInput  # noqa: PLC0415

        welcome: dict[str, Any] | None | Unset
        if isinstance(self.welcome, Unset):
            welcome = UNSET
        elif isinstance(self.welcome, EmailTemplateInput):
            welcome = self.welcome.to_dict()
        else:
            welcome = self.welcome

        friend_joined: dict[str, Any] | None | Unset
        if isinstance(self.friend_joined, Unset):
            friend_joined = UNSET
        elif isinstance(self.friend_joined, EmailTemplateInput):
            friend_joined = self.friend_joined.to_dict()
        else:
            friend_joined = self.friend_joined

        reward: dict[str, Any] | None | Unset
        if isinstance(self.reward, Unset):
            reward = UNSET
        elif isinstance(self.reward, EmailTemplateInput):
            reward = self.reward.to_dict()
        else:
            reward = self.reward

        digest: dict[str, Any] | None | Unset
        if isinstance(self.digest, Unset):
            digest = UNSET
        elif isinstance(self.digest, EmailTemplateInput):
            digest = self.digest.to_dict()
        else:
            digest = self.digest

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if welcome is not UNSET:
            field_dict["welcome"] = welcome
        if friend_joined is not UNSET:
            field_dict["friend_joined"] = friend_joined
        if reward is not UNSET:
            field_dict["reward"] = reward
        if digest is not UNSET:
            field_dict["digest"] = digest

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_template_input import EmailTemplateInput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_welcome(data: object) -> EmailTemplateInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                welcome_type_1 = EmailTemplateInput.from_dict(data)

                return welcome_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailTemplateInput | None | Unset, data)

        welcome = _parse_welcome(d.pop("welcome", UNSET))

        def _parse_friend_joined(data: object) -> EmailTemplateInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                friend_joined_type_1 = EmailTemplateInput.from_dict(data)

                return friend_joined_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailTemplateInput | None | Unset, data)

        friend_joined = _parse_friend_joined(d.pop("friend_joined", UNSET))

        def _parse_reward(data: object) -> EmailTemplateInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reward_type_1 = EmailTemplateInput.from_dict(data)

                return reward_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailTemplateInput | None | Unset, data)

        reward = _parse_reward(d.pop("reward", UNSET))

        def _parse_digest(data: object) -> EmailTemplateInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                digest_type_1 = EmailTemplateInput.from_dict(data)

                return digest_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailTemplateInput | None | Unset, data)

        digest = _parse_digest(d.pop("digest", UNSET))

        emails_input = cls(
            welcome=welcome,
            friend_joined=friend_joined,
            reward=reward,
            digest=digest,
        )

        return emails_input
