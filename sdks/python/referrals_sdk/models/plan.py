from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plan_limits import PlanLimits


T = TypeVar("T", bound="Plan")


@_attrs_define
class Plan:
    """A subscription plan as stored and as listed by `GET /billing/plans`. Its OpenAPI schema
    is derived from it (it is answered as it is).

        Attributes:
            id (int):
            name (str):
            price (str): Price per interval as a decimal string, e.g. "29.00".
            currency (str): ISO 4217 currency code.
            interval (str): Billing interval: "month" or "year".
            paid (bool): Paid plans unlock public campaigns.
            limits (PlanLimits): Quotas attached to a plan. `None` (null) means unlimited. They are enforced when something
                is created (403 `plan_limit_reached`); moving a member to a smaller plan deletes nothing,
                it only stops new creations above the new limits.
    """

    id: int
    name: str
    price: str
    currency: str
    interval: str
    paid: bool
    limits: PlanLimits
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        price = self.price

        currency = self.currency

        interval = self.interval

        paid = self.paid

        limits = self.limits.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "price": price,
                "currency": currency,
                "interval": interval,
                "paid": paid,
                "limits": limits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_limits import PlanLimits  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        price = d.pop("price")

        currency = d.pop("currency")

        interval = d.pop("interval")

        paid = d.pop("paid")

        limits = PlanLimits.from_dict(d.pop("limits"))

        plan = cls(
            id=id,
            name=name,
            price=price,
            currency=currency,
            interval=interval,
            paid=paid,
            limits=limits,
        )

        plan.additional_properties = d
        return plan

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
