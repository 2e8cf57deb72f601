"""Conceptual questions the FAQ answers, each with the entry on its topic."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_a_billing_question_that_mentions_the_run_length_gets_the_faq_answer(real: Consultant) -> None:
    text = ask(real, "are spot instances a good idea for a 4 day fine-tuning job?")
    assert "spot" in text.lower() and "checkpoint" in text.lower() and not any(f in text for f in FORM)


def test_pretraining_versus_fine_tuning_is_explained_not_planned(real: Consultant) -> None:
    text = ask(real, "預訓練跟微調有什麼不一樣？")
    assert text.startswith("*預訓練和微調有什麼區別？*") and "模型有多少參數" not in text
    en = ask(real, "what's the difference between pretraining and finetuning?")
    assert "Chinchilla" in en and not any(f in en for f in FORM)


def test_where_to_keep_checkpoints_is_answered_with_the_storage_tiers_not_their_size(
    real: Consultant,
) -> None:
    text = ask(real, "where should I store checkpoints?")
    assert text.startswith("*Where should training data and checkpoints live?")


def test_paying_for_a_stopped_instance_is_answered_per_cloud(real: Consultant) -> None:
    text = ask(real, "am I still billed for a stopped GPU instance?")
    assert text.startswith("*Do I still pay for a GPU instance while it is stopped?*")
    assert "deallocated" in text and "EBS" in text
    assert ask(real, "關機以後還會收費嗎？").startswith("*執行個體關機")


def test_a_network_question_about_a_counted_cluster_gets_the_interconnect_answer(real: Consultant) -> None:
    text = ask(real, "is InfiniBand required for 24 A100s across 3 nodes?")
    assert "InfiniBand" in text and "RoCE" in text and not any(f in text for f in FORM)
    zh = ask(real, "32 张 H800 做多机训练，要上 InfiniBand 吗？")
    assert "InfiniBand" in zh and "模型有多少参数" not in zh


def test_the_size_of_a_checkpoint_for_a_sized_model_is_computed_for_that_model(real: Consultant) -> None:
    text = ask(real, "13B 全參數微調，存一次 checkpoint 要多大空間？")
    assert "182 GB" in text and "每參數 14 位元組" in text and "訓練資料有多少" not in text
    en = ask(real, "what size is the weights file of a 34B model?")
    assert "68 GB" in en and "2 bytes per parameter" in en and not any(f in en for f in FORM)


def test_a_size_question_inside_a_plan_with_data_still_plans() -> None:
    from bot.nlu import parse

    assert (
        parse("train 7B on 100B tokens in 10 days, checkpoint size matters, how big a cluster?").intent
        != "faq"
    )


def test_whether_spot_is_worth_it_instead_of_on_demand_is_answered_not_taken_as_a_correction(
    real: Consultant,
) -> None:
    text = ask(real, "值得用抢占式实例而不是按需实例跑两周的预训练吗？")
    assert text.startswith("*抢占式 / Spot 实例能用来训练吗？*") and "checkpoint" in text
    assert "模型有多少参数" not in text


def test_expert_versus_tensor_parallel_serving_is_explained_with_when_each_wins(real: Consultant) -> None:
    text = ask(real, "what is expert parallel?")
    assert text.startswith("*Serving a mixture-of-experts model") and "large batch" in text
    zh = ask(real, "專家並行和張量並行差在哪")
    assert zh.startswith("*部署 MoE 模型用專家並行") and "模型有多少參數" not in zh


def test_serving_engine_how_to_and_trouble_questions_get_the_engine_answer_and_a_serving_invitation(
    real: Consultant,
) -> None:
    install = ask(real, "how do I install vllm?")
    assert install.startswith("*How do I install and start vLLM or SGLang") and "pip install vllm" in install
    assert install.rstrip().endswith("(and the GPU, if chosen).") and "training run" not in install
    oom = ask(real, "why is my vllm server OOM?")
    assert "--gpu-memory-utilization" in oom and "gradient checkpointing" not in oom
    kv = ask(real, "vllm 怎么开 fp8 kv cache")
    assert "--kv-cache-dtype fp8" in kv and kv.rstrip().endswith("（已选定卡型的话也说一下）。")
    assert "*What is PagedAttention" in ask(real, "what does paged attention do")
    assert ask(real, "vllm vs sglang for llama 3.1 70b on H100s?").startswith(
        "*vLLM or SGLang (or TensorRT-LLM)"
    )


def test_an_invoice_or_company_transfer_is_said_to_be_the_providers_not_the_advisors(
    real: Consultant,
) -> None:
    zh = ask(real, "能开发票吗？对公转账可以不")
    assert zh.startswith("发票和对公付款不归我管") and "向你租卡的云厂商或算力平台申请" in zh
    hant = ask(real, "全參微調 7B，資料 10 億 token，一週內", "可以開發票嗎")
    assert hant.startswith("發票和對公付款不歸我管") and "對公轉帳" in hant and "轉賬" not in hant
    en = ask(real, "can you invoice us?")
    assert en.startswith("Invoices and company payments are outside what I do")


def test_a_collective_timeout_said_with_the_network_is_debugged_not_answered_with_the_fabric(
    real: Consultant,
) -> None:
    # the network named beside a failure ("網路" is a network word in Taiwan) is where the failure shows
    for text in (
        "多機訓練網路要怎麼設定，NCCL 一直 timeout",
        "兩台機器之間的網路，NCCL 老是超時怎麼辦",
        "多机训练网络怎么配置，nccl 老是 timeout",
        "our inter-node network keeps giving NCCL timeouts, what should we check?",
    ):
        reply = ask(real, text)
        assert reply.startswith(("*多卡/多機訓練 NCCL 報錯", "*多卡/多机训练 NCCL 报错", "*NCCL errors")), (
            text
        )
        assert "NCCL_DEBUG=INFO" in reply, text
    assert ask(real, "多機訓練網路要怎麼設定").startswith("*多機訓練需要 InfiniBand 還是 RoCE？")


def test_switching_fsdp_or_zero_on_in_a_framework_is_the_setup_answer_not_a_plan(real: Consultant) -> None:
    title_en = "*How do I turn on FSDP or DeepSpeed ZeRO with the Hugging Face Trainer or Accelerate?*"
    for message in (
        "how do I enable FSDP with the HF Trainer for a 13B?",
        "deepspeed zero3 config for accelerate?",
        "turn on zero3 with HF trainer",
        "set up FSDP with accelerate for llama 70B",
    ):
        text = ask(real, message)
        assert title_en in text, message
        assert "transformer_layer_cls_to_wrap" in text and "device_map" in text
        assert not any(f in text for f in FORM), message
    zh = ask(real, "怎么在 Trainer 里开 FSDP")
    assert zh.startswith("*怎么在 Hugging Face Trainer / Accelerate 里开启 FSDP 或 DeepSpeed ZeRO？*")
    hant = ask(real, "FSDP 設定要怎麼寫？")
    assert hant.startswith("*怎麼在 Hugging Face Trainer / Accelerate 裡開啟 FSDP 或 DeepSpeed ZeRO？*")


def test_a_sharded_training_job_with_its_data_and_deadline_is_still_planned(real: Consultant) -> None:
    text = ask(real, "train a 13B with FSDP on 20B tokens in 10 days")
    assert "How do I turn on FSDP" not in text and "GPU-hours" in text


def test_two_training_precisions_weighed_for_a_job_on_a_gpu_get_the_fp8_answer_not_a_fit_verdict(
    real: Consultant,
) -> None:
    en = ask(real, "is fp8 training of a 7B on H100 worth it vs bf16?")
    assert en.startswith("*Does FP8 training make things twice as fast?*") and "Full fine-tuning" not in en
    zh = ask(real, "H100 上訓練 7B，FP8 比 BF16 值得嗎？")
    assert zh.startswith("*FP8 訓練能快一倍嗎？*")
    fits = ask(real, "can I full fine-tune a 7B on one H100 in bf16?")
    assert "Full fine-tuning of a 7B-parameter model needs" in fits


def test_still_out_of_memory_at_a_micro_batch_or_setting_is_troubleshot_not_taken_as_a_slot(
    real: Consultant,
) -> None:
    # A stated micro-batch is a slot now; said with a failure it reports the failure, no job to plan.
    for text in (
        "micro batch 设成 1 还是显存不够",
        "bs=1 还是爆显存怎么办",
        "batch size 1 and still out of memory, what now?",
        "batch size 1 still OOM",
    ):
        reply = ask(real, text)
        assert reply.startswith(("*训练时爆显存（OOM）怎么办？", "*Training runs out of memory (OOM)")), text
        assert not any(f in reply for f in FORM), text
    turned_on = ask(real, "gradient checkpointing 开了还是显存不够")
    assert not any(f in turned_on for f in FORM) and "好的" not in turned_on


def test_which_parallelism_to_train_with_is_the_training_layout_answer_not_the_moe_serving_one(
    real: Consultant,
) -> None:
    for message in (
        "tensor parallel vs fsdp, when should I use which?",
        "when should I use tensor parallelism instead of FSDP for training?",
        "pipeline parallel vs tensor parallel for training a 70b?",
        "FSDP or tensor parallel for pretraining a 30B on 4 nodes?",
    ):
        text = ask(real, message)
        assert text.startswith("*Training across GPUs: data parallel, tensor parallel"), message
        assert "mixture-of-experts" not in text and not any(f in text for f in FORM), message
    zh = ask(real, "什么时候该用张量并行而不是 FSDP？")
    assert zh.startswith("*训练用数据并行、张量并行、流水线并行还是 FSDP？*") and "MoE" not in zh
    hant = ask(real, "訓練 70B 要用管線並行還是張量並行？")
    assert (
        hant.startswith("*訓練用資料並行、張量並行、流水線並行還是 FSDP？*") and "模型有多少參數" not in hant
    )
    assert ask(real, "what is expert parallel?").startswith("*Serving a mixture-of-experts model")


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("data parallel vs model parallel, which one for a 13b?", "*Training across GPUs"),
        ("should I use tensor parallel or fsdp to train a 70b model", "*Training across GPUs"),
        ("for a 34B fine-tune, DDP or pipeline parallel?", "*Training across GPUs"),
        ("训练 13b 用数据并行还是模型并行", "*训练用数据并行"),
        ("13B 模型该选 FSDP 还是张量并行？", "*训练用数据并行"),
        ("訓練 13b 該用資料平行還是模型平行", "*訓練用資料並行"),
    ],
)
def test_a_layout_question_naming_a_model_size_is_the_training_parallelism_answer(
    real: Consultant, message: str, title: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title) and not any(
        f in text for f in (*FORM, "訓練資料有多少", "模型有多少參數")
    ), text


def test_a_layout_named_in_a_job_with_gpus_and_data_is_still_planned(real: Consultant) -> None:
    text = ask(real, "train a 70b with fsdp and tensor parallel on 16 H100s, 1T tokens")
    assert text.startswith("*Recommended:*") and "Training across GPUs" not in text.splitlines()[0]


def test_a_config_problem_that_switches_no_stack_on_is_not_the_fsdp_setup_answer(real: Consultant) -> None:
    setup = "Hugging Face Trainer or Accelerate"
    slower = ask(real, "config problem: training got slower when we went from 1 node to 2")
    assert slower.startswith("*If I double the GPUs") and setup not in slower
    nccl = ask(real, "config problem: my NCCL timeout keeps firing on 4 nodes, what should i check")
    assert nccl.startswith("*NCCL errors") and setup not in nccl
    assert setup in ask(real, "how do I write a deepspeed config for zero-3?")


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("how much system RAM for an 8×H100 node?", "*How much system RAM (host memory)"),
        ("how much cpu memory should a gpu training server have?", "*How much system RAM (host memory)"),
        ("训练机器 CPU 内存要多大", "*GPU 服务器要配多少 CPU 内存"),
        ("8 卡 H100 服务器配多少内存合适", "*GPU 服务器要配多少 CPU 内存"),
        ("8 張 H100 的伺服器要配多少記憶體", "*GPU 伺服器要配多少 CPU 記憶體"),
    ],
)
def test_a_host_ram_question_gets_the_vendor_reference_rule_not_the_planning_form(
    real: Consultant, message: str, title: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title) and not any(f in text for f in (*FORM, "模型有多少參數")), text
    assert "2 TB" in text and "DGX H100" in text


@pytest.mark.parametrize(
    "message", ["memory per GPU", "how much memory does each GPU need?", "每张卡的显存要多少"]
)
def test_the_memory_of_each_gpu_is_not_the_host_ram_answer(real: Consultant, message: str) -> None:
    assert "system RAM" not in ask(real, message) and "CPU 内存" not in ask(real, message)


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("config problem: my dataloader is the bottleneck", "*Data loading is the bottleneck"),
        (
            "GPU utilization stays low, I think reading the data is too slow",
            "*Data loading is the bottleneck",
        ),
        ("how many num_workers should the dataloader use?", "*Data loading is the bottleneck"),
        ("数据加载太慢，GPU 利用率上不去", "*数据加载太慢、GPU 利用率上不去"),
        ("資料讀取太慢，GPU 使用率一直上不去", "*資料載入太慢、GPU 利用率上不去"),
    ],
)
def test_a_slow_data_pipeline_gets_the_data_loading_answer(
    real: Consultant, message: str, title: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title), text
    assert "num_workers" in text and "NVMe" in text


@pytest.mark.parametrize(
    ("message", "machine_ram"),
    [
        ("how much host memory do I need for fine-tuning 13B on 4 A100s?", "here ~320 GB* (4 × 80 GB)"),
        ("how much system RAM for full ft of an 8b on 2 h100?", "here ~160 GB* (2 × 80 GB)"),
        ("RAM per node for training 70B on 16 H100s", "here ~640 GB* (8 × 80 GB per machine, 2 machines)"),
    ],
)
def test_the_host_ram_of_a_training_job_is_answered_with_its_machines_not_as_serving_or_the_form(
    real: Consultant, message: str, machine_ram: str
) -> None:
    text = ask(real, message)
    assert text.startswith("*Host memory (system RAM) for full fine-tuning"), text
    assert machine_ram in text and "CPU offload is not needed: the job fits" in text
    assert "can serve" not in text and not any(f in text for f in FORM)
    assert "*How much system RAM (host memory)" in text  # the vendors' rule it rests on


def test_a_job_too_big_for_its_gpus_gets_the_host_ram_its_cpu_offload_needs(real: Consultant) -> None:
    text = ask(real, "how much ram do i need to full finetune 13b on 2 a100 40gb")
    assert "*It does not fit in the GPUs' memory*, so it needs CPU offload" in text
    assert "add ~184 GB per machine*, ~264 GB per machine in all" in text


def test_lora_needs_no_cpu_offload_for_its_host_ram(real: Consultant) -> None:
    text = ask(real, "lora 8b on one 4090, how much ram does the box need")
    assert "CPU offload is not needed: LoRA trains only small adapters" in text


@pytest.mark.parametrize(
    ("message", "title", "machine_ram"),
    [
        ("微调 13B 用 4 张 A100，主机内存要多大", "*4 张 NVIDIA A100 80GB (SXM4) 上全参数微调", "约 320 GB"),
        (
            "全參微調 70B 用 16 張 H100，每台機器要配多少系統記憶體",
            "*16 張 NVIDIA H100 SXM5 上全參數微調",
            "約 640 GB",
        ),
    ],
)
def test_the_host_ram_of_a_training_job_is_answered_in_chinese(
    real: Consultant, message: str, title: str, machine_ram: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title) and machine_ram in text, text


def test_the_host_ram_of_a_job_without_gpus_is_what_cpu_offload_moves(real: Consultant) -> None:
    text = ask(real, "how much cpu memory to finetune a 70b model")
    assert "add the gradients and optimizer state: *~976 GB*" in text


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "Does GPTQ int4 hurt quality much compared to FP8 for a 70B model?",
            "*FP8, INT8 or INT4 (AWQ/GPTQ)",
        ),
        ("Mixtral 8x7B: AWQ int4 vs FP16 for serving, what's the tradeoff?", "*FP8, INT8 or INT4 (AWQ/GPTQ)"),
        ("AWQ 量化以后推理速度会变快吗？质量损失大不大？", "*部署时用 FP8、INT8 还是 INT4"),
        ("int4 量化部署 Qwen2.5-72B 會掉點嗎", "*部署時用 FP8、INT8 還是 INT4"),
    ],
)
def test_what_quantising_a_served_model_costs_is_answered_not_planned_for_a_default_load(
    real: Consultant, text: str, title: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(title), reply
    assert "W8A8" in reply and "sized for 10 requests" not in reply and "按同时 10 个请求" not in reply
    assert "tell me the model size, the data and the deadline" not in reply


def test_quantised_fine_tuning_still_gets_the_qlora_answer(real: Consultant) -> None:
    assert ask(real, "fine-tune with 4-bit quantization, does it hurt quality?").startswith("*What is QLoRA")


@pytest.mark.parametrize(
    "text",
    ["用 TensorRT-LLM 部署 70B 比 vLLM 快多少？", "how much faster is TensorRT-LLM than vLLM for a 70B?"],
)
def test_how_much_faster_one_engine_is_than_another_gets_the_engine_comparison(
    real: Consultant, text: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(
        ("*vLLM 和 SGLang（还有 TensorRT-LLM）怎么选？*", "*vLLM or SGLang (or TensorRT-LLM)")
    ), reply


@pytest.mark.parametrize(
    ("message", "title"),
    [
        (
            "how do I set up deepspeed for multi-node training?",
            "*How do I launch training across several nodes",
        ),
        (
            "what flags does torchrun need to run on 4 nodes?",
            "*How do I launch training across several nodes",
        ),
        (
            "do I need passwordless ssh between nodes for deepspeed",
            "*How do I launch training across several nodes",
        ),
        (
            "how do I start a deepspeed job across two 8-GPU machines?",
            "*How do I launch training across several nodes",
        ),
        ("多机多卡怎么用 deepspeed 启动", "*多机多卡训练怎么启动"),
        ("deepspeed 多机启动要准备什么", "*多机多卡训练怎么启动"),
        ("DeepSpeed 的 hostfile 要怎么写", "*多机多卡训练怎么启动"),
        ("torchrun 跨節點怎麼設定", "*多機多卡訓練怎麼啟動"),
        ("兩台機器要怎麼一起訓練，啟動指令怎麼寫", "*多機多卡訓練怎麼啟動"),
    ],
)
def test_launching_one_job_on_several_nodes_gets_the_multi_node_launch_answer(
    real: Consultant, message: str, title: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title), text
    assert "slots=8" in text and "--nnodes" in text and "NCCL_SOCKET_IFNAME" in text and "SSH" in text


@pytest.mark.parametrize("message", ["trainer里怎么打开deepspeed", "how do I turn on fsdp in accelerate"])
def test_switching_a_stack_on_in_one_trainer_is_not_the_multi_node_answer(
    real: Consultant, message: str
) -> None:
    assert "hostfile" not in ask(real, message)


@pytest.mark.parametrize(
    "message",
    [
        "两台机器训练比一台慢是怎么回事",
        "兩台機器一起訓練反而變慢，為什麼",
        "when do we need several machines?",
        "why is training on 2 nodes slower than on one",
    ],
)
def test_scaling_out_asked_without_a_launch_word_is_not_the_launch_answer(
    real: Consultant, message: str
) -> None:
    assert "hostfile" not in ask(real, message).split("\n\n")[0]


@pytest.mark.parametrize(
    ("message", "title"),
    [
        ("fine-tuning a quantized 4-bit model, how does it work", "*What is QLoRA"),
        ("微调一个 4bit 量化的模型是怎么做到的", "*QLoRA 是什么"),
        ("量化後的 4-bit 模型還能微調嗎", "*QLoRA 是什麼"),
    ],
)
def test_fine_tuning_a_quantized_model_is_qlora_not_serving_quantization(
    real: Consultant, message: str, title: str
) -> None:
    text = ask(real, message)
    assert text.startswith(title), text
