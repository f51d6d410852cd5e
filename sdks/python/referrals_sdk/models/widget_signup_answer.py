from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_participant import WidgetParticipant
    from ..models.widget_reward import WidgetReward


T = TypeVar("T", bound="WidgetSignupAnswer")


@_attrs_define
class WidgetSignupAnswer:
    """The widget's signup answer: the same for new and known emails, but for `reward`.

    Attributes:
        participant (WidgetParticipant): A participant's link, as the widget shows it.
        reward (None | Unset | WidgetReward):
    """

    participant: WidgetParticipant
    reward: None | Unset | WidgetReward = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.widget_reward import WidgetReward  # noqa: PLC0415

        participant = self.participant.to_dict()

        reward: dict[str, Any] | None | Unset
        if isinstance(self.reward, Unset):
            reward = UNSET
        elif isinstance(self.reward, WidgetReward):
            reward = self.reward.to_dict()
        else:
            reward = self.reward

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "participant": participant,
            }
        )
        if reward is not UNSET:
            field_dict["reward"] = reward

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.widget_participant import WidgetParticipant  # noqa: PLC0415
        from ..models.widget_reward import WidgetReward  # noqa: PLC0415

        d = dict(src_dict)
        participant = WidgetParticipant.from_dict(d.pop("participant"))

        def _parse_reward(data: object) -> None | Unset | WidgetReward:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reward_type_1 = WidgetReward.from_dict(data)

                return reward_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WidgetReward, data)

        reward = _parse_reward(d.pop("reward", UNSET))

        widget_signup_answer = cls(
            participant=participant,
            reward=reward,
        )

        widget_signup_answer.additional_properties = d
        return widget_signup_answer

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
