"""Immutable records declared the way `typing.NamedTuple` declares them, without `typing`.

`portia solve` should answer before `import pysat.solvers` would have finished. Importing
`typing` costs about 6 ms here, and each `typing.NamedTuple` class a few tenths of one more
(every string annotation becomes a compiled forward reference). The modules `portia solve`
imports declare their records with :func:`record` instead; the result is the same kind of
class: a `collections.namedtuple` carrying the body's methods, properties and constants.

    @record
    class Layout:
        names: tuple[str, ...]
        counts: tuple[int, ...] = ()

        @property
        def size(self) -> int: ...
"""

from __future__ import annotations

from collections import namedtuple

#: what every class body has, or Python adds to a class, that a record must not copy
_OWN = frozenset({"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
                  "__annotations__"})


def record(cls: type) -> type:
    """A named tuple with the annotated names of `cls` as its fields, in order (those given a
    value in the body are the defaults, and must come last), its docstring, and every other
    attribute of the body (methods, properties, class constants)."""
    body = cls.__dict__
    annotations = body.get("__annotations__", {})
    fields = tuple(annotations)
    defaults = [body[name] for name in fields if name in body]
    if any(name not in body for name in fields[len(fields) - len(defaults):]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    made = namedtuple(cls.__name__, fields, defaults=defaults, module=cls.__module__)
    made.__qualname__ = cls.__qualname__
    if cls.__doc__ is not None:
        made.__doc__ = cls.__doc__
    made.__annotations__ = dict(annotations)
    for name, value in body.items():
        if name in _OWN or name in annotations:
            continue
        if name.startswith("_") and name in made.__dict__ and not name.startswith("__"):
            raise AttributeError(f"{cls.__name__}: cannot overwrite named tuple attribute {name}")
        setattr(made, name, value)
    return made
