from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attribution import Attribution
    from ..models.campaign_detail_texts import CampaignDetailTexts
    from ..models.campaign_emails import CampaignEmails
    from ..models.commission import Commission
    from ..models.contest import Contest
    from ..models.fraud_rules import FraudRules
    from ..models.leaderboard_settings import LeaderboardSettings
    from ..models.payout_settings import PayoutSettings
    from ..models.promo_code_settings import PromoCodeSettings
    from ..models.reward_settings import RewardSettings
    from ..models.tier import Tier
    from ..models.waitlist_settings import WaitlistSettings
    from ..models.widget import Widget


T = TypeVar("T", bound="CampaignDetail")


@_attrs_define
class CampaignDetail:
    """A campaign as its single read shows it: with the widget's links, the reward description
    and, for coupon rewards, the pool's counts.

        Attributes:
            id (int):
            name (str):
            url_id (int): The brand's id.
            type_id (int):
            reward_type (int): 1 coupon, 3 message, 4 token, 5 cash.
            goal_type (str): `signup` or `visit`.
            num_signups (int):
            publish (str): `public` or `private`.
            reward_invited (bool):
            hold_days (int): Days a new reward is held before it is issued by itself (0: issued at once).
            tiers (list[Tier]): Milestone rewards in place of one every `num_signups` (empty: none).
            widget (Widget): How the widget shows.
            contest (Contest): A referral contest's settings.
            leaderboard (LeaderboardSettings): Who may read the campaign's leaderboard besides its owner.
            waitlist (WaitlistSettings): A campaign's waitlist settings.
            payouts (PayoutSettings): How a campaign's cash rewards are paid out.
            commission (Commission): What a campaign's referrers earn for their customers' payments.
            attribution (Attribution): How long a visit through a partner's link is remembered, and who a visitor of several
                partners is credited to.
            promo_codes (PromoCodeSettings): Whether participants may ask for a promo code of their own in their portal.
            language (str): What participants read when neither the page nor their browser names a language we
                ship (`en`, `de`, `fr`, `es`, `pt-BR`, `it`, `nl`, `pl`, `tr`, `ja`, `ar`, `he`).
            created_at (str):
            updated_at (str):
            reward (RewardSettings): What a campaign rewards, in its single read.
            emails (CampaignEmails): The emails a campaign sends its participants.
            texts (CampaignDetailTexts): Your own words for the readers of each language (by tag); see `texts` of the body.
            fraud (FraudRules): A campaign's defences against farmed referrals, as far as they are enforced.
            reward_value (None | str | Unset): Cash amount ("10.00"), message text or token amount; null for coupons.
    """

    id: int
    name: str
    url_id: int
    type_id: int
    reward_type: int
    goal_type: str
    num_signups: int
    publish: str
    reward_invited: bool
    hold_days: int
    tiers: list[Tier]
    widget: Widget
    contest: Contest
    leaderboard: LeaderboardSettings
    waitlist: WaitlistSettings
    payouts: PayoutSettings
    commission: Commission
    attribution: Attribution
    promo_codes: PromoCodeSettings
    language: str
    created_at: str
    updated_at: str
    reward: RewardSettings
    emails: CampaignEmails
    texts: CampaignDetailTexts
    fraud: FraudRules
    reward_value: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        url_id = self.url_id

        type_id = self.type_id

        reward_type = self.reward_type

        goal_type = self.goal_type

        num_signups = self.num_signups

        publish = self.publish

        reward_invited = self.reward_invited

        hold_days = self.hold_days

        tiers = []
        for tiers_item_data in self.tiers:
            tiers_item = tiers_item_data.to_dict()
            tiers.append(tiers_item)

        widget = self.widget.to_dict()

        contest = self.contest.to_dict()

        leaderboard = self.leaderboard.to_dict()

        waitlist = self.waitlist.to_dict()

        payouts = self.payouts.to_dict()

        commission = self.commission.to_dict()

        attribution = self.attribution.to_dict()

        promo_codes = self.promo_codes.to_dict()

        language = self.language

        created_at = self.created_at

        updated_at = self.updated_at

        reward = self.reward.to_dict()

        emails = self.emails.to_dict()

        texts = self.texts.to_dict()

        fraud = self.fraud.to_dict()

        reward_value: None | str | Unset
        if isinstance(self.reward_value, Unset):
            reward_value = UNSET
        else:
            reward_value = self.reward_value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "url_id": url_id,
                "type_id": type_id,
                "reward_type": reward_type,
                "goal_type": goal_type,
                "num_signups": num_signups,
                "publish": publish,
                "reward_invited": reward_invited,
                "hold_days": hold_days,
                "tiers": tiers,
                "widget": widget,
                "contest": contest,
                "leaderboard": leaderboard,
                "waitlist": waitlist,
                "payouts": payouts,
                "commission": commission,
                "attribution": attribution,
                "promo_codes": promo_codes,
                "language": language,
                "created_at": created_at,
                "updated_at": updated_at,
                "reward": reward,
                "emails": emails,
                "texts": texts,
                "fraud": fraud,
            }
        )
        if reward_value is not UNSET:
            field_dict["reward_value"] = reward_value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attribution import Attribution  # noqa: PLC0415
        from ..models.campaign_detail_texts import CampaignDetailTexts  # noqa: PLC0415
        from ..models.campaign_emails import CampaignEmails  # noqa: PLC0415
        from ..models.commission import Commission  # noqa: PLC0415
        from ..models.contest import Contest  # noqa: PLC0415
        from ..models.fraud_rules import FraudRules  # noqa: PLC0415
        from ..models.leaderboard_settings import LeaderboardSettings  # noqa: PLC0415
        from ..models.payout_settings import PayoutSettings  # noqa: PLC0415
        from ..models.promo_code_settings import PromoCodeSettings  # noqa: PLC0415
        from ..models.reward_settings import RewardSettings  # noqa: PLC0415
        from ..models.tier import Tier  # noqa: PLC0415
        from ..models.waitlist_settings import WaitlistSettings  # noqa: PLC0415
        from ..models.widget import Widget  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        url_id = d.pop("url_id")

        type_id = d.pop("type_id")

        reward_type = d.pop("reward_type")

        goal_type = d.pop("goal_type")

        num_signups = d.pop("num_signups")

        publish = d.pop("publish")

        reward_invited = d.pop("reward_invited")

        hold_days = d.pop("hold_days")

        tiers = []
        _tiers = d.pop("tiers")
        for tiers_item_data in _tiers:
            tiers_item = Tier.from_dict(tiers_item_data)

            tiers.append(tiers_item)

        widget = Widget.from_dict(d.pop("widget"))

        contest = Contest.from_dict(d.pop("contest"))

        leaderboard = LeaderboardSettings.from_dict(d.pop("leaderboard"))

        waitlist = WaitlistSettings.from_dict(d.pop("waitlist"))

        payouts = PayoutSettings.from_dict(d.pop("payouts"))

        commission = Commission.from_dict(d.pop("commission"))

        attribution = Attribution.from_dict(d.pop("attribution"))

        promo_codes = PromoCodeSettings.from_dict(d.pop("promo_codes"))

        language = d.pop("language")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        reward = RewardSettings.from_dict(d.pop("reward"))

        emails = CampaignEmails.from_dict(d.pop("emails"))

        texts = CampaignDetailTexts.from_dict(d.pop("texts"))

        fraud = FraudRules.from_dict(d.pop("fraud"))

        def _parse_reward_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reward_value = _parse_reward_value(d.pop("reward_value", UNSET))

        campaign_detail = cls(
            id=id,
            name=name,
            url_id=url_id,
            type_id=type_id,
            reward_type=reward_type,
            goal_type=goal_type,
            num_signups=num_signups,
            publish=publish,
            reward_invited=reward_invited,
            hold_days=hold_days,
            tiers=tiers,
            widget=widget,
            contest=contest,
            leaderboard=leaderboard,
            waitlist=waitlist,
            payouts=payouts,
            commission=commission,
            attribution=attribution,
            promo_codes=promo_codes,
            language=language,
            created_at=created_at,
            updated_at=updated_at,
            reward=reward,
            emails=emails,
            texts=texts,
            fraud=fraud,
            reward_value=reward_value,
        )

        campaign_detail.additional_properties = d
        return campaign_detail

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
