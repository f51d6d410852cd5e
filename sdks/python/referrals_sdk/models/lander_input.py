from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lander_background import LanderBackground
    from ..models.lander_fonts import LanderFonts


T = TypeVar("T", bound="LanderInput")


@_attrs_define
class LanderInput:
    """Body of `PUT /lander`.

    Example:
        {'template': 'centered', 'header_text': 'Join us', 'background': {'color': '#fef3c7'}}

    Attributes:
        template (None | str | Unset): `default`, `centered` or `minimal`.
        header_text (None | str | Unset): At most 200 characters.
        footer_text (None | str | Unset): At most 1,000 characters.
        background (LanderBackground | None | Unset):
        fonts (LanderFonts | None | Unset):
        social_urls (list[str] | None | Unset): At most 10 http(s) links.
    """

    template: None | str | Unset = UNSET
    header_text: None | str | Unset = UNSET
    footer_text: None | str | Unset = UNSET
    background: LanderBackground | None | Unset = UNSET
    fonts: LanderFonts | None | Unset = UNSET
    social_urls: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.lander_background import LanderBackground  # noqa: PLC0415
        from ..models.lander_fonts import LanderFonts  # noqa: PLC0415

        template: None | str | Unset
        if isinstance(self.template, Unset):
            template = UNSET
        else:
            template = self.template

        header_text: None | str | Unset
        if isinstance(self.header_text, Unset):
            header_text = UNSET
        else:
            header_text = self.header_text

        footer_text: None | str | Unset
        if isinstance(self.footer_text, Unset):
            footer_text = UNSET
        else:
            footer_text = self.footer_text

        background: dict[str, Any] | None | Unset
        if isinstance(self.background, Unset):
            background = UNSET
        elif isinstance(self.background, LanderBackground):
            background = self.background.to_dict()
        else:
            background = self.background

        fonts: dict[str, Any] | None | Unset
        if isinstance(self.fonts, Unset):
            fonts = UNSET
        elif isinstance(self.fonts, LanderFonts):
            fonts = self.fonts.to_dict()
        else:
            fonts = self.fonts

        social_urls: list[str] | None | Unset
        if isinstance(self.social_urls, Unset):
            social_urls = UNSET
        elif isinstance(self.social_urls, list):
            social_urls = self.social_urls

        else:
            social_urls = self.social_urls

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if template is not UNSET:
            field_dict["template"] = template
        if header_text is not UNSET:
            field_dict["header_text"] = header_text
        if footer_text is not UNSET:
            field_dict["footer_text"] = footer_text
        if background is not UNSET:
            field_dict["background"] = background
        if fonts is not UNSET:
            field_dict["fonts"] = fonts
        if social_urls is not UNSET:
            field_dict["social_urls"] = social_urls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lander_background import LanderBackground  # noqa: PLC0415
        from ..models.lander_fonts import LanderFonts  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_template(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template = _parse_template(d.pop("template", UNSET))

        def _parse_header_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        header_text = _parse_header_text(d.pop("header_text", UNSET))

        def _parse_footer_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        footer_text = _parse_footer_text(d.pop("footer_text", UNSET))

        def _parse_background(data: object) -> LanderBackground | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                background_type_1 = LanderBackground.from_dict(data)

                return background_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanderBackground | None | Unset, data)

        background = _parse_background(d.pop("background", UNSET))

        def _parse_fonts(data: object) -> LanderFonts | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fonts_type_1 = LanderFonts.from_dict(data)

                return fonts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanderFonts | None | Unset, data)

        fonts = _parse_fonts(d.pop("fonts", UNSET))

        def _parse_social_urls(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                social_urls_type_0 = cast(list[str], data)

                return social_urls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        social_urls = _parse_social_urls(d.pop("social_urls", UNSET))

        lander_input = cls(
            template=template,
            header_text=header_text,
            footer_text=footer_text,
            background=background,
            fonts=fonts,
            social_urls=social_urls,
        )

        return lander_input
