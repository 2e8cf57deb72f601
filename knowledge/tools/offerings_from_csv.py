"""Regenerate knowledge/data/offerings.yaml from the reference cloud_instances.csv snapshot, with
the GCP rows refreshed from a dated public GCP price list where it has them.

    python -m knowledge.tools.offerings_from_csv PATH/TO/cloud_instances.csv \
        [--gcp-pricing PATH/TO/pricing.yml] > knowledge/data/offerings.yaml

`pricing.yml` is Cyclenerd/google-cloud-pricing-cost-calculator's file, generated from Google's
Cloud Billing Catalog API (the refresh used the commit of 2026-07-30, fd66b26): per machine type and
region the on-demand and spot hourly prices. The YAML is the committed source of truth; this script
only records how it was made. GPU names are mapped to catalog ids here, the CSV's free-text notes
become machine-readable flags, and rows whose accelerator is not in the catalog (TPUs, GH200, Quadro
RTX 6000) are listed under `excluded:`. Price rules (documented spot ranges, derived spot) run at
load time in knowledge/prices.py, not here.
"""

from __future__ import annotations

import csv
import datetime as dt
import sys
from pathlib import Path
from typing import Any

import yaml

# The CSV's two AWS snapshots carry no date (hardware.md §3.1): their rows say `as_of: null` and the
# answer says "date unknown". A date guessed from their content would be shown as if it were known.
GCP_PRICING_COMMIT = "fd66b26ff84fee5cdd94f341ea89206e76c06b99"

# Scale-out network per instance, hardware.md §3.4 (AWS Capacity Blocks page C7, Azure docs C8).
NETWORK_GBPS = {
    ("AWS", "p4d.24xlarge"): 400,
    ("AWS", "p4de.24xlarge"): 400,
    ("AWS", "p5.48xlarge"): 3200,
    ("AWS", "p5e.48xlarge"): 3200,
    ("AWS", "p5en.48xlarge"): 3200,
    ("AWS", "p6-b200.48xlarge"): 3200,
    ("Azure", "Standard_ND96isr_H100_v5"): 3200,
    ("Azure", "Standard_ND96isr_H200_v5"): 3200,
    ("Azure", "Standard_ND96asr_v4"): 1600,
    ("Azure", "Standard_ND96amsr_A100_v4"): 1600,
    ("Azure", "Standard_ND96isr_MI300X_v5"): 3200,
}

SIMPLE_GPU_IDS = {
    "T4": "t4",
    "A10G": "a10g",
    "A10": "a10",
    "L4": "l4",
    "L40S": "l40s",
    "V100": "v100-16gb",
    "V100-32GB": "v100-32gb",
    "A100": "a100-40gb",
    "A100-80GB": "a100-80gb",
    "H100-MEGA": "h100-sxm",
    "H200": "h200",
    "B200": "b200",
    "MI300X": "mi300x",
    "A6000": "rtx-a6000",
}


# A100 instances that carry the PCIe card, not the SXM4 module the bare name defaults to.
# Azure's NC A100 v4 series: "NVIDIA A100 PCIe GPU ... 80 GB memory each" (MicrosoftDocs/azure-docs
# sizes/gpu-accelerated nca100v4-series); Lambda's 1x/2x/4x A100: "A100 (40 GB PCIe)" in Lambda's
# instance-type descriptions (gpu_1x_a100_sxm4 and gpu_8x_a100 are the SXM4 machines).
A100_PCIE = {
    ("Azure", "Standard_NC24ads_A100_v4"): "a100-80gb-pcie",
    ("Azure", "Standard_NC48ads_A100_v4"): "a100-80gb-pcie",
    ("Azure", "Standard_NC96ads_A100_v4"): "a100-80gb-pcie",
    ("Lambda", "gpu_1x_a100"): "a100-40gb-pcie",
    ("Lambda", "gpu_2x_a100"): "a100-40gb-pcie",
    ("Lambda", "gpu_4x_a100"): "a100-40gb-pcie",
}


def gpu_id(row: dict[str, str]) -> tuple[str | None, list[str]]:
    name, instance = row["gpu"], row["instance_type"]
    if (row["cloud"], instance) in A100_PCIE:
        return A100_PCIE[(row["cloud"], instance)], []
    if name == "H100":
        if row["cloud"] == "Lambda":
            return ("h100-pcie" if "pcie" in instance else "h100-sxm"), []
        if row["cloud"] == "Azure" and instance.startswith(("Standard_NC", "Standard_NCC")):
            # NCads/NCCads H100 v5 carry the H100 NVL 94 GB: Microsoft's series pages
            # (MicrosoftDocs/azure-docs sizes/gpu-accelerated ncadsh100v5-series, nccadsh100v5-series).
            return "h100-nvl", []
        return "h100-sxm", []
    return SIMPLE_GPU_IDS.get(name), []


def flags_for(row: dict[str, str], ondemand: float | None, spot: float | None) -> list[str]:
    notes, date = row["notes"], row["source_date"]
    flags: list[str] = []
    if "outlier" in notes or "verify on GCP pricing page" in notes:
        flags.append("price_outlier")
    if spot is not None and ondemand is not None:
        if abs(spot - ondemand) < 1e-9:
            flags.append("spot_equals_ondemand")
        elif spot > ondemand:
            flags.append("spot_above_ondemand")
    if "placeholder" in notes:
        flags.append("placeholder")
    if "UNCERTAIN" in notes:
        flags.append("unverified_price")
    if "Capacity Blocks" in notes:
        flags.append("capacity_block_only")
    if float(row["gpu_count"]) < 1:
        flags.append("fractional_gpu")
    if "predates" in date:
        flags.append("snapshot_predates_price_cut")
    return flags


