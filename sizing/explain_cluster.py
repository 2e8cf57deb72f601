"""Explain lines for the cluster around the first option: its network need and what it costs."""

from __future__ import annotations

from sizing import fixed, network
from sizing.explain_format import item as _i, num
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
    tier = f"seed tier {net.tier} {net.tier_gbps[0]:g}-{net.tier_gbps[1]:g} Gb/s"
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
    sync = (
        f"DP sync per GPU = 2(n-1)/n × {shard:,.2f} GB gradient shard (trainable params / (TP {lay.tp} · "
        f"PP {lay.pp})){' × 1.5 for ZeRO-3' if zero3 else ''} with n = {lay.dp} = "
        f"{net.sync_gb_per_step:,.2f} GB per step"
    )
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
    line = (
        f"Network: step = {num(tokens)} tokens (global batch) / ({o.gpus} GPUs × "
        f"{raw_speed:,.0f} tok/s) = {net.step_s:.2f} s; {sync}; "
        f"each node's NICs carry {net.node_sync_gb:,.1f} GB per step. The sync overlaps the last "
        f"micro-batch's backward (2/3 × step / {lay.grad_accum}) and may add "
        f"{network.EXPOSED_COMM_SHARE:.0%} of the step (our heuristic, sizing.md §1.6): "
        f"{net.window_s:.2f} s -> needs ~{net.required_gbps:,.0f} Gb/s per node "
        f"(~{net.required_gbps_per_gpu:,.0f} per GPU); "
    )
    q = o.quote
    instance = q.offering.instance_type if q is not None else None
    where = instance or "these instances"
    if net.offered_gbps is None:
        status = "unlisted"
        line += (
            f"the catalog lists no cluster network for {where}, so the time assumes "
            f"{net.assumed_gbps or 0:,.0f} Gb/s per node (the low end of the guide's tier): confirm it"
        )
    elif net.adequate:
        status = "enough"
        line += f"{where} lists {net.offered_gbps:,.0f} Gb/s per node: enough"
    else:
        status = "short"
        line += f"{where} lists {net.offered_gbps:,.0f} Gb/s per node: short"
    if net.comm_slowdown > 1.0:
        line += f", so the time includes a ×{net.comm_slowdown:.2f} communication slowdown"
    line += f"; {tier}"
    if net.exceeds_tier:
        line += (
            f"; the need exceeds that tier: plan {net.required_gbps:,.0f} Gb/s or more per node "
            "(e.g. 400 Gb/s InfiniBand/RoCE per GPU on H100-class nodes)"
        )
    return _i(
        "network_multi_node",
        global_batch_tokens=tokens,
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
