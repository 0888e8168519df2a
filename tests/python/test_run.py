"""assay.run: the CLI launched with overrides, its result loaded."""

import unittest

import assay
import support


class Run(unittest.TestCase):
    def test_overrides_reach_the_run(self):
        out = support.FOLDER / "overridden.h5"
        result = assay.run(support.EXAMPLES, out=out, jobs=1, data__low=0.0,
                           **{"sweep.data.rows": [4], "sweep.data.cols": [3, 5]})
        self.assertEqual(len(result), 4)  # 1 x 2 shapes x 2 replicates
        self.assertEqual(set(result["data.rows"]), {4})
        self.assertEqual(set(result["data.cols"]), {3, 5})
        self.assertIn("low = 0.0", result.pipeline)
        self.assertTrue((result["summary.mean"] > 0).all())  # uniform on [0, 1)

    def test_failed_points_still_return_the_result(self):
        result = assay.run(support.WITH_FAILURES, out=support.FOLDER / "run_failures.h5")
        self.assertEqual((result.status == "failed").sum(), 6)

    def test_a_bad_override_raises_the_cli_message(self):
        with self.assertRaisesRegex(RuntimeError, "data.nosuch"):
            assay.run(support.EXAMPLES, out=support.FOLDER / "bad.h5", data__nosuch=1)


if __name__ == "__main__":
    unittest.main()
