"""After a plan, "which provider is cheapest for this?" / "哪家最便宜？" plans the job on each cloud of the
catalogue, cheapest first, instead of the provider checklist; a bare number after a sequence-length
what-if is another sequence length; "deadline flexible" is no deadline."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant


def test_which_provider_is_cheapest_lists_the_job_on_each_cloud_cheapest_first(real: Consultant) -> None:
    real.handle("c1", "LoRA fine-tune 13B on 100M tokens in 3 days")
    turn = real.handle("c1", "which provider is cheapest for this?")
    assert turn.text.startswith("*This job on each cloud in the catalogue*, cheapest first")
    bullets = [line for line in turn.text.splitlines() if line.startswith("• *")]
    assert len(bullets) >= 3
    costs = [float(re.search(r"\$([\d,.]+) on demand", b).group(1).replace(",", "")) for b in bullets]  # type: ignore[union-attr]
    assert costs == sorted(costs)
    assert "pitfall.provider_selection" not in turn.payload["faq"]


def test_the_cheapest_cloud_in_traditional_chinese_ignores_a_cloud_chosen_before(real: Consultant) -> None:
    real.handle("c2", "LoRA微調 13B，資料 1 億 tokens，三天，在 AWS 上")
    turn = real.handle("c2", "哪家最便宜？")
    assert turn.text.startswith("*這個任務在目錄裡各家雲上的方案*")
    assert "*Lambda*" in turn.text and "*AWS*" in turn.text


def test_a_bare_number_after_a_context_length_what_if_is_another_length(real: Consultant) -> None:
    real.handle("c3", "LoRA fine-tune 13B on 2B tokens in 5 days")
    real.handle("c3", "what if the context length is 8k?")
    turn = real.handle("c3", "and 16k?")
    assert turn.payload["slots"]["seq_len"] == 16384


def test_deadline_flexible_is_no_deadline(real: Consultant) -> None:
    real.handle("c4", "we need to pretrain a 7b model on 1T tokens")
    turn = real.handle("c4", "deadline flexible")
    assert "no deadline (a sensible cluster size" in turn.text.split("*Understood:*")[1].splitlines()[0]
