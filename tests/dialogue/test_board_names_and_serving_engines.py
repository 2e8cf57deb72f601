"""A board named alone ("the SXM") is the named GPU's board, and
whether a serving engine runs on a GPU is a software answer with its source, not a serving plan."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_the_sxm_alone_is_weighed_against_the_h100_nvl_not_another_card(real: Consultant) -> None:
    text = ask(real, "is the H100 NVL worth it vs the SXM?")
    first = text.split("\n")[0]
    assert "NVIDIA H100 SXM5" in first and "B200" not in first
    zh = ask(real, "A100 PCIe 版和 SXM 版差多少")
    assert "NVIDIA A100 80GB PCIe 对比 NVIDIA A100 80GB (SXM4)" in zh


def test_whether_a_serving_engine_runs_on_a_gpu_gets_its_support_and_source(real: Consultant) -> None:
    zh = ask(real, "vLLM 能在 MI300X 上跑吗")
    assert zh.startswith("*可以。*vLLM 支持这块 GPU") and "docs.vllm.ai" in zh
    en = ask(real, "does SGLang run on the MI300X?")
    assert en.startswith("*Yes.* SGLang runs on this GPU") and "sgl-project/sglang" in en
    no = ask(real, "does TensorRT-LLM support the MI300X?")
    assert no.startswith("*No, not on the AMD Instinct MI300X.*") and "nvidia.github.io/TensorRT-LLM" in no


def test_an_engine_named_with_a_model_or_a_load_is_still_a_serving_plan(real: Consultant) -> None:
    assert "can serve Llama 3 70B" in ask(real, "can I serve Llama 3 70B with vLLM on the MI300X?")
    assert ask(real, "vllm on 2 H100 for 50 concurrent users").startswith("*Serving (inference)")


def test_two_boards_named_before_the_family_are_weighed_for_training(real: Consultant) -> None:
    en = real.handle("b1", "Should I rent the SXM or the PCIe H100 for training?").text
    assert en.startswith("*The NVIDIA H100 SXM5 is the better pick.*") and "in the catalogue" not in en
    bare = real.handle("b4", "PCIe vs SXM H100s for our training runs?").text
    assert bare.startswith("*For training, pick the NVIDIA H100 SXM5.*")
    zh = real.handle("b2", "PCIe 还是 SXM 的 H100 适合训练？").text
    assert "NVIDIA H100 PCIe 对比 NVIDIA H100 SXM5" in zh and "H100 NVL" not in zh


def test_a_form_factor_asked_of_one_gpu_is_not_a_second_board(real: Consultant) -> None:
    assert real.handle("b3", "does the H100 use PCIe?").text.count("NVIDIA H100 SXM5 vs") == 0


def test_the_serving_engine_a_team_runs_plans_on_its_defaults(real: Consultant) -> None:
    en = ask(real, "we serve with vLLM: how many H100s for Llama 3.1 70B in fp8 at 100 concurrent users?")
    assert "Planned for vLLM's defaults: K and V kept in 16 bits beside the FP8 weights" in en
    assert "vLLM/SGLang can differ up to 2×" not in en and "320 KiB per token" in en
    zh = ask(real, "用 sglang 部署 Qwen2.5-72B FP8，50 并发，要几张 H100")
    assert "按 SGLang 的默认设置规划：FP8 权重旁的 KV 缓存仍存成 16 位" in zh
    # without an engine named, the plan is TensorRT-LLM's and says how vLLM/SGLang differ
    plain = ask(real, "how many H100s for Llama 3.1 70B in fp8 at 100 concurrent users?")
    assert "160 KiB per token" in plain and "Planned for" not in plain


def test_a_capacity_answer_for_a_named_engine_quotes_that_engine_not_the_default_one(
    real: Consultant,
) -> None:
    text = ask(real, "we use vllm. Llama 3.1 8B fp8 on one L40S, how many concurrent users?")
    assert text.startswith("*About ") and "Planned for vLLM's defaults" in text
    assert "can differ up to 2×" not in text and "not people online: a user reading or typing" in text


def test_an_engine_named_without_a_model_gets_the_typical_serving_answer_planned_on_that_engine(
    real: Consultant,
) -> None:
    en = ask(real, "we serve with vLLM")
    assert (
        en.startswith("*Serving (inference)")
        and "You named none" in en
        and "*Which model do you mean?*" in en
    )
    assert "planned for vLLM's defaults" in en and "How many parameters" not in en and "Got it" not in en
    zh = ask(real, "用 sglang 部署")
    assert (
        zh.startswith("*推理部署（serving）")
        and "按 SGLang 的默认设置规划" in zh
        and "模型有多少参数" not in zh
    )
    hant = ask(real, "我們用 SGLang 部署服務")
    assert "按 SGLang 的預設設定規劃" in hant


def test_an_engine_name_inside_a_web_address_is_not_taken_as_the_engine_run(real: Consultant) -> None:
    text = ask(real, "docs.vllm.ai")
    assert text.startswith("I couldn't use") and "Got it" not in text


def test_an_engine_said_after_a_serving_plan_re_plans_on_that_engine(real: Consultant) -> None:
    text = ask(real, "serve Llama 3.1 8B in FP8 on one H100", "we use sglang")
    assert "Planned for SGLang's defaults: K and V kept in 16 bits beside the FP8 weights" in text
    assert "128 KiB per token" in text


def test_an_engine_said_in_a_training_conversation_is_no_training_slot(real: Consultant) -> None:
    text = ask(
        real, "we want to fine-tune a 7B model", "we will serve it with vLLM later", "20B tokens, 2 weeks"
    )
    assert "vllm" not in text.lower()
    assert "How many parameters" not in ask(
        real, "we want to fine-tune a 7B model", "we will serve it with vLLM later"
    )
