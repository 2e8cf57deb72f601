"""Moving data: "how long to upload 2TB?" gets the time at the line rates people have (or the one they
state), and the in-region rate plans assume, instead of the planning form."""

from __future__ import annotations

from bot.dialogue.answers.transfer import stated_gbps
from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_a_dataset_to_upload_gets_the_time_at_common_line_rates(real: Consultant) -> None:
    text = ask(real, "how long does it take to download 2TB of data to the cloud?")
    assert text.startswith("*Moving 2 TB takes about 4.4 hours over a 1 Gb/s line*")
    assert "• 100 Mb/s: ~1.9 days" in text and "• 10 Gb/s: ~27 minutes" in text
    assert not any(f in text for f in FORM)


def test_a_stated_line_rate_is_the_one_used_in_chinese_too(real: Consultant) -> None:
    text = ask(real, "我们有 2TB 数据，传到阿里云要多久，千兆带宽")
    assert text.startswith("*按 1 Gb/s 跑满计算，传 2 TB 约需 4.4 小时*")


def test_a_named_models_weights_are_what_is_moved(real: Consultant) -> None:
    text = ask(real, "下载 Llama 3 70B 的权重要多久")
    assert "Llama 3 70B 的 BF16 权重（141 GB）" in text and "约需 19 分钟" in text


def test_a_data_size_with_a_model_to_train_is_still_a_plan(real: Consultant) -> None:
    assert "*Moving" not in ask(real, "upload 2TB and pretrain a 7B, how long?")


def test_line_rates_are_read_in_bits_and_bytes_as_written() -> None:
    assert stated_gbps("over a 100Mbps line") == 0.1
    assert stated_gbps("a 10 Gb/s link") == 10.0
    assert stated_gbps("at 1 GB/s") == 8.0
    assert stated_gbps("万兆网络") == 10.0
    assert stated_gbps("十万兆网络") == 100.0
    assert stated_gbps("公司只有百兆寬頻") == 0.1
    assert stated_gbps("no rate here") is None
