"""Assay results in Python: load a result file (finished, running or killed) as a pandas
DataFrame, stack array outputs into xarray, launch runs, and draw figures and reports.

    import assay
    result = assay.load("results/examples.h5")
    (result.status == "ok").sum()
    matrices = result.arrays("data", "matrix", pad=True)
"""

from .stacking import stack as arrays
from .draw import draw
from .figure_spec import FigureSpec, read_figure_specs
from .launch import run
from .load import load
from .result import Result

__all__ = ["FigureSpec", "Result", "arrays", "draw", "load", "read_figure_specs", "run"]
