from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.coupon_pool import CouponPool
    from ..models.invalid_line import InvalidLine


T = TypeVar("T", bound="CouponUpload")


@_attrs_define
class CouponUpload:
    """What a coupon upload did.

    Attributes:
        added (int):
        skipped (int): Duplicates and blank lines together.
        skipped_duplicates (int): Already in the pool, or earlier in the same upload.
        skipped_blank (int):
        invalid (list[InvalidLine]): The codes refused, each with its position and the rule it broke.
        pending_filled (int): Pending coupon rewards the new codes filled, oldest first.
        pool (CouponPool): A campaign's coupon pool.
    """

    added: int
    skipped: int
    skipped_duplicates: int
    skipped_blank: int
    invalid: list[InvalidLine]
    pending_filled: int
    pool: CouponPool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        added = self.added

        skipped = self.skipped

        skipped_duplicates = self.skipped_duplicates

        skipped_blank = self.skipped_blank

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
                "added": added,
                "skipped": skipped,
                "skipped_duplicates": skipped_duplicates,
                "skipped_blank": skipped_blank,
                "invalid": invalid,
                "pending_filled": pending_filled,
                "pool": pool,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.coupon_pool import CouponPool  # noqa: PLC0415
        from ..models.invalid_line import InvalidLine  # noqa: PLC0415

        d = dict(src_dict)
        added = d.pop("added")

        skipped = d.pop("skipped")

        skipped_duplicates = d.pop("skipped_duplicates")

        skipped_blank = d.pop("skipped_blank")

        invalid = []
        _invalid = d.pop("invalid")
        for invalid_item_data in _invalid:
            invalid_item = InvalidLine.from_dict(invalid_item_data)

            invalid.append(invalid_item)

        pending_filled = d.pop("pending_filled")

        pool = CouponPool.from_dict(d.pop("pool"))

        coupon_upload = cls(
            added=added,
            skipped=skipped,
            skipped_duplicates=skipped_duplicates,
            skipped_blank=skipped_blank,
            invalid=invalid,
            pending_filled=pending_filled,
            pool=pool,
        )

        coupon_upload.additional_properties = d
        return coupon_upload

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
