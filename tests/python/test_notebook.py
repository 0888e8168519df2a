"""examples/analysis.ipynb executed end to end with nbclient (a shipped sweep run, loaded and
drawn), so the notebook cannot go stale. Exits 77 (ctest: skipped) without python3-nbclient."""

import importlib.util
import os
import sys
import unittest

import support


class Notebook(unittest.TestCase):
    def test_every_cell_runs_and_draws_the_figure(self):
        import nbclient
        import nbformat

        notebook = nbformat.read(support.SOURCE / "examples" / "analysis.ipynb", as_version=4)
        os.environ["ASSAY_RESULTS"] = str(support.FOLDER / "notebook-results")
        os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel debugger's warnings
        nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                resources={"metadata": {"path": support.SOURCE / "examples"}}
                                ).execute()  # raises CellExecutionError on any failing cell
        outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
        self.assertFalse([o for o in outputs if o.output_type == "error"])
        images = [o for o in outputs if "image/png" in o.get("data", {})]
        self.assertEqual(len(images), 1)  # the paper's figure
        results = support.FOLDER / "notebook-results"
        self.assertTrue((results / "sbi_langevin.h5").is_file())
        self.assertEqual((results / "w2_against_total_steps.png").read_bytes()[:4], b"\x89PNG")


if __name__ == "__main__":
    if importlib.util.find_spec("nbclient") is None:
        print("skipped: python3-nbclient is not installed", file=sys.stderr)
        sys.exit(77)
    unittest.main()
