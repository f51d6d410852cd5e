from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.commission import Commission
    from ..models.commission_line import CommissionLine


T = TypeVar("T", bound="InvoiceCommission")


@_attrs_define
class InvoiceCommission:
    """An invoice's commission: the terms it was made under, what it earned and what refunds
    took back. Amounts are decimals of their currency (the invoice's for its lines, base and
    refunds; the campaign's for the commission).

        Attributes:
            state (str): `earned`, `outside_duration` (past the rule's duration: nothing), `no_exchange_rate`
                (held without an amount until a rate for the invoice's date is given) or `blocked`.
            referrer_id (int): Who earns it.
            invoice_id (str):
            subscription_id (str):
            period_start (str): The start of the service period the invoice bills (RFC 3339).
            first_payment (bool): Whether it is the subscription's first paid invoice by period.
            invoice_currency (str): The invoice's currency.
            base (str): What the commission is a share of: the lines after discounts, without tax.
            paid (str): What the customer paid, tax included: what refunds are a share of.
            lines (list[CommissionLine]):
            currency (str): The currency the commission is paid in.
            taken_back (str): What refunds took back of it.
            refunded (str): How much of the invoice was refunded.
            terms (Commission): What a campaign's referrers earn for their customers' payments.
            reward_id (int | None | Unset): Its cash reward, when it earned one.
            amount (None | str | Unset): What it earned, before refunds; null without an exchange rate.
            exchange_rate (None | str | Unset): The exchange rate it was converted at, when the invoice's currency is
                another.
            exchange_rate_date (None | str | Unset): The rate's date.
    """

    state: str
    referrer_id: int
    invoice_id: str
    subscription_id: str
    period_start: str
    first_payment: bool
    invoice_currency: str
    base: str
    paid: str
    lines: list[CommissionLine]
    currency: str
    taken_back: str
    refunded: str
    terms: Commission
    reward_id: int | None | Unset = UNSET
    amount: None | str | Unset = UNSET
    exchange_rate: None | str | Unset = UNSET
    exchange_rate_date: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state = self.state

        referrer_id = self.referrer_id

        invoice_id = self.invoice_id

        subscription_id = self.subscription_id

        period_start = self.period_start

        first_payment = self.first_payment

        invoice_currency = self.invoice_currency

        base = self.base

        paid = self.paid

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        currency = self.currency

        taken_back = self.taken_back

        refunded = self.refunded

        terms = self.terms.to_dict()

        reward_id: int | None | Unset
        if isinstance(self.reward_id, Unset):
            reward_id = UNSET
        else:
            reward_id = self.reward_id

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        exchange_rate: None | str | Unset
        if isinstance(self.exchange_rate, Unset):
            exchange_rate = UNSET
        else:
            exchange_rate = self.exchange_rate

        exchange_rate_date: None | str | Unset
        if isinstance(self.exchange_rate_date, Unset):
            exchange_rate_date = UNSET
        else:
            exchange_rate_date = self.exchange_rate_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
                "referrer_id": referrer_id,
                "invoice_id": invoice_id,
                "subscription_id": subscription_id,
                "period_start": period_start,
                "first_payment": first_payment,
                "invoice_currency": invoice_currency,
                "base": base,
                "paid": paid,
                "lines": lines,
                "currency": currency,
                "taken_back": taken_back,
                "refunded": refunded,
                "terms": terms,
            }
        )
        if reward_id is not UNSET:
            field_dict["reward_id"] = reward_id
        if amount is not UNSET:
            field_dict["amount"] = amount
        if exchange_rate is not UNSET:
            field_dict["exchange_rate"] = exchange_rate
        if exchange_rate_date is not UNSET:
            field_dict["exchange_rate_date"] = exchange_rate_date

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.commission import Commission  # noqa: PLC0415
        from ..models.commission_line import CommissionLine  # noqa: PLC0415

        d = dict(src_dict)
        state = d.pop("state")

        referrer_id = d.pop("referrer_id")

        invoice_id = d.pop("invoice_id")

        subscription_id = d.pop("subscription_id")

        period_start = d.pop("period_start")

        first_payment = d.pop("first_payment")

        invoice_currency = d.pop("invoice_currency")

        base = d.pop("base")

        paid = d.pop("paid")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = CommissionLine.from_dict(lines_item_data)

            lines.append(lines_item)

        currency = d.pop("currency")

        taken_back = d.pop("taken_back")

        refunded = d.pop("refunded")

        terms = Commission.from_dict(d.pop("terms"))

        def _parse_reward_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reward_id = _parse_reward_id(d.pop("reward_id", UNSET))

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_exchange_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exchange_rate = _parse_exchange_rate(d.pop("exchange_rate", UNSET))

        def _parse_exchange_rate_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exchange_rate_date = _parse_exchange_rate_date(d.pop("exchange_rate_date", UNSET))

        invoice_commission = cls(
            state=state,
            referrer_id=referrer_id,
            invoice_id=invoice_id,
            subscription_id=subscription_id,
            period_start=period_start,
            first_payment=first_payment,
            invoice_currency=invoice_currency,
            base=base,
            paid=paid,
            lines=lines,
            currency=currency,
            taken_back=taken_back,
            refunded=refunded,
            terms=terms,
            reward_id=reward_id,
            amount=amount,
            exchange_rate=exchange_rate,
            exchange_rate_date=exchange_rate_date,
        )

        invoice_commission.additional_properties = d
        return invoice_commission

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
