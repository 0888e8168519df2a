"""Opening a result for reading: a finished FILE.h5 as it is, or a run that is still going
(or was killed) through a snapshot that `assay merge SNAPSHOT.h5 FILE.h5` writes from its
committed parts. The part files are the CLI's private format; the snapshot is a documented
result file, so everything downstream reads one layout."""

import pathlib
import shutil
import tempfile
import weakref

import h5py

from . import cli


class ResultFile:
    """The HDF5 file that holds a result's documented layout, kept for as long as this object
    lives (a snapshot lives in a temporary folder removed with it)."""

    def __init__(self, path):
        self.source = pathlib.Path(path)
        self._snapshot_dir = None
        self.path = self._readable_path()
        self.is_snapshot = self._snapshot_dir is not None

    def open(self):
        return h5py.File(self.path, "r")

    def _readable_path(self):
        for _ in range(2):  # a run may finish between the two checks; then its file exists
            if self.source.is_file():
                return self.source
            if pathlib.Path(str(self.source) + ".parts").is_dir():
                snapshot = self._snapshot()
                if snapshot:
                    return snapshot
        raise FileNotFoundError(
            f"assay: {self.source}: no such result (neither the file nor its .parts folder); "
            "check the path `assay run` printed")

    def _snapshot(self):
        folder = tempfile.mkdtemp(prefix="assay-snapshot-")
        snapshot = pathlib.Path(folder) / self.source.name
        done = cli.call("merge", snapshot, self.source)
        if done.returncode == 0:
            self._snapshot_dir = weakref.finalize(self, shutil.rmtree, folder, True)
            return snapshot
        shutil.rmtree(folder, True)
        if "no such result" in done.stderr:
            return None
        raise RuntimeError(f"assay: {self.source}: snapshot of the running result failed: "
                           f"{done.stderr.strip()}")
