"""Result.arrays: per-point array outputs stacked over the swept params and the replicate."""

import unittest

import h5py
import numpy as np

import assay
import support


class Arrays(unittest.TestCase):
    def setUp(self):
        self.path = support.examples()
        self.result = assay.load(self.path)

    def test_stacks_one_shape_with_the_sweep_as_dimensions(self):
        part = self.result[(self.result["data.rows"] == 8) & (self.result["data.cols"] == 16)]
        matrices = part.arrays("data", "matrix")
        self.assertEqual(matrices.dims, ("data.rows", "data.cols", "replicate", "axis_0", "axis_1"))
        self.assertEqual(matrices.shape, (1, 1, 2, 8, 16))
        point = part[part.replicate == 1].point_id.iloc[0]
        with h5py.File(self.path, "r") as f:
            stored = f["points"][point]["data"]["matrix"][()]
        np.testing.assert_array_equal(matrices.sel(replicate=1).squeeze(
            ["data.rows", "data.cols"]).values, stored)

    def test_different_shapes_are_refused_unless_padded(self):
        with self.assertRaisesRegex(ValueError, "different shapes"):
            self.result.arrays("data", "matrix")
        padded = self.result.arrays("data", "matrix", pad=True)
        self.assertEqual(padded.shape, (3, 2, 2, 32, 16))
        small = padded.sel({"data.rows": 2, "data.cols": 2, "replicate": 0}).values
        self.assertFalse(np.isnan(small[:2, :2]).any())
        self.assertTrue(np.isnan(small[2:, :]).all() and np.isnan(small[:, 2:]).all())

    def test_failed_points_are_missing_values(self):
        result = assay.load(support.with_failures())
        value = result.arrays("check", "value")
        self.assertEqual(value.dims, ("data.rows", "check.mode", "replicate"))
        self.assertTrue((value.sel({"check.mode": "ok"}) == 1.0).all())
        self.assertTrue(np.isnan(value.sel({"check.mode": "throw"})).all())

    def test_an_unknown_output_is_named(self):
        with self.assertRaisesRegex(KeyError, "data.nosuch"):
            self.result.arrays("data", "nosuch")


if __name__ == "__main__":
    unittest.main()
