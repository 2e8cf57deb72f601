"""The GPU card and the sizing engine quote the same offerings: a flagged listing is priced nowhere."""

from __future__ import annotations

from bot.render.views import gpu_view
from knowledge import load_knowledge
from sizing.cost import usable


def test_every_price_on_a_gpu_card_is_one_the_engine_would_use() -> None:
    catalog = load_knowledge().catalog
    for spec in catalog.gpus:
        card = gpu_view(spec, catalog)
        if card["cheapest"] is not None:
            offer = next(o for o in catalog.offerings if o.instance_type == card["cheapest"]["instance"])
            assert usable(offer), (spec.id, offer)


def test_the_h100_nvl_card_quotes_azures_nc_h100_v5_whose_gpu_microsoft_names() -> None:
    catalog = load_knowledge().catalog
    nvl = catalog.gpu("h100-nvl")
    card = gpu_view(nvl, catalog)
    assert card["cheapest"] is not None and card["cheapest"]["instance"] == "Standard_NC40ads_H100_v5"
    assert card["cheapest"]["usd_per_gpu_hour"] == 6.98
