"""The board a user names is the board answered and planned; accelerators outside the
catalogue are said first."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_bare_h100_in_a_comparison_is_the_sxm_board_not_the_nvl(real: Consultant) -> None:
    text = ask(real, "RTX 4090 or H100 — what's the difference?")
    assert "NVIDIA H100 SXM5" in text and "H100 NVL" not in text


def test_a_pcie_card_named_by_its_form_factor_is_compared_with_the_same_form_factor(real: Consultant) -> None:
    text = ask(real, "A100 80GB PCIe vs H100, which is faster?")
    assert "NVIDIA H100 PCIe" in text


def test_a_family_price_shows_the_sxm_board_first(real: Consultant) -> None:
    text = ask(real, "H100 每小时租金多少")
    assert text.index("H100 SXM5") < text.index("H100 PCIe")


def test_a_dgx_is_eight_gpus_the_team_owns(real: Consultant) -> None:
    text = ask(real, "Background: 4 engineers, we own a DGX H100. Goal: full fine-tune a 13B on 2B tokens")
    assert text.startswith("*Recommended:* 8 × NVIDIA H100") and "on your own hardware" in text


def test_an_accelerator_outside_the_catalogue_is_said_to_be_outside_it_first(real: Consultant) -> None:
    assert ask(real, "can I rent Gaudi 3 here?").startswith("*No Gaudi")
    planned = ask(real, "pretrain 7B on TPU v5e pods")
    assert planned.startswith("*No TPU in the catalogue*") and "plan this on the GPUs it holds" in planned
    assert "How much training data" in planned  # the 7B it was told is kept
    zh = ask(real, "昇腾 910B 能训练 7B 吗")
    assert zh.startswith("*目录里没有昇腾*") and "9100亿" not in zh and "70亿参数" in zh


def test_an_ascend_model_number_or_chinas_own_cards_named_alone_are_outside_the_catalogue(
    real: Consultant,
) -> None:
    alone = ask(real, "910B 能训练 70B 吗")
    assert alone.startswith("*目录里没有 910B*") and "9100亿" not in alone and "700亿参数" in alone
    assert "9100亿" not in ask(real, "华为 910B 租一个月多少钱")
    hant = ask(real, "國產卡能訓練大模型嗎？")
    assert hant.startswith("*目錄裡沒有國產卡*：只收錄了輝達和 AMD 的 GPU") and "AMD GPU（MI250X" not in hant
    assert ask(real, "国产 GPU 能用来训大模型吗").startswith("*目录里没有国产 GPU*")


def test_a_family_figure_only_another_board_has_is_confirmed_for_that_board_only(real: Consultant) -> None:
    text = ask(real, "H100 显存是 94G 对吧")
    assert text.startswith("*只有 NVIDIA H100 NVL 是*") and "NVIDIA H100 SXM5 是 80 GB" in text
    same_board = ask(real, "an A100 has 40GB, right?")
    assert same_board.startswith("*Yes.*") and "also comes as the NVIDIA A100 80GB" in same_board
    assert ask(real, "H100 has 80GB right?").startswith("*Yes.* The NVIDIA H100 SXM5 has 80 GB")


def test_a_gpu_name_the_catalogue_does_not_hold_is_said_to_be_missing_first(real: Consultant) -> None:
    assert ask(real, "RTX 5080 一小时多少钱").startswith("*目录里没有 RTX 5080*")
    assert ask(real, "how much is a GB300 per hour?").startswith("*No GB300 in the catalogue*")
    assert "How much training data" in ask(real, "pretrain 7B on 8 H100")  # known GPUs: unchanged


def test_the_newer_boards_are_answered_from_the_catalogue(real: Consultant) -> None:
    lora = ask(real, "RTX 5090 能跑 7B 的 LoRA 吗")
    assert lora.startswith("*能*") and "/ 32 GB" in lora
    assert ask(real, "rtx 5090有nvlink吗").startswith("*没有*")
    versus = ask(real, "MI355X vs B200 which has more memory")
    assert (
        versus.startswith("*The AMD Instinct MI355X has more memory.*")
        and "not in the catalogue vs $" in versus
    )
    zh = ask(real, "L20 和 L40S 哪个好")
    assert zh.startswith("*NVIDIA L40S 更值得选*") and "120 TFLOPS" in zh


def test_a_board_named_after_a_family_narrows_the_price_answer(real: Consultant) -> None:
    text = ask(real, "A100 PCIe 一小時多少錢？")
    assert "A100 40GB PCIe" in text and "SXM4" not in text


def test_a_plan_on_a100_pcie_uses_only_pcie_boards(real: Consultant) -> None:
    text = ask(real, "QLoRA Mistral 7B on 2 A100 PCIe, 500M tokens, no deadline")
    assert "A100 40GB PCIe" in text or "A100 80GB PCIe" in text
    assert "SXM4" not in text


def test_a100_pcie_against_h100_compares_the_pcie_a100_not_the_sxm_one(real: Consultant) -> None:
    text = ask(real, "A100 PCIe vs H100, which is faster?")
    assert "A100 80GB PCIe" in text and "A100 80GB (SXM4)" not in text


def test_four_a100s_for_a_job_that_nearly_fills_the_40gb_board_get_a_board_with_room(
    real: Consultant,
) -> None:
    text = ask(real, "full fine-tune 8B on 4 A100s, 50M tokens, 3 days")
    first = text.split("\n")[0]
    assert "4 × NVIDIA A100 80GB" in first


def test_a_gpu_outside_the_catalogue_beside_a_known_one_is_said_first_and_the_known_one_answered(
    real: Consultant,
) -> None:
    text = ask(real, "MI350X vs H200, which one?")
    assert text.startswith("*No MI350X in the catalogue*") and "H200 SXM*: 141 GB" in text
    zh = ask(real, "RTX 6000 Ada 和 L40S 哪个好")
    assert zh.startswith("*目录里没有 RTX 6000 Ada*") and "NVIDIA L40S" in zh


def test_a_family_beside_an_accelerator_outside_the_catalogue_is_shown_as_its_main_board(
    real: Consultant,
) -> None:
    text = ask(real, "is the Gaudi 3 faster than the H100?")
    assert text.startswith("*No Gaudi in the catalogue*") and "H100 SXM5" in text and "H100 NVL" not in text


def test_asking_whether_an_accelerator_outside_the_catalogue_can_train_a_model_gets_the_memory_it_needs(
    real: Consultant,
) -> None:
    text = ask(real, "Can the Kunlun P800 train a 7B model?")
    assert text.startswith("*No Kunlun in the catalogue*") and "the memory the job needs" in text
    assert "*GPU memory to train a 7B-parameter model*" in text and "How much training data" not in text
    zh = ask(real, "崑崙芯 R200 能拿來訓練嗎？")
    assert zh.startswith("*目錄裡沒有崑崙*")
