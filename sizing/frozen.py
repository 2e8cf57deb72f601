"""Faster construction of the engine's hot frozen value types.

A frozen dataclass's generated __init__ stores each field with `object.__setattr__`, which looks
the attribute up on the type every time: ~0.25 µs a field. One plan() builds a few thousand
fields' worth of layouts, throughputs, quotes and options, so that alone was a fifth of an answer.
`quick_init` gives such a class an __init__ that, for the few instructions it runs, lends the new
object to a mutable twin class with the same slots, so each field is a plain slot store, then gives
it back its own class: the same object (fields, defaults, equality, hash, repr and immutability
unchanged), built in about half the time of storing through each slot descriptor's __set__ (a
call that costs an argument tuple and a wrapper per field), itself twice as fast as the dataclass's
own __init__. tests/sizing/test_quick_init.py checks every class that uses it.

`quick_new(cls)` is the same constructor without the class call: a function that makes the object
as the twin, stores its fields and gives it its own class once (the class call and the first class
switch are a third of a quick __init__'s time). The engine's hottest values (a plan's option, layout,
throughput, quote, network and fixed hours) are made with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")
QUICK_INIT_FILE = "<sizing.frozen.quick_init>"  # the code object's file name: tracebacks and tests see it
_FACTORIES: dict[type, Callable[..., Any]] = {}  # quick_new's, per class quick_init built


def quick_init(cls: type[T]) -> type[T]:
    """Replaces a frozen, slotted dataclass's __init__ (apply above @dataclass(frozen=True,
    slots=True)). Only for classes without __post_init__, init=False fields or default factories."""
    if not (is_dataclass(cls) and "__slots__" in cls.__dict__ and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: quick_init needs a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    slots = cls.__dict__["__slots__"]
    # The twin: the same slots on the same base, so an object may switch between the two classes.
    twin = type(f"_{cls.__name__}Init", cls.__bases__, {"__slots__": slots, "__module__": cls.__module__})
    env: dict[str, Any] = {
        "_cls": cls,
        "_twin": twin,
        "_set_class": object.__dict__["__class__"].__set__,
        "_new": object.__new__,
    }
    params: list[str] = []
    body: list[str] = []  # for a subclass's object, which the twin cannot stand in for
    stores: list[str] = []
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain fields with plain defaults")
        env[f"_set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's member descriptor
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"        _set_{f.name}(self, {f.name})")
        stores.append(f"    self.{f.name} = {f.name}")
    source = (
        f"def __init__(self, {', '.join(params)}):\n"
        "    if self.__class__ is not _cls:\n" + ("\n".join(body) or "        pass") + "\n        return\n"
        "    _set_class(self, _twin)\n" + "\n".join(stores) + "\n    self.__class__ = _cls\n"
        f"def _make({', '.join(params)}):\n"
        "    self = _new(_twin)\n" + "\n".join(stores) + "\n    self.__class__ = _cls\n    return self\n"
    )
    exec(compile(source, QUICK_INIT_FILE, "exec"), env)  # as dataclasses builds its own __init__
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    make = env["_make"]
    make.__qualname__ = f"quick_new({cls.__qualname__})"
    make.__module__ = cls.__module__
    _FACTORIES[cls] = make
    return cls


def quick_new(cls: type[T]) -> Callable[..., T]:
    """The constructor of a quick_init class as a plain function (the class's own fields and
    defaults): the same value as cls(...), made without the class call."""
    return _FACTORIES[cls]
