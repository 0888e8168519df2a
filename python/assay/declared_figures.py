"""The figures a run's methods declare: the root attribute "figures", which the host writes
from each method's declarations with the names turned into /index columns ("node.output",
"upstream.param", "replicate"). A role whose column this run lacks (a param it did not sweep)
is dropped where the figure still reads without it, and otherwise the figure is not drawn and
the report says why."""

import dataclasses
import json

from .figure_spec import figure_spec, label

# Roles that only split the points: without their column every point is in one group.
_OPTIONAL_ROLES = ("colour", "facet")


@dataclasses.dataclass(frozen=True)
class NotDrawn:
    title: str
    reason: str


def _required_roles(kind):
    if kind == "heatmap":
        return ("y", "x", "row")
    return ("y", "x") if kind in ("line", "scatter") else ("y",)


def _declared(result):
    text = result.root_attrs.get("figures", "")
    return json.loads(text) if text else []


def _title(entry):
    return f"{entry['node']}: {label(entry)}"


def _spec_fields(entry):
    return {k: v for k, v in entry.items() if k not in ("node", "method")}


def _drawable(result, entry):
    """The figure spec to draw, or the reason it cannot be drawn from this run."""
    fields = _spec_fields(entry)
    for role in _required_roles(fields["kind"]):
        if role not in fields:
            return f"its {role} names an input this node's pipeline leaves unconnected"
        if fields[role] not in result.columns:
            return f"/index has no column {fields[role]} (not swept, or not a scalar output)"
    for role in (*_OPTIONAL_ROLES, "x"):
        if role in fields and fields[role] not in result.columns:
            del fields[role]
    fields["title"] = _title(entry)
    return figure_spec(fields)


def declared_figures(result):
    """(specs to draw, NotDrawn entries, the nodes whose methods declare figures)."""
    specs, not_drawn, nodes = [], [], set()
    for entry in _declared(result):
        nodes.add(entry["node"])
        drawable = _drawable(result, entry)
        if isinstance(drawable, str):
            not_drawn.append(NotDrawn(_title(entry), drawable))
        else:
            specs.append(drawable)
    return specs, not_drawn, nodes
