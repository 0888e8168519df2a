"""A loaded result: the /index table as a pandas DataFrame that also knows its file, its
swept axes and its provenance, so array outputs can be stacked from it (see stacking.py)."""

import pandas as pd

from .stacking import read_record, stack

# Columns of /index that describe a point rather than measure it.
POINT_COLUMNS = ("point_id", "status", "error", "replicate", "seed", "sweep_index", "wall_s")


class Result(pd.DataFrame):
    """One row per point of /index. Filtering or sorting keeps it a Result, so
    `result[result.status == "ok"].arrays(...)` stacks only the kept points."""

    _metadata = ["result_file", "swept_keys", "root_attrs", "provenance"]

    @property
    def _constructor(self):
        return Result

    @property
    def pipeline(self):
        """The resolved pipeline (TOML text) the run executed."""
        return self.root_attrs.get("pipeline", "")

    @property
    def scalar_outputs(self):
        """The "node.output" columns that hold numeric scalar outputs."""
        return [c for c in self.columns
                if c not in POINT_COLUMNS and c not in self.swept_keys
                and pd.api.types.is_numeric_dtype(self[c])]

    def record(self, point_id, node, output):
        """A record output of one point (e.g. a checkpoint: config, params, optimizer) as nested
        dicts of NumPy arrays and scalars, strings decoded; float32 arrays stay float32."""
        with self.result_file.open() as f:
            return read_record(f["points"][f"{point_id}/{node}/{output}"])

    def arrays(self, node, output, pad=False):
        """The output `node`/`output` of every point in this table, stacked into an
        xarray.DataArray with one dimension per swept param and one for the replicate."""
        return stack(self, node, output, pad=pad)
