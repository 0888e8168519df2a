"""examples/optuna/optuna_search.py: a few trials of Bayesian search through assay.run, each a
real `assay run --set`; skipped (exit 77) without Debian's python3-optuna."""

import contextlib
import importlib.util
import io
import json
import sys
import unittest

import assay
import support

if importlib.util.find_spec("optuna") is None:
    print("skipped: python3-optuna is not installed")
    sys.exit(77)

sys.path.insert(0, str(support.SOURCE / "examples" / "optuna"))
import optuna_search  # noqa: E402  (found through the path above)


class OptunaSearch(unittest.TestCase):
    def test_trials_run_the_pipeline_with_the_proposed_values(self):
        out = support.FOLDER / "optuna"
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            optuna_search.main(["--trials", "4", "--out", str(out)])
        summary = json.loads(printed.getvalue())
        self.assertEqual(len(summary["trials"]), 4)
        values = [t["params"]["fit.lambda"] for t in summary["trials"]]
        self.assertEqual(len(set(values)), 4)
        self.assertTrue(all(1e-6 <= v <= 1e3 for v in values))
        # Each trial's score is its result's mean accuracy, read back from the file it wrote.
        for trial in summary["trials"]:
            result = assay.load(out / f"trial-{trial['number']:04d}.h5")
            self.assertEqual(len(result), 3)
            command = result.root_attrs["command"]
            command = command.decode() if isinstance(command, bytes) else command
            self.assertIn(f"--set fit.lambda={trial['params']['fit.lambda']!r}", command)
            self.assertAlmostEqual(result["fit.accuracy"].mean(), trial["value"], places=12)
        self.assertEqual(summary["best_value"], max(t["value"] for t in summary["trials"]))


if __name__ == "__main__":
    unittest.main()
