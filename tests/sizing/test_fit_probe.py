"""The capacity search asks sizing.plan.fits instead of a whole plan: both must agree on whether a
model fits on exactly the GPUs asked."""

import datetime as dt

import pytest

from sizing import SizingRequest, plan
from sizing.plan import fits
from tests.sizing.sizing_catalog import CATALOG

TODAY = dt.date(2026, 12, 1)


@pytest.mark.parametrize("method", ["full_finetune", "lora", "qlora", "pretrain"])
@pytest.mark.parametrize("gpus", [1, 8])
def test_the_fit_probe_agrees_with_the_plan_on_every_gpu(method: str, gpus: int) -> None:
    for gpu in CATALOG.gpus:
        for params in (1e8, 3e9, 7e9, 3.3e10, 7e10, 4e11):
            request = SizingRequest(
                params=params, tokens=1e9, method=method, gpu=gpu.id, gpus=gpus, today=TODAY
            )
            options = plan(request, CATALOG).options
            assert fits(request, gpu, CATALOG) == (bool(options) and options[0].fits), (gpu.id, params)
