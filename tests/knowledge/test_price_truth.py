"""Prices tell the truth about themselves: their date or "date unknown", outliers caught by each
cloud's documented spot range, derived spot prices never quoted, one staleness rule for every price."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.render.views import stale_view
from knowledge import load_knowledge
from knowledge.prices import apply_price_rules, derived_spot_ids, range_flags
from knowledge.schema import OfferingRecord
from sizing.cost import price_is_stale, quotable_spot_usd_per_hour, quote, staleness, usable
from sizing.plan import plan
from sizing.types import SizingRequest

TODAY = dt.date(2026, 12, 1)


def row(**fields: object) -> OfferingRecord:
    base: dict[str, object] = {
        "id": "gcp/test",
        "cloud": "gcp",
        "instance_type": "test",
        "gpu": "h200",
        "gpu_count": 8,
        "price_usd_per_hour": 100.0,
        "spot_usd_per_hour": 50.0,
        "region": "us-central1",
        "as_of": dt.date(2026, 7, 30),
        "source": "test",
    }
    return OfferingRecord.model_validate({**base, **fields})


def by_id(offering_id: str) -> OfferingRecord:
    return next(o for o in load_knowledge().offering_records if o.id == offering_id)


def test_aws_rows_from_undated_snapshots_say_date_unknown_instead_of_an_inferred_date() -> None:
    aws = [o for o in load_knowledge().offering_records if o.cloud == "aws"]
    assert aws and all(o.as_of is None for o in aws)


def test_a_plan_priced_from_an_undated_row_reports_the_date_as_unknown() -> None:
    kb = load_knowledge()
    request = SizingRequest(params=7e9, tokens=2e9, method="lora", gpu="l40s", gpus=1, today=TODAY)
    cost = plan(request, kb.catalog).to_dict()["options"][0]["cost"]
    assert cost["cloud"] == "aws" and cost["prices_as_of"] is None and cost["prices_date_unknown"] is True


def test_the_gcp_h200_row_with_spot_only_14_percent_off_is_an_outlier_never_quoted() -> None:
    a3 = by_id("gcp/a3-ultragpu-8g")
    assert a3.price_usd_per_hour == pytest.approx(49.35922)
    assert "price_outlier" in a3.flags
    h200 = [o for o in load_knowledge().catalog.offerings if o.gpu_id == "h200" and usable(o)]
    assert h200 and all(o.cloud != "gcp" for o in h200)
    cheapest = min((o.price_usd_per_hour or 0) / o.gpu_count for o in h200)
    assert cheapest != pytest.approx(6.17, abs=0.01)


def test_the_gcp_a100_80gb_rows_carry_googles_public_list_price_of_july_2026() -> None:
    one, eight = by_id("gcp/a2-ultragpu-1g"), by_id("gcp/a2-ultragpu-8g")
    assert (one.price_usd_per_hour, eight.price_usd_per_hour) == pytest.approx((5.0688, 40.5504), abs=1e-3)
    assert one.as_of == eight.as_of == dt.date(2026, 7, 30)
    assert "Cyclenerd" in one.source and "price_outlier" not in one.flags


@pytest.mark.parametrize(
    ("cloud", "spot_share", "expected"),
    [
        ("gcp", 0.86, ["price_outlier"]),  # 14% off: under half of GCP's documented 60%
        ("gcp", 0.55, []),  # 45% off: a little under the headline range, as GPU rows often are
        ("gcp", 0.05, ["spot_outside_documented_range"]),  # 95% off: beyond GCP's 91%
        ("aws", 0.95, []),  # AWS documents "up to 90%" off, no minimum
        ("aws", 0.08, ["spot_outside_documented_range"]),
        ("lambda", 0.5, []),  # no documented spot range: no rule
    ],
)
def test_the_spot_range_rule_uses_each_clouds_documented_discount(
    cloud: str, spot_share: float, expected: list[str]
) -> None:
    providers = load_knowledge().providers
    o = row(cloud=cloud, spot_usd_per_hour=100.0 * spot_share)
    assert range_flags(o, providers[cloud]) == expected


def test_every_clouds_documented_spot_range_names_its_source() -> None:
    for provider in load_knowledge().providers.values():
        if provider.spot_discount is not None:
            assert provider.spot_discount.source.ref.startswith("https://")
            assert provider.spot_discount.min < provider.spot_discount.max


def test_azure_spot_prices_at_one_fixed_share_of_on_demand_are_marked_derived() -> None:
    azure = [o for o in load_knowledge().offering_records if o.cloud == "azure"]
    derived = [o for o in azure if "spot_derived" in o.flags]
    assert len(derived) >= 15
    assert {round((o.spot_usd_per_hour or 0) / (o.price_usd_per_hour or 1), 4) for o in derived} == {0.1848}
    assert "spot_derived" not in by_id("azure/Standard_ND96asr_v4").flags  # 22%: its own observed ratio


def test_a_ratio_shared_by_sizes_of_one_gpu_is_not_a_formula_but_one_shared_by_three_gpus_is() -> None:
    same_gpu = [row(id=f"gcp/a{n}", gpu="a100-80gb", gpu_count=n, spot_usd_per_hour=50.0) for n in (1, 2, 4)]
    assert derived_spot_ids(same_gpu) == set()
    three_gpus = [row(id=f"azure/{g}", cloud="azure", gpu=g) for g in ("a10", "h100-sxm", "mi300x")]
    assert derived_spot_ids(three_gpus) == {"azure/a10", "azure/h100-sxm", "azure/mi300x"}


def test_a_derived_spot_price_is_never_quoted_as_a_saving() -> None:
    kb = load_knowledge()
    nd = next(o for o in kb.catalog.offerings if o.id == "azure/Standard_ND96isr_H100_v5")
    priced = quote(kb.catalog, "h100-sxm", 8, 2.0, offerings=(nd,))
    assert priced is not None and priced.on_demand_usd > 0 and priced.spot_usd is None


def test_the_rules_run_on_an_operators_offerings_too() -> None:
    providers = load_knowledge().providers
    (flagged,) = apply_price_rules((row(spot_usd_per_hour=90.0),), providers)
    assert "price_outlier" in flagged.flags


@pytest.mark.parametrize(
    ("as_of", "stale"),
    [(None, True), (TODAY - dt.timedelta(days=91), True), (TODAY - dt.timedelta(days=90), False)],
)
def test_one_staleness_rule_undated_or_older_than_90_days(as_of: dt.date | None, stale: bool) -> None:
    assert price_is_stale(as_of, TODAY) is stale


def test_the_engine_warns_about_stale_prices_among_every_option_it_quotes() -> None:
    kb = load_knowledge()
    fresh_day = dt.date(2026, 8, 1)  # GCP's list of 2026-07-30 is fresh then; AWS rows are undated
    result = plan(SizingRequest(params=7e9, tokens=1.4e11, days=30, today=fresh_day), kb.catalog).to_dict()
    quoted = [o["cost"] for o in result["options"] if o["cost"]["amount"] is not None]
    dates = [dt.date.fromisoformat(c["prices_as_of"]) if c["prices_as_of"] else None for c in quoted]
    assert dates[0] is not None and not price_is_stale(dates[0], fresh_day)  # the top price is fresh
    expected = staleness(dates, fresh_day)
    assert expected is not None and expected.undated  # an alternative is priced from an undated row
    warning = next(w for w in result["warnings"] if w["code"] == "stale_prices")
    assert warning["params"]["undated"] is True and warning["params"]["as_of"] is None


def test_the_reply_judges_staleness_with_the_same_rule_as_the_engine() -> None:
    views = [
        {"cost": 10.0, "prices_as_of": "2026-07-30"},
        {"cost": 12.0, "prices_as_of": None},
        {"cost": None, "prices_as_of": None},  # no price quoted: nothing to date
    ]
    assert stale_view(views, dt.date(2026, 8, 1)) == {"oldest": None, "undated": True}
    assert stale_view(views, TODAY) == {"oldest": "2026-07-30", "undated": True}
    assert stale_view(views[:1], dt.date(2026, 8, 1)) is None


def test_azure_nc_h100_v5_is_the_94_gb_h100_nvl_and_its_price_is_quoted() -> None:
    kb = load_knowledge()
    nc = next(o for o in kb.catalog.offerings if o.id == "azure/Standard_NC40ads_H100_v5")
    assert nc.gpu_id == "h100-nvl" and kb.catalog.gpu("h100-nvl").memory_gb == 94
    assert usable(nc) and "gpu_variant_unverified" not in nc.flags


@pytest.mark.parametrize(
    ("spot", "flag"),
    [(100.0, "spot_equals_ondemand"), (97.0, "spot_equals_ondemand"), (104.0, "spot_above_ondemand")],
)
def test_a_spot_price_at_or_near_on_demand_is_flagged_whatever_the_provider_documents(
    spot: float, flag: str
) -> None:
    kb = load_knowledge()
    for cloud in ("azure", "aws", "mycloud"):
        flags = range_flags(row(cloud=cloud, spot_usd_per_hour=spot), kb.providers.get(cloud))
        assert flag in flags, cloud
    assert range_flags(row(cloud="azure", spot_usd_per_hour=90.0), kb.providers["azure"]) == []


def test_the_azure_h200_spot_column_that_copies_on_demand_is_never_quoted_as_spot() -> None:
    from bot.dialogue.answers.prices import cheapest_per_cloud

    kb = load_knowledge()
    nd = next(o for o in kb.catalog.offerings if o.id == "azure/Standard_ND96isr_H200_v5")
    assert nd.spot_usd_per_hour == nd.price_usd_per_hour and usable(nd)
    assert quotable_spot_usd_per_hour(nd) is None
    quoted = quote(kb.catalog, "h200", 8, 1.0, offerings=(nd,))
    assert quoted is not None and quoted.on_demand_usd > 0 and quoted.spot_usd is None
    azure = cheapest_per_cloud(kb.catalog, kb.catalog.gpu("h200"), ["azure"])
    assert azure and azure[0]["usd_per_gpu_hour"] == pytest.approx(10.6)
    assert azure[0]["spot_usd_per_gpu_hour"] is None


def test_an_operator_row_with_spot_equal_to_on_demand_is_caught_at_load(tmp_path: Path) -> None:
    ops = tmp_path / "ops.yaml"
    ops.write_text(
        "offerings:\n"
        "  - {id: mycloud/8xh100, cloud: mycloud, instance_type: 8xh100, gpu: h100-sxm, gpu_count: 8,\n"
        "     price_usd_per_hour: 20.0, spot_usd_per_hour: 20.0, region: r1, as_of: 2026-11-01,\n"
        "     source: sheet}\n",
        encoding="utf-8",
    )
    kb = load_knowledge(offerings_file=ops)
    mine = next(o for o in kb.catalog.offerings if o.id == "mycloud/8xh100")
    assert "spot_equals_ondemand" in mine.flags and quotable_spot_usd_per_hour(mine) is None
