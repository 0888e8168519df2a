"""An lm_train checkpoint read from Python: Result.record gives the nested record, float32 kept,
and Result.arrays reads one of its parameters by path, both equal to the raw HDF5 datasets."""

import unittest

import h5py
import numpy as np

import assay
import support


class LmCheckpoint(unittest.TestCase):
    def setUp(self):
        self.path = support.result_of(support.SOURCE / "tests" / "python" / "pipelines" /
                                      "lm_checkpoint.toml", "lm_checkpoint")
        self.result = assay.load(self.path)
        self.point = self.result.point_id.iloc[0]

    def test_the_record_is_config_params_optimizer_and_training(self):
        model = self.result.record(self.point, "lm", "model")
        self.assertEqual(set(model), {"config", "params", "optimizer", "training"})
        self.assertEqual(model["config"]["dim"], 16)
        self.assertEqual(model["config"]["norm"], "layer")
        self.assertEqual(model["optimizer"]["steps"], 3)
        self.assertEqual(model["training"]["steps"], 3)
        head = model["params"]["head.weight"]
        self.assertEqual(head.dtype, np.float32)
        self.assertIn(16, head.shape)
        with h5py.File(self.path, "r") as f:
            stored = f["points"][self.point]["lm"]["model"]["params"]["head.weight"][()]
        np.testing.assert_array_equal(head, stored)

    def test_arrays_reads_a_parameter_by_its_path_in_the_record(self):
        head = self.result.arrays("lm", "model/params/head.weight")
        model = self.result.record(self.point, "lm", "model")
        np.testing.assert_array_equal(head.squeeze("replicate").values, model["params"]["head.weight"])


if __name__ == "__main__":
    unittest.main()
