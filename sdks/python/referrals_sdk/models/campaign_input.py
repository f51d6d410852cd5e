from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attribution_input import AttributionInput
    from ..models.campaign_input_texts_type_0 import CampaignInputTextsType0
    from ..models.commission_input import CommissionInput
    from ..models.contest_input import ContestInput
    from ..models.emails_input import EmailsInput
    from ..models.fraud_input import FraudInput
    from ..models.leaderboard_input import LeaderboardInput
    from ..models.payout_input import PayoutInput
    from ..models.promo_codes_input import PromoCodesInput
    from ..models.tier_input import TierInput
    from ..models.waitlist_input import WaitlistInput
    from ..models.widget_settings import WidgetSettings


T = TypeVar("T", bound="CampaignInput")


@_attrs_define
class CampaignInput:
    """Body of `POST /campaigns` (`name`, `url_id` and `reward_type` required) and
    `PUT /campaigns/:id` (any field but `url_id`).

        Example:
            {'name': 'Spring', 'url_id': 1, 'reward_type': 5, 'reward_value': '10.00', 'num_signups': 3}

        Attributes:
            name (None | str | Unset): 1 to 200 characters.
            url_id (int | None | Unset): The brand's id.
            type_id (int | None | Unset):
            reward_type (int | None | Unset): 1 coupon, 3 message, 4 token, 5 cash.
            goal_type (None | str | Unset): `signup` or `visit`.
            num_signups (int | None | Unset): 1 to 1,000,000.
            publish (None | str | Unset): `public` (paid plans) or `private`.
            reward_invited (bool | None | Unset):
            reward_value (None | str | Unset): Cash amount ("10.00"), message text (at most 2,000 characters) or token
                amount.
            hold_days (int | None | Unset): Days a new reward is held before it is issued by itself (0 to 365; default 0:
                issued
                at once). An owner may approve or void a held reward before then.
            widget (None | Unset | WidgetSettings):
            contest (ContestInput | None | Unset):
            emails (EmailsInput | None | Unset):
            fraud (FraudInput | None | Unset):
            tiers (list[TierInput] | None | Unset): Milestone tiers in rising order of `referrals` (at most 20), each earned
                once when
                the goal's count reaches it, in place of one reward every `num_signups`; null or []
                removes them.
            leaderboard (LeaderboardInput | None | Unset):
            waitlist (None | Unset | WaitlistInput):
            payouts (None | PayoutInput | Unset):
            language (None | str | Unset): What participants read when neither the page nor their browser names a language
                we
                ship: `en`, `de`, `fr`, `es`, `pt-BR`, `it`, `nl`, `pl`, `tr`, `ja`, `ar` or `he`. Example: de.
            texts (CampaignInputTextsType0 | None | Unset): Your own words for the readers of one language, by its tag:
                `headline`,
                `button_text` and `emails` (`welcome`, `friend_joined`, `reward`, each with `subject`
                and `text`), each optional. Replaces the campaign's; null or `{}` clears them.
            commission (CommissionInput | None | Unset):
            attribution (AttributionInput | None | Unset):
            promo_codes (None | PromoCodesInput | Unset):
    """

    name: None | str | Unset = UNSET
    url_id: int | None | Unset = UNSET
    type_id: int | None | Unset = UNSET
    reward_type: int | None | Unset = UNSET
    goal_type: None | str | Unset = UNSET
    num_signups: int | None | Unset = UNSET
    publish: None | str | Unset = UNSET
    reward_invited: bool | None | Unset = UNSET
    reward_value: None | str | Unset = UNSET
    hold_days: int | None | Unset = UNSET
    widget: None | Unset | WidgetSettings = UNSET
    contest: ContestInput | None | Unset = UNSET
    emails: EmailsInput | None | Unset = UNSET
    fraud: FraudInput | None | Unset = UNSET
    tiers: list[TierInput] | None | Unset = UNSET
    leaderboard: LeaderboardInput | None | Unset = UNSET
    waitlist: None | Unset | WaitlistInput = UNSET
    payouts: None | PayoutInput | Unset = UNSET
    language: None | str | Unset = UNSET
    texts: CampaignInputTextsType0 | None | Unset = UNSET
    commission: CommissionInput | None | Unset = UNSET
    attribution: AttributionInput | None | Unset = UNSET
    promo_codes: None | PromoCodesInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.attribution_input import AttributionInput  # noqa: PLC0415
        from ..models.campaign_input_texts_type_0 import CampaignInputTextsType0  # noqa: PLC0415
        from ..models.commission_input import CommissionInput  # noqa: PLC0415
        from ..models.contest_input import ContestInput  # noqa: PLC0415
        from ..models.emails_input import EmailsInput  # noqa: PLC0415
        from ..models.fraud_input import FraudInput  # noqa: PLC0415
        from ..models.leaderboard_input import LeaderboardInput  # noqa: PLC0415
        from ..models.payout_input import PayoutInput  # noqa: PLC0415
        from ..models.promo_codes_input import PromoCodesInput  # noqa: PLC0415
        from ..models.waitlist_input import WaitlistInput  # noqa: PLC0415
        from ..models.widget_settings import WidgetSettings  # noqa: PLC0415

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        url_id: int | None | Unset
        if isinstance(self.url_id, Unset):
            url_id = UNSET
        else:
            url_id = self.url_id

        type_id: int | None | Unset
        if isinstance(self.type_id, Unset):
            type_id = UNSET
        else:
            type_id = self.type_id

        reward_type: int | None | Unset
        if isinstance(self.reward_type, Unset):
            reward_type = UNSET
        else:
            reward_type = self.reward_type

        goal_type: None | str | Unset
        if isinstance(self.goal_type, Unset):
            goal_type = UNSET
        else:
            goal_type = self.goal_type

        num_signups: int | None | Unset
        if isinstance(self.num_signups, Unset):
            num_signups = UNSET
        else:
            num_signups = self.num_signups

        publish: None | str | Unset
        if isinstance(self.publish, Unset):
            publish = UNSET
        else:
            publish = self.publish

        reward_invited: bool | None | Unset
        if isinstance(self.reward_invited, Unset):
            reward_invited = UNSET
        else:
            reward_invited = self.reward_invited

        reward_value: None | str | Unset
        if isinstance(self.reward_value, Unset):
            reward_value = UNSET
        else:
            reward_value = self.reward_value

        hold_days: int | None | Unset
        if isinstance(self.hold_days, Unset):
            hold_days = UNSET
        else:
            hold_days = self.hold_days

        widget: dict[str, Any] | None | Unset
        if isinstance(self.widget, Unset):
            widget = UNSET
        elif isinstance(self.widget, WidgetSettings):
            widget = self.widget.to_dict()
        else:
            widget = self.widget

        contest: dict[str, Any] | None | Unset
        if isinstance(self.contest, Unset):
            contest = UNSET
        elif isinstance(self.contest, ContestInput):
            contest = self.contest.to_dict()
        else:
            contest = self.contest

        emails: dict[str, Any] | None | Unset
        if isinstance(self.emails, Unset):
            emails = UNSET
        elif isinstance(self.emails, EmailsInput):
            emails = self.emails.to_dict()
        else:
            emails = self.emails

        fraud: dict[str, Any] | None | Unset
        if isinstance(self.fraud, Unset):
            fraud = UNSET
        elif isinstance(self.fraud, FraudInput):
            fraud = self.fraud.to_dict()
        else:
            fraud = self.fraud

        tiers: list[dict[str, Any]] | None | Unset
        if isinstance(self.tiers, Unset):
            tiers = UNSET
        elif isinstance(self.tiers, list):
            tiers = []
            for tiers_type_0_item_data in self.tiers:
                tiers_type_0_item = tiers_type_0_item_data.to_dict()
                tiers.append(tiers_type_0_item)

        else:
            tiers = self.tiers

        leaderboard: dict[str, Any] | None | Unset
        if isinstance(self.leaderboard, Unset):
            leaderboard = UNSET
        elif isinstance(self.leaderboard, LeaderboardInput):
            leaderboard = self.leaderboard.to_dict()
        else:
            leaderboard = self.leaderboard

        waitlist: dict[str, Any] | None | Unset
        if isinstance(self.waitlist, Unset):
            waitlist = UNSET
        elif isinstance(self.waitlist, WaitlistInput):
            waitlist = self.waitlist.to_dict()
        else:
            waitlist = self.waitlist

        payouts: dict[str, Any] | None | Unset
        if isinstance(self.payouts, Unset):
            payouts = UNSET
        elif isinstance(self.payouts, PayoutInput):
            payouts = self.payouts.to_dict()
        else:
            payouts = self.payouts

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        texts: dict[str, Any] | None | Unset
        if isinstance(self.texts, Unset):
            texts = UNSET
        elif isinstance(self.texts, CampaignInputTextsType0):
            texts = self.texts.to_dict()
        else:
            texts = self.texts

        commission: dict[str, Any] | None | Unset
        if isinstance(self.commission, Unset):
            commission = UNSET
        elif isinstance(self.commission, CommissionInput):
            commission = self.commission.to_dict()
        else:
            commission = self.commission

        attribution: dict[str, Any] | None | Unset
        if isinstance(self.attribution, Unset):
            attribution = UNSET
        elif isinstance(self.attribution, AttributionInput):
            attribution = self.attribution.to_dict()
        else:
            attribution = self.attribution

        promo_codes: dict[str, Any] | None | Unset
        if isinstance(self.promo_codes, Unset):
            promo_codes = UNSET
        elif isinstance(self.promo_codes, PromoCodesInput):
            promo_codes = self.promo_codes.to_dict()
        else:
            promo_codes = self.promo_codes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if url_id is not UNSET:
            field_dict["url_id"] = url_id
        if type_id is not UNSET:
            field_dict["type_id"] = type_id
        if reward_type is not UNSET:
            field_dict["reward_type"] = reward_type
        if goal_type is not UNSET:
            field_dict["goal_type"] = goal_type
        if num_signups is not UNSET:
            field_dict["num_signups"] = num_signups
        if publish is not UNSET:
            field_dict["publish"] = publish
        if reward_invited is not UNSET:
            field_dict["reward_invited"] = reward_invited
        if reward_value is not UNSET:
            field_dict["reward_value"] = reward_value
        if hold_days is not UNSET:
            field_dict["hold_days"] = hold_days
        if widget is not UNSET:
            field_dict["widget"] = widget
        if contest is not UNSET:
            field_dict["contest"] = contest
        if emails is not UNSET:
            field_dict["emails"] = emails
        if fraud is not UNSET:
            field_dict["fraud"] = fraud
        if tiers is not UNSET:
            field_dict["tiers"] = tiers
        if leaderboard is not UNSET:
            field_dict["leaderboard"] = leaderboard
        if waitlist is not UNSET:
            field_dict["waitlist"] = waitlist
        if payouts is not UNSET:
            field_dict["payouts"] = payouts
        if language is not UNSET:
            field_dict["language"] = language
        if texts is not UNSET:
            field_dict["texts"] = texts
        if commission is not UNSET:
            field_dict["commission"] = commission
        if attribution is not UNSET:
            field_dict["attribution"] = attribution
        if promo_codes is not UNSET:
            field_dict["promo_codes"] = promo_codes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attribution_input import AttributionInput  # noqa: PLC0415
        from ..models.campaign_input_texts_type_0 import CampaignInputTextsType0  # noqa: PLC0415
        from ..models.commission_input import CommissionInput  # noqa: PLC0415
        from ..models.contest_input import ContestInput  # noqa: PLC0415
        from ..models.emails_input import EmailsInput  # noqa: PLC0415
        from ..models.fraud_input import FraudInput  # noqa: PLC0415
        from ..models.leaderboard_input import LeaderboardInput  # noqa: PLC0415
        from ..models.payout_input import PayoutInput  # noqa: PLC0415
        from ..models.promo_codes_input import PromoCodesInput  # noqa: PLC0415
        from ..models.tier_input import TierInput  # noqa: PLC0415
        from ..models.waitlist_input import WaitlistInput  # noqa: PLC0415
        from ..models.widget_settings import WidgetSettings  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_url_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        url_id = _parse_url_id(d.pop("url_id", UNSET))

        def _parse_type_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        type_id = _parse_type_id(d.pop("type_id", UNSET))

        def _parse_reward_type(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reward_type = _parse_reward_type(d.pop("reward_type", UNSET))

        def _parse_goal_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        goal_type = _parse_goal_type(d.pop("goal_type", UNSET))

        def _parse_num_signups(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        num_signups = _parse_num_signups(d.pop("num_signups", UNSET))

        def _parse_publish(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        publish = _parse_publish(d.pop("publish", UNSET))

        def _parse_reward_invited(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        reward_invited = _parse_reward_invited(d.pop("reward_invited", UNSET))

        def _parse_reward_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reward_value = _parse_reward_value(d.pop("reward_value", UNSET))

        def _parse_hold_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hold_days = _parse_hold_days(d.pop("hold_days", UNSET))

        def _parse_widget(data: object) -> None | Unset | WidgetSettings:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                widget_type_1 = WidgetSettings.from_dict(data)

                return widget_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WidgetSettings, data)

        widget = _parse_widget(d.pop("widget", UNSET))

        def _parse_contest(data: object) -> ContestInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contest_type_1 = ContestInput.from_dict(data)

                return contest_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContestInput | None | Unset, data)

        contest = _parse_contest(d.pop("contest", UNSET))

        def _parse_emails(data: object) -> EmailsInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                emails_type_1 = EmailsInput.from_dict(data)

                return emails_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailsInput | None | Unset, data)

        emails = _parse_emails(d.pop("emails", UNSET))

        def _parse_fraud(data: object) -> FraudInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fraud_type_1 = FraudInput.from_dict(data)

                return fraud_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FraudInput | None | Unset, data)

        fraud = _parse_fraud(d.pop("fraud", UNSET))

        def _parse_tiers(data: object) -> list[TierInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tiers_type_0 = []
                _tiers_type_0 = data
                for tiers_type_0_item_data in _tiers_type_0:
                    tiers_type_0_item = TierInput.from_dict(tiers_type_0_item_data)

                    tiers_type_0.append(tiers_type_0_item)

                return tiers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TierInput] | None | Unset, data)

        tiers = _parse_tiers(d.pop("tiers", UNSET))

        def _parse_leaderboard(data: object) -> LeaderboardInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                leaderboard_type_1 = LeaderboardInput.from_dict(data)

                return leaderboard_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardInput | None | Unset, data)

        leaderboard = _parse_leaderboard(d.pop("leaderboard", UNSET))

        def _parse_waitlist(data: object) -> None | Unset | WaitlistInput:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                waitlist_type_1 = WaitlistInput.from_dict(data)

                return waitlist_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WaitlistInput, data)

        waitlist = _parse_waitlist(d.pop("waitlist", UNSET))

        def _parse_payouts(data: object) -> None | PayoutInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payouts_type_1 = PayoutInput.from_dict(data)

                return payouts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutInput | Unset, data)

        payouts = _parse_payouts(d.pop("payouts", UNSET))

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_texts(data: object) -> CampaignInputTextsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                texts_type_0 = CampaignInputTextsType0.from_dict(data)

                return texts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CampaignInputTextsType0 | None | Unset, data)

        texts = _parse_texts(d.pop("texts", UNSET))

        def _parse_commission(data: object) -> CommissionInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                commission_type_1 = CommissionInput.from_dict(data)

                return commission_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CommissionInput | None | Unset, data)

        commission = _parse_commission(d.pop("commission", UNSET))

        def _parse_attribution(data: object) -> AttributionInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attribution_type_1 = AttributionInput.from_dict(data)

                return attribution_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttributionInput | None | Unset, data)

        attribution = _parse_attribution(d.pop("attribution", UNSET))

        def _parse_promo_codes(data: object) -> None | PromoCodesInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                promo_codes_type_1 = PromoCodesInput.from_dict(data)

                return promo_codes_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PromoCodesInput | Unset, data)

        promo_codes = _parse_promo_codes(d.pop("promo_codes", UNSET))

        campaign_input = cls(
            name=name,
            url_id=url_id,
            type_id=type_id,
            reward_type=reward_type,
            goal_type=goal_type,
            num_signups=num_signups,
            publish=publish,
            reward_invited=reward_invited,
            reward_value=reward_value,
            hold_days=hold_days,
            widget=widget,
            contest=contest,
            emails=emails,
            fraud=fraud,
            tiers=tiers,
            leaderboard=leaderboard,
            waitlist=waitlist,
            payouts=payouts,
            language=language,
            texts=texts,
            commission=commission,
            attribution=attribution,
            promo_codes=promo_codes,
        )

        campaign_input.additional_properties = d
        return campaign_input

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
