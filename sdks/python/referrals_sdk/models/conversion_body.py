from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.invoice_line_body import InvoiceLineBody


T = TypeVar("T", bound="ConversionBody")


@_attrs_define
class ConversionBody:
    """Body of `POST /conversions`: the participant by `participant_id` or by `email`.

    Example:
        {'campaign_id': 1, 'email': 'grace@example.com', 'external_id': 'order-1042', 'amount': '49.90', 'currency':
            'EUR'}

    Attributes:
        campaign_id (int):
        external_id (str): Your order or invoice id: one conversion per id per campaign (1 to 200 bytes).
        participant_id (int | None | Unset):
        email (None | str | Unset):
        amount (None | str | Unset): A positive amount with at most two decimals.
        currency (None | str | Unset): Three letters (ISO 4217).
        occurred_at (None | str | Unset): When the sale happened (RFC 3339), if not now: at most 90 days ago, never in
            the
            future. The analytics count it then (see Analytics in the API guide). Example: 2026-12-01T09:30:00Z.
        promo_code (None | str | Unset): A promo code of the campaign the sale carried (compared without case): an
            `email`
            never seen signs up as its owner's referral; its use is counted either way (see
            Attribution in the API guide). Example: SAM20.
        subscription_id (None | str | Unset): A paid invoice of a subscription: the subscription's id. On a campaign
            that pays
            commissions, its invoices' durations count from its first paid invoice's period.
        period_start (None | str | Unset): When the service period the invoice bills starts (RFC 3339 or a date). Given,
            the
            conversion is a paid invoice (with `currency`, and `lines` or `amount`). Example: 2027-03-01.
        lines (list[InvoiceLineBody] | None | Unset): The invoice's lines: what the customer paid for each, after
            discounts and without
            tax, in `currency`. Without them, `amount` is one line.
    """

    campaign_id: int
    external_id: str
    participant_id: int | None | Unset = UNSET
    email: None | str | Unset = UNSET
    amount: None | str | Unset = UNSET
    currency: None | str | Unset = UNSET
    occurred_at: None | str | Unset = UNSET
    promo_code: None | str | Unset = UNSET
    subscription_id: None | str | Unset = UNSET
    period_start: None | str | Unset = UNSET
    lines: list[InvoiceLineBody] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        external_id = self.external_id

        participant_id: int | None | Unset
        if isinstance(self.participant_id, Unset):
            participant_id = UNSET
        else:
            participant_id = self.participant_id

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        occurred_at: None | str | Unset
        if isinstance(self.occurred_at, Unset):
            occurred_at = UNSET
        else:
            occurred_at = self.occurred_at

        promo_code: None | str | Unset
        if isinstance(self.promo_code, Unset):
            promo_code = UNSET
        else:
            promo_code = self.promo_code

        subscription_id: None | str | Unset
        if isinstance(self.subscription_id, Unset):
            subscription_id = UNSET
        else:
            subscription_id = self.subscription_id

        period_start: None | str | Unset
        if isinstance(self.period_start, Unset):
            period_start = UNSET
        else:
            period_start = self.period_start

        lines: list[dict[str, Any]] | None | Unset
        if isinstance(self.lines, Unset):
            lines = UNSET
        elif isinstance(self.lines, list):
            lines = []
            for lines_type_0_item_data in self.lines:
                lines_type_0_item = lines_type_0_item_data.to_dict()
                lines.append(lines_type_0_item)

        else:
            lines = self.lines

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "external_id": external_id,
            }
        )
        if participant_id is not UNSET:
            field_dict["participant_id"] = participant_id
        if email is not UNSET:
            field_dict["email"] = email
        if amount is not UNSET:
            field_dict["amount"] = amount
        if currency is not UNSET:
            field_dict["currency"] = currency
        if occurred_at is not UNSET:
            field_dict["occurred_at"] = occurred_at
        if promo_code is not UNSET:
            field_dict["promo_code"] = promo_code
        if subscription_id is not UNSET:
            field_dict["subscription_id"] = subscription_id
        if period_start is not UNSET:
            field_dict["period_start"] = period_start
        if lines is not UNSET:
            field_dict["lines"] = lines

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invoice_line_body import InvoiceLineBody  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        external_id = d.pop("external_id")

        def _parse_participant_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        participant_id = _parse_participant_id(d.pop("participant_id", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_occurred_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        occurred_at = _parse_occurred_at(d.pop("occurred_at", UNSET))

        def _parse_promo_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        promo_code = _parse_promo_code(d.pop("promo_code", UNSET))

        def _parse_subscription_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subscription_id = _parse_subscription_id(d.pop("subscription_id", UNSET))

        def _parse_period_start(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        period_start = _parse_period_start(d.pop("period_start", UNSET))

        def _parse_lines(data: object) -> list[InvoiceLineBody] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                lines_type_0 = []
                _lines_type_0 = data
                for lines_type_0_item_data in _lines_type_0:
                    lines_type_0_item = InvoiceLineBody.from_dict(lines_type_0_item_data)

                    lines_type_0.append(lines_type_0_item)

                return lines_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[InvoiceLineBody] | None | Unset, data)

        lines = _parse_lines(d.pop("lines", UNSET))

        conversion_body = cls(
            campaign_id=campaign_id,
            external_id=external_id,
            participant_id=participant_id,
            email=email,
            amount=amount,
            currency=currency,
            occurred_at=occurred_at,
            promo_code=promo_code,
            subscription_id=subscription_id,
            period_start=period_start,
            lines=lines,
        )

        conversion_body.additional_properties = d
        return conversion_body

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
