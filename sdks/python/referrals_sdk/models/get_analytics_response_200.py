from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analytics_answer import AnalyticsAnswer


T = TypeVar("T", bound="GetAnalyticsResponse200")


@_attrs_define
class GetAnalyticsResponse200:
    """
    Attributes:
        success (bool):
        data (AnalyticsAnswer): A campaign's numbers over a period, bucket by bucket (definitions in docs/api.md,
            "Analytics").
    """

    success: bool
    data: AnalyticsAnswer
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analytics_answer import AnalyticsAnswer  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = AnalyticsAnswer.from_dict(d.pop("data"))

        get_analytics_response_200 = cls(
            success=success,
            data=data,
        )

        get_analytics_response_200.additional_properties = d
        return get_analytics_response_200

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
