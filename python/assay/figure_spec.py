"""A declarative figure: which columns of /index go on x, y, colour and facets, how replicates
are summarised, and which kind of plot. The report draws the default panels from these specs
and also takes specs from a JSON file or from Python, which is where a method's own declared
figures will come from once the SDK can declare them (methods cannot yet).

JSON: {"figures": [{"y": "summary.mean", "x": "data.rows", "colour": "data.cols",
                    "kind": "line", "error": "se", "title": "..."}]}  (or just the list)
"""

import dataclasses
import json
from typing import Optional

KINDS = ("line", "scatter", "bar", "heatmap", "histogram")
ERRORS = ("se", "sd", "none")


@dataclasses.dataclass(frozen=True)
class FigureSpec:
    """`y` is the measured column (for a histogram, the column counted; for a heat map, the
    colour of a cell, placed at (`x`, `row`)). Points sharing x, colour, facet (and row) are
    replicates: lines and bars show their mean with `error` bars (standard error `se`,
    standard deviation `sd`, or `none`); scatter shows every point."""

    y: str
    x: Optional[str] = None
    kind: str = "line"
    colour: Optional[str] = None
    facet: Optional[str] = None
    row: Optional[str] = None
    error: str = "se"
    title: Optional[str] = None
    logx: bool = False
    logy: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind: '{self.kind}' is not one of {', '.join(KINDS)}")
        if self.error not in ERRORS:
            raise ValueError(f"error: '{self.error}' is not one of {', '.join(ERRORS)}")
        if self.kind in ("line", "scatter") and self.x is None:
            raise ValueError(f"x: a {self.kind} figure needs a column on x")
        if self.kind == "heatmap" and (self.x is None or self.row is None):
            raise ValueError("x, row: a heatmap needs a column on x and one on row")

    @property
    def columns(self):
        """Every column of /index this figure reads."""
        return [c for c in (self.y, self.x, self.colour, self.facet, self.row) if c]

    @property
    def label(self):
        return label(self.__dict__)


def label(fields):
    """A figure's title, or one made of its columns: "y against x by colour, per facet"."""
    if fields.get("title"):
        return fields["title"]
    against = [fields[r] for r in ("x", "row") if fields.get(r)]
    text = f"{fields['y']} against {' and '.join(against)}" if against else fields["y"]
    if fields.get("colour"):
        text += f" by {fields['colour']}"
    return text + (f", per {fields['facet']}" if fields.get("facet") else "")


def figure_spec(entry):
    """A FigureSpec from one JSON object; unknown keys are refused rather than ignored."""
    fields = {f.name for f in dataclasses.fields(FigureSpec)}
    unknown = sorted(set(entry) - fields)
    if unknown:
        raise ValueError(f"{unknown[0]}: unknown key; the keys are {', '.join(sorted(fields))}")
    if "y" not in entry:
        raise ValueError("y: missing; name the measured column of /index")
    return FigureSpec(**entry)


def read_figure_specs(path):
    """The figures of a JSON file: {"figures": [...]} or a bare list of figure objects."""
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    entries = document.get("figures", []) if isinstance(document, dict) else document
    specs = []
    for i, entry in enumerate(entries):
        try:
            specs.append(figure_spec(entry))
        except (ValueError, TypeError) as e:
            raise ValueError(f"assay: {path}: figures[{i}]: {e}") from None
    return specs
