"""An optional output a point does not produce: absent from the point, NaN in /index."""

import math
import os
import unittest

import h5py

import support

PIPELINE = """[pipeline]
name = "optional"
[nodes.wait]
method = "chatty"
lines = 0
[sweep]
"wait.seconds" = [0.0, 0.02]
"""


class OptionalOutputs(unittest.TestCase):
    def test_absent_from_the_point_and_nan_in_the_index(self):
        os.environ["ASSAY_PLUGIN_PATH"] = str(support.BUILD / "tests" / "chatty_plugin")
        pipeline = support.FOLDER / "optional.toml"
        pipeline.write_text(PIPELINE)
        out = support.result_of(pipeline, "optional")
        with h5py.File(out, "r") as f:
            index = f["index"][:]
            waited = dict(zip((s.decode() if isinstance(s, bytes) else s
                               for s in index["point_id"]), index["wait.waited_s"]))
            for point_id, value in waited.items():
                group = f["points"][point_id]
                seconds = float(group.attrs["wait.seconds"])
                self.assertEqual("waited_s" in group["wait"], seconds > 0)
                self.assertTrue(math.isnan(value) if seconds == 0 else value == seconds)
                self.assertIn("value", group["wait"])


if __name__ == "__main__":
    unittest.main()
