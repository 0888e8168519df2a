"""assay.load on finished results, on a run that is still going and on a killed one."""

import os
import signal
import subprocess
import time
import unittest

import h5py
import numpy as np

import assay
import support


class LoadFinished(unittest.TestCase):
    def test_strings_are_decoded_and_every_point_is_a_row(self):
        result = assay.load(support.examples())
        self.assertEqual(len(result), 12)  # 3 rows x 2 cols x 2 replicates
        self.assertEqual((result.status == "ok").sum(), 12)
        self.assertTrue(all(isinstance(p, str) for p in result.point_id))
        self.assertEqual(result.swept_keys, ["data.rows", "data.cols"])
        self.assertFalse(result.result_file.is_snapshot)
        self.assertIn("[nodes.summary]", result.pipeline)
        self.assertIn("examples", result.provenance["plugins"])

    def test_scalar_columns_hold_the_points_outputs(self):
        path = support.examples()
        result = assay.load(path)
        with h5py.File(path, "r") as f:
            stored = [f["points"][p]["summary"]["mean"][()] for p in result.point_id]
        np.testing.assert_array_equal(result["summary.mean"].to_numpy(), stored)
        self.assertEqual(result.scalar_outputs, ["summary.mean", "summary.frobenius"])

    def test_failed_points_carry_their_error(self):
        result = assay.load(support.with_failures())
        failed = result[result.status == "failed"]
        self.assertEqual(len(failed), 6)
        self.assertTrue((failed["check.mode"] == "throw").all())
        self.assertTrue(failed.error.str.contains("faulty: thrown on purpose").all())
        self.assertTrue((result[result.status == "ok"].error == "").all())

    def test_a_missing_result_is_named(self):
        with self.assertRaisesRegex(FileNotFoundError, "nosuch.h5: no such result"):
            assay.load(support.FOLDER / "nosuch.h5")


class LoadRunning(unittest.TestCase):
    """A long sweep (6 x 2000 small points on one thread) read while it runs, then killed."""

    def wait_for_snapshot(self, path, process):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            try:
                return assay.load(path)
            except FileNotFoundError:  # nothing committed yet
                time.sleep(0.2)
        self.fail("no committed point could be read from the running sweep")

    def test_running_and_killed_runs_read_through_a_snapshot(self):
        path = support.FOLDER / "running.h5"
        process = subprocess.Popen(
            [support.ASSAY, "run", support.EXAMPLES, "-o", path, "-q", "-j", "1",
             "--set", "sweep.replicates=2000"], stderr=subprocess.DEVNULL)
        try:
            running = self.wait_for_snapshot(path, process)
            self.assertIsNone(process.poll(), "the sweep ended before it could be watched")
            self.assertTrue(running.result_file.is_snapshot)
            self.assertGreater(len(running), 0)
            self.assertLess(len(running), 12000)
            self.assertTrue(running.point_id.is_unique)
            self.assertTrue((running.status == "ok").all())
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
        killed = assay.load(path)
        self.assertTrue(killed.result_file.is_snapshot)
        self.assertGreaterEqual(len(killed), len(running))
        self.assertTrue(set(running.point_id) <= set(killed.point_id))
        self.assertEqual(killed.root_attrs["planned_points"], 12000)


if __name__ == "__main__":
    unittest.main()
