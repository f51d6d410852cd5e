from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Participant")


@_attrs_define
class Participant:
    """A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
    map, because building a map per object was measurable.

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
            referred_by (int | None | Unset):
            domain (None | str | Unset): A domain participant's website; absent for everyone else.
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
    referred_by: int | None | Unset = UNSET
    domain: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        email = self.email

        name = self.name

        referral_code = self.referral_code

        referral_link = self.referral_link

        referrals = self.referrals

        created_at = self.created_at

        erased = self.erased

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
            }
        )
        if referred_by is not UNSET:
            field_dict["referred_by"] = referred_by
        if domain is not UNSET:
            field_dict["domain"] = domain

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        participant = cls(
            id=id,
            campaign_id=campaign_id,
            email=email,
            name=name,
            referral_code=referral_code,
            referral_link=referral_link,
            referrals=referrals,
            created_at=created_at,
            erased=erased,
            referred_by=referred_by,
            domain=domain,
        )

        participant.additional_properties = d
        return participant

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
