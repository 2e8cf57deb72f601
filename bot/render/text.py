"""Templates to text: one jinja2 template per reply kind, in English and simplified Chinese;
traditional Chinese is the simplified rendering converted with OpenCC "s2twp" (Taiwan phrases).
Block Kit around the text: bot/render/blocks.py.

User-provided values never become template source, and every one of them passes the
`slack_escape` filter, so `<!channel>` comes back as inert `&lt;!channel&gt;`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import MutableMapping
from typing import Any

import jinja2
import jinja2.runtime

from bot.nlu.script import to_traditional
from bot.render.formats import (
    fmt_article,
    fmt_bandwidth,
    fmt_bytes,
    fmt_count,
    fmt_count_spaced,
    fmt_duration,
    fmt_figure,
    fmt_gpus,
    fmt_money,
    fmt_money_zh,
    fmt_num,
    fmt_pct,
    fmt_ratio,
)
from knowledge.text_units import text_units
from sizing.serve_explain import ENGINE_NAMES

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def slack_escape(value: object) -> str:
    """Slack's three control characters (api.slack.com/reference/surfaces/formatting#escaping)."""
    text = _CONTROL.sub("", str(value))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def base_lang(lang: str) -> str:
    return "zh" if lang.startswith("zh") else "en"


def to_script(text: str, lang: str) -> str:
    # Taiwan characters and phrases (資料, 網路, 軟體, 預設, 伺服器, 叢集) with the ML terms s2twp gets
    # wrong kept right: bot/nlu/script.to_traditional, the one owner of the conversion.
    if lang != "zh-Hant":
        return text
    return to_traditional(text)


# The `json` filter: json.dumps(v, ensure_ascii=False) builds an encoder on every call; one does.
_JSON_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
# What `x.name` finds on a plain dict as an attribute (x.items, x.get): jinja2 prefers those to keys.
_DICT_ATTRIBUTES = frozenset(dir(dict))


_BUILTIN = type(len)  # builtin functions and methods of built-in types (dict.get, str.format)
_MACRO = jinja2.runtime.Macro
# A macro is called through its __call__, which takes the evaluation context first (jinja2 marks it
# pass_eval_context); read once here instead of probed on every call. Any other marking: jinja2's way.
_MACRO_TAKES_EVAL_CONTEXT = (
    getattr(getattr(_MACRO.__call__, "jinja_pass_arg", None), "name", None) == "eval_context"
)


class _Context(jinja2.runtime.Context):
    """jinja2's Context, calling a built-in function or method (`workload.get('tokens')`,
    `"{:,.0f}".format(x)`) or a template's macro at once: jinja2 probes every callable and its
    __call__ for a `pass_context`-style marker (two attribute look-ups each), which a built-in can
    never carry and a macro's __call__ always carries the same way."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # jinja2's own argument names
        kind = type(__obj)
        if kind is _MACRO and _MACRO_TAKES_EVAL_CONTEXT:
            __obj = __obj.__call__
            args = (__self.eval_ctx, *args)
        elif kind is not _BUILTIN:
            return super().call(__obj, *args, **kwargs)
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class _Environment(jinja2.Environment):
    """jinja2's Environment with two shortcuts for what every reply does many times; neither changes
    what a template renders (benchmarks/bench_turn.py measures the turn):
    - `x.name` on a plain dict looks the key up at once when `name` is no dict attribute; jinja2
      tries the attribute first, which raises and catches an AttributeError for every key read;
    - a template's globals are one plain dict instead of a ChainMap over the environment's (which
      are set once, before any template loads), so the check jinja2 makes on every
      `{% from ... import %}` (its context's globals minus the template's) runs in C.
    """

    context_class = _Context

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


@functools.cache
def environment() -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.PackageLoader("bot.render", "templates"),
        # Templates ship with the package and never change under a running process: no stat() of
        # the template file on every render.
        auto_reload=False,
        autoescape=False,  # Slack mrkdwn is not HTML; user values go through slack_escape instead
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        e=slack_escape,
        slack_escape=slack_escape,
        count=fmt_count,
        article=fmt_article,
        count_spaced=fmt_count_spaced,
        gpus=fmt_gpus,
        bytes=fmt_bytes,
        bandwidth=fmt_bandwidth,
        money=fmt_money,
        money_zh=fmt_money_zh,
        ratio=fmt_ratio,
        num=fmt_num,
        figure=fmt_figure,
        pct=fmt_pct,
        duration=fmt_duration,
        json=_JSON_ENCODE,
    )
    env.globals["text_units"] = text_units()  # the sourced tokens per word / per 字 the replies state
    env.globals["engine_names"] = ENGINE_NAMES  # "vLLM", not the slot's "vllm"
    return env


def render_text(kind: str, lang: str, **context: Any) -> str:
    """A reply of one kind in the user's language and script (trailing whitespace trimmed)."""
    template = environment().get_template(f"{base_lang(lang)}/{kind}.md.j2")
    text = template.render(lang=base_lang(lang), **context).strip()
    if "\n\n\n" in text:  # a plain substring test first: the regex scan costs more than the render's tail
        text = re.sub(r"\n{3,}", "\n\n", text)
    if lang != "en":
        text = chinese_spacing(text)
    return to_script(text, lang)


