"""Whether a GPU or a memory size holds a model's weights is answered with the weights at each
precision and what serving adds, not as a training job or a serving plan."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_named_gpu_asked_to_hold_the_weights_is_told_the_weights_per_precision(real: Consultant) -> None:
    en = real.handle("w1", "Could a single H200 hold the weights of a 405B in bf16?").text
    assert en.startswith("*No.*") and "the weights alone are" in en
    assert "fine-tuning" not in en and "QLoRA" not in en
    assert "• INT4: weights" in en
    zh = real.handle("w2", "一张 H100 能放下 70B 的 fp16 权重吗").text
    assert "权重本身就有 140 GB" in zh and "全参" not in zh


def test_weights_asked_to_fit_in_a_memory_size_get_the_memory_not_a_serving_plan(real: Consultant) -> None:
    text = real.handle("w3", "would the weights of a 9B model fit in 24 GB?").text
    assert text.startswith("*Yes: 24 GB holds") and "How many users" not in text
    zh = real.handle("w4", "13B 的权重能放进 24GB 吗？").text
    assert zh.startswith("*不够：24 GB 放不下")


def test_weights_that_fit_without_room_to_serve_are_told_both(real: Consultant) -> None:
    text = real.handle("w5", "Do the weights of an 8B model fit in 16 GiB?").text
    assert text.startswith("*The weights fit, with too little room to serve: 17.2 GB holds the BF16 weights")
    assert "in FP8 it serves" in text


def test_bf16_weights_in_a_training_question_stay_a_training_question(real: Consultant) -> None:
    text = real.handle("w6", "can one H100 hold a full fine-tune of 7B with bf16 weights?").text
    assert "inference" not in text.lower()


def test_how_much_memory_the_weights_take_is_the_weights_not_a_training_job(real: Consultant) -> None:
    en = real.handle("w7", "How much memory do Llama 3 8B weights take on an L4?").text
    assert en.startswith("*Yes.* 1 × NVIDIA L4 can serve Llama 3 8B in BF16: weights 16.1 GB")
    assert "Full fine-tuning" not in en and "Does not fit" not in en
    t4 = real.handle("w9", "how much vram do mistral 7b weights use on a T4?").text
    assert t4.startswith(
        "*Yes, in INT4.* FP16 needs 14.5 GB of weights, which leaves no room for the KV cache"
    )
    assert "INT8: weights 7.5 GB" in t4
    zh = real.handle("w8", "Llama 3 70B 的權重佔多少顯存").text
    assert "權重 141 GB" in zh and "全參" not in zh
    hant = real.handle("w10", "Qwen2.5 14B 的權重要多少顯存，4090 放得下嗎").text
    assert hant.startswith(
        "*能，用 FP8。*BF16 的權重要 29.4 GB，超過 1 × NVIDIA GeForce RTX 4090 的 25.8 GB 可用顯存"
    )


def test_a_memory_size_that_holds_a_model_with_almost_nothing_free_says_only_just(real: Consultant) -> None:
    en = real.handle("w9", "can a 16 GB card serve a 7B model?").text
    first = en.splitlines()[0]
    assert first.startswith("*Yes: 16 GB holds") and "*but only just*" in first and "FP8 leaves room" in first
    zh = real.handle("w10", "16G显存装得下7B模型吗").text.splitlines()[0]
    assert "*但很紧*" in zh and "用 FP8 有余量" in zh


def test_a_memory_size_with_room_to_spare_is_a_plain_yes(real: Consultant) -> None:
    text = real.handle("w11", "is 24GB enough to serve Llama 3.1 8B?").text.splitlines()[0]
    assert text.startswith("*Yes: 24 GB holds") and "only just" not in text


def test_serving_memory_asked_at_fp16_does_not_repeat_the_same_bytes_as_bf16(real: Consultant) -> None:
    text = real.handle("w12", "How much memory to serve Mixtral 8x7B at fp16?").text
    rows = [line for line in text.splitlines() if line.lstrip().startswith("• ")]
    assert rows[0].lstrip().startswith("• *FP16*:") and not any("BF16" in row for row in rows)
    assert any("*FP8*:" in row for row in rows) and any("*INT4*:" in row for row in rows)


def test_a_tight_fit_with_no_roomier_precision_says_only_just_without_suggesting_one(
    real: Consultant,
) -> None:
    # INT4 is the smallest precision: nothing roomier to point to (this used to end in an internal error)
    for n, text in enumerate(
        (
            "聽說 70B 模型 int4 量化後大概 35GB，一張 48G 的顯卡就能推論，對嗎",
            "70B 做 int4 量化，48G 显存够推理吗",
            "is 48GB enough to serve a 70B model in int4?",
        )
    ):
        reply = real.handle(f"t{n}", text).text
        first = reply.splitlines()[0]
        assert first.startswith(("*夠：48 GB 放得下", "*够：48 GB 放得下", "*Yes: 48 GB holds")), text
        assert "INT4" in first and ("但很紧" in first or "但很緊" in first or "only just" in first), text
        assert "内部错误" not in reply and "內部錯誤" not in reply and "internal error" not in reply, text
