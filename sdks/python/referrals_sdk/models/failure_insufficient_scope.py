from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.failure_insufficient_scope_code import FailureInsufficientScopeCode

T = TypeVar("T", bound="FailureInsufficientScope")


@_attrs_define
class FailureInsufficientScope:
    """
    Attributes:
        success (bool): Always false.
        error (str): A sentence for people; names the field and the rule when input was wrong.
        code (FailureInsufficientScopeCode): A failure's stable machine code (`code` in the failure envelope).
    """

    success: bool
    error: str
    code: FailureInsufficientScopeCode
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

        code = FailureInsufficientScopeCode(d.pop("code"))

        failure_insufficient_scope = cls(
            success=success,
            error=error,
            code=code,
        )

        failure_insufficient_scope.additional_properties = d
        return failure_insufficient_scope

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
