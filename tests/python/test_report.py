"""`assay report` through the built CLI: the page, its table and the figure files."""

import html.parser
import json
import unittest
import xml.etree.ElementTree as ET

import support


class PageParts(html.parser.HTMLParser):
    """The page's images, rows of the points table, and any reference leaving the page."""

    def __init__(self):
        super().__init__()
        self.images, self.rows, self.external, self.links = [], [], [], []
        self._row = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("src", "href"):
            if key in attrs and "://" in attrs[key]:
                self.external.append(attrs[key])
        if tag == "img":
            self.images.append(attrs["src"])
        if tag == "a":
            self.links.append(attrs["href"])
        if tag == "tr" and "class" in attrs:
            self._row = {"class": attrs["class"], "cells": []}
            self.rows.append(self._row)
        if tag in ("link", "iframe") or (tag == "script" and "src" in attrs):
            self.external.append(tag)

    def handle_data(self, data):
        if self._row is not None:
            self._row["cells"].append(data)

    def handle_endtag(self, tag):
        if tag == "tr":
            self._row = None


class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = support.FOLDER / "failures-report"
        figures = support.FOLDER / "extra_figures.json"
        figures.write_text(json.dumps([{"y": "summary.mean", "x": "data.rows",
                                        "kind": "scatter"}]))
        support.assay("report", support.with_failures(), "-o", cls.out, "--figures", figures)
        cls.page = PageParts()
        cls.page.feed((cls.out / "report.html").read_text(encoding="utf-8"))

    def test_every_figure_is_inline_and_saved_as_png_and_svg(self):
        # 3 scalar outputs (summary.mean, summary.frobenius, check.value) + 1 from the JSON.
        self.assertEqual(len(self.page.images), 4)
        self.assertTrue(all(src.startswith("data:image/png;base64,") for src in self.page.images))
        for link in self.page.links:
            data = (self.out / link).read_bytes()
            if link.endswith(".png"):
                self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
            else:
                self.assertEqual(ET.fromstring(data).tag, "{http://www.w3.org/2000/svg}svg")
        self.assertEqual(len(self.page.links), 8)

    def test_the_page_needs_no_network(self):
        self.assertEqual(self.page.external, [])

    def test_failed_points_are_listed_with_their_errors(self):
        failed = [r for r in self.page.rows if r["class"] == "failed"]
        self.assertEqual(len(self.page.rows), 12)
        self.assertEqual(len(failed), 6)
        self.assertTrue(all("check: faulty: thrown on purpose" in r["cells"] for r in failed))

    def test_the_command_is_listed_with_its_help(self):
        self.assertIn("report FILE.h5", support.assay("--help").stdout)
        usage = support.assay("report", "--help").stdout
        self.assertIn("Examples:", usage)
        self.assertIn("--figures", usage)

    def test_a_bad_figures_file_is_a_usage_error(self):
        done = support.assay("report", support.with_failures(), "-o", support.FOLDER / "x",
                             "--figures", support.FOLDER / "nosuch.json", check_codes=(2,))
        self.assertIn("nosuch.json: No such file or directory", done.stderr)


if __name__ == "__main__":
    unittest.main()
