from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contest import Contest
    from ..models.contest_place import ContestPlace
    from ..models.leader import Leader


T = TypeVar("T", bound="ContestReport")


@_attrs_define
class ContestReport:
    """A campaign's contest: `GET /campaigns/:id/contest`.

    Attributes:
        campaign_id (int):
        contest (Contest): A referral contest's settings.
        status (str): `off`, `upcoming`, `running` or `ended`.
        standings (list[Leader]): The window's leaderboard now (its first `winners` places, best first).
        results (list[ContestPlace] | None | Unset): The winners, once recorded (shortly after the window ends); null
            before.
        recorded_at (None | str | Unset):
    """

    campaign_id: int
    contest: Contest
    status: str
    standings: list[Leader]
    results: list[ContestPlace] | None | Unset = UNSET
    recorded_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        contest = self.contest.to_dict()

        status = self.status

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        results: list[dict[str, Any]] | None | Unset
        if isinstance(self.results, Unset):
            results = UNSET
        elif isinstance(self.results, list):
            results = []
            for results_type_0_item_data in self.results:
                results_type_0_item = results_type_0_item_data.to_dict()
                results.append(results_type_0_item)

        else:
            results = self.results

        recorded_at: None | str | Unset
        if isinstance(self.recorded_at, Unset):
            recorded_at = UNSET
        else:
            recorded_at = self.recorded_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "contest": contest,
                "status": status,
                "standings": standings,
            }
        )
        if results is not UNSET:
            field_dict["results"] = results
        if recorded_at is not UNSET:
            field_dict["recorded_at"] = recorded_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contest import Contest  # noqa: PLC0415
        from ..models.contest_place import ContestPlace  # noqa: PLC0415
        from ..models.leader import Leader  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        contest = Contest.from_dict(d.pop("contest"))

        status = d.pop("status")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Leader.from_dict(standings_item_data)

            standings.append(standings_item)

        def _parse_results(data: object) -> list[ContestPlace] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                results_type_0 = []
                _results_type_0 = data
                for results_type_0_item_data in _results_type_0:
                    results_type_0_item = ContestPlace.from_dict(results_type_0_item_data)

                    results_type_0.append(results_type_0_item)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ContestPlace] | None | Unset, data)

        results = _parse_results(d.pop("results", UNSET))

        def _parse_recorded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recorded_at = _parse_recorded_at(d.pop("recorded_at", UNSET))

        contest_report = cls(
            campaign_id=campaign_id,
            contest=contest,
            status=status,
            standings=standings,
            results=results,
            recorded_at=recorded_at,
        )

        contest_report.additional_properties = d
        return contest_report

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
