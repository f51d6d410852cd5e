from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.participant import Participant


T = TypeVar("T", bound="SignupAnswer")


@_attrs_define
class SignupAnswer:
    """The answer of `POST /signups`.

    Attributes:
        participant (Participant): A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
            map, because building a map per object was measurable.
    """

    participant: Participant
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        participant = self.participant.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "participant": participant,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.participant import Participant  # noqa: PLC0415

        d = dict(src_dict)
        participant = Participant.from_dict(d.pop("participant"))

        signup_answer = cls(
            participant=participant,
        )

        signup_answer.additional_properties = d
        return signup_answer

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
