"""A small hand-written catalog for the engine's tests (the real one lives in knowledge/).

GPU figures: dense vendor values from reference/hardware.md §1.1 (NVIDIA/AMD datasheets, read
2026-11); MAMF from stas00/ml-engineering compute/accelerator/README.md. Prices: SkyPilot catalog
snapshots as quoted in reference/cloud_instances.csv (AWS v8 snapshot; GCP/Azure 2026-05-20).
"""

from __future__ import annotations

import datetime as dt

from knowledge.load import DATA_DIR, load_cpu_offload
from sizing.types import Catalog, GpuSpec, Offering, TensorTflops

AS_OF = dt.date(2026, 5, 20)


def _gpu(
    gid: str,
    arch: str,
    mem: float,
    bw: float,
    tf: TensorTflops,
    form: str,
    nvlink: float | None,
    domain: int,
    year: int,
    segment: str = "datacenter",
    mamf: float | None = None,
    vendor: str = "nvidia",
) -> GpuSpec:
    return GpuSpec(
        id=gid,
        name=gid.upper(),
        vendor=vendor,
        architecture=arch,
        memory_gb=mem,  # type: ignore[arg-type]
        memory_bandwidth_tbs=bw,
        tflops=tf,
        form_factor=form,
        scale_up_gbs=nvlink,  # type: ignore[arg-type]
        scale_up_domain=domain,
        tdp_w=None,
        launch_year=year,
        segment=segment,  # type: ignore[arg-type]
        matmul_efficiency=mamf,
    )


GPUS = (
    _gpu("t4", "turing", 16, 0.32, TensorTflops(8.1, None, 65, None, None), "pcie", None, 1, 2018),
    _gpu("v100-32gb", "volta", 32, 0.9, TensorTflops(15.7, None, 125, None, None), "sxm", 300, 8, 2018),
    _gpu("a10g", "ampere", 24, 0.6, TensorTflops(31.2, 62.5, 125, 125, None), "pcie", None, 1, 2021),
    _gpu("l4", "ada", 24, 0.3, TensorTflops(30.3, 60, 121, 121, 242), "pcie", None, 1, 2023),
    _gpu("l40s", "ada", 48, 0.864, TensorTflops(91.6, 183, 362, 362, 733), "pcie", None, 1, 2023),
    _gpu(
        "rtx4090",
        "ada",
        24,
        1.008,
        TensorTflops(82.6, 82.6, 165.2, 165.2, 330.3),
        "pcie",
        None,
        1,
        2022,
        segment="consumer",
    ),
    _gpu(
        "rtx-a6000",
        "ampere",
        48,
        0.768,
        TensorTflops(38.7, 77.4, 154.8, 154.8, None),
        "pcie",
        112.5,
        2,
        2020,
        segment="workstation",
    ),
    _gpu(
        "a100-40gb",
        "ampere",
        40,
        1.555,
        TensorTflops(19.5, 156, 312, 312, None),
        "sxm",
        600,
        8,
        2020,
        mamf=0.859,
    ),
    _gpu(
        "a100-80gb",
        "ampere",
        80,
        2.039,
        TensorTflops(19.5, 156, 312, 312, None),
        "sxm",
        600,
        8,
        2020,
        mamf=0.859,
    ),
    _gpu(
        "h100-sxm",
        "hopper",
        80,
        3.35,
        TensorTflops(67, 494.5, 989, 989, 1979),
        "sxm",
        900,
        8,
        2022,
        mamf=0.801,
    ),
    _gpu("h800", "hopper", 80, 3.35, TensorTflops(67, 494.5, 989, 989, 1979), "sxm", 400, 8, 2023),
    _gpu(
        "h200", "hopper", 141, 4.8, TensorTflops(67, 494.5, 989, 989, 1979), "sxm", 900, 8, 2024, mamf=0.803
    ),
    _gpu(
        "mi300x",
        "cdna3",
        192,
        5.3,
        TensorTflops(163.4, 653.7, 1307.4, 1307.4, 2614.9),
        "oam",
        896,
        8,
        2023,
        mamf=0.601,
        vendor="amd",
    ),
)


def _offer(
    cloud: str,
    itype: str,
    gpu: str,
    count: float,
    price: float | None,
    spot: float | None,
    net: float | None = None,
    flags: tuple[str, ...] = (),
    ram: float | None = None,
) -> Offering:
    return Offering(
        id=f"{cloud}/{itype}",
        cloud=cloud,
        instance_type=itype,
        gpu_id=gpu,
        gpu_count=count,
        vcpus=None,
        ram_gib=ram,
        price_usd_per_hour=price,
        spot_usd_per_hour=spot,
        region="us",
        network_gbps=net,
        as_of=AS_OF,
        source="skypilot-org/skypilot-catalog (via reference/cloud_instances.csv)",
        flags=flags,
    )


OFFERINGS = (
    _offer("aws", "g4dn.xlarge", "t4", 1, 0.526, 0.1758),
    _offer("aws", "g5.xlarge", "a10g", 1, 1.006, 0.357),
    _offer("aws", "g6.xlarge", "l4", 1, 0.8048, 0.3),
    _offer("aws", "p4d.24xlarge", "a100-40gb", 8, 21.957642, 2.4655, 400),
    _offer("aws", "p4de.24xlarge", "a100-80gb", 8, 27.44705, 8.6505),
    _offer("gcp", "a2-ultragpu-1g", "a100-80gb", 1, 2.94582, 2.51378),
    _offer("gcp", "a2-ultragpu-8g", "a100-80gb", 8, 23.56656, 20.11024),
    _offer("aws", "p5.4xlarge", "h100-sxm", 1, 6.88, None),
    _offer("aws", "p5.48xlarge", "h100-sxm", 8, 55.04, 11.2543, 3200, ram=2048),  # 2 TiB (AWS P5 page)
    _offer("aws", "p5e.48xlarge", "h200", 8, None, None, 3200, flags=("capacity_block_only",)),
    _offer("aws", "p5en.48xlarge", "h200", 8, 63.296, 15.482, 3200),
    _offer("azure", "ND96isr_H100_v5", "h100-sxm", 8, 98.32, 18.169536, 3200),
)

# CPU offload's rates are the shipped ones (knowledge/data/settings.yaml), not a test's own.
OFFLOAD = load_cpu_offload(DATA_DIR / "settings.yaml").rates()

CATALOG = Catalog(gpus=GPUS, offerings=OFFERINGS, usd_to_cny=7.1, usd_to_cny_as_of=AS_OF, offload=OFFLOAD)
