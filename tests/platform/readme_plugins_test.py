"""The root README's plugin table against the plugin folders.

Every folder plugins/<id>/ with a CMakeLists.txt (the ones plugins/CMakeLists.txt builds) but
examples has a row naming its id, linking its README; every row names, once, a folder whose
CMakeLists.txt builds the plugin of that id (assay_add_plugin).

Usage: /usr/bin/python3 tests/platform/readme_plugins_test.py SOURCE_DIR
"""
import os
import re
import sys

# | [`id`](plugins/id/README.md) | topic | methods |
ROW = re.compile(r"^\| \[`([a-z0-9_]+)`\]\(([^)]*)\) \|")


def table_rows(readme):
    """The (id, link) of each row of the table under "## Plugins"."""
    rows, section = [], None
    with open(readme, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                section = line[3:].strip()
            elif section == "Plugins" and line.startswith("| ["):
                match = ROW.match(line)
                if not match:
                    sys.exit(f"README.md: a plugin row not of the form | [`id`](link) |: {line}")
                rows.append(match.groups())
    return rows


def builds_plugin(cmake_lists, plugin):
    """Whether the folder's CMakeLists.txt declares assay_add_plugin(<plugin> ...)."""
    with open(cmake_lists, encoding="utf-8") as f:
        return re.search(rf"assay_add_plugin\(\s*{plugin}\b", f.read()) is not None


def main():
    source = sys.argv[1]
    plugins = os.path.join(source, "plugins")
    folders = sorted(
        name for name in os.listdir(plugins)
        if os.path.isfile(os.path.join(plugins, name, "CMakeLists.txt")))
    rows = table_rows(os.path.join(source, "README.md"))
    ids = [plugin for plugin, _ in rows]
    errors = []
    if not rows:
        errors.append('no plugin table under "## Plugins"')
    for name in folders:
        if name != "examples" and name not in ids:
            errors.append(f"plugins/{name}/ has no row in the table")
    for plugin, link in rows:
        if plugin not in folders:
            errors.append(f"the row of `{plugin}` names no plugin folder (plugins/{plugin}/)")
        elif link != f"plugins/{plugin}/README.md":
            errors.append(f"the row of `{plugin}` links {link}, not plugins/{plugin}/README.md")
        elif not os.path.isfile(os.path.join(source, link)):
            errors.append(f"the row of `{plugin}` links {link}, which does not exist")
        elif not builds_plugin(os.path.join(plugins, plugin, "CMakeLists.txt"), plugin):
            errors.append(f"plugins/{plugin}/CMakeLists.txt builds no plugin `{plugin}`")
    for plugin in sorted(set(p for p in ids if ids.count(p) > 1)):
        errors.append(f"`{plugin}` has {ids.count(plugin)} rows")
    for error in errors:
        print(f"README.md: {error}", file=sys.stderr)
    if errors:
        return 1
    print(f"README.md: {len(rows)} plugin rows, one per folder of {len(folders)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
