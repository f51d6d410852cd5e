from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.participant import Participant
    from ..models.referrer_count import ReferrerCount
    from ..models.reward import Reward


T = TypeVar("T", bound="ReferralSignupAnswer")


@_attrs_define
class ReferralSignupAnswer:
    """The answer of `POST /signups/referral`.

    Attributes:
        participant (Participant): A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
            map, because building a map per object was measurable.
        reward (None | Reward | Unset):
        referrer_reward (None | Reward | Unset):
        referrer (None | ReferrerCount | Unset):
        message (None | str | Unset): Set (with a 200) when the participant already had an inviter: nothing changed.
    """

    participant: Participant
    reward: None | Reward | Unset = UNSET
    referrer_reward: None | Reward | Unset = UNSET
    referrer: None | ReferrerCount | Unset = UNSET
    message: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.referrer_count import ReferrerCount  # noqa: PLC0415
        from ..models.reward import Reward  # noqa: PLC0415

        participant = self.participant.to_dict()

        reward: dict[str, Any] | None | Unset
        if isinstance(self.reward, Unset):
            reward = UNSET
        elif isinstance(self.reward, Reward):
            reward = self.reward.to_dict()
        else:
            reward = self.reward

        referrer_reward: dict[str, Any] | None | Unset
        if isinstance(self.referrer_reward, Unset):
            referrer_reward = UNSET
        elif isinstance(self.referrer_reward, Reward):
            referrer_reward = self.referrer_reward.to_dict()
        else:
            referrer_reward = self.referrer_reward

        referrer: dict[str, Any] | None | Unset
        if isinstance(self.referrer, Unset):
            referrer = UNSET
        elif isinstance(self.referrer, ReferrerCount):
            referrer = self.referrer.to_dict()
        else:
            referrer = self.referrer

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "participant": participant,
            }
        )
        if reward is not UNSET:
            field_dict["reward"] = reward
        if referrer_reward is not UNSET:
            field_dict["referrer_reward"] = referrer_reward
        if referrer is not UNSET:
            field_dict["referrer"] = referrer
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.participant import Participant  # noqa: PLC0415
        from ..models.referrer_count import ReferrerCount  # noqa: PLC0415
        from ..models.reward import Reward  # noqa: PLC0415

        d = dict(src_dict)
        participant = Participant.from_dict(d.pop("participant"))

        def _parse_reward(data: object) -> None | Reward | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reward_type_1 = Reward.from_dict(data)

                return reward_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Reward | Unset, data)

        reward = _parse_reward(d.pop("reward", UNSET))

        def _parse_referrer_reward(data: object) -> None | Reward | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                referrer_reward_type_1 = Reward.from_dict(data)

                return referrer_reward_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Reward | Unset, data)

        referrer_reward = _parse_referrer_reward(d.pop("referrer_reward", UNSET))

        def _parse_referrer(data: object) -> None | ReferrerCount | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                referrer_type_1 = ReferrerCount.from_dict(data)

                return referrer_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReferrerCount | Unset, data)

        referrer = _parse_referrer(d.pop("referrer", UNSET))

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        referral_signup_answer = cls(
            participant=participant,
            reward=reward,
            referrer_reward=referrer_reward,
            referrer=referrer,
            message=message,
        )

        referral_signup_answer.additional_properties = d
        return referral_signup_answer

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
