"""Board power quoted in watts is checked against the catalogue's TDP; a lower-case "w" that means 万 in
Chinese chat ("3w条数据") is no power figure."""

from __future__ import annotations

from knowledge import load_knowledge


def corrections(text: str) -> list[tuple[str, str, float | None]]:
    return [(c.gpu_id, c.metric, c.correct) for c in load_knowledge().factcheck(text)]


def test_a_wrong_tdp_is_corrected_with_the_boards_figure() -> None:
    assert corrections("L40S 的 TDP 是 700W 嗎") == [("l40s", "tdp_w", 350)]
    assert corrections("B200 TDP 1500W?") == [("b200", "tdp_w", 1000)]
    assert corrections("H100 PCIe 也是 700W 吧") == [("h100-pcie", "tdp_w", 350)]


def test_a_tdp_right_for_some_board_of_the_family_is_not_corrected() -> None:
    assert corrections("H100 700W 对吧") == []
    assert corrections("the a100 uses 400w right?") == []


def test_ten_thousand_written_as_w_is_not_a_power_figure() -> None:
    assert corrections("8卡h100 3w条数据 训7b") == []
    assert corrections("4090 跑了 2w 步") == []


def test_a_figure_claimed_the_same_as_another_gpus_belongs_to_both() -> None:
    found = corrections("H20 算力跟 H100 一样是 989 TFLOPS 吗")
    assert [(gpu, metric) for gpu, metric, _ in found] == [("h20", "tflops.fp16")]
    assert found[0][2] == 148
