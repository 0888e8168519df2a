"""Stacking one array output of many points into an xarray.DataArray whose dimensions are the
swept params and the replicate, followed by the output's own axes."""

import h5py
import numpy as np
import pandas as pd
import xarray as xr

from .h5_text import text


def _read(points, point_id, node, output):
    """The point's dataset, or None when the point has none (a failed point). `output` may be
    a path into a record output (a checkpoint), e.g. "model/params/head.weight"."""
    path = f"{point_id}/{node}/{output}"
    if path not in points:
        return None
    if isinstance(points[path], h5py.Group):
        raise TypeError(f"assay: {node}.{output} is a record (an HDF5 group of "
                        f"{', '.join(points[path])}); stack one of its arrays, e.g. "
                        f"arrays(\"{node}\", \"{output}/{next(iter(points[path]), '...')}\"), or "
                        "read it whole with result.record(point_id, node, output)")
    return points[path][()]


def read_record(group):
    """An HDF5 group written for a record value as nested dicts, in field order."""
    out = {}
    for name, member in group.items():
        if isinstance(member, h5py.Group):
            out[name] = read_record(member)
        else:
            out[name] = text(member[()])
    return out


def _common_shape(values, pad, name):
    shapes = {v.shape for v in values if v is not None}
    if not shapes:
        raise KeyError(f"assay: {name}: no point holds this output; check the node and output "
                       "names (result.columns lists the scalar ones)")
    if len(shapes) > 1 and not pad:
        raise ValueError(f"assay: {name}: points hold different shapes {sorted(shapes)}; "
                         "select points of one shape first, or pass pad=True to fill with NaN")
    ndim = {len(s) for s in shapes}
    if len(ndim) > 1:
        raise ValueError(f"assay: {name}: points hold arrays of different ranks {sorted(shapes)}")
    return tuple(max(s[i] for s in shapes) for i in range(ndim.pop()))


def _padded(value, shape):
    out = np.full(shape, np.nan)
    if value is not None:
        out[tuple(slice(0, n) for n in value.shape)] = value
    return out


def stack(result, node, output, pad=False):
    """`result`'s points' `node`/`output` as a DataArray over (swept params..., replicate,
    axis_0, ...). Points without the output (failed ones) are NaN. Differently shaped arrays
    (e.g. a swept matrix size) are refused unless `pad` fills them out with NaN."""
    name = f"{node}.{output}"
    with result.result_file.open() as f:
        values = [_read(f["points"], p, node, output) for p in result["point_id"]]
    shape = _common_shape(values, pad, name)
    data = np.stack([_padded(v, shape) for v in values])
    dims = [k for k in result.swept_keys if k in result.columns] + ["replicate"]
    point = pd.MultiIndex.from_frame(result[dims].reset_index(drop=True))
    if point.has_duplicates:
        raise ValueError(f"assay: {name}: several points share the same swept values and "
                         "replicate; this result is not a single sweep")
    axes = [f"axis_{i}" for i in range(len(shape))]
    stacked = xr.DataArray(data, dims=["point", *axes], name=name, coords={"point": point})
    return stacked.unstack("point").transpose(*dims, *axes)
