from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LanderFonts")


@_attrs_define
class LanderFonts:
    """`fonts` of a `PUT /lander` body: `system-ui`, `sans-serif`, `serif`, `monospace`,
    `Georgia`, `Helvetica`, `Arial`, `Verdana`, `Trebuchet MS` or `Times New Roman`.

        Attributes:
            heading (None | str | Unset):
            body (None | str | Unset):
    """

    heading: None | str | Unset = UNSET
    body: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        heading: None | str | Unset
        if isinstance(self.heading, Unset):
            heading = UNSET
        else:
            heading = self.heading

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if heading is not UNSET:
            field_dict["heading"] = heading
        if body is not UNSET:
            field_dict["body"] = body

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_heading(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        heading = _parse_heading(d.pop("heading", UNSET))

        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))

        lander_fonts = cls(
            heading=heading,
            body=body,
        )

        return lander_fonts
