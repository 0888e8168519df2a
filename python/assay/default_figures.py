"""The report's default panels: each scalar output against the swept axes, as figure specs.
One numeric axis gives a line, a categorical one a bar chart; with several axes the first
numeric one goes on x and the others on colour and facets, and two categorical axes give a
heat map. Axes beyond what a panel can show are pooled, and the title says so."""

import pandas as pd

from .figure_spec import FigureSpec


def _varying_axes(result):
    return [k for k in result.swept_keys if k in result.columns and result[k].nunique() > 1]


def _pooled_note(axes, shown):
    pooled = [a for a in axes if a not in shown]
    return f" (pooled over {', '.join(pooled)})" if pooled else ""


def default_spec(result, y):
    axes = _varying_axes(result)
    numeric = [a for a in axes if pd.api.types.is_numeric_dtype(result[a])
               and not pd.api.types.is_bool_dtype(result[a])]
    if not axes:
        return FigureSpec(y=y, kind="bar", title=f"{y} (mean ± SE over replicates)")
    if numeric:
        x = numeric[0]
        rest = [a for a in axes if a != x]
        colour, facet = (rest + [None, None])[:2]
        spec = FigureSpec(y=y, x=x, kind="line", colour=colour, facet=facet)
    elif len(axes) == 1:
        spec = FigureSpec(y=y, x=axes[0], kind="bar")
    else:
        spec = FigureSpec(y=y, x=axes[0], row=axes[1], kind="heatmap",
                          facet=axes[2] if len(axes) > 2 else None)
    note = _pooled_note(axes, spec.columns)
    return FigureSpec(**{**spec.__dict__, "title": spec.label + note}) if note else spec


def default_specs(result):
    """One panel per scalar output of the result."""
    return [default_spec(result, y) for y in result.scalar_outputs]
