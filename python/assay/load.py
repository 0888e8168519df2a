"""assay.load: a result file (finished, running or killed) as a Result DataFrame."""

import numpy as np
import pandas as pd

from .result import Result
from .h5_text import text
from .result_file import ResultFile


def _decoded(table):
    """h5py returns variable-length strings as bytes; a user comparing with "ok" expects str."""
    frame = pd.DataFrame(table)
    for column in frame.columns:
        if frame[column].dtype == object:
            frame[column] = frame[column].map(text)
    return frame


def _attrs(node):
    return {key: (text(value) if not isinstance(value, np.ndarray)
                  else [text(v) for v in value.tolist()])
            for key, value in node.attrs.items()}


def _provenance(group):
    """Host attributes, and per plugin (`plugins`) its path, version and sha256."""
    provenance = _attrs(group)
    if "plugins" in group:
        provenance["plugins"] = {name: _attrs(plugin) for name, plugin in group["plugins"].items()}
    return provenance


def _errors(points, point_ids):
    """Each point's `error` attribute, for files whose /index has no error column."""
    return [text(points[p].attrs.get("error", "")) if p in points else "" for p in point_ids]


def load(path):
    """Reads the result at `path` into a Result (a pandas DataFrame of /index, strings decoded,
    with an `error` column). A run that is still going, or was killed, is read through a
    snapshot of its committed points (`assay merge`), so it can be watched while it runs."""
    result_file = ResultFile(path)
    with result_file.open() as f:
        frame = _decoded(f["index"][()]) if "index" in f else pd.DataFrame()
        if "error" not in frame.columns:
            frame["error"] = _errors(f["points"], frame.get("point_id", [])) if len(frame) else []
        root_attrs = _attrs(f)
        provenance = _provenance(f["provenance"]) if "provenance" in f else {}
    result = Result(frame)
    result.result_file = result_file
    result.root_attrs = root_attrs
    result.swept_keys = list(root_attrs.get("swept_keys", []))
    result.provenance = provenance
    return result
