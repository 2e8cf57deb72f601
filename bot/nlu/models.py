"""Famous models whose name does not carry their size, so "GPT-3" or "BERT-large" still gives a
parameter count. Names that do carry it ("Qwen2.5-72B", "Llama 3.1 405B") need no table: the
generic "<number>B" rule reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_S = r"[ \-_]?"
# (pattern, parameters, active parameters per token of an MoE model (None = dense), source).
# Sizes as published by the model authors.
KNOWN_MODELS: tuple[tuple[str, float, float | None, str], ...] = (
    (
        r"mixtral" + _S + r"8x7b",
        46.7e9,
        12.9e9,
        "Mistral AI, 'Mixtral of experts', 2023-12-11 (46.7B total, 12.9B used per token)",
    ),
    (
        r"mixtral" + _S + r"8x22b",
        141e9,
        39e9,
        "Mistral AI, 'Cheaper, Better, Faster, Stronger', 2024-04-17 (39B active of 141B)",
    ),
    (r"gpt" + _S + r"2" + _S + r"small", 124e6, None, "OpenAI GPT-2 model card / HF gpt2 (124M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"medium", 355e6, None, "HF gpt2-medium model card (355M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"large", 774e6, None, "HF gpt2-large model card (774M), 2019"),
    (
        r"gpt" + _S + r"2" + _S + r"(?:xl|extra large)",
        1.5e9,
        None,
        "Radford et al. 2019, GPT-2 paper (1542M)",
    ),
    (r"gpt" + _S + r"3(?![.0-9])", 175e9, None, "Brown et al. 2020, 'Language Models are Few-Shot Learners'"),
    (r"bloom(?![a-z0-9\-])", 176e9, None, "BigScience, BLOOM paper arXiv:2211.05100, 2022"),
    (r"bert" + _S + r"base", 110e6, None, "Devlin et al. 2018, BERT paper, Table (BERT-BASE 110M)"),
    (r"bert" + _S + r"large", 340e6, None, "Devlin et al. 2018, BERT paper (BERT-LARGE 340M)"),
    (r"roberta" + _S + r"base", 125e6, None, "Liu et al. 2019 / HF roberta-base (125M)"),
    (r"roberta" + _S + r"large", 355e6, None, "Liu et al. 2019 / HF roberta-large (355M)"),
    (r"t5" + _S + r"small", 60e6, None, "Raffel et al. 2020, T5 paper §3.7 (60M)"),
    (r"t5" + _S + r"base", 220e6, None, "Raffel et al. 2020, T5 paper (220M)"),
    (r"t5" + _S + r"large", 770e6, None, "Raffel et al. 2020, T5 paper (770M)"),
    (r"gpt" + _S + r"j(?![a-z])", 6e9, None, "EleutherAI GPT-J-6B model card, 2021"),
    (r"gpt" + _S + r"neox(?![a-z0-9\-])", 20e9, None, "Black et al. 2022, GPT-NeoX-20B paper"),
    (r"chinchilla", 70e9, None, "Hoffmann et al. 2022, arXiv:2203.15556"),
    (r"gopher", 280e9, None, "Rae et al. 2021, arXiv:2112.11446"),
    (r"palm(?![a-z0-9\-])", 540e9, None, "Chowdhery et al. 2022, arXiv:2204.02311"),
    (
        r"deepseek" + _S + r"v3",
        671e9,
        37e9,
        "DeepSeek-V3 Technical Report, arXiv:2412.19437 (671B total, 37B activated)",
    ),
    (
        r"deepseek" + _S + r"r1(?![a-z0-9\-])",
        671e9,
        37e9,
        "DeepSeek-R1 model card, 2025-01 (671B total, 37B activated)",
    ),
    # Before deepseek-v2: the alternation takes the first pattern that matches at a position.
    (
        r"deepseek" + _S + r"v2" + _S + r"lite",
        15.7e9,
        2.4e9,
        "DeepSeek-V2 paper, arXiv:2405.04434 (V2-Lite: 15.7B total, 2.4B active)",
    ),
    (
        r"deepseek" + _S + r"v2(?![.0-9])",
        236e9,
        21e9,
        "DeepSeek-V2 paper, arXiv:2405.04434 (236B total, 21B activated)",
    ),
    (r"grok" + _S + r"1(?![.0-9])", 314e9, None, "xAI, 'Open Release of Grok-1', 2024-03-17"),
    (
        r"phi" + _S + r"3(?:\.5)?" + _S + r"mini",
        3.8e9,
        None,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (3.8B)",
    ),
    (
        r"phi" + _S + r"3" + _S + r"small",
        7e9,
        None,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (7B)",
    ),
    (
        r"phi" + _S + r"3" + _S + r"medium",
        14e9,
        None,
        "Abdin et al. 2024, Phi-3 Technical Report, arXiv:2404.14219 (14B)",
    ),
    (r"phi" + _S + r"2(?![.0-9a-z])", 2.7e9, None, "Microsoft Research blog 'Phi-2', 2023-12-12 (2.7B)"),
    (
        r"bloomz?" + _S + r"7b1",
        7.1e9,
        None,
        "BigScience bloom-7b1 model card, 2022 (7,069,016,064 parameters)",
    ),
    (
        r"qwen1\.5" + _S + r"moe" + _S + r"a2\.7b",
        14.3e9,
        2.7e9,
        "Qwen blog 'Qwen1.5-MoE', 2024-03-28 (14.3B total, 2.7B active)",
    ),
    (
        r"qwen3" + _S + r"30b" + _S + r"a3b",
        30.5e9,
        3.3e9,
        "Qwen3-30B-A3B model card, 2025-04-29 (30.5B total, 3.3B activated)",
    ),
    (
        r"qwen3" + _S + r"235b" + _S + r"a22b",
        235e9,
        22e9,
        "Qwen3-235B-A22B model card, 2025-04-29 (235B total, 22B activated)",
    ),
    (
        r"deepseek" + _S + r"moe" + _S + r"16b",
        16.4e9,
        2.8e9,
        "Dai et al. 2024, DeepSeekMoE, arXiv:2401.06066 (16.4B total, 2.8B activated)",
    ),
)
_RE = re.compile(
    r"(?<![a-z0-9])(?:" + "|".join(f"(?P<m{i}>{p})" for i, (p, _, _, _) in enumerate(KNOWN_MODELS)) + ")"
)


# The MoE naming convention "<total>B-A<active>B" (Qwen2-57B-A14B, Qwen3-30B-A3B, Hunyuan-...):
# the name states both counts, so no table entry is needed.
_TOTAL_ACTIVE = re.compile(
    r"(?<![a-z0-9.])(\d{1,4}(?:\.\d{1,2})?)b[ \-_]a(\d{1,4}(?:\.\d{1,2})?)b(?![a-z0-9])"
)


@dataclass(frozen=True, slots=True)
class ModelMention:
    start: int
    end: int
    params: float
    source: str
    active_params: float | None = None  # per token, for mixture-of-experts models


def find_models(s: str) -> list[ModelMention]:
    out = []
    for m in _RE.finditer(s):
        idx = next(i for i in range(len(KNOWN_MODELS)) if m.group(f"m{i}") is not None)
        _, params, active, source = KNOWN_MODELS[idx]
        out.append(ModelMention(m.start(), m.end(), params, source, active))
    for m in _TOTAL_ACTIVE.finditer(s):
        total, active = float(m.group(1)) * 1e9, float(m.group(2)) * 1e9
        if active < total and not any(o.start < m.end() and m.start() < o.end for o in out):
            out.append(
                ModelMention(m.start(), m.end(), total, "the model's name (<total>B-A<active>B)", active)
            )
    return sorted(out, key=lambda o: o.start)
