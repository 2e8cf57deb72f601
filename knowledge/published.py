"""Published training runs named in free text ("训练 Llama 3 8B 用了多少 GPU 小时", "how long did BLOOM-176B
take to train?"): the runs of knowledge/data/published_runs.yaml whose model a text names.

Names are compared squeezed: lower case, without spaces, hyphens and underscores, and without a
trailing note in parentheses ("DeepSeek-V3 (MoE, …)" is "deepseekv3"), so "Llama 3 8B", "llama-3-8b" and
"LLaMA3 8B" meet. A longer name wins over one it contains ("llama 3.1 8b" is not "llama 3 8b").
"""

from __future__ import annotations

import re
import unicodedata

from knowledge.schema import PublishedRun

_SQUEEZE = re.compile(r"[\s_\-]+")
_NOTE = re.compile(r"\s*\(.*$")
_INDEX: dict[int, tuple[tuple[PublishedRun, ...], tuple[tuple[str, PublishedRun], ...]]] = {}


def squeeze(name: str) -> str:
    return _SQUEEZE.sub("", unicodedata.normalize("NFKC", name).lower())


# A size at the end of a name ("TinyLlama-1.1B", "BLOOM-176B"): without it, a name still names its run
# when no other run shares what is left ("TinyLlama", "BLOOM"; not "Llama 3").
_SIZE = re.compile(r"[\s_\-]*\d+(?:\.\d+)?\s*[bmk]$", re.IGNORECASE)


def _names(runs: tuple[PublishedRun, ...]) -> tuple[tuple[str, PublishedRun], ...]:
    found = _INDEX.get(id(runs))
    if found is None or found[0] is not runs:
        keyed = [(squeeze(_NOTE.sub("", r.model)), r) for r in runs]
        short = [(squeeze(_SIZE.sub("", _NOTE.sub("", r.model))), r) for r in runs]
        counts: dict[str, int] = {}
        for name, _ in short:
            counts[name] = counts.get(name, 0) + 1
        full = {name for name, _ in keyed}
        keyed += [(n, r) for n, r in short if counts[n] == 1 and n not in full and len(n) >= 4]
        found = (runs, tuple(sorted(keyed, key=lambda kr: -len(kr[0]))))
        _INDEX[id(runs)] = found
    return found[1]


def runs_named(text: str, runs: tuple[PublishedRun, ...]) -> list[PublishedRun]:
    """The runs whose model `text` names, longest name first; each name's runs in file order."""
    s = squeeze(text)
    out: list[PublishedRun] = []
    taken: list[tuple[int, int]] = []
    for name, run in _names(runs):
        if not name:
            continue
        at = s.find(name)
        while at != -1:
            end = at + len(name)
            # a name ends where no digit or decimal point follows ("pythia1b" is not in "pythia1.4b")
            whole = end == len(s) or not (s[end].isdigit() or s[end] == ".")
            inside = any(a <= at and end <= b for a, b in taken if (a, b) != (at, end))
            if whole and not inside:
                taken.append((at, end))
                out.append(run)
                break
            at = s.find(name, at + 1)
    return out
