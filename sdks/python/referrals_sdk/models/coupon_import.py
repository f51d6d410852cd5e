from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.imported_pool import ImportedPool
    from ..models.invalid_line import InvalidLine


T = TypeVar("T", bound="CouponImport")


@_attrs_define
class CouponImport:
    """What a streamed coupon import did.

    Attributes:
        campaign_id (int):
        lines (int):
        added (int):
        skipped_duplicates (int):
        skipped_blank (int):
        invalid_count (int):
        invalid (list[InvalidLine]): The first refused lines (at most 1,000; all are counted).
        pending_filled (int):
        pool (ImportedPool): The pool's counts after an import.
    """

    campaign_id: int
    lines: int
    added: int
    skipped_duplicates: int
    skipped_blank: int
    invalid_count: int
    invalid: list[InvalidLine]
    pending_filled: int
    pool: ImportedPool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        lines = self.lines

        added = self.added

        skipped_duplicates = self.skipped_duplicates

        skipped_blank = self.skipped_blank

        invalid_count = self.invalid_count

        invalid = []
        for invalid_item_data in self.invalid:
            invalid_item = invalid_item_data.to_dict()
            invalid.append(invalid_item)

        pending_filled = self.pending_filled

        pool = self.pool.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "lines": lines,
                "added": added,
                "skipped_duplicates": skipped_duplicates,
                "skipped_blank": skipped_blank,
                "invalid_count": invalid_count,
                "invalid": invalid,
                "pending_filled": pending_filled,
                "pool": pool,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.imported_pool import ImportedPool  # noqa: PLC0415
        from ..models.invalid_line import InvalidLine  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        lines = d.pop("lines")

        added = d.pop("added")

        skipped_duplicates = d.pop("skipped_duplicates")

        skipped_blank = d.pop("skipped_blank")

        invalid_count = d.pop("invalid_count")

        invalid = []
        _invalid = d.pop("invalid")
        for invalid_item_data in _invalid:
            invalid_item = InvalidLine.from_dict(invalid_item_data)

            invalid.append(invalid_item)

        pending_filled = d.pop("pending_filled")

        pool = ImportedPool.from_dict(d.pop("pool"))

        coupon_import = cls(
            campaign_id=campaign_id,
            lines=lines,
            added=added,
            skipped_duplicates=skipped_duplicates,
            skipped_blank=skipped_blank,
            invalid_count=invalid_count,
            invalid=invalid,
            pending_filled=pending_filled,
            pool=pool,
        )

        coupon_import.additional_properties = d
        return coupon_import

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
