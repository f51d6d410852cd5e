from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DomainProofStatus")


@_attrs_define
class DomainProofStatus:
    """Whether a brand's or a partner site's domain is proven, and how to prove it.

    Attributes:
        subject (str): `brand` or `participant`.
        id (int): The brand's or participant's id.
        domain (str):
        verified (bool): Whether clicks and `ref=<domain>` signups attribute through it.
        file_url (str): Where the server looks for the file.
        line (str): The line the file must hold (other lines may hold other codes).
        verified_at (None | str | Unset):
        verified_by (None | str | Unset): `file` (the `.well-known` file held the line) or `operator` (vouched with
            `refctl`).
    """

    subject: str
    id: int
    domain: str
    verified: bool
    file_url: str
    line: str
    verified_at: None | str | Unset = UNSET
    verified_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        id = self.id

        domain = self.domain

        verified = self.verified

        file_url = self.file_url

        line = self.line

        verified_at: None | str | Unset
        if isinstance(self.verified_at, Unset):
            verified_at = UNSET
        else:
            verified_at = self.verified_at

        verified_by: None | str | Unset
        if isinstance(self.verified_by, Unset):
            verified_by = UNSET
        else:
            verified_by = self.verified_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "subject": subject,
                "id": id,
                "domain": domain,
                "verified": verified,
                "file_url": file_url,
                "line": line,
            }
        )
        if verified_at is not UNSET:
            field_dict["verified_at"] = verified_at
        if verified_by is not UNSET:
            field_dict["verified_by"] = verified_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subject = d.pop("subject")

        id = d.pop("id")

        domain = d.pop("domain")

        verified = d.pop("verified")

        file_url = d.pop("file_url")

        line = d.pop("line")

        def _parse_verified_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verified_at = _parse_verified_at(d.pop("verified_at", UNSET))

        def _parse_verified_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verified_by = _parse_verified_by(d.pop("verified_by", UNSET))

        domain_proof_status = cls(
            subject=subject,
            id=id,
            domain=domain,
            verified=verified,
            file_url=file_url,
            line=line,
            verified_at=verified_at,
            verified_by=verified_by,
        )

        domain_proof_status.additional_properties = d
        return domain_proof_status

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
