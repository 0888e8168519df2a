"""assay report: a result's HTML page with its figures, each also saved as PNG and SVG.

    /usr/bin/python3 -m assay.report FILE.h5 [-o DIR] [--figures FIGURES.json ...]

The figures are those the run's methods declare (declared_figures.py), then a default panel
(a scalar output against the swept axes, mean ± SE over replicates) for each scalar output of
a node whose method declares none, then those of each --figures file (see figure_spec.py)."""

import argparse
import base64
import dataclasses
import io
import pathlib
import re
import sys

from .declared_figures import declared_figures
from .default_figures import default_specs
from .draw import draw
from .figure_spec import read_figure_specs
from .html_page import page
from .load import load


@dataclasses.dataclass
class DrawnFigure:
    title: str
    png: str  # file names relative to the page
    svg: str
    png_base64: str


def _slug(text):
    return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-")[:80]


def _save(figure, spec, number, out_dir):
    stem = f"figures/{number:02d}-{_slug(spec.label)}"
    figure.savefig(out_dir / f"{stem}.svg")
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=100)
    (out_dir / f"{stem}.png").write_bytes(png.getvalue())
    return DrawnFigure(spec.label, f"{stem}.png", f"{stem}.svg",
                       base64.b64encode(png.getvalue()).decode("ascii"))


def write_report(result, out_dir, figures=(), source=None):
    """Writes OUT_DIR/report.html and OUT_DIR/figures/*.png|svg for a loaded result: the
    declared figures, the default panels of the other nodes, then `figures` (FigureSpecs).
    Returns the page's path."""
    out_dir = pathlib.Path(out_dir)
    (out_dir / "figures").mkdir(parents=True, exist_ok=True)
    declared, not_drawn, nodes = declared_figures(result)
    defaults = [s for s in default_specs(result) if s.y.split(".")[0] not in nodes]
    specs = declared + defaults + list(figures)
    drawn = [_save(draw(result, spec), spec, i + 1, out_dir) for i, spec in enumerate(specs)]
    report = out_dir / "report.html"
    report.write_text(page(result, drawn, source or result.result_file.source, not_drawn),
                      encoding="utf-8")
    return report


def _message(error):
    if isinstance(error, OSError) and error.filename:
        return f"assay: {error.filename}: {error.strerror}; check the path"
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="assay report", description=__doc__.split("\n")[0])
    parser.add_argument("file", help="result file (a running or killed run is snapshotted)")
    parser.add_argument("-o", "--out", help="output folder (default: FILE without .h5, "
                                            "plus -report)")
    parser.add_argument("--figures", action="append", default=[],
                        help="JSON file of figure specs (repeatable)")
    args = parser.parse_args(argv)
    try:
        figures = [spec for path in args.figures for spec in read_figure_specs(path)]
        result = load(args.file)
        out = args.out or re.sub(r"\.h5$", "", args.file) + "-report"
        report = write_report(result, out, figures, source=args.file)
    except (OSError, ValueError, KeyError, RuntimeError) as e:
        print(_message(e), file=sys.stderr)
        return 2
    print(f"assay: report in {report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
