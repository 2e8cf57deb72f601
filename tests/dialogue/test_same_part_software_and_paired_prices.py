"""Whether two GPUs are one part, FP8 against BF16 on one GPU,
the software a GPU runs, and each GPU priced at the provider named with it."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_two_gpus_asked_to_be_the_same_get_no_with_what_differs_and_its_sources(real: Consultant) -> None:
    text = ask(real, "is the A10G the same as the A10?")
    first = text.split("\n")[0]
    assert first.startswith("*No — the NVIDIA A10G (AWS) is not the same GPU as the NVIDIA A10.*")
    assert "70 TFLOPS against 125 TFLOPS" in first and "NVIDIA A10 datasheet" in first
    assert "The same: memory 24 GB" in first
    zh = ask(real, "A800 和 A100 是一回事吗")
    assert zh.startswith("*不是同一款卡*") and "400 GB/s 对 600 GB/s" in zh.split("\n")[0]


def test_fp8_against_bf16_on_one_gpu_leads_with_the_peak_ratio_then_what_runs_measure(
    real: Consultant,
) -> None:
    text = ask(real, "H100 的 FP8 比 BF16 快多少")
    assert text.startswith("*峰值快 2 倍*") and "1,979" in text and "989" in text
    assert "1.3 倍" in text and "mosaicml" in text  # the FAQ's measured speed-up, with its source
    assert ask(real, "how much faster is FP8 than BF16 on an A100?").startswith(
        "*No speed-up on the NVIDIA A100"
    )


def test_whether_a_gpu_runs_pytorch_is_answered_with_its_software_stack_and_source(real: Consultant) -> None:
    text = ask(real, "MI300X 能用 PyTorch 吗")
    assert text.startswith("*可以。*") and "ROCm 版 PyTorch" in text and "rocm.docs.amd.com" in text
    en = ask(real, "can the H100 run pytorch?")
    assert en.startswith("*Yes.*") and "CUDA" in en and "pytorch.org" in en


def test_each_gpu_is_priced_at_the_provider_named_with_it(real: Consultant) -> None:
    text = ask(real, "which is cheaper for training, H100 on Lambda or A100 on GCP?")
    first = text.split("\n")[0]
    assert "on Lambda" in first and "on Google Cloud" in first
    assert first.startswith("*The NVIDIA H100 SXM5 is cheaper.*")  # GCP's A100 costs more than Lambda's H100
    zh = ask(real, "Lambda 的 H100 和 GCP 的 A100 哪个便宜")
    assert zh.startswith("*NVIDIA H100 SXM5 更便宜*") and "在 Lambda 上" in zh and "在 Google Cloud" in zh
    for joiner in ("或是", "与", "vs"):  # every word that offers alternatives pairs them the same way
        said = ask(real, f"Lambda 的 H100 {joiner} GCP 的 A100 哪个便宜")
        assert said.startswith("*NVIDIA H100 SXM5 更便宜*") and "在 Lambda 上" in said, joiner


def test_a_library_the_knowledge_base_knows_is_answered_for_the_gpus_architecture(real: Consultant) -> None:
    text = ask(real, "does the V100 support flashattention-2?")
    assert text.startswith("*No, not on the NVIDIA V100") and "SDPA" in text and "Dao-AILab" in text
    assert (
        ask(real, "A100 能用 FlashAttention-3 吗")
        .split("\n")[0]
        .endswith(
            "FlashAttention-3 只支持 Hopper 架构。_（来源：https://github.com/Dao-AILab/flash-attention "
            "(hopper/ README: FlashAttention-3 beta for H100/H800)）_"
        )
    )
    assert "DeepSpeed ZeRO-3" in ask(real, "A100 支持 DeepSpeed 吗")
    # about training, with a framework named in passing: the training verdict, not the software stack
    assert ask(real, "is the T4 good for training with pytorch?").startswith("*Only for small jobs.*")


def test_a_gpu_a_named_provider_does_not_list_is_said_to_be_missing_there(real: Consultant) -> None:
    text = ask(real, "A100 on AWS or H100 on RunPod, which is cheaper?")
    assert text.startswith("*The catalogue has no price for the NVIDIA H100 SXM5 on RunPod*")
    assert "/GPU-hour on AWS" in text


def test_same_as_without_the_article_still_asks_whether_two_gpus_are_one_part(real: Consultant) -> None:
    reply = ask(real, "is A10G same as A10?")
    assert reply.startswith("*No — the NVIDIA A10G (AWS) is not the same GPU as the NVIDIA A10.*")


def test_whether_one_gpu_is_a_cut_down_other_gets_the_verdict_and_what_was_cut(real: Consultant) -> None:
    h800 = ask(real, "is the H800 a nerfed H100?")
    assert h800.startswith(
        "*Yes — the NVIDIA H800 SXM is a cut-down NVIDIA H100 SXM5*: the same Hopper architecture"
    )
    assert "GPU-to-GPU link (400 GB/s against 900 GB/s)" in h800.split("\n")[0]
    h20 = ask(real, "H20 是不是阉割版 H100")
    assert (
        h20.startswith("*部分是*：NVIDIA H20 和 NVIDIA H100 SXM5 同为 Hopper 架构") and "显存反而更高" in h20
    )
    l40s = ask(real, "is the L40S a cut-down H100?")
    assert l40s.startswith(
        "*No — the NVIDIA L40S is not a cut-down NVIDIA H100 SXM5*: a different architecture"
    )
