from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conversion import Conversion
    from ..models.export_campaign import ExportCampaign
    from ..models.export_email import ExportEmail
    from ..models.export_event import ExportEvent
    from ..models.invite import Invite
    from ..models.invoice_commission import InvoiceCommission
    from ..models.participant import Participant
    from ..models.payout import Payout
    from ..models.payout_details import PayoutDetails
    from ..models.promo_code import PromoCode
    from ..models.received_invitation import ReceivedInvitation
    from ..models.reward_detail import RewardDetail


T = TypeVar("T", bound="ParticipantExport")


@_attrs_define
class ParticipantExport:
    """Everything stored about one participant.

    Attributes:
        exported_at (str): RFC 3339, UTC.
        participant (Participant): A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
            map, because building a map per object was measurable.
        campaign (ExportCampaign): The campaign a participant belongs to.
        shares (int):
        clicks (int):
        unique_visits (int):
        referred (list[int]): The participants they referred, by id.
        rewards (list[RewardDetail]): Their rewards, each with its history.
        invitations_sent (list[Invite]): The invitations they sent.
        invitations_received (list[ReceivedInvitation]): Invitations other participants sent to their email.
        conversions (list[Conversion]):
        commissions (list[InvoiceCommission]): The commissions they earned as a referrer, and those their own invoices
            earned
            someone (the invoice's terms, not the referrer's data).
        webhook_events (list[ExportEvent]): The webhook events that carried their data.
        emails (list[ExportEmail]): The emails sent (or to be sent) to them.
        payouts (list[Payout]): The payouts made to them.
        promo_codes (list[PromoCode]): Their promo codes and what each did.
        language (None | str | Unset): The language they signed up in (null: none named).
        payout_details (None | PayoutDetails | Unset):
    """

    exported_at: str
    participant: Participant
    campaign: ExportCampaign
    shares: int
    clicks: int
    unique_visits: int
    referred: list[int]
    rewards: list[RewardDetail]
    invitations_sent: list[Invite]
    invitations_received: list[ReceivedInvitation]
    conversions: list[Conversion]
    commissions: list[InvoiceCommission]
    webhook_events: list[ExportEvent]
    emails: list[ExportEmail]
    payouts: list[Payout]
    promo_codes: list[PromoCode]
    language: None | str | Unset = UNSET
    payout_details: None | PayoutDetails | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_details import PayoutDetails  # noqa: PLC0415

        exported_at = self.exported_at

        participant = self.participant.to_dict()

        campaign = self.campaign.to_dict()

        shares = self.shares

        clicks = self.clicks

        unique_visits = self.unique_visits

        referred = self.referred

        rewards = []
        for rewards_item_data in self.rewards:
            rewards_item = rewards_item_data.to_dict()
            rewards.append(rewards_item)

        invitations_sent = []
        for invitations_sent_item_data in self.invitations_sent:
            invitations_sent_item = invitations_sent_item_data.to_dict()
            invitations_sent.append(invitations_sent_item)

        invitations_received = []
        for invitations_received_item_data in self.invitations_received:
            invitations_received_item = invitations_received_item_data.to_dict()
            invitations_received.append(invitations_received_item)

        conversions = []
        for conversions_item_data in self.conversions:
            conversions_item = conversions_item_data.to_dict()
            conversions.append(conversions_item)

        commissions = []
        for commissions_item_data in self.commissions:
            commissions_item = commissions_item_data.to_dict()
            commissions.append(commissions_item)

        webhook_events = []
        for webhook_events_item_data in self.webhook_events:
            webhook_events_item = webhook_events_item_data.to_dict()
            webhook_events.append(webhook_events_item)

        emails = []
        for emails_item_data in self.emails:
            emails_item = emails_item_data.to_dict()
            emails.append(emails_item)

        payouts = []
        for payouts_item_data in self.payouts:
            payouts_item = payouts_item_data.to_dict()
            payouts.append(payouts_item)

        promo_codes = []
        for promo_codes_item_data in self.promo_codes:
            promo_codes_item = promo_codes_item_data.to_dict()
            promo_codes.append(promo_codes_item)

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        payout_details: dict[str, Any] | None | Unset
        if isinstance(self.payout_details, Unset):
            payout_details = UNSET
        elif isinstance(self.payout_details, PayoutDetails):
            payout_details = self.payout_details.to_dict()
        else:
            payout_details = self.payout_details

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "exported_at": exported_at,
                "participant": participant,
                "campaign": campaign,
                "shares": shares,
                "clicks": clicks,
                "unique_visits": unique_visits,
                "referred": referred,
                "rewards": rewards,
                "invitations_sent": invitations_sent,
                "invitations_received": invitations_received,
                "conversions": conversions,
                "commissions": commissions,
                "webhook_events": webhook_events,
                "emails": emails,
                "payouts": payouts,
                "promo_codes": promo_codes,
            }
        )
        if language is not UNSET:
            field_dict["language"] = language
        if payout_details is not UNSET:
            field_dict["payout_details"] = payout_details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion import Conversion  # noqa: PLC0415
        from ..models.export_campaign import ExportCampaign  # noqa: PLC0415
        from ..models.export_email import ExportEmail  # noqa: PLC0415
        from ..models.export_event import ExportEvent  # noqa: PLC0415
        from ..models.invite import Invite  # noqa: PLC0415
        from ..models.invoice_commission import InvoiceCommission  # noqa: PLC0415
        from ..models.participant import Participant  # noqa: PLC0415
        from ..models.payout import Payout  # noqa: PLC0415
        from ..models.payout_details import PayoutDetails  # noqa: PLC0415
        from ..models.promo_code import PromoCode  # noqa: PLC0415
        from ..models.received_invitation import ReceivedInvitation  # noqa: PLC0415
        from ..models.reward_detail import RewardDetail  # noqa: PLC0415

        d = dict(src_dict)
        exported_at = d.pop("exported_at")

        participant = Participant.from_dict(d.pop("participant"))

        campaign = ExportCampaign.from_dict(d.pop("campaign"))

        shares = d.pop("shares")

        clicks = d.pop("clicks")

        unique_visits = d.pop("unique_visits")

        referred = cast(list[int], d.pop("referred"))

        rewards = []
        _rewards = d.pop("rewards")
        for rewards_item_data in _rewards:
            rewards_item = RewardDetail.from_dict(rewards_item_data)

            rewards.append(rewards_item)

        invitations_sent = []
        _invitations_sent = d.pop("invitations_sent")
        for invitations_sent_item_data in _invitations_sent:
            invitations_sent_item = Invite.from_dict(invitations_sent_item_data)

            invitations_sent.append(invitations_sent_item)

        invitations_received = []
        _invitations_received = d.pop("invitations_received")
        for invitations_received_item_data in _invitations_received:
            invitations_received_item = ReceivedInvitation.from_dict(invitations_received_item_data)

            invitations_received.append(invitations_received_item)

        conversions = []
        _conversions = d.pop("conversions")
        for conversions_item_data in _conversions:
            conversions_item = Conversion.from_dict(conversions_item_data)

            conversions.append(conversions_item)

        commissions = []
        _commissions = d.pop("commissions")
        for commissions_item_data in _commissions:
            commissions_item = InvoiceCommission.from_dict(commissions_item_data)

            commissions.append(commissions_item)

        webhook_events = []
        _webhook_events = d.pop("webhook_events")
        for webhook_events_item_data in _webhook_events:
            webhook_events_item = ExportEvent.from_dict(webhook_events_item_data)

            webhook_events.append(webhook_events_item)

        emails = []
        _emails = d.pop("emails")
        for emails_item_data in _emails:
            emails_item = ExportEmail.from_dict(emails_item_data)

            emails.append(emails_item)

        payouts = []
        _payouts = d.pop("payouts")
        for payouts_item_data in _payouts:
            payouts_item = Payout.from_dict(payouts_item_data)

            payouts.append(payouts_item)

        promo_codes = []
        _promo_codes = d.pop("promo_codes")
        for promo_codes_item_data in _promo_codes:
            promo_codes_item = PromoCode.from_dict(promo_codes_item_data)

            promo_codes.append(promo_codes_item)

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_payout_details(data: object) -> None | PayoutDetails | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payout_details_type_1 = PayoutDetails.from_dict(data)

                return payout_details_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutDetails | Unset, data)

        payout_details = _parse_payout_details(d.pop("payout_details", UNSET))

        participant_export = cls(
            exported_at=exported_at,
            participant=participant,
            campaign=campaign,
            shares=shares,
            clicks=clicks,
            unique_visits=unique_visits,
            referred=referred,
            rewards=rewards,
            invitations_sent=invitations_sent,
            invitations_received=invitations_received,
            conversions=conversions,
            commissions=commissions,
            webhook_events=webhook_events,
            emails=emails,
            payouts=payouts,
            promo_codes=promo_codes,
            language=language,
            payout_details=payout_details,
        )

        participant_export.additional_properties = d
        return participant_export

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
