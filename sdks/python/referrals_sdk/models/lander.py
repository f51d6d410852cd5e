from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lander_background_shown import LanderBackgroundShown
    from ..models.lander_fonts_shown import LanderFontsShown


T = TypeVar("T", bound="Lander")


@_attrs_define
class Lander:
    """A lander's settings.

    Attributes:
        campaign_id (int):
        template (str):
        custom (bool): False while the campaign uses the default.
        header_text (str):
        footer_text (str):
        background (LanderBackgroundShown): A lander's background as the page shows it.
        fonts (LanderFontsShown): A lander's fonts.
        page_url (str): The public page, `{site_url}/l/<campaign_id>`.
        updated_at (None | str | Unset):
    """

    campaign_id: int
    template: str
    custom: bool
    header_text: str
    footer_text: str
    background: LanderBackgroundShown
    fonts: LanderFontsShown
    page_url: str
    updated_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        template = self.template

        custom = self.custom

        header_text = self.header_text

        footer_text = self.footer_text

        background = self.background.to_dict()

        fonts = self.fonts.to_dict()

        page_url = self.page_url

        updated_at: None | str | Unset
        if isinstance(self.updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "template": template,
                "custom": custom,
                "header_text": header_text,
                "footer_text": footer_text,
                "background": background,
                "fonts": fonts,
                "page_url": page_url,
            }
        )
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lander_background_shown import LanderBackgroundShown  # noqa: PLC0415
        from ..models.lander_fonts_shown import LanderFontsShown  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        template = d.pop("template")

        custom = d.pop("custom")

        header_text = d.pop("header_text")

        footer_text = d.pop("footer_text")

        background = LanderBackgroundShown.from_dict(d.pop("background"))

        fonts = LanderFontsShown.from_dict(d.pop("fonts"))

        page_url = d.pop("page_url")

        def _parse_updated_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        updated_at = _parse_updated_at(d.pop("updated_at", UNSET))

        lander = cls(
            campaign_id=campaign_id,
            template=template,
            custom=custom,
            header_text=header_text,
            footer_text=footer_text,
            background=background,
            fonts=fonts,
            page_url=page_url,
            updated_at=updated_at,
        )

        lander.additional_properties = d
        return lander

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
