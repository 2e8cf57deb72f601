"""The value types built by sizing.frozen.quick_init (the engine's, and the NLU's parse results) are
the same frozen dataclasses they were: fields, defaults, keywords, equality, hashing and immutability."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest

import bot.nlu
import sizing
from sizing.frozen import QUICK_INIT_FILE, quick_init, quick_new


def _quick_classes() -> list[type]:
    found = []
    for package in (sizing, bot.nlu):
        found += _quick_classes_in(package)
    return found


def _quick_classes_in(package: object) -> list[type]:
    found = []
    for info in pkgutil.iter_modules(package.__path__):  # type: ignore[attr-defined]
        module = importlib.import_module(f"{package.__name__}.{info.name}")  # type: ignore[attr-defined]
        for value in vars(module).values():
            init = getattr(value, "__init__", None)
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and getattr(getattr(init, "__code__", None), "co_filename", "") == QUICK_INIT_FILE
            ):
                found.append(value)
    return found


QUICK = _quick_classes()


def test_the_hot_value_types_use_the_quick_constructor() -> None:
    names = {c.__name__ for c in QUICK}
    assert {"Layout", "MemoryBreakdown", "Fitted", "Throughput", "Option", "Quote"} <= names
    assert {"Replica", "Step", "Speed", "ServeMemory", "ShapeMemory", "ModelTerms", "ServeExcluded"} <= names
    assert {"Slots", "Parse", "Signals"} <= names  # built on every message the NLU reads


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_a_quick_constructor_takes_the_dataclass_fields_and_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.default is (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_a_quickly_built_value_equals_itself_rebuilt_by_keyword_and_stays_frozen(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = {f.name: (i, f.name) for i, f in enumerate(fields)}  # distinct, hashable stand-ins
    positional = cls(*values.values())
    by_keyword = cls(**values)
    assert positional == by_keyword and hash(positional) == hash(by_keyword)
    assert all(getattr(by_keyword, name) == value for name, value in values.items())
    assert dataclasses.replace(by_keyword) == by_keyword
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_keyword, fields[0].name, None)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_a_value_made_by_quick_new_is_the_value_the_class_builds(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = {f.name: (i, f.name) for i, f in enumerate(fields)}
    make = quick_new(cls)
    made, built = make(*values.values()), cls(*values.values())
    assert type(made) is cls and made == built and hash(made) == hash(built)
    assert make(**values) == built
    required = [f.name for f in fields if f.default is dataclasses.MISSING]
    assert make(*[values[n] for n in required]) == cls(*[values[n] for n in required])  # the defaults
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, None)


def test_quick_init_refuses_classes_it_would_build_wrongly() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = dataclasses.field(default_factory=list)

    for cls in (NoSlots, PostInit, Factory):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_quick_value_is_of_its_own_class_and_a_subclass_keeps_its_own() -> None:
    from sizing.memory import Layout

    class Tagged(Layout):
        __slots__ = ()

    plain = Layout(8, 2, 4, 1, 1, "selective", 1, 16)
    tagged = Tagged(8, 2, 4, 1, 1, "selective", 1, 16)
    assert type(plain) is Layout and type(tagged) is Tagged
    assert dataclasses.astuple(tagged) == dataclasses.astuple(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        tagged.dp = 3  # type: ignore[misc]


def test_a_request_remembers_its_hash_and_a_copy_or_pickle_works_it_out_again() -> None:
    import copy
    import pickle

    from sizing import Budget, SizingRequest

    a = SizingRequest(params=7e9, method="lora", budget=Budget(5000, "USD"), extra=(("cloud", "aws"),))
    b = SizingRequest(params=7e9, method="lora", budget=Budget(5000, "USD"), extra=(("cloud", "aws"),))
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert hash(a) == hash(a)  # the second time from the cache
    assert dataclasses.replace(a, days=3.0) != a and hash(dataclasses.replace(a, days=None)) == hash(a)
    for twin in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
        assert twin == a and twin._hash is None and hash(twin) == hash(a)
    assert "_hash" not in repr(a)
