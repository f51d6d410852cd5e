from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lander import Lander
    from ..models.lander_brand import LanderBrand


T = TypeVar("T", bound="LanderAnswer")


@_attrs_define
class LanderAnswer:
    """`GET /lander` and `PUT /lander`.

    Attributes:
        lander (Lander): A lander's settings.
        brand (LanderBrand): The brand, as a lander shows it.
        social_urls (list[str]):
    """

    lander: Lander
    brand: LanderBrand
    social_urls: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lander = self.lander.to_dict()

        brand = self.brand.to_dict()

        social_urls = self.social_urls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lander": lander,
                "brand": brand,
                "social_urls": social_urls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lander import Lander  # noqa: PLC0415
        from ..models.lander_brand import LanderBrand  # noqa: PLC0415

        d = dict(src_dict)
        lander = Lander.from_dict(d.pop("lander"))

        brand = LanderBrand.from_dict(d.pop("brand"))

        social_urls = cast(list[str], d.pop("social_urls"))

        lander_answer = cls(
            lander=lander,
            brand=brand,
            social_urls=social_urls,
        )

        lander_answer.additional_properties = d
        return lander_answer

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
