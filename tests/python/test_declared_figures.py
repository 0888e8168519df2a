"""Figures a method declares (assay::Figure): recorded in the result by the host with /index
column names, drawn by `assay report` in place of that node's default panels, and listed as
not drawn, with the reason, when the run lacks a column they need."""

import json
import unittest

import h5py

import assay
import support
from assay.declared_figures import declared_figures


def root_figures(path):
    with h5py.File(path, "r") as f:
        return json.loads(f.attrs["figures"])


class Recorded(unittest.TestCase):
    def test_names_become_index_columns_through_the_pipeline(self):
        declared = json.loads(support.assay("describe", "matrix_summary", "--json").stdout)
        recorded = root_figures(support.examples())
        self.assertEqual(len(recorded), len(declared["figures"]))
        line = recorded[0]
        self.assertEqual(declared["figures"][0]["x"], "matrix.rows")  # PORT.param
        # The `matrix` input is fed by node `data`, so its rows param is column data.rows.
        self.assertEqual((line["node"], line["method"]), ("summary", "matrix_summary"))
        self.assertEqual((line["y"], line["x"], line["colour"]),
                         ("summary.mean", "data.rows", "data.cols"))
        result = assay.load(support.examples())
        for figure in recorded:
            self.assertIn(figure["y"], result.columns)

    def test_a_method_without_figures_records_none(self):
        with h5py.File(support.with_failures(), "r") as f:
            nodes = {entry["node"] for entry in json.loads(f.attrs["figures"])}
        self.assertEqual(nodes, {"summary"})  # faulty (node `check`) declares none


class Drawn(unittest.TestCase):
    def test_a_role_the_run_does_not_sweep_is_dropped(self):
        # with_failures sweeps data.rows but not data.cols: one line, not one per cols value.
        specs, not_drawn, nodes = declared_figures(assay.load(support.with_failures()))
        self.assertEqual(nodes, {"summary"})
        self.assertEqual(not_drawn, [])
        line = next(s for s in specs if s.kind == "line")
        self.assertEqual((line.x, line.colour), ("data.rows", None))
        self.assertEqual(line.title, "summary: Mean entry by shape")

    def test_a_figure_missing_its_x_is_listed_with_the_reason(self):
        pipeline = support.FOLDER / "cols_only.toml"
        pipeline.write_text(support.EXAMPLES.read_text().replace('"data.rows" = [2, 8, 32]\n', ""))
        out = support.FOLDER / "cols_only.h5"
        support.assay("run", pipeline, "-o", out, "-q")
        specs, not_drawn, _ = declared_figures(assay.load(out))
        self.assertEqual([s.kind for s in specs], ["histogram"])
        self.assertEqual(len(not_drawn), 1)
        self.assertIn("/index has no column data.rows", not_drawn[0].reason)
        report = support.FOLDER / "cols_only-report"
        support.assay("report", out, "-o", report)
        page = (report / "report.html").read_text(encoding="utf-8")
        self.assertIn("Declared figures not drawn", page)
        self.assertIn("summary: Mean entry by shape: /index has no column data.rows", page)

    def test_declared_figures_replace_their_nodes_default_panels(self):
        report = support.FOLDER / "examples-report"
        support.assay("report", support.examples(), "-o", report)
        names = sorted(p.name for p in (report / "figures").glob("*.png"))
        # matrix_summary declares two figures; no node of examples.toml has other scalars.
        self.assertEqual(names, ["01-summary-Mean-entry-by-shape.png",
                                 "02-summary-summary.frobenius.png"])


if __name__ == "__main__":
    unittest.main()
