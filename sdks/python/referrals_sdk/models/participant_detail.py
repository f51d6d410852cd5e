from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.invite import Invite
    from ..models.referrer import Referrer
    from ..models.reward import Reward
    from ..models.rewards_by_status import RewardsByStatus
    from ..models.tier import Tier
    from ..models.waitlist_spot import WaitlistSpot


T = TypeVar("T", bound="ParticipantDetail")


@_attrs_define
class ParticipantDetail:
    """A participant with everything about them: counts, who referred them, rewards, invitations.

    Attributes:
        id (int):
        campaign_id (int):
        email (str):
        name (str):
        referral_code (str): Base64 of `campaign_id:social_type:participant_id[:invited_id]`.
        referral_link (str): `{site_url}/r/{referral_code}`.
        referrals (int):
        created_at (str):
        erased (bool): The person was erased (`DELETE /participants/:id`): `email` and `name` are empty, and
            the participant stays only as a node of the referral chain, with their counts.
        shares (int):
        clicks (int):
        unique_visits (int):
        rewards (list[Reward]):
        rewards_by_status (RewardsByStatus): How many rewards are in each state now.
        invited_emails (list[str]):
        invites (list[Invite]):
        referred_by (int | None | Unset):
        domain (None | str | Unset): A domain participant's website; absent for everyone else.
        next_reward_in (int | None | Unset): Referrals (unique visits, or converted referrals, as the goal counts) still
            needed for
            the next reward; null once every tier is reached.
        next_tier (None | Tier | Unset):
        referrals_to_next_tier (int | None | Unset): How many more the next tier needs (null as `next_tier` is).
        language (None | str | Unset): The language they signed up in (a tag such as `es`), which their emails are
            written
            in; null when they named none we ship, and read the campaign's. Example: es.
        referrer (None | Referrer | Unset):
        blocked_at (None | str | Unset): When the owner blocked them (`POST /participants/:id/block`); null when not
            blocked.
            A blocked participant earns nothing, and their codes credit nothing.
        waitlist (None | Unset | WaitlistSpot):
    """

    id: int
    campaign_id: int
    email: str
    name: str
    referral_code: str
    referral_link: str
    referrals: int
    created_at: str
    erased: bool
    shares: int
    clicks: int
    unique_visits: int
    rewards: list[Reward]
    rewards_by_status: RewardsByStatus
    invited_emails: list[str]
    invites: list[Invite]
    referred_by: int | None | Unset = UNSET
    domain: None | str | Unset = UNSET
    next_reward_in: int | None | Unset = UNSET
    next_tier: None | Tier | Unset = UNSET
    referrals_to_next_tier: int | None | Unset = UNSET
    language: None | str | Unset = UNSET
    referrer: None | Referrer | Unset = UNSET
    blocked_at: None | str | Unset = UNSET
    waitlist: None | Unset | WaitlistSpot = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.referrer import Referrer  # noqa: PLC0415
        from ..models.tier import Tier  # noqa: PLC0415
        from ..models.waitlist_spot import WaitlistSpot  # noqa: PLC0415

        id = self.id

        campaign_id = self.campaign_id

        email = self.email

        name = self.name

        referral_code = self.referral_code

        referral_link = self.referral_link

        referrals = self.referrals

        created_at = self.created_at

        erased = self.erased

        shares = self.shares

        clicks = self.clicks

        unique_visits = self.unique_visits

        rewards = []
        for rewards_item_data in self.rewards:
            rewards_item = rewards_item_data.to_dict()
            rewards.append(rewards_item)

        rewards_by_status = self.rewards_by_status.to_dict()

        invited_emails = self.invited_emails

        invites = []
        for invites_item_data in self.invites:
            invites_item = invites_item_data.to_dict()
            invites.append(invites_item)

        referred_by: int | None | Unset
        if isinstance(self.referred_by, Unset):
            referred_by = UNSET
        else:
            referred_by = self.referred_by

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        next_reward_in: int | None | Unset
        if isinstance(self.next_reward_in, Unset):
            next_reward_in = UNSET
        else:
            next_reward_in = self.next_reward_in

        next_tier: dict[str, Any] | None | Unset
        if isinstance(self.next_tier, Unset):
            next_tier = UNSET
        elif isinstance(self.next_tier, Tier):
            next_tier = self.next_tier.to_dict()
        else:
            next_tier = self.next_tier

        referrals_to_next_tier: int | None | Unset
        if isinstance(self.referrals_to_next_tier, Unset):
            referrals_to_next_tier = UNSET
        else:
            referrals_to_next_tier = self.referrals_to_next_tier

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        referrer: dict[str, Any] | None | Unset
        if isinstance(self.referrer, Unset):
            referrer = UNSET
        elif isinstance(self.referrer, Referrer):
            referrer = self.referrer.to_dict()
        else:
            referrer = self.referrer

        blocked_at: None | str | Unset
        if isinstance(self.blocked_at, Unset):
            blocked_at = UNSET
        else:
            blocked_at = self.blocked_at

        waitlist: dict[str, Any] | None | Unset
        if isinstance(self.waitlist, Unset):
            waitlist = UNSET
        elif isinstance(self.waitlist, WaitlistSpot):
            waitlist = self.waitlist.to_dict()
        else:
            waitlist = self.waitlist

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "email": email,
                "name": name,
                "referral_code": referral_code,
                "referral_link": referral_link,
                "referrals": referrals,
                "created_at": created_at,
                "erased": erased,
                "shares": shares,
                "clicks": clicks,
                "unique_visits": unique_visits,
                "rewards": rewards,
                "rewards_by_status": rewards_by_status,
                "invited_emails": invited_emails,
                "invites": invites,
            }
        )
        if referred_by is not UNSET:
            field_dict["referred_by"] = referred_by
        if domain is not UNSET:
            field_dict["domain"] = domain
        if next_reward_in is not UNSET:
            field_dict["next_reward_in"] = next_reward_in
        if next_tier is not UNSET:
            field_dict["next_tier"] = next_tier
        if referrals_to_next_tier is not UNSET:
            field_dict["referrals_to_next_tier"] = referrals_to_next_tier
        if language is not UNSET:
            field_dict["language"] = language
        if referrer is not UNSET:
            field_dict["referrer"] = referrer
        if blocked_at is not UNSET:
            field_dict["blocked_at"] = blocked_at
        if waitlist is not UNSET:
            field_dict["waitlist"] = waitlist

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invite import Invite  # noqa: PLC0415
        from ..models.referrer import Referrer  # noqa: PLC0415
        from ..models.reward import Reward  # noqa: PLC0415
        from ..models.rewards_by_status import RewardsByStatus  # noqa: PLC0415
        from ..models.tier import Tier  # noqa: PLC0415
        from ..models.waitlist_spot import WaitlistSpot  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        email = d.pop("email")

        name = d.pop("name")

        referral_code = d.pop("referral_code")

        referral_link = d.pop("referral_link")

        referrals = d.pop("referrals")

        created_at = d.pop("created_at")

        erased = d.pop("erased")

        shares = d.pop("shares")

        clicks = d.pop("clicks")

        unique_visits = d.pop("unique_visits")

        rewards = []
        _rewards = d.pop("rewards")
        for rewards_item_data in _rewards:
            rewards_item = Reward.from_dict(rewards_item_data)

            rewards.append(rewards_item)

        rewards_by_status = RewardsByStatus.from_dict(d.pop("rewards_by_status"))

        invited_emails = cast(list[str], d.pop("invited_emails"))

        invites = []
        _invites = d.pop("invites")
        for invites_item_data in _invites:
            invites_item = Invite.from_dict(invites_item_data)

            invites.append(invites_item)

        def _parse_referred_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        referred_by = _parse_referred_by(d.pop("referred_by", UNSET))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_next_reward_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        next_reward_in = _parse_next_reward_in(d.pop("next_reward_in", UNSET))

        def _parse_next_tier(data: object) -> None | Tier | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_tier_type_1 = Tier.from_dict(data)

                return next_tier_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tier | Unset, data)

        next_tier = _parse_next_tier(d.pop("next_tier", UNSET))

        def _parse_referrals_to_next_tier(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        referrals_to_next_tier = _parse_referrals_to_next_tier(d.pop("referrals_to_next_tier", UNSET))

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_referrer(data: object) -> None | Referrer | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                referrer_type_1 = Referrer.from_dict(data)

                return referrer_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Referrer | Unset, data)

        referrer = _parse_referrer(d.pop("referrer", UNSET))

        def _parse_blocked_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        blocked_at = _parse_blocked_at(d.pop("blocked_at", UNSET))

        def _parse_waitlist(data: object) -> None | Unset | WaitlistSpot:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                waitlist_type_1 = WaitlistSpot.from_dict(data)

                return waitlist_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WaitlistSpot, data)

        waitlist = _parse_waitlist(d.pop("waitlist", UNSET))

        participant_detail = cls(
            id=id,
            campaign_id=campaign_id,
            email=email,
            name=name,
            referral_code=referral_code,
            referral_link=referral_link,
            referrals=referrals,
            created_at=created_at,
            erased=erased,
            shares=shares,
            clicks=clicks,
            unique_visits=unique_visits,
            rewards=rewards,
            rewards_by_status=rewards_by_status,
            invited_emails=invited_emails,
            invites=invites,
            referred_by=referred_by,
            domain=domain,
            next_reward_in=next_reward_in,
            next_tier=next_tier,
            referrals_to_next_tier=referrals_to_next_tier,
            language=language,
            referrer=referrer,
            blocked_at=blocked_at,
            waitlist=waitlist,
        )

        participant_detail.additional_properties = d
        return participant_detail

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