def as_of(row: dict[str, str]) -> dt.date | None:
    date = row["source_date"]
    return None if date.startswith("undated") else dt.date.fromisoformat(date)


def gcp_refresh(pricing: dict[str, Any], instance: str) -> dict[str, Any] | None:
    """The cheapest region's on-demand and spot price for a GCP machine type in Cyclenerd's
    pricing.yml (ties: the lower spot), or None when the file does not price it."""
    entry = pricing.get("compute", {}).get("instance", {}).get(instance)
    if not entry or not entry.get("cost"):
        return None
    region, cost = min(
        entry["cost"].items(), key=lambda kv: (round(kv[1]["hour"], 6), kv[1].get("hour_spot") or 1e9)
    )
    return {"region": region, "price": round(cost["hour"], 5), "spot": round(cost.get("hour_spot"), 5)}


def generated_date(pricing: dict[str, Any]) -> dt.date:
    stamp = pricing["about"]["timestamp"]
    return dt.datetime.fromtimestamp(int(stamp), tz=dt.UTC).date()


def number(text: str) -> float | None:
    return float(text) if text.strip() else None


def convert(rows: list[dict[str, str]], pricing: dict[str, Any] | None = None) -> dict[str, Any]:
    offerings: list[dict[str, Any]] = []
    excluded: list[dict[str, str]] = []
    for row in rows:
        gid, extra_flags = gpu_id(row)
        if gid is None:
            excluded.append(
                {
                    "cloud": row["cloud"].lower(),
                    "instance_type": row["instance_type"],
                    "gpu": row["gpu"],
                    "reason": "TPU: not a GPU; the sizing engine models GPUs only"
                    if row["gpu"].startswith("tpu")
                    else "accelerator not in the GPU catalog",
                }
            )
            continue
        ondemand, spot = number(row["ondemand_usd_hr"]), number(row["spot_usd_hr"])
        instance = row["instance_type"].replace(" (+GPU)", "")
        count = float(row["gpu_count"])
        ident = f"{row['cloud'].lower()}/{instance}"
        if row["instance_type"].endswith("(+GPU)"):  # GCP N1 hosts carry attached GPUs
            ident += f"+{gid}x{count:g}"
            instance += f" + {count:g}x {row['gpu']}"
        record: dict[str, Any] = {
            "id": ident,
            "cloud": row["cloud"].lower(),
            "instance_type": instance,
            "gpu": gid,
            "gpu_count": int(count) if count.is_integer() else count,
            "vcpus": int(float(row["vcpus"])) if row["vcpus"] else None,
            "ram_gib": number(row["ram_gib"]),
            "price_usd_per_hour": ondemand,
            "spot_usd_per_hour": spot,
            "region": row["region"],
            "network_gbps": NETWORK_GBPS.get((row["cloud"], row["instance_type"])),
            "as_of": as_of(row),
            "source": f"{row['source']}@{row['source_commit']}",
            "flags": extra_flags + flags_for(row, ondemand, spot),
        }
        parts = [row["source_date"]] if row["source_date"].startswith("undated") else []
        parts += [row["notes"].strip("; ")] if row["notes"].strip("; ") else []
        if parts:
            record["note"] = "; ".join(parts)
        fresh = gcp_refresh(pricing, instance) if pricing and row["cloud"] == "GCP" else None
        if fresh is not None and pricing is not None:
            # The public list price replaces the third-party snapshot's, and the old row's notes
            # (outliers, regional anomalies) no longer describe it.
            record.update(
                price_usd_per_hour=fresh["price"],
                spot_usd_per_hour=fresh["spot"],
                region=fresh["region"],
                as_of=generated_date(pricing),
                source=(
                    "Cyclenerd/google-cloud-pricing-cost-calculator:pricing.yml@"
                    f"{GCP_PRICING_COMMIT} (Google Cloud Billing Catalog API)"
                ),
                flags=extra_flags,
            )
            record.pop("note", None)
        offerings.append(record)
    return {"offerings": offerings, "excluded": excluded}


HEADER = """\
# Cloud GPU offerings: one row per instance type per cloud, cheapest region, whole-instance USD/h.
# Generated by knowledge/tools/offerings_from_csv.py from reference/cloud_instances.csv (hardware.md §3)
# with GCP's A2/A3/G2 rows refreshed from Google's public list prices of 2026-07-30 (via
# Cyclenerd/google-cloud-pricing-cost-calculator); this YAML is the source of truth. Prices are dated
# snapshots: indicative, re-check before quoting. AWS rows come from SkyPilot catalog snapshots that
# carry no date: `as_of: null`, shown as "date unknown". network_gbps: scale-out network per instance
# (§3.4). Mainland-China prices live in offerings_cn.yaml; price rules run at load (knowledge/prices.py).
"""


class _NoAliasDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def main(argv: list[str]) -> int:
    args = argv[1:]
    pricing = None
    if "--gcp-pricing" in args:
        at = args.index("--gcp-pricing")
        with Path(args[at + 1]).open(encoding="utf-8") as fh:
            pricing = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        del args[at : at + 2]
    with Path(args[0]).open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    sys.stdout.write(HEADER)
    sys.stdout.write(
        yaml.dump(
            convert(rows, pricing), Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True, width=200
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
