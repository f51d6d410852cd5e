from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.local_emails import LocalEmails


T = TypeVar("T", bound="LocalTexts")


@_attrs_define
class LocalTexts:
    """The owner's words for the readers of one language; what is not given falls back. Stored
    with bincode, so no field may be skipped when serialised (see [`shown_texts`]).

        Attributes:
            headline (None | str | Unset): The widget's headline (at most 160 characters).
            button_text (None | str | Unset): The widget's button (at most 60 characters).
            emails (LocalEmails | Unset): The participant emails in one language.
    """

    headline: None | str | Unset = UNSET
    button_text: None | str | Unset = UNSET
    emails: LocalEmails | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        headline: None | str | Unset
        if isinstance(self.headline, Unset):
            headline = UNSET
        else:
            headline = self.headline

        button_text: None | str | Unset
        if isinstance(self.button_text, Unset):
            button_text = UNSET
        else:
            button_text = self.button_text

        emails: dict[str, Any] | Unset = UNSET
        if not isinstance(self.emails, Unset):
            emails = self.emails.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if headline is not UNSET:
            field_dict["headline"] = headline
        if button_text is not UNSET:
            field_dict["button_text"] = button_text
        if emails is not UNSET:
            field_dict["emails"] = emails

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.local_emails import LocalEmails  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_headline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        headline = _parse_headline(d.pop("headline", UNSET))

        def _parse_button_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        button_text = _parse_button_text(d.pop("button_text", UNSET))

        _emails = d.pop("emails", UNSET)
        emails: LocalEmails | Unset
        if isinstance(_emails, Unset):
            emails = UNSET
        else:
            emails = LocalEmails.from_dict(_emails)

        local_texts = cls(
            headline=headline,
            button_text=button_text,
            emails=emails,
        )

        local_texts.additional_properties = d
        return local_texts

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
