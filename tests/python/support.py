"""Shared by the Python tests: result files made by the built CLI from real pipelines."""

import os
import pathlib
import subprocess
import tempfile

BUILD = pathlib.Path(os.environ["ASSAY_BUILD_DIR"])
SOURCE = pathlib.Path(os.environ["ASSAY_SOURCE_DIR"])
ASSAY = BUILD / "bin" / "assay"
EXAMPLES = SOURCE / "plugins" / "examples" / "pipelines" / "examples.toml"
WITH_FAILURES = SOURCE / "tests" / "python" / "pipelines" / "with_failures.toml"

_folder = tempfile.TemporaryDirectory(prefix="assay-python-test-")
FOLDER = pathlib.Path(_folder.name)


def assay(*args, check_codes=(0,)):
    done = subprocess.run([ASSAY, *map(str, args)], capture_output=True, text=True)
    if done.returncode not in check_codes:
        raise AssertionError(f"assay {' '.join(map(str, args))} exited {done.returncode}: "
                             f"{done.stderr}")
    return done


def result_of(pipeline, name, codes=(0,)):
    """`assay run PIPELINE -o FOLDER/NAME.h5` once per test process; returns the path."""
    out = FOLDER / f"{name}.h5"
    if not out.exists():
        assay("run", pipeline, "-o", out, "-q", "-j", 1, check_codes=codes)
    return out


def examples():
    return result_of(EXAMPLES, "examples")


def with_failures():
    return result_of(WITH_FAILURES, "with_failures", codes=(1,))  # 1: some points failed
