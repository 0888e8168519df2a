"""assay.run: a thin launcher over `assay run` that returns the loaded result."""

import json
import re

from . import cli
from .load import load


def toml_value(value):
    """A Python value as the TOML the CLI's --set takes (numbers, booleans, strings, lists)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"assay: {value!r}: cannot be written as a TOML value; use numbers, "
                    "booleans, strings or lists of them")


def _override_key(key):
    """`data__rows` stands for `data.rows`, since a keyword argument cannot contain a dot."""
    return key.replace("__", ".")


def run(pipeline, out=None, jobs=None, resume=False, quiet=True, **overrides):
    """Runs `assay run PIPELINE` with each override as `--set key=value` and returns
    assay.load of its result. Keys are "node.param" or "sweep.node.param" (pass them as
    **{"data.rows": 8}, or data__rows=8). A run whose points partly fail still returns its
    result (look at the status and error columns); bad usage or a bad pipeline raises."""
    args = ["run", pipeline]
    if out is not None:
        args += ["-o", out]
    if jobs is not None:
        args += ["-j", jobs]
    if resume:
        args.append("--resume")
    if quiet:
        args.append("-q")
    for key, value in overrides.items():
        args += ["--set", f"{_override_key(key)}={toml_value(value)}"]
    done = cli.call(*args)
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr.strip() or f"assay run exited with {done.returncode}")
    if out is None:
        written = re.search(r"^assay: results in (.+)$", done.stderr, re.MULTILINE)
        if not written:
            raise RuntimeError(f"assay run did not name its result file: {done.stderr.strip()}")
        out = written.group(1)
    return load(out)
