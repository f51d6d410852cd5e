from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preview_holds import PreviewHolds
    from ..models.preview_refusals import PreviewRefusals


T = TypeVar("T", bound="FraudPreview")


@_attrs_define
class FraudPreview:
    """What the proposed rules would have done to the campaign's existing referrals.

    Attributes:
        referrals (int): The referrals replayed: every participant who joined through someone's code.
        with_client (int): Of them, those whose client print is still kept (the last 30 days): the rules that
            compare clients see only these.
        held (int): Referrals whose rewards would have been held, for one reason or more.
        held_by_reason (PreviewHolds): How many of the replayed referrals each reason would have held.
        refused (int): Referrals that would have been refused.
        refused_by_reason (PreviewRefusals): How many of the replayed referrals each reason would have refused.
    """

    referrals: int
    with_client: int
    held: int
    held_by_reason: PreviewHolds
    refused: int
    refused_by_reason: PreviewRefusals
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        referrals = self.referrals

        with_client = self.with_client

        held = self.held

        held_by_reason = self.held_by_reason.to_dict()

        refused = self.refused

        refused_by_reason = self.refused_by_reason.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "referrals": referrals,
                "with_client": with_client,
                "held": held,
                "held_by_reason": held_by_reason,
                "refused": refused,
                "refused_by_reason": refused_by_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_holds import PreviewHolds  # noqa: PLC0415
        from ..models.preview_refusals import PreviewRefusals  # noqa: PLC0415

        d = dict(src_dict)
        referrals = d.pop("referrals")

        with_client = d.pop("with_client")

        held = d.pop("held")

        held_by_reason = PreviewHolds.from_dict(d.pop("held_by_reason"))

        refused = d.pop("refused")

        refused_by_reason = PreviewRefusals.from_dict(d.pop("refused_by_reason"))

        fraud_preview = cls(
            referrals=referrals,
            with_client=with_client,
            held=held,
            held_by_reason=held_by_reason,
            refused=refused,
            refused_by_reason=refused_by_reason,
        )

        fraud_preview.additional_properties = d
        return fraud_preview

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
