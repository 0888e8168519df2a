"""The report's HTML page: one self-contained file (styles, script and figures inline, no
network), with provenance, the resolved pipeline, the figures and a sortable table of points."""

import html

import pandas as pd

_MAX_ROWS = 5000  # beyond this the page gets slow to open; failed points are always listed

_STYLE = """
body { font-family: sans-serif; margin: 1.5em auto; max-width: 80em; color: #222; }
h1 { margin-bottom: 0.2em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
th { background: #eee; }
#points th { cursor: pointer; user-select: none; }
#points th[aria-sort=ascending]::after { content: " \\25B2"; }
#points th[aria-sort=descending]::after { content: " \\25BC"; }
tr.failed, tr.timeout { background: #fde8e8; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #ddd; }
.counts span { margin-right: 1.5em; }
"""

# Sorting by a column: numbers numerically (when every cell of the column is a number), the
# rest as text, empty cells last either way; a second click reverses. aria-sort records the
# state for readers and tests.
_SCRIPT = """
document.querySelectorAll("#points th").forEach((header, column) => {
  header.addEventListener("click", () => {
    const body = document.querySelector("#points tbody");
    const rows = Array.from(body.rows);
    const cell = r => r.cells[column].textContent;
    const numeric = rows.every(r => cell(r) === "" || !isNaN(Number(cell(r))));
    const order = header.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    const compare = (a, b) => numeric ? Number(a) - Number(b) : a.localeCompare(b);
    rows.sort((a, b) => (cell(a) === "") - (cell(b) === "") ||
                        order * compare(cell(a), cell(b)));
    document.querySelectorAll("#points th").forEach(h => h.removeAttribute("aria-sort"));
    header.setAttribute("aria-sort", order === 1 ? "ascending" : "descending");
    rows.forEach(r => body.appendChild(r));
  });
});
"""


def _e(value):
    return html.escape(str(value))


def _key_values(pairs):
    rows = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in pairs)
    return f"<table>{rows}</table>"


def _provenance(result):
    root = [(k, v) for k, v in result.root_attrs.items() if k not in ("pipeline", "figures")]
    host = [(k, v) for k, v in result.provenance.items() if k != "plugins"]
    plugins = [(name, f"version {p.get('version', '?')}, {p.get('path', '?')}, "
                      f"sha256 {p.get('sha256', '?')}")
               for name, p in result.provenance.get("plugins", {}).items()]
    snapshot = ("<p><strong>Snapshot of a run that had not finished</strong>: only the points "
                "committed when the report was made are shown.</p>"
                if result.result_file.is_snapshot else "")
    return (f"<h2>Provenance</h2>{snapshot}{_key_values(root + host)}"
            f"<h3>Plugins</h3>{_key_values(plugins)}")


def _counts(result):
    counts = result["status"].value_counts()
    return "<p class=counts>" + "".join(
        f"<span>{_e(status)}: {n}</span>" for status, n in counts.items()) + "</p>"


def _cell(value):
    """A number as it sorts; a missing one (NaN: a failed point's output) as an empty cell."""
    if isinstance(value, float):
        return "" if value != value else f"{value:.6g}"
    return _e(value)


def _points_table(result):
    shown = result
    note = ""
    if len(result) > _MAX_ROWS:
        failed = result[result["status"] != "ok"]
        shown = pd.concat([failed, result[result["status"] == "ok"].head(_MAX_ROWS - len(failed))])
        note = (f"<p>{len(shown)} of {len(result)} points shown (every failed one); "
                "`assay show` or assay.load lists them all.</p>")
    columns = list(shown.columns)
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    body = "".join(
        f"<tr class={_e(row.status)}>" + "".join(f"<td>{_cell(v)}</td>" for v in row[1:]) + "</tr>"
        for row in shown.itertuples())
    return (f"<h2>Points</h2>{note}<p>Click a column to sort.</p>"
            f"<table id=points><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def _not_drawn(not_drawn):
    if not not_drawn:
        return ""
    items = "".join(f"<li>{_e(n.title)}: {_e(n.reason)}</li>" for n in not_drawn)
    return f"<p>Declared figures not drawn from this run:</p><ul class=not-drawn>{items}</ul>"


def _figures(figures, not_drawn):
    items = "".join(
        f"<figure><img alt=\"{_e(f.title)}\" src=\"data:image/png;base64,{f.png_base64}\">"
        f"<figcaption>{_e(f.title)} — <a href=\"{_e(f.png)}\">PNG</a> · "
        f"<a href=\"{_e(f.svg)}\">SVG</a></figcaption></figure>" for f in figures)
    return (f"<h2>Figures</h2>{items or '<p>No figures: the result has no scalar outputs.</p>'}"
            f"{_not_drawn(not_drawn)}")


def page(result, figures, source, not_drawn=()):
    """The whole page. `figures` are DrawnFigure records (title, PNG as base64, file names);
    `not_drawn` the declared figures this result cannot draw, with the reason."""
    name = result.root_attrs.get("pipeline_name", source)
    return (f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            f"<title>assay report: {_e(name)}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{_e(name)}</h1><p>{_e(source)}</p>{_counts(result)}"
            f"{_figures(figures, not_drawn)}{_points_table(result)}{_provenance(result)}"
            f"<h2>Resolved pipeline</h2><pre>{_e(result.pipeline)}</pre>"
            f"<script>{_SCRIPT}</script></body></html>")
