"""The JSON form of actions (named tuples, see actions.py): pydantic's schema for them, and their data.

An action in JSON is an object of its fields: the seat, then the kind (after the square for the kinds
of one square, as when actions were pydantic models), then the rest; a side of a trade is an object too.
"""

from __future__ import annotations

from typing import Any, get_type_hints

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema


def json_fields(cls: type) -> tuple[str, ...]:
    """The fields of a named tuple class in the order of its JSON form."""
    order = _ORDERS.get(cls)
    if order is None:
        order = fields = cls._fields  # type: ignore[attr-defined]
        if "kind" in fields and "square" not in fields:
            order = ("player", "kind", *(name for name in fields if name not in ("player", "kind")))
        _ORDERS[cls] = order
    return order


_ORDERS: dict[type, tuple[str, ...]] = {}


def action_data(value: Any) -> dict[str, Any]:
    """An action (or a side of a trade) as JSON-able data: an object of its fields in the order of its
    JSON form, a side of a trade an object too, the other tuples arrays."""
    data: dict[str, Any] = {}
    for name, field in zip(value._fields, value, strict=True):
        if type(field) is tuple:
            field = list(field)
        elif isinstance(field, tuple):  # a named tuple: a side of a trade
            field = action_data(field)
        data[name] = field
    return {name: data[name] for name in json_fields(type(value))}


class _Edge:
    """pydantic's schema for an action or a side of a trade (as Annotated metadata): from outside, a JSON
    object with the class's fields (unknown ones refused, each validated by its annotation) made into the
    named tuple; in Python, an instance taken as it is (as pydantic takes a model's); written as the same
    object (see `action_data`)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        hints = get_type_hints(source, include_extras=True)
        fields = {
            name: core_schema.typed_dict_field(
                handler.generate_schema(hints[name]), required=name not in source._field_defaults
            )
            for name in json_fields(source)
        }
        from_object = core_schema.no_info_after_validator_function(
            lambda values: source(**values), core_schema.typed_dict_schema(fields, extra_behavior="forbid")
        )
        return core_schema.json_or_python_schema(
            json_schema=from_object,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(source), from_object]),
            serialization=core_schema.plain_serializer_function_ser_schema(action_data),
        )


EDGE = _Edge()
"""Annotated[ActionClass, EDGE] is the action class as a pydantic type."""
