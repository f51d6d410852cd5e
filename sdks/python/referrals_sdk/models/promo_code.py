from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.promo_code_revenue import PromoCodeRevenue


T = TypeVar("T", bound="PromoCode")


@_attrs_define
class PromoCode:
    """A participant's promo code and what it did.

    Attributes:
        code (str):
        participant_id (int):
        campaign_id (int):
        status (str): `active`, or `disabled` (it attributes nothing, and stays reserved).
        created_at (str):
        uses (int): Sales that carried it, whoever they were credited to.
        conversions (int): Sales credited to its owner through it.
        revenue (PromoCodeRevenue): Their amounts by ISO 4217 currency (`{"USD": "58.00"}`).
        stripe_promotion_code (None | str | Unset): The Stripe promotion code that is this code at checkout.
        link (None | str | Unset): The code as a readable link: the brand's site with `?ref=<code>`.
        disabled_at (None | str | Unset):
    """

    code: str
    participant_id: int
    campaign_id: int
    status: str
    created_at: str
    uses: int
    conversions: int
    revenue: PromoCodeRevenue
    stripe_promotion_code: None | str | Unset = UNSET
    link: None | str | Unset = UNSET
    disabled_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        participant_id = self.participant_id

        campaign_id = self.campaign_id

        status = self.status

        created_at = self.created_at

        uses = self.uses

        conversions = self.conversions

        revenue = self.revenue.to_dict()

        stripe_promotion_code: None | str | Unset
        if isinstance(self.stripe_promotion_code, Unset):
            stripe_promotion_code = UNSET
        else:
            stripe_promotion_code = self.stripe_promotion_code

        link: None | str | Unset
        if isinstance(self.link, Unset):
            link = UNSET
        else:
            link = self.link

        disabled_at: None | str | Unset
        if isinstance(self.disabled_at, Unset):
            disabled_at = UNSET
        else:
            disabled_at = self.disabled_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "participant_id": participant_id,
                "campaign_id": campaign_id,
                "status": status,
                "created_at": created_at,
                "uses": uses,
                "conversions": conversions,
                "revenue": revenue,
            }
        )
        if stripe_promotion_code is not UNSET:
            field_dict["stripe_promotion_code"] = stripe_promotion_code
        if link is not UNSET:
            field_dict["link"] = link
        if disabled_at is not UNSET:
            field_dict["disabled_at"] = disabled_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.promo_code_revenue import PromoCodeRevenue  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        participant_id = d.pop("participant_id")

        campaign_id = d.pop("campaign_id")

        status = d.pop("status")

        created_at = d.pop("created_at")

        uses = d.pop("uses")

        conversions = d.pop("conversions")

        revenue = PromoCodeRevenue.from_dict(d.pop("revenue"))

        def _parse_stripe_promotion_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stripe_promotion_code = _parse_stripe_promotion_code(d.pop("stripe_promotion_code", UNSET))

        def _parse_link(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        link = _parse_link(d.pop("link", UNSET))

        def _parse_disabled_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at", UNSET))

        promo_code = cls(
            code=code,
            participant_id=participant_id,
            campaign_id=campaign_id,
            status=status,
            created_at=created_at,
            uses=uses,
            conversions=conversions,
            revenue=revenue,
            stripe_promotion_code=stripe_promotion_code,
            link=link,
            disabled_at=disabled_at,
        )

        promo_code.additional_properties = d
        return promo_code

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
