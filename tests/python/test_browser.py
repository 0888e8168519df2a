"""The report of a small run, opened in headless Chromium: every figure decoded, the points
table sorts on a click, no console errors; a screenshot is kept with the test output.
Exits 77 (ctest: skipped) where Chromium or python3-websocket is absent."""

import importlib.util
import sys
import unittest

import support

try:
    import chromium_page
except ImportError:
    chromium_page = None


def missing():
    if chromium_page is None or importlib.util.find_spec("websocket") is None:
        return "python3-websocket is not installed"
    if not chromium_page.chromium():
        return "chromium is not installed"
    return None


class Browser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = support.BUILD / "tests" / "python" / "browser-report"
        support.assay("report", support.with_failures(), "-o", cls.out)
        cls.page = chromium_page.Page()
        cls.page.open(cls.out / "report.html")

    @classmethod
    def tearDownClass(cls):
        cls.page.screenshot(cls.out / "screenshot.png")
        print(f"screenshot: {cls.out / 'screenshot.png'}", file=sys.stderr)
        cls.page.close()

    def test_every_figure_is_decoded(self):
        images = self.page.evaluate(
            "Promise.all(Array.from(document.images).map(i => i.decode().then("
            "() => [i.naturalWidth, i.naturalHeight], () => [0, 0])))")
        self.assertEqual(len(images), 3)  # one default panel per scalar output
        self.assertTrue(all(w > 100 and h > 100 for w, h in images), images)

    def column(self, name):
        return self.page.evaluate(
            "(() => { const heads = Array.from(document.querySelectorAll('#points th'));"
            f"const i = heads.findIndex(h => h.textContent === {name!r});"
            "return Array.from(document.querySelectorAll('#points tbody tr'))"
            ".map(r => r.cells[i].textContent); })()")

    def header(self, name):
        index = self.page.evaluate("Array.from(document.querySelectorAll('#points th'))"
                                   f".findIndex(h => h.textContent === {name!r}) + 1")
        return f"#points th:nth-child({index})"

    def test_numbers_sort_as_numbers(self):
        self.page.click(self.header("seed"))
        seeds = [int(v) for v in self.column("seed")]  # 19-20 digits: text order differs
        self.assertEqual(seeds, sorted(seeds))
        self.assertNotEqual(seeds, sorted(seeds, key=str))

    def test_the_table_sorts_on_a_click(self):
        header = self.header("summary.mean")
        self.page.click(header)
        ascending = self.column("summary.mean")
        # The 6 failed points have no mean (empty cells), listed last in either order.
        self.assertEqual(ascending[6:], [""] * 6)
        numbers = [float(v) for v in ascending[:6]]
        self.assertEqual(numbers, sorted(numbers))
        self.page.click(header)
        descending = self.column("summary.mean")
        self.assertEqual(descending[6:], [""] * 6)
        self.assertEqual([float(v) for v in descending[:6]], sorted(numbers, reverse=True))
        self.assertEqual(self.page.evaluate(
            f"document.querySelector('{header}').getAttribute('aria-sort')"), "descending")

    def test_no_console_errors(self):
        self.assertEqual(self.page.errors, [])


if __name__ == "__main__":
    reason = missing()
    if reason:
        print(f"skipped: {reason}", file=sys.stderr)
        sys.exit(77)
    unittest.main()
