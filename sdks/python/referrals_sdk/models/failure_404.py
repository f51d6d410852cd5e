from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.failure_404_code import Failure404Code

T = TypeVar("T", bound="Failure404")


@_attrs_define
class Failure404:
    """
    Attributes:
        success (bool): Always false.
        error (str): A sentence for people; names the field and the rule when input was wrong.
        code (Failure404Code): A failure's stable machine code (`code` in the failure envelope).
    """

    success: bool
    error: str
    code: Failure404Code
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        error = self.error

        code = self.code.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "error": error,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        error = d.pop("error")

        code = Failure404Code(d.pop("code"))

        failure_404 = cls(
            success=success,
            error=error,
            code=code,
        )

        failure_404.additional_properties = d
        return failure_404

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