# Chinese typesetting (chinese_spacing). Each pattern starts with what is rare in a Chinese reply (a
# space, a Latin letter) and looks at its neighbours from there, so the regex engine skips ahead to those
# few candidates instead of trying a match at every Chinese character.
_CJK = "\u3400-\u9fff"
# The spaces between two Chinese characters (or a full-width bracket next to one): Chinese sets no spaces
# between words, while templates join names and figures with one ("目录里没有 阿里云 的价格", "新增 训练
# 2 轮"). Spaces next to Latin letters and digits stay ("8 张 H100"), and so do those around the
# separator 对 of two figures side by side ("无数据 对 67").
_CJK_SPACE = re.compile(rf" (?<=[{_CJK}）」』】] ) *(?=[{_CJK}（「『【])")
# A Latin word against a Chinese character: Chinese typesetting sets a space between them ("在 H100 上",
# "做 LoRA"), which templates that join a name to a phrase leave out ("改做LoRA", "QLoRA在"). One pass finds
# the letters with a Chinese character after or before them (a space goes on each such side).
_LATIN_BY_CJK = re.compile(rf"[A-Za-z](?:(?=[{_CJK}])|(?<=[{_CJK}][A-Za-z]))")
# The spaces after a full-width stop, comma or colon: the mark carries its own width, so Chinese sets no
# space after it, while templates join a bold verdict and the next sentence with one ("*不能。* 1 × RTX
# 4090 …" → "*不能。*1 × RTX 4090 …", as "*可以。*Ollama 支持…" is written).
_STOP_SPACE = re.compile(r"([。！？：；，])(\*?) +")


def _stop_closed_up(m: re.Match[str]) -> str:
    return m.group(1) + m.group(2)


def _close_up(m: re.Match[str]) -> str:
    text = m.string
    if text[m.start() - 1] in "对對" or text.startswith(("对 ", "對 "), m.end()):
        return m.group(0)  # "无数据 对 67": the separator keeps its spaces
    return ""


def _spaced(m: re.Match[str]) -> str:
    text, i = m.string, m.start()
    before = " " if i and "\u3400" <= text[i - 1] <= "\u9fff" else ""
    after = " " if "\u3400" <= text[i + 1 : i + 2] <= "\u9fff" else ""
    return before + m.group() + after


def chinese_spacing(text: str) -> str:
    """Chinese text spaced as it is typeset: no space between two Chinese characters, one between a
    Chinese character and a Latin word. Inline code (`…`) is left as written."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # outside backticks
        part = _STOP_SPACE.sub(_stop_closed_up, _CJK_SPACE.sub(_close_up, parts[i]))
        # A function, not a template (r"\g<0> "): sub() with a template calls back into the re module for
        # it on every call (an import and a cache look-up), while a match, which calls a function, is rare.
        parts[i] = _LATIN_BY_CJK.sub(_spaced, part)
    return "`".join(parts)


def render_json(kind: str, lang: str, **context: Any) -> dict[str, Any]:
    """A language-specific JSON fragment (e.g. a card's labels) from <lang>/<kind>.json.j2."""
    template = environment().get_template(f"{base_lang(lang)}/{kind}.json.j2")
    data: dict[str, Any] = json.loads(to_script(template.render(lang=base_lang(lang), **context), lang))
    return data
