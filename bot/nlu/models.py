"""Famous models whose name does not carry their size, so "GPT-3" or "BERT-large" still gives a
parameter count. Names that do carry it ("Qwen2.5-72B", "Llama 3.1 405B") need no table: the
generic "<number>B" rule reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_S = r"[ \-_]?"
# (pattern, parameters, source). Sizes as published by the model authors.
KNOWN_MODELS: tuple[tuple[str, float, str], ...] = (
    (r"mixtral" + _S + r"8x7b", 46.7e9, "Mistral AI, 'Mixtral of experts', 2023-12-11 (46.7B total)"),
    (r"mixtral" + _S + r"8x22b", 141e9, "Mistral AI, 'Cheaper, Better, Faster, Stronger', 2024-04-17"),
    (r"gpt" + _S + r"2" + _S + r"small", 124e6, "OpenAI GPT-2 model card / HF gpt2 (124M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"medium", 355e6, "HF gpt2-medium model card (355M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"large", 774e6, "HF gpt2-large model card (774M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"(?:xl|extra large)", 1.5e9, "Radford et al. 2019, GPT-2 paper (1542M)"),
    (r"gpt" + _S + r"3(?![.0-9])", 175e9, "Brown et al. 2020, 'Language Models are Few-Shot Learners'"),
    (r"bloom(?![a-z0-9\-])", 176e9, "BigScience, BLOOM paper arXiv:2211.05100, 2022"),
    (r"bert" + _S + r"base", 110e6, "Devlin et al. 2018, BERT paper, Table (BERT-BASE 110M)"),
    (r"bert" + _S + r"large", 340e6, "Devlin et al. 2018, BERT paper (BERT-LARGE 340M)"),
    (r"roberta" + _S + r"base", 125e6, "Liu et al. 2019 / HF roberta-base (125M)"),
    (r"roberta" + _S + r"large", 355e6, "Liu et al. 2019 / HF roberta-large (355M)"),
    (r"t5" + _S + r"small", 60e6, "Raffel et al. 2020, T5 paper §3.7 (60M)"),
    (r"t5" + _S + r"base", 220e6, "Raffel et al. 2020, T5 paper (220M)"),
    (r"t5" + _S + r"large", 770e6, "Raffel et al. 2020, T5 paper (770M)"),
    (r"gpt" + _S + r"j(?![a-z])", 6e9, "EleutherAI GPT-J-6B model card, 2021"),
    (r"gpt" + _S + r"neox(?![a-z0-9\-])", 20e9, "Black et al. 2022, GPT-NeoX-20B paper"),
    (r"chinchilla", 70e9, "Hoffmann et al. 2022, arXiv:2203.15556"),
    (r"gopher", 280e9, "Rae et al. 2021, arXiv:2112.11446"),
    (r"palm(?![a-z0-9\-])", 540e9, "Chowdhery et al. 2022, arXiv:2204.02311"),
    (r"deepseek" + _S + r"v3", 671e9, "DeepSeek-V3 Technical Report, arXiv:2412.19437 (671B total)"),
    (r"deepseek" + _S + r"r1(?![a-z0-9\-])", 671e9, "DeepSeek-R1 model card, 2025-01 (671B total)"),
    # Before deepseek-v2: the alternation takes the first pattern that matches at a position.
    (
        r"deepseek" + _S + r"v2" + _S + r"lite",
        15.7e9,
        "DeepSeek-V2 paper, arXiv:2405.04434 (V2-Lite: 15.7B total, 2.4B active)",
    ),
    (r"deepseek" + _S + r"v2(?![.0-9])", 236e9, "DeepSeek-V2 paper, arXiv:2405.04434 (236B total)"),
    (r"grok" + _S + r"1(?![.0-9])", 314e9, "xAI, 'Open Release of Grok-1', 2024-03-17"),
    (
        r"phi" + _S + r"3(?:\.5)?" + _S + r"mini",
        3.8e9,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (3.8B)",
    ),
    (
        r"phi" + _S + r"3" + _S + r"small",
        7e9,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (7B)",
    ),
    (
        r"phi" + _S + r"3" + _S + r"medium",
        14e9,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (14B)",
    ),
    (r"phi" + _S + r"2(?![.0-9a-z])", 2.7e9, "Microsoft Research blog 'Phi-2', 2023-12-12 (2.7B)"),
    (r"bloomz?" + _S + r"7b1", 7.1e9, "BigScience bloom-7b1 model card, 2022 (7,069,016,064 parameters)"),
    (
        r"qwen1\.5" + _S + r"moe" + _S + r"a2\.7b",
        14.3e9,
        "Qwen blog 'Qwen1.5-MoE', 2024-03-28 (14.3B total, 2.7B active)",
    ),
)
_RE = re.compile(
    r"(?<![a-z0-9])(?:" + "|".join(f"(?P<m{i}>{p})" for i, (p, _, _) in enumerate(KNOWN_MODELS)) + ")"
)


@dataclass(frozen=True, slots=True)
class ModelMention:
    start: int
    end: int
    params: float
    source: str


def find_models(s: str) -> list[ModelMention]:
    out = []
    for m in _RE.finditer(s):
        idx = next(i for i in range(len(KNOWN_MODELS)) if m.group(f"m{i}") is not None)
        _, params, source = KNOWN_MODELS[idx]
        out.append(ModelMention(m.start(), m.end(), params, source))
    return out
