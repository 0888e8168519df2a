"""Figure specs (JSON and Python), the default panels, and what a drawn figure shows."""

import json
import unittest

import h5py
import numpy as np

import assay
import support
from assay.default_figures import default_specs
from assay.draw import draw


class Specs(unittest.TestCase):
    def write(self, document):
        path = support.FOLDER / "figures.json"
        path.write_text(json.dumps(document))
        return path

    def test_json_figures_become_specs(self):
        specs = assay.read_figure_specs(self.write({"figures": [
            {"y": "summary.mean", "x": "data.cols", "kind": "bar", "error": "sd"},
            {"y": "summary.frobenius", "kind": "histogram", "colour": "data.rows"}]}))
        self.assertEqual(specs[0], assay.FigureSpec(y="summary.mean", x="data.cols", kind="bar",
                                                    error="sd"))
        self.assertEqual(specs[1].kind, "histogram")

    def test_bad_entries_are_named_with_their_position(self):
        for entry, message in [({"y": "a", "x": "b", "colour_by": "c"}, r"figures\[0\]: colour_by"),
                               ({"x": "b"}, r"figures\[0\]: y: missing"),
                               ({"y": "a", "x": "b", "kind": "pie"}, "kind: 'pie'"),
                               ({"y": "a", "kind": "heatmap", "x": "b"}, "row")]:
            with self.assertRaisesRegex(ValueError, message):
                assay.read_figure_specs(self.write([entry]))

    def test_default_panels_follow_the_axes(self):
        specs = default_specs(assay.load(support.examples()))
        self.assertEqual([(s.y, s.kind, s.x, s.colour) for s in specs],
                         [("summary.mean", "line", "data.rows", "data.cols"),
                          ("summary.frobenius", "line", "data.rows", "data.cols")])
        result = assay.load(support.with_failures())
        ok = result[result.status == "ok"]
        categorical = [s for s in default_specs(result) if s.y == "check.value"]
        self.assertEqual(categorical[0].colour, "check.mode")
        single = default_specs(ok[ok["data.rows"] == 2])
        self.assertEqual({s.kind for s in single}, {"bar"})

    def test_a_spec_naming_a_missing_column_is_refused(self):
        with self.assertRaisesRegex(KeyError, "summary.nosuch: no such column"):
            draw(assay.load(support.examples()),
                 assay.FigureSpec(y="summary.nosuch", x="data.rows"))


class DrawnValues(unittest.TestCase):
    def test_a_line_is_the_mean_with_its_standard_error(self):
        path = support.examples()
        result = assay.load(path)
        figure = draw(result, assay.FigureSpec(y="summary.frobenius", x="data.rows",
                                               colour="data.cols"))
        container = figure.axes[0].containers[1]  # the errorbar of data.cols = 16
        # The expected values, from the stored datasets: mean over the 2 replicates and
        # SE = sd / sqrt(2) with the n-1 standard deviation.
        with h5py.File(path, "r") as f:
            for i, rows in enumerate([2, 8, 32]):
                ids = result[(result["data.rows"] == rows) & (result["data.cols"] == 16)].point_id
                values = [f["points"][p]["summary"]["frobenius"][()] for p in ids]
                x, y = container.lines[0].get_data()
                self.assertEqual(x[i], rows)
                self.assertAlmostEqual(y[i], np.mean(values), places=12)
                segment = container.lines[2][0].get_segments()[i]
                self.assertAlmostEqual((segment[1][1] - segment[0][1]) / 2,
                                       np.std(values, ddof=1) / np.sqrt(2), places=12)

    def test_a_heatmap_cell_is_the_mean_over_replicates(self):
        result = assay.load(support.examples())
        figure = draw(result, assay.FigureSpec(y="summary.frobenius", x="data.cols",
                                               row="data.rows", kind="heatmap"))
        cells = figure.axes[0].images[0].get_array()
        expected = result.groupby(["data.rows", "data.cols"])["summary.frobenius"].mean()
        self.assertEqual(cells.shape, (3, 2))  # rows 2, 8, 32 by cols 2, 16
        for i, rows in enumerate([2, 8, 32]):
            for j, cols in enumerate([2, 16]):
                self.assertAlmostEqual(cells[i, j], expected[(rows, cols)], places=12)

    def test_one_replicate_draws_means_without_error_bars(self):
        result = assay.run(support.WITH_FAILURES, out=support.FOLDER / "one_replicate.h5",
                           **{"sweep.replicates": 1})
        spec = next(s for s in default_specs(result) if s.y == "summary.mean")
        container = draw(result, spec).axes[0].containers[0]
        self.assertEqual(list(container.lines[0].get_xdata()), [2, 5])
        self.assertEqual(container.lines[2], ())  # no bars: a single replicate has no SE

    def test_a_boolean_axis_is_categorical(self):
        result = assay.load(support.examples())
        result["flag"] = result["data.rows"] > 4
        result.swept_keys = ["flag"]
        self.assertEqual(default_specs(result)[0].kind, "bar")

    def test_bars_and_histograms_count_every_ok_point(self):
        result = assay.load(support.with_failures())
        bars = draw(result, assay.FigureSpec(y="summary.mean", x="data.rows", kind="bar"))
        heights = [p.get_height() for p in bars.axes[0].patches]
        ok = result[result.status == "ok"]
        # Same means, summed in another order: equal to a few ulps (3 terms, n * eps ~ 1e-15).
        np.testing.assert_allclose(heights, ok.groupby("data.rows")["summary.mean"].mean(),
                                   rtol=1e-13)
        histogram = draw(result, assay.FigureSpec(y="summary.mean", kind="histogram"))
        self.assertEqual(sum(p.get_height() for p in histogram.axes[0].patches), len(ok))


if __name__ == "__main__":
    unittest.main()
