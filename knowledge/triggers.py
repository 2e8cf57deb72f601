"""A small, typed trigger language for pitfalls, evaluated by the dialogue against a flat context.

YAML form (one node per mapping):

    {all: [node, ...]}   every child holds
    {any: [node, ...]}   at least one child holds
    {not: node}          the child does not hold
    {key: K, OP: value}  one comparison; OP is eq ne lt le gt ge in is_true

A missing or None context value makes a comparison false (so `not` of it is true: guard with `all`).
Keys and operator/value kinds are checked when the YAML is loaded, never at evaluation time.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

Kind = Literal["number", "text", "flag"]

# The context contract shared with the dialogue (cross-team contract 2): exactly these keys.
KEY_KINDS: Mapping[str, Kind] = {
    "params": "number",
    "tokens": "number",
    "data_bytes": "number",
    "method": "text",
    "precision": "text",
    "days": "number",
    "seq_len": "number",
    "budget_usd_total": "number",
    "user_gpu": "text",
    "user_gpu_count": "number",
    "user_gpu_top_tier": "flag",
    "user_gpu_segment": "text",
    "user_gpu_memory_gb": "number",
    "plan_gpu": "text",
    "plan_gpus": "number",
    "plan_nodes": "number",
    "plan_fits": "flag",
    "plan_memory_headroom": "number",
    "plan_gpu_top_tier": "flag",
    "plan_gpu_segment": "text",
    "plan_scale_up": "flag",
    "plan_multi_node": "flag",
    "plan_network_gbps": "number",
    "plan_checkpoint_gb": "number",
    "plan_spot_saving": "number",
    "mentions_spot": "flag",
    "over_budget": "flag",
    "deadline_missed": "flag",
}
TRIGGER_KEYS: frozenset[str] = frozenset(KEY_KINDS)

_ORDER_OPS: Mapping[str, Callable[[float, float], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}
OPERATORS = ("eq", "ne", "lt", "le", "gt", "ge", "in", "is_true")

Scalar = float | str | bool


class Trigger(Protocol):
    def holds(self, context: Mapping[str, object]) -> bool: ...


@dataclass(frozen=True, slots=True)
class All:
    children: tuple[Trigger, ...]

    def holds(self, context: Mapping[str, object]) -> bool:
        return all(child.holds(context) for child in self.children)


@dataclass(frozen=True, slots=True)
class AnyOf:
    children: tuple[Trigger, ...]

    def holds(self, context: Mapping[str, object]) -> bool:
        return any(child.holds(context) for child in self.children)


@dataclass(frozen=True, slots=True)
class Not:
    child: Trigger

    def holds(self, context: Mapping[str, object]) -> bool:
        return not self.child.holds(context)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Compare:
    key: str
    op: str
    value: Scalar | tuple[Scalar, ...]

    def holds(self, context: Mapping[str, object]) -> bool:
        actual = context.get(self.key)
        if actual is None:
            return False
        if self.op == "is_true":
            return actual is True
        if self.op == "in":
            return isinstance(self.value, tuple) and actual in self.value
        if self.op in _ORDER_OPS:
            if not (_is_number(actual) and _is_number(self.value)):
                return False
            return _ORDER_OPS[self.op](float(actual), float(self.value))  # type: ignore[arg-type]
        equal = actual == self.value
        return equal if self.op == "eq" else not equal


def _as_number(value: object) -> object:
    # YAML 1.1 reads `1e9` (no sign, no dot) as text; accept it as the number the author meant.
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def _check_value(key: str, op: str, value: object, where: str) -> Scalar | tuple[Scalar, ...]:
    kind = KEY_KINDS[key]
    if kind == "number":
        value = [_as_number(v) for v in value] if isinstance(value, list) else _as_number(value)
    if op == "is_true":
        if kind != "flag" or value is not True:
            raise ValueError(f"trigger {where}: is_true needs a yes/no key and the value true")
        return True
    if op in _ORDER_OPS:
        if kind != "number" or not _is_number(value):
            raise ValueError(f"trigger {where}: {op} needs a numeric key and a number, got {value!r}")
        return float(value)  # type: ignore[arg-type]
    items: list[object] = [value]
    if op == "in":
        if not isinstance(value, list) or not value:
            raise ValueError(f"trigger {where}: in needs a non-empty list")
        items = list(value)
    checked: list[Scalar] = []
    for item in items:
        if kind == "number" and isinstance(item, int | float) and not isinstance(item, bool):
            checked.append(float(item))
        elif (kind == "text" and isinstance(item, str)) or (kind == "flag" and isinstance(item, bool)):
            checked.append(item)
        else:
            raise ValueError(f"trigger {where}: {item!r} is not a {kind} value for key {key!r}")
    return tuple(checked) if op == "in" else checked[0]


def parse_trigger(raw: object, where: str = "") -> Trigger:
    """Compile the YAML form into a Trigger; raise ValueError naming the node path on any mistake."""
    here = where or "root"
    if not isinstance(raw, dict):
        raise ValueError(f"trigger {here}: expected a mapping, got {type(raw).__name__}")
    if "key" in raw:
        key = raw["key"]
        if key not in TRIGGER_KEYS:
            raise ValueError(f"trigger {here}: unknown key {key!r} (known: {', '.join(sorted(KEY_KINDS))})")
        ops = [name for name in raw if name != "key"]
        if len(ops) != 1 or ops[0] not in OPERATORS:
            raise ValueError(f"trigger {here}: needs exactly one operator of {', '.join(OPERATORS)}")
        op = ops[0]
        return Compare(key, op, _check_value(key, op, raw[op], here))
    if len(raw) != 1:
        raise ValueError(f"trigger {here}: expected one of all/any/not/key, got {sorted(raw)}")
    ((name, body),) = raw.items()
    if name == "not":
        return Not(parse_trigger(body, f"{where}.not" if where else "not"))
    if name in ("all", "any"):
        if not isinstance(body, list) or not body:
            raise ValueError(f"trigger {here}: {name} needs a non-empty list")
        prefix = f"{where}.{name}" if where else name
        children = tuple(parse_trigger(child, f"{prefix}[{i}]") for i, child in enumerate(body))
        return All(children) if name == "all" else AnyOf(children)
    raise ValueError(f"trigger {here}: unknown node {name!r} (expected all, any, not or key)")


class HasTrigger(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def trigger(self) -> Trigger: ...


def fired(pitfalls: Iterable[HasTrigger], context: Mapping[str, object]) -> list[str]:
    """Ids of the pitfalls whose trigger holds in `context`, in catalogue order."""
    return [pitfall.id for pitfall in pitfalls if pitfall.trigger.holds(context)]


def unknown_context_keys(context: Mapping[str, object]) -> Sequence[str]:
    """Context keys outside the contract: a typo there would silently never fire, so callers can assert."""
    return sorted(set(context) - TRIGGER_KEYS)
