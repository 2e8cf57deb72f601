"""Fine-tuning memory measurements are planned at the precision their source ran (the PEFT README's
examples load their models in fp32)."""

from __future__ import annotations

from bot.validation import MemoryCheck, check_memory
from knowledge import load_knowledge
from knowledge.schema import FinetuneMeasurement


def _check(precision: str) -> MemoryCheck:
    m = FinetuneMeasurement.model_validate(
        {
            "id": "ft.test-lora",
            "model": "test 7B",
            "params": 7e9,
            "method": "lora",
            "gpu": "a100-80gb",
            "gpus": 1,
            "peak_memory_gb_per_gpu": 30,
            "measured": True,
            "source": {"ref": "test", "as_of": "2026-12-02"},
            "seq_len": 64,
            "micro_batch": 8,
            "precision": precision,
        }
    )
    checked = check_memory(m, load_knowledge().catalog)
    assert isinstance(checked, MemoryCheck)
    return checked


def test_a_lora_measurement_run_in_fp32_is_planned_with_four_byte_frozen_weights() -> None:
    fp32, bf16 = _check("fp32").predicted_gb, _check("bf16").predicted_gb
    # the frozen 7B base alone is 28 GB in fp32 and 14 GB in bf16
    assert fp32 - bf16 > 12


def test_the_peft_readme_rows_are_stored_as_their_scripts_ran_them() -> None:
    peft = [m for m in load_knowledge().finetune_measurements if m.id.startswith("ft.peft-")]
    assert len(peft) == 9
    for m in peft:
        assert (m.precision, m.seq_len, m.micro_batch, m.lora_rank) == ("fp32", 64, 8, 8), m.id
