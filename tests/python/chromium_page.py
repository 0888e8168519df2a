"""A page opened in headless Chromium and driven over the DevTools protocol (Debian's
chromium and python3-websocket), collecting every console error and uncaught exception."""

import base64
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request

import websocket

# The flags that work on this machine's closed network (see the environment notes): without
# the background-networking ones Chromium keeps trying to reach Google's hosts.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", "--window-size=1280,2000"]


def chromium():
    return shutil.which("chromium")


class Page:
    def __init__(self):
        self._profile = tempfile.TemporaryDirectory(prefix="assay-chromium-")
        self._process = subprocess.Popen(
            [chromium(), *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port = self._devtools_port()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
            target = next(t for t in json.load(answer) if t["type"] == "page")
        self._socket = websocket.create_connection(target["webSocketDebuggerUrl"],
                                                   suppress_origin=True, timeout=30)
        self._next_id = 0
        self._loaded = False
        self.errors = []
        for domain in ("Runtime", "Log", "Page"):
            self.command(f"{domain}.enable")

    def _devtools_port(self):
        port_file = pathlib.Path(self._profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            lines = port_file.read_text().split() if port_file.exists() else []
            if len(lines) == 2:  # the port, then the browser's path: the file is complete
                return int(lines[0])
            time.sleep(0.1)
        raise RuntimeError("chromium did not open its DevTools port within 30 s")

    def _record(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Page.loadEventFired":
            self._loaded = True
        elif method == "Runtime.exceptionThrown":
            self.errors.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            self.errors.append(json.dumps(params["args"]))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(params["entry"]["text"])

    def _until(self, matches):
        while True:
            message = json.loads(self._socket.recv())
            self._record(message)
            if matches(message):
                return message

    def command(self, method, **params):
        self._next_id += 1
        sent = self._next_id
        self._socket.send(json.dumps({"id": sent, "method": method, "params": params}))
        answer = self._until(lambda m: m.get("id") == sent)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def open(self, path):
        # The load event may arrive before the answer to navigate, so it is recorded as a flag.
        self._loaded = False
        self.command("Page.navigate", url=pathlib.Path(path).absolute().as_uri())
        if not self._loaded:
            self._until(lambda m: self._loaded)

    def evaluate(self, expression):
        answer = self.command("Runtime.evaluate", expression=expression, returnByValue=True,
                              awaitPromise=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def click(self, selector):
        """A real mouse click at the middle of the element, as a user's."""
        box = self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                            "e.scrollIntoView(); const r = e.getBoundingClientRect();"
                            "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.command("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1],
                         button="left", clickCount=1)

    def screenshot(self, path):
        data = self.command("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        pathlib.Path(path).write_bytes(base64.b64decode(data["data"]))

    def close(self):
        # Chromium's renderer, GPU and crash-handler children outlive a killed parent and keep
        # writing into the profile; killing the whole session lets the profile be removed.
        self._socket.close()
        os.killpg(self._process.pid, signal.SIGKILL)
        self._process.wait()
        self._profile.cleanup()
