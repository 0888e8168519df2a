"""Drawing a FigureSpec over a loaded result with matplotlib. Only points whose status is "ok"
are drawn (a failed point's integer outputs read 0 in /index, not missing). Figures are built
with matplotlib.figure.Figure, not pyplot, so drawing leaves no global state and needs no
display."""

import math

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

_PANEL = (4.8, 3.4)  # inches per facet


def _check_columns(result, spec):
    missing = [c for c in spec.columns if c not in result.columns]
    if missing:
        raise KeyError(f"assay: figure '{spec.label}': {missing[0]}: no such column in /index; "
                       f"the columns are {', '.join(map(str, result.columns))}")


def summary(frame, keys, y, error):
    """Mean of `y` over the replicates at each combination of `keys`, with its error bar."""
    grouped = frame.groupby(keys, sort=True, dropna=False)[y] if keys else [((), frame[y])]
    rows = []
    for key, values in grouped:
        values = values.dropna()
        n = len(values)
        sd = values.std(ddof=1) if n > 1 else np.nan
        err = {"se": sd / math.sqrt(n) if n else np.nan, "sd": sd, "none": np.nan}[error]
        key = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(keys, key)), "mean": values.mean(), "err": err, "n": n})
    return pd.DataFrame(rows)


def _error_bars(s):
    """None when no point has an error bar (one replicate, or error "none"): given an all-NaN
    pandas yerr, matplotlib 3.6 raises StopIteration."""
    return s["err"] if s["err"].notna().any() else None


def _groups(frame, column):
    if column is None:
        return [(None, frame)]
    return [(value, part) for value, part in frame.groupby(column, sort=True)]


def _line(ax, frame, spec):
    for value, part in _groups(frame, spec.colour):
        s = summary(part, [spec.x], spec.y, spec.error).dropna(subset=["mean"])
        if s.empty:
            continue
        ax.errorbar(s[spec.x], s["mean"], yerr=_error_bars(s), marker="o", capsize=3,
                    label=None if value is None else f"{spec.colour} = {value}")


def _scatter(ax, frame, spec):
    for value, part in _groups(frame, spec.colour):
        ax.scatter(part[spec.x], part[spec.y], s=14, alpha=0.8,
                   label=None if value is None else f"{spec.colour} = {value}")


def _bar(ax, frame, spec):
    groups = _groups(frame, spec.colour)
    categories = sorted(frame[spec.x].unique()) if spec.x else [spec.y]
    width = 0.8 / len(groups)
    for i, (value, part) in enumerate(groups):
        s = summary(part, [spec.x] if spec.x else [], spec.y, spec.error)
        at = {c: j for j, c in enumerate(categories)}
        positions = [at[c] + (i - (len(groups) - 1) / 2) * width
                     for c in (s[spec.x] if spec.x else categories)]
        ax.bar(positions, s["mean"], width, yerr=_error_bars(s), capsize=3,
               label=None if value is None else f"{spec.colour} = {value}")
    ax.set_xticks(range(len(categories)), [str(c) for c in categories])


def _heatmap(ax, frame, spec):
    s = summary(frame, [spec.row, spec.x], spec.y, "none")
    grid = s.pivot(index=spec.row, columns=spec.x, values="mean")
    image = ax.imshow(grid.to_numpy(dtype=float), aspect="auto", origin="lower")
    ax.set_xticks(range(grid.shape[1]), [str(c) for c in grid.columns])
    ax.set_yticks(range(grid.shape[0]), [str(r) for r in grid.index])
    ax.figure.colorbar(image, ax=ax, label=f"{spec.y} (mean)")


def _histogram(ax, frame, spec):
    for value, part in _groups(frame, spec.colour):
        ax.hist(part[spec.y].dropna(), bins="auto", alpha=0.6,
                label=None if value is None else f"{spec.colour} = {value}")


_KINDS = {"line": _line, "scatter": _scatter, "bar": _bar, "heatmap": _heatmap,
          "histogram": _histogram}


def _label_axes(ax, spec):
    if spec.kind == "histogram":
        ax.set_xlabel(spec.y)
        ax.set_ylabel("points")
    else:
        ax.set_xlabel(spec.x or "")
        ax.set_ylabel(spec.row if spec.kind == "heatmap" else spec.y)
    if spec.logx:
        ax.set_xscale("log")
    if spec.logy:
        ax.set_yscale("log")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small")


def draw(result, spec):
    """The figure `spec` describes, drawn from `result`'s ok points."""
    _check_columns(result, spec)
    ok = pd.DataFrame(result[result["status"] == "ok"])
    facets = _groups(ok, spec.facet)
    ncols = min(len(facets), 3)
    nrows = math.ceil(len(facets) / ncols)
    figure = Figure(figsize=(_PANEL[0] * ncols, _PANEL[1] * nrows + 0.5), layout="constrained")
    axes = figure.subplots(nrows, ncols, squeeze=False).ravel()
    for ax, (value, part) in zip(axes, facets):
        _KINDS[spec.kind](ax, part, spec)
        _label_axes(ax, spec)
        if value is not None:
            ax.set_title(f"{spec.facet} = {value}", fontsize="medium")
    for ax in axes[len(facets):]:
        ax.set_visible(False)
    figure.suptitle(spec.label)
    return figure
