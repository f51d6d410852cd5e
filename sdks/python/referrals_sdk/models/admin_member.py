from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.admin_key_info import AdminKeyInfo


T = TypeVar("T", bound="AdminMember")


@_attrs_define
class AdminMember:
    """A member as the admin API shows it (never the password hash or the key itself).

    Attributes:
        id (int):
        email (str):
        name (str):
        plan_id (int):
        disabled (bool):
        date_signedup (str):
        api_key (AdminKeyInfo | None | Unset):
    """

    id: int
    email: str
    name: str
    plan_id: int
    disabled: bool
    date_signedup: str
    api_key: AdminKeyInfo | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.admin_key_info import AdminKeyInfo  # noqa: PLC0415

        id = self.id

        email = self.email

        name = self.name

        plan_id = self.plan_id

        disabled = self.disabled

        date_signedup = self.date_signedup

        api_key: dict[str, Any] | None | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        elif isinstance(self.api_key, AdminKeyInfo):
            api_key = self.api_key.to_dict()
        else:
            api_key = self.api_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "plan_id": plan_id,
                "disabled": disabled,
                "date_signedup": date_signedup,
            }
        )
        if api_key is not UNSET:
            field_dict["api_key"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.admin_key_info import AdminKeyInfo  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        plan_id = d.pop("plan_id")

        disabled = d.pop("disabled")

        date_signedup = d.pop("date_signedup")

        def _parse_api_key(data: object) -> AdminKeyInfo | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                api_key_type_1 = AdminKeyInfo.from_dict(data)

                return api_key_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AdminKeyInfo | None | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        admin_member = cls(
            id=id,
            email=email,
            name=name,
            plan_id=plan_id,
            disabled=disabled,
            date_signedup=date_signedup,
            api_key=api_key,
        )

        admin_member.additional_properties = d
        return admin_member

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
