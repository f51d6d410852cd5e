from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plan_summary import PlanSummary


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """`GET /members/profile`.

    Attributes:
        id (int):
        email (str):
        name (str):
        plan_id (int):
        date_signedup (str):
        has_api_key (bool):
        plan (None | PlanSummary | Unset):
    """

    id: int
    email: str
    name: str
    plan_id: int
    date_signedup: str
    has_api_key: bool
    plan: None | PlanSummary | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.plan_summary import PlanSummary  # noqa: PLC0415

        id = self.id

        email = self.email

        name = self.name

        plan_id = self.plan_id

        date_signedup = self.date_signedup

        has_api_key = self.has_api_key

        plan: dict[str, Any] | None | Unset
        if isinstance(self.plan, Unset):
            plan = UNSET
        elif isinstance(self.plan, PlanSummary):
            plan = self.plan.to_dict()
        else:
            plan = self.plan

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "plan_id": plan_id,
                "date_signedup": date_signedup,
                "has_api_key": has_api_key,
            }
        )
        if plan is not UNSET:
            field_dict["plan"] = plan

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_summary import PlanSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        plan_id = d.pop("plan_id")

        date_signedup = d.pop("date_signedup")

        has_api_key = d.pop("has_api_key")

        def _parse_plan(data: object) -> None | PlanSummary | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                plan_type_1 = PlanSummary.from_dict(data)

                return plan_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlanSummary | Unset, data)

        plan = _parse_plan(d.pop("plan", UNSET))

        profile = cls(
            id=id,
            email=email,
            name=name,
            plan_id=plan_id,
            date_signedup=date_signedup,
            has_api_key=has_api_key,
            plan=plan,
        )

        profile.additional_properties = d
        return profile

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
