"""Two boards of one GPU family weighed by value ("H100 SXM 跟 PCIe 版哪个划算", "the 40GB one", "should I
upgrade to the SXM?") get a verdict first, for compute-bound and memory-bound work, not two datasheets or
an FAQ."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.gpus import find_gpus

from .asking import ask


def test_which_board_is_better_value_gets_a_verdict_for_training_and_for_serving(real: Consultant) -> None:
    zh = ask(real, "H100 SXM 跟 PCIe 版哪个划算")
    assert zh.startswith("*NVIDIA H100 SXM5 训练性价比更高*")
    assert "每美元·小时" in zh and "2026-05-20" in zh and "推理部署、解码" in zh
    hant = ask(real, "A100 80G 跟 40G 版哪個划算")
    assert (
        hant.startswith("*NVIDIA A100 40GB (SXM4) 訓練價效比更高*") and "顯存更大（80 GB 對 40 GB）" in hant
    )


def test_the_40gb_one_is_the_family_s_40gb_board_not_a_dataset(real: Consultant) -> None:
    en = ask(real, "is the A100 80GB worth it over the 40GB one?")
    assert en.startswith("*Not worth it: the NVIDIA A100 40GB (SXM4) is better value for training.*")
    assert "For memory-bound work (serving, decoding)" in en and "has more memory (80 GB against 40)" in en
    zh = ask(real, "A100 80GB 比 40GB 那款值得吗")
    assert zh.startswith("*不值得：NVIDIA A100 40GB (SXM4) 训练性价比更高*") and "没有 40GB 的 A100" not in zh


def test_a_memory_size_is_a_board_only_before_a_board_word() -> None:
    assert [m.gpu for m in find_gpus("a100 80gb with 40gb of data")] == ["a100-80gb"]
    assert [m.gpu for m in find_gpus("a100 80g 跟 40g 那款")] == ["a100-80gb", "a100-40gb"]


def test_a_memory_size_before_a_family_s_name_is_that_board() -> None:
    assert [m.gpu for m in find_gpus("does 40gb vs 80gb a100 matter")] == ["a100-40gb", "a100-80gb"]
    assert [m.gpu for m in find_gpus("the 40 gb or the 80 gb a100?")] == ["a100-40gb", "a100-80gb"]
    assert [m.gpu for m in find_gpus("40g 和 80g 的 a100 有什么区别")] == ["a100-40gb", "a100-80gb"]
    assert [m.gpu for m in find_gpus("lora 7b on 8x 40gb a100s")] == ["a100-40gb"]
    # a size no board of the family has is no board: "500gb a100 dataset" names the A100 alone
    assert [m.gpu for m in find_gpus("500gb a100 dataset")] == ["a100"]


def test_two_memory_sizes_before_a_family_s_name_weigh_both_boards_for_the_job(real: Consultant) -> None:
    for text in (
        "does 40gb vs 80gb a100 matter for fine-tuning a 7b",
        "40gb or 80gb a100 for lora on a 13b?",
    ):
        reply = ask(real, text)
        assert reply.startswith("*Pick the NVIDIA A100 40GB (SXM4)"), reply
        assert "• *NVIDIA A100 80GB (SXM4)*: 8 GPUs" in reply and "of data" not in reply
    hant = ask(real, "40G 還是 80G 的 A100 做 LoRA 13B？")
    assert hant.startswith("*選 NVIDIA A100 40GB (SXM4)") and "• *NVIDIA A100 80GB (SXM4)*：8 張" in hant


def test_an_upgrade_weighs_the_gpu_moved_to(real: Consultant) -> None:
    en = ask(real, "I have an H100 PCIe, should I upgrade to the SXM?")
    assert en.startswith("*Yes, worth it: the NVIDIA H100 SXM5 is better value for training.*")
    assert "NVIDIA H100 SXM5 vs NVIDIA H100 PCIe" in en
    hant = ask(real, "我有一張 H100 PCIe，要不要升級到 SXM 版")
    assert hant.startswith("*值得：NVIDIA H100 SXM5 訓練價效比更高*")
    zh = ask(real, "我现在用 A100，升级到 H100 值得吗")
    assert zh.startswith("*值得：NVIDIA H100 SXM5 训练性价比更高*")


def test_whether_a_gpu_is_worth_it_over_another_for_serving_says_so_first(real: Consultant) -> None:
    en = ask(real, "is the H200 worth it over the H100 for 70B inference?")
    assert en.startswith("*Not worth it at this load: the NVIDIA H100 SXM5 costs less per token*")
    assert "per million output tokens against" in en
    zh = ask(real, "H200 跑 70B 推理比 H100 值得吗")
    assert zh.startswith("*不值得（按这个负载）：NVIDIA H100 SXM5 按 token 算更便宜*")
