"""Storage advice: dataset, tokenised size, checkpoints, read and write bandwidth, seed tier."""

from __future__ import annotations

from dataclasses import dataclass

from sizing.frozen import quick_init, quick_new

# Resumable checkpoint: bf16 weights 2 + fp32 master 4 + Adam m 4 + v 4 = 14 B/param
# (sizing.md §4.3, from the ZeRO byte accounting; gradients are not saved).
CHECKPOINT_BYTES_PER_PARAM = 14.0
# Write a checkpoint within 2 minutes so hourly checkpoints cost <4% of time [assumption].
CHECKPOINT_WRITE_S = 120.0
# Megatron indexed datasets store uint16 token ids when vocab < 65,500, else int32
# (`optimal_dtype`, Megatron-LM indexed_dataset.py).
UINT16_VOCAB_LIMIT = 65_500
TB = 1e12


# Bytes per parameter of a model's weights saved for inference or export, by format: BF16/FP16 2,
# FP8/INT8 1, 4-bit (GPTQ/AWQ/NF4) about half a byte before its small per-group scales (the answer says
# so; sizing.serve_memory.LINEAR_BYTES counts those scales where serving memory needs them).
WEIGHT_FILE_BYTES_PER_PARAM = {"bf16": 2.0, "fp8": 1.0, "int4": 0.5}


@quick_init
@dataclass(frozen=True, slots=True)
class SavedSizes:
    """What a model takes on disk, in GB: its weights per format, a resumable full-training checkpoint
    and a LoRA checkpoint (the adapters and their optimizer state only)."""

    weights_gb: dict[str, float]
    checkpoint_gb: float
    adapter_checkpoint_gb: float
    adapter_weights_gb: float  # the adapters alone in BF16: the file loaded beside the base model


def saved_sizes(params: float, adapter_params: float) -> SavedSizes:
    """Sizes on disk of a `params` model, whose LoRA adapters have `adapter_params` parameters."""
    return SavedSizes(
        weights_gb={k: params * b / 1e9 for k, b in WEIGHT_FILE_BYTES_PER_PARAM.items()},
        checkpoint_gb=params * CHECKPOINT_BYTES_PER_PARAM / 1e9,
        adapter_checkpoint_gb=adapter_params * CHECKPOINT_BYTES_PER_PARAM / 1e9,
        adapter_weights_gb=adapter_params * WEIGHT_FILE_BYTES_PER_PARAM["bf16"] / 1e9,
    )


@quick_init
@dataclass(frozen=True, slots=True)
class StorageAdvice:
    tier: str  # "ssd_cloud_disk" | "distributed" | "all_flash_distributed" (seed guide §2.5, §3)
    dataset_gb: float
    tokenized_gb: float
    checkpoint_gb: float
    read_mb_s: float
    checkpoint_write_gb_s: float
    min_disk_read_gb_s: float | None

    def to_dict(self) -> dict[str, object]:
        return {
            "tier": self.tier,
            "dataset_gb": round(self.dataset_gb, 2),
            "tokenized_gb": round(self.tokenized_gb, 2),
            "checkpoint_gb": round(self.checkpoint_gb, 3),
            "read_mb_s": round(self.read_mb_s, 2),
            "checkpoint_write_gb_s": round(self.checkpoint_write_gb_s, 3),
            "min_disk_read_gb_s": self.min_disk_read_gb_s,
        }


_new_storage = quick_new(StorageAdvice)


class StorageModel:
    """Storage advice for one workload: everything but the read rate (which follows the plan's
    speed) worked out once, as plan() advises every plan it prices (`advise`)."""

    def __init__(
        self,
        tokens: float,
        bytes_per_token: float,
        data_bytes: float | None,
        vocab: int,
        params: float,
        trainable_params: float,
        peft: bool,
    ) -> None:
        dataset = data_bytes if data_bytes is not None else tokens * bytes_per_token
        self.id_bytes = 2.0 if vocab < UINT16_VOCAB_LIMIT else 4.0
        tokenized = tokens * self.id_bytes
        # LoRA: only the adapters and their optimizer state are saved (MB-scale; LoRA paper: 35 MB).
        ckpt = trainable_params * CHECKPOINT_BYTES_PER_PARAM if peft else params * CHECKPOINT_BYTES_PER_PARAM
        total = max(dataset, tokenized)
        # Seed guide §2.5 / §3: <1 TB SSD cloud disk ≥1 GB/s; ≥1 TB distributed storage with cache;
        # 10 TB+ distributed all-flash.
        self.min_read: float | None = None
        if total < 1 * TB:
            self.tier, self.min_read = "ssd_cloud_disk", 1.0
        elif total < 10 * TB:
            self.tier, self.min_read = "distributed", None
        else:
            self.tier, self.min_read = "all_flash_distributed", None
        self.dataset_gb = dataset / 1e9
        self.tokenized_gb = tokenized / 1e9
        self.checkpoint_gb = ckpt / 1e9
        self.checkpoint_write_gb_s = ckpt / CHECKPOINT_WRITE_S / 1e9

    def advise(self, tokens_per_s: float) -> StorageAdvice:
        return _new_storage(
            self.tier,
            self.dataset_gb,
            self.tokenized_gb,
            self.checkpoint_gb,
            tokens_per_s * self.id_bytes / 1e6,
            self.checkpoint_write_gb_s,
            self.min_read,
        )
