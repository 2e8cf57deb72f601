"""A training run reported failing partway without saying how ("13B 全参 8 张 A100 跑到一半报错",
"訓練到一半報錯了", "跑着跑着就挂了", "crashed halfway") gets whether the job fits those GPUs, then which
error it was and the usual causes (memory, NCCL on several GPUs, NaN loss, a full disk at a checkpoint, a
reclaimed spot instance), not the planning form's data question."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "fits", "asked", "causes"),
    [
        ("13B 全参 8 张 A100 跑到一半报错", "放得下 130亿参数模型的全参数微调", "是哪种错误？",
         ("NCCL 报错或超时", "loss 变成 NaN", "每个约 182 GB")),
        ("全參微調 13B 用 8 張 A100，訓練到一半報錯了", "放得下 130億參數模型的全參數微調", "是哪種錯誤？",
         ("NCCL 報錯或超時", "磁碟寫滿")),
        ("8 卡 A100 训 13B，跑着跑着就挂了", "放得下", "把报错的最后几行发给我", ("竞价实例被回收",)),
        ("our 13B full fine-tune on 8 A100s crashed halfway", "can hold full fine-tuning",
         "which error was it?", ("An NCCL error or timeout", "about 182 GB each")),
    ],
)  # fmt: skip
def test_a_failed_run_gets_the_fit_then_the_usual_causes_and_which_error(
    real: Consultant, message: str, fits: str, asked: str, causes: tuple[str, ...]
) -> None:
    text = real.handle("r1", message).text
    assert fits in text and asked in text
    assert all(c in text for c in causes)
    assert text.index(fits) < text.index(asked)
    assert "训练数据有多少" not in text and "訓練資料有多少" not in text


def test_on_one_gpu_there_is_no_nccl_cause_and_an_adapter_checkpoint_has_no_size(real: Consultant) -> None:
    text = real.handle("r2", "LoRA 7B 单张 4090 跑一半崩了").text
    assert "是哪种错误？" in text and "NCCL" not in text and "每个约" not in text


def test_a_failure_that_names_itself_gets_no_list_of_causes(real: Consultant) -> None:
    assert "是哪种错误" not in real.handle("r3", "13B 全参 8 张 A100 OOM 了").text


@pytest.mark.parametrize(
    "message",
    [
        "我的 loss 到第二个 epoch 突然变 nan，用的 fp16",
        "训练到第 3 个 epoch loss 变 NaN 了",
        "第二個 epoch loss 突然變成 nan，用 fp16 訓練",
    ],
)
def test_a_nan_loss_reported_mid_run_gets_its_faq_entry_not_the_form(real: Consultant, message: str) -> None:
    turn = real.handle("r4", message)
    assert turn.payload["faq"][0] == "faq.loss_nan"
    assert (
        "loss scaling" in turn.text
        and "模型有多少参数" not in turn.text
        and "模型有多少參數" not in turn.text
    )


@pytest.mark.parametrize(
    ("message", "entry", "said"),
    [
        ("13B 全参 8 张 A100 跑到一半 NCCL timeout", "faq.nccl_errors", "NCCL 超时通常说明有一个进程停了"),
        ("我們用 4 張 A100 微調 32B，跑一陣子就 NCCL watchdog timeout", "faq.nccl_errors",
         "NCCL 超時通常說明"),
        ("两台 8 卡 H100 训 70B，NCCL 一直超时", "faq.nccl_errors", "NCCL_DEBUG=INFO"),
        ("our 70B run on 16 H100s keeps hitting NCCL timeouts", "faq.nccl_errors", "one rank stopped"),
        ("7B 全参 8 张 A100 训练 loss 变成 nan", "faq.loss_nan", "loss scaling"),
    ],
)  # fmt: skip
def test_an_error_that_names_itself_said_with_a_job_gets_that_errors_causes_and_fixes(
    real: Consultant, message: str, entry: str, said: str
) -> None:
    turn = real.handle("r5", message)
    assert turn.payload["faq"][0] == entry and said in turn.text
    assert "训练数据有多少" not in turn.text and "訓練資料有多少" not in turn.text
    assert "LoRA 和全参数微调怎么选" not in turn.text and "LoRA 和全參數微調怎麼選" not in turn.text


def test_a_served_models_requests_timing_out_stay_a_serving_question(real: Consultant) -> None:
    assert "NCCL" not in real.handle("r6", "用 8 张 H100 推理 70B，请求超时怎么办").text


@pytest.mark.parametrize(
    ("message", "fix"),
    [
        ("CUDA error: an illegal memory access was encountered", "CUDA_LAUNCH_BLOCKING=1"),
        ("RuntimeError: CUDA error: device-side assert triggered", "resize_token_embeddings"),
        ("got a cuda illegal address error while fine-tuning", "not running out of memory"),
        ("训练时报 CUDA error: an illegal memory access was encountered", "这不是显存不够"),
        ("訓練報錯 illegal memory access，怎麼辦", "CUDA_LAUNCH_BLOCKING=1"),
    ],
)
def test_an_illegal_memory_access_is_explained_as_an_out_of_bounds_access_not_an_oom(
    real: Consultant, message: str, fix: str
) -> None:
    turn = real.handle("r5", message)
    assert turn.payload["faq"][0] == "faq.cuda_illegal_memory_access"
    assert fix in turn.text and "gradient checkpointing" not in turn.text


@pytest.mark.parametrize(
    "message",
    [
        "RuntimeError: NCCL timeout",
        "CUDA error: an illegal memory access was encountered",
        "my loss went to nan",
        "vLLM says No available memory for the cache blocks",
        "NCCL 超时了怎么办",
    ],
)
def test_the_fix_for_an_error_with_no_job_ends_without_asking_for_a_job_to_size(
    real: Consultant, message: str
) -> None:
    text = real.handle("r6", message).text
    assert "tell me the model size" not in text and "To size" not in text
    assert "告诉我模型大小" not in text and "要估算" not in text


@pytest.mark.parametrize(
    "message",
    [
        "the memory the job needs",
        "24 GB of memory",
        "how much memory will the job need?",
        "这个任务需要多少内存",
        "記憶體要 24 GB 夠嗎",
    ],
)
def test_memory_without_a_named_error_never_shows_the_illegal_memory_access_fix(
    real: Consultant, message: str
) -> None:
    turn = real.handle("r7", message)
    assert "faq.cuda_illegal_memory_access" not in turn.payload.get("faq", [])
    assert "CUDA_LAUNCH_BLOCKING" not in turn.text
