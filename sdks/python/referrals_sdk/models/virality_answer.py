from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.cohort_view import CohortView


T = TypeVar("T", bound="ViralityAnswer")


@_attrs_define
class ViralityAnswer:
    """A campaign's viral loop: its cohorts and its generations (definitions in docs/api.md,
    "Virality").

        Attributes:
            campaign_id (int):
            cohort (str): `week` (from Monday) or `month`.
            tz (str): The IANA time zone the cohorts' weeks or months are in.
            cohorts (list[CohortView]): The cohorts with anyone in them, oldest first (at most the last three years).
            generations (list[int]): How many participants are each number of links from someone who joined on their own:
                `[joined on their own, referred by one of those, …]`.
    """

    campaign_id: int
    cohort: str
    tz: str
    cohorts: list[CohortView]
    generations: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        cohort = self.cohort

        tz = self.tz

        cohorts = []
        for cohorts_item_data in self.cohorts:
            cohorts_item = cohorts_item_data.to_dict()
            cohorts.append(cohorts_item)

        generations = self.generations

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "cohort": cohort,
                "tz": tz,
                "cohorts": cohorts,
                "generations": generations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cohort_view import CohortView  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        cohort = d.pop("cohort")

        tz = d.pop("tz")

        cohorts = []
        _cohorts = d.pop("cohorts")
        for cohorts_item_data in _cohorts:
            cohorts_item = CohortView.from_dict(cohorts_item_data)

            cohorts.append(cohorts_item)

        generations = cast(list[int], d.pop("generations"))

        virality_answer = cls(
            campaign_id=campaign_id,
            cohort=cohort,
            tz=tz,
            cohorts=cohorts,
            generations=generations,
        )

        virality_answer.additional_properties = d
        return virality_answer

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
