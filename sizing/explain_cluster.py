"""Explain lines for the cluster around the first option: its network need and what it costs."""

from __future__ import annotations

from sizing import fixed, network
from sizing.explain_format import item as _i
from sizing.result import ExplainItem, Option
from sizing.workload import Workload


def cost_line(o: Option) -> ExplainItem:
    q = o.quote
    assert q is not None
    fixed_h = o.fixed.total_hours if o.fixed is not None else 0.0
    return _i(
        "cost",
        instances=q.instances,
        instance=q.offering.instance_type,
        cloud=q.offering.cloud,
        usd_per_instance_hour=q.hourly_usd / q.instances,
        billed_hours=q.billed_hours,
        training_hours=o.training_days * 24,
        fixed_hours=fixed_h,
        on_demand_usd=q.on_demand_usd,
        spot_usd=q.spot_usd,
        as_of=q.offering.as_of.isoformat() if q.offering.as_of else None,
        unused_gpus=q.unused_gpus,
    )


def fixed_line(w: Workload, o: Option) -> ExplainItem | None:
    """The hours billed beyond training, term by term (sizing.fixed; all our assumptions)."""
    f = o.fixed
    if f is None:
        return None
    fixed_usd = o.quote.hourly_usd * f.total_hours if o.quote is not None else None
    return _i(
        "fixed_costs",
        provision_hours=f.provision_hours,
        setup_hours=f.setup_hours,
        download_hours=f.download_hours,
        download_gb=f.download_gb,
        download_gb_per_s=fixed.DOWNLOAD_GB_PER_S,
        eval_hours=f.eval_hours,
        checkpoint_hours=f.checkpoint_hours,
        total_hours=f.total_hours,
        gpus=o.gpus,
        usd=fixed_usd,
        from_scratch=w.from_scratch,
    )


def network_line(w: Workload, o: Option) -> ExplainItem:
    """The sync bytes, the step time from the global batch, the window and the need, in numbers."""
    net, lay, tp = o.network, o.fitted.layout, o.throughput
    tier_params: dict[str, object] = {
        "tier": net.tier,
        "tier_low": net.tier_gbps[0],
        "tier_high": net.tier_gbps[1],
    }
    if lay.gpus == 1:
        return _i(
            "network_single_gpu",
            **tier_params,
        )
    shard = w.trainable_params / (lay.tp * lay.pp) * (4.0 if tp.precision == "fp32" else 2.0) / 1e9
    zero3 = lay.zero_stage >= 3
    sync_params: dict[str, object] = {
        "shard_gb": shard,
        "tp": lay.tp,
        "pp": lay.pp,
        "dp": lay.dp,
        "zero3": zero3,
        "sync_gb": net.sync_gb_per_step,
    }
    if not net.multi_node:
        return _i(
            "network_one_node",
            link=net.scale_up,
            **sync_params,
            **tier_params,
        )
    tokens = lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len
    raw_speed = tp.tokens_per_gpu_second * tp.comm_slowdown
    q = o.quote
    instance = q.offering.instance_type if q is not None else None
    if w.network_gbps is not None:
        status = "stated_enough" if net.adequate else "stated_short"  # the user's own cluster network
    elif net.offered_gbps is None:
        status = "unlisted"  # the time assumes assumed_gbps (the low end of the guide's tier)
    elif net.adequate:
        status = "enough"
    else:
        status = "short"
    return _i(
        "network_multi_node",
        global_batch_tokens=tokens,
        batch_stated=not w.global_batch_default,
        gpus=o.gpus,
        tokens_per_gpu_s=raw_speed,
        step_s=net.step_s,
        node_sync_gb=net.node_sync_gb,
        grad_accum=lay.grad_accum,
        exposed_share=network.EXPOSED_COMM_SHARE,
        window_s=net.window_s,
        required_gbps=net.required_gbps,
        required_gbps_per_gpu=net.required_gbps_per_gpu,
        status=status,
        instance=instance,
        offered_gbps=net.offered_gbps,
        assumed_gbps=net.assumed_gbps,
        slowdown=net.comm_slowdown,
        exceeds_tier=net.exceeds_tier,
        **sync_params,
        **tier_params,
    )
