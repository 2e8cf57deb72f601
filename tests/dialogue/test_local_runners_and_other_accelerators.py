"""Ollama and llama.cpp on a GPU get their own documented support, and a library asked about an
accelerator outside the catalogue ("does vLLM support the Gaudi 3?") gets the library's documented
support with its source, then that the accelerator is not in the catalogue."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_ollama_and_llama_cpp_on_a_gpu_get_their_own_notes(real: Consultant) -> None:
    zh = ask(real, "ollama 能在 4090 上跑吗")
    assert zh.startswith("*可以。*Ollama 支持这块 GPU") and "docs.ollama.com/gpu" in zh
    en = ask(real, "can llama.cpp run on the MI300X?")
    assert (
        en.startswith("*Yes.* llama.cpp runs on this GPU")
        and "HIP (ROCm)" in en
        and "ggml-org/llama.cpp" in en
    )


def test_a_library_asked_about_an_accelerator_outside_the_catalogue_answers_the_software_half(
    real: Consultant,
) -> None:
    en = ask(real, "does vllm support the Gaudi 3?")
    assert en.startswith("*Yes: vLLM documents support for the Intel Gaudi 2 and Gaudi 3.*")
    assert "docs.vllm.ai/projects/gaudi" in en and "is not in our catalogue" in en
    hant = ask(real, "vLLM 支援 TPU 嗎")
    assert (
        hant.startswith("*可以：vLLM") and "docs.vllm.ai/projects/tpu" in hant and "不在我們的目錄裡" in hant
    )
    zh = ask(real, "llama.cpp 支持昇腾吗")
    assert zh.startswith("*可以：llama.cpp") and "CANN" in zh


def test_without_documented_support_the_accelerator_is_only_outside_the_catalogue(real: Consultant) -> None:
    text = ask(real, "does ollama run on a TPU?")
    assert text.startswith("*No TPU in the catalogue*") and "docs.ollama.com" not in text


def test_a_model_on_the_cpu_alone_is_said_to_be_outside_the_catalogue(real: Consultant) -> None:
    zh = ask(real, "7B 模型能不能只用 CPU 部署？")
    assert zh.startswith("*目录里没有 CPU*：只收录了英伟达和 AMD 的 GPU")
    en = ask(real, "can I run Mistral 7B on CPU only for serving?")
    assert en.startswith("*No CPU in the catalogue*: it covers NVIDIA and AMD GPUs only")
    offload = ask(real, "does deepspeed offload to cpu help for 13B?")
    assert "CPU in the catalogue" not in offload and "CPU offload" in offload


def test_a_chinese_accelerator_gets_the_cards_rentable_in_china_not_the_whole_catalogue(
    real: Consultant,
) -> None:
    for text in ("海光DCU靠谱吗", "寒武纪 MLU370 多少钱"):
        reply = ask(real, text)
        assert reply.startswith(("*目录里没有海光*", "*目录里没有寒武纪*")), reply
        assert "国内在售的英伟达卡 NVIDIA A800 80GB SXM、NVIDIA H800 SXM、NVIDIA H20" in reply
        assert "RTX 4090" in reply and "说明在国内租" in reply
        assert "*GPU 目录*" not in reply and "MI300X" not in reply and "B200" not in reply
    hant = ask(real, "國產晶片像昇騰能不能取代輝達")
    assert hant.startswith("*目錄裡沒有昇騰*") and "國內在售的輝達卡" in hant and "MI300X" not in hant
    after_a_plan = ask(real, "LoRA 微调 7B，数据 5GB，FP16，三天", "那用国产卡呢")
    assert after_a_plan.startswith("*目录里没有国产卡*") and "国内租呢" in after_a_plan
    assert "MI300X" not in after_a_plan
    assert "The GPUs it knows:" in ask(real, "Do you support TPUs?")


def test_a_machines_memory_said_after_the_data_question_is_not_taken_as_the_data(real: Consultant) -> None:
    zh = ask(real, "LoRA 7B", "我的 Mac 有 128G 内存")
    assert "数据 128 GB" not in zh and "1280亿 tokens" not in zh and "训练数据有多少" in zh
    hant = ask(real, "LoRA 7B", "我的電腦有 64G 記憶體")
    assert "64 GB" not in hant and "640億" not in hant
    en = ask(real, "LoRA a 7B model", "my workstation has 256GB of RAM")
    assert "256 GB of data" not in en and "256B tokens" not in en and "How much training data" in en


def test_a_mac_named_with_its_memory_gets_what_a_mac_can_do(real: Consultant) -> None:
    en = ask(real, "is my 64gb macbook any use for fine-tuning")
    assert "What a Mac can do locally" in en and "64 GB of data" not in en
