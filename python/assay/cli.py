"""Finding and calling the `assay` command-line host, which the module uses to run sweeps and
to snapshot runs that are still going (their part files are the CLI's private format)."""

import os
import pathlib
import shutil
import subprocess

_HERE = pathlib.Path(__file__).absolute().parent


def executable():
    """The `assay` executable: $ASSAY_EXECUTABLE (`assay report` sets it), else the nearest
    bin/assay above this module (<prefix>/<libdir>/assay/python/assay, in an install prefix
    and in the build tree alike), else `assay` on PATH, else <source>/build/bin/assay."""
    candidates = [os.environ.get("ASSAY_EXECUTABLE"),
                  *(folder / "bin" / "assay" for folder in _HERE.parents[2:6]),
                  shutil.which("assay"),
                  _HERE.parents[1] / "build" / "bin" / "assay"]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK) and pathlib.Path(candidate).is_file():
            return str(candidate)
    raise FileNotFoundError(
        "assay: the `assay` executable was not found; set ASSAY_EXECUTABLE to its path")


def call(*args):
    """Runs `assay ARGS...`; returns the completed process (exit code, stdout, stderr)."""
    return subprocess.run([executable(), *map(str, args)], capture_output=True, text=True)
