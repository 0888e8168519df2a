"""scripts/result_digest: run-to-run identity of real result files, and what breaks it."""

import shutil
import subprocess
import unittest

import h5py

import support

SCRIPT = support.SOURCE / "scripts" / "result_digest"


def digest(*args):
    return subprocess.run(["/usr/bin/python3", SCRIPT, *map(str, args)], capture_output=True,
                          text=True)


def examples_with(name, override):
    """examples.toml run with one --set override; returns the path of its result."""
    out = support.FOLDER / f"{name}.h5"
    support.assay("run", support.EXAMPLES, "-o", out, "-q", "-j", 1, "--set", override)
    return out


def verdicts(done):
    """The (verdict, point id, item) lines a comparison printed."""
    return [tuple(line.split()[:3]) for line in done.stdout.splitlines()
            if line.split()[0] in ("differ", "missing", "extra")]


class ResultDigest(unittest.TestCase):
    def test_two_runs_with_the_same_seed_are_identical(self):
        again = support.result_of(support.EXAMPLES, "examples_again")
        done = digest(support.examples(), "--compare", again)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertEqual(verdicts(done), [])

    def test_another_seed_changes_outputs_and_seeds_not_points(self):
        other = examples_with("examples_seed2", "pipeline.seed=2")
        done = digest(support.examples(), "--compare", other)
        self.assertEqual(done.returncode, 1)
        items = {item for verdict, _, item in verdicts(done) if verdict == "differ"}
        self.assertEqual(items, {"@seed", "data/matrix", "summary/mean", "summary/frobenius"})
        self.assertEqual([v for v in verdicts(done) if v[0] != "differ"], [])

    def test_one_changed_stored_element_is_the_one_difference(self):
        changed = support.FOLDER / "examples_changed.h5"
        shutil.copy(support.examples(), changed)
        with h5py.File(changed, "r+") as f:
            point = sorted(f["points"])[0]
            matrix = f["points"][point]["data"]["matrix"]
            matrix[0, 0] = matrix[0, 0] + 2**-40  # a difference far below any printed digit
        done = digest(support.examples(), "--compare", changed)
        self.assertEqual(done.returncode, 1)
        self.assertEqual(verdicts(done), [("differ", point, "data/matrix")])

    def test_points_only_in_one_file_are_missing_or_extra(self):
        fewer = examples_with("examples_fewer", "sweep.data.rows=[2, 8]")
        done = digest(support.examples(), "--compare", fewer)
        self.assertEqual(done.returncode, 1)
        found = {verdict for verdict, _, _ in verdicts(done)}
        self.assertEqual(found, {"missing"})  # the rows = 32 points, 4 of them
        self.assertEqual(len({p for _, p, _ in verdicts(done)}), 4)
        self.assertEqual(digest(fewer, "--compare", support.examples()).returncode, 1)

    def test_two_nodes_of_one_lineage_are_both_digested(self):
        # Same method, params and inputs: one /nodes group, hard-linked as both a and b.
        pipeline = support.FOLDER / "twin.toml"
        pipeline.write_text('[pipeline]\nname = "twin"\n[nodes.a]\nmethod = "uniform_matrix"\n'
                            '[nodes.b]\nmethod = "uniform_matrix"\n')
        twin = support.result_of(pipeline, "twin")
        items = [line.split()[1] for line in digest(twin).stdout.splitlines()]
        self.assertEqual([i for i in items if not i.startswith("@")], ["a/matrix", "b/matrix"])

    def test_failed_points_digest_their_status_and_error(self):
        lines = digest(support.with_failures()).stdout.splitlines()
        statuses = [line for line in lines if line.split()[1] == "@status"]
        self.assertEqual(len(statuses), 12)
        self.assertEqual(sum(line.endswith("'failed'") for line in statuses), 6)
        self.assertFalse(any("wall_s" in line or "node_key" in line for line in lines))


if __name__ == "__main__":
    unittest.main()
