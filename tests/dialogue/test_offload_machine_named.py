"""The what-fits list prices CPU offload on a machine whose RAM holds what it offloads, and names it."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_the_what_fits_offload_line_names_the_machine_priced_for_its_ram(real: Consultant) -> None:
    text = real.handle("w8", "Can I full fine-tune a 7B model on one A10G?").text
    line = next(row for row in text.splitlines() if "CPU offload" in row)
    assert "on g5.8xlarge, whose 137 GB of RAM hold it" in line
