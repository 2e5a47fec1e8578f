"""Fixtures for the browser tests: a built dist/, served on 127.0.0.1, seen by Debian's Chromium.

Offline by construction: every request that is not for the local server is aborted and recorded,
and `visit` fails the test that made it. Set RAGLAB_DIST to test an existing build (make test
does, with an --offline build); otherwise the site is built afresh, offline, into a temporary folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright import sync_api as playwright_api
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # (re-exported for the tests)
from tools.site import build_site, served

PYTHON_START_TIMEOUT_MS = 60_000  # cold Pyodide takes 2-4 s here; 2 shared cores can be slow


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """RAGLAB_DIST, or the tests' site (offline, the stand-in Qwen3 self-hosted) built into a temporary folder."""
    if os.environ.get("RAGLAB_DIST"):
        built = Path(os.environ["RAGLAB_DIST"]).resolve()
        assert (built / "index.html").exists(), f"RAGLAB_DIST={built} holds no built site"
        return built
    return build_site(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def site_url(dist) -> str:
    """The built site served on 127.0.0.1 (tools/site.py), on a free port."""
    with served(dist) as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make deps-browser`")
    with playwright_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


# A WebGPU adapter in headless Chromium: SwiftShader's, a software fallback (no shader-f16). Real enough to run
# transformers.js on WebGPU, and to measure it against WebAssembly (web/worker.js), slowly.
WEBGPU_ARGS = [arg for arg in CHROMIUM_ARGS if arg != "--disable-gpu"] + [
    "--enable-unsafe-webgpu",
    "--use-webgpu-adapter=swiftshader",
]


@pytest.fixture(scope="module")
def webgpu_browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=WEBGPU_ARGS)
    yield browser
    browser.close()


@dataclass
class Visit:
    """One fresh browser context on the local site, with what it asked for and complained about."""

    page: object
    site_url: str
    requests: list[str] = field(default_factory=list)
    off_host: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)  # the renderer died ("Page crashed"): its last console lines

    def open(self, path: str = "", wait_for_python: bool = True):
        self.page.goto(self.site_url + path)
        if wait_for_python:
            status = self.page.locator("#status")
            playwright_api.expect(status).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
        return self.page

    def requested(self, path: str) -> int:
        return sum(urlsplit(url).path == "/" + path for url in self.requests)


def _start_visit(browser, site_url: str, **context_options) -> Visit:
    return _watch(browser.new_context(**context_options), site_url)


def _watch(context, site_url: str) -> Visit:
    """A new page in `context`, and the context watched as a visit's (a persistent context is made otherwise)."""
    visit = Visit(context.new_page(), site_url)
    local = urlsplit(site_url).netloc

    def route(route):
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).netloc == local:
            route.continue_()
        else:
            visit.off_host.append(url)
            route.abort()

    def record_failure(response):
        if response.status >= 400:
            visit.failed.append(f"{response.status} {response.url}")

    def record_console(message):
        if message.type == "error":
            visit.console_errors.append(message.text)
        if "Content Security Policy" in message.text or message.text.startswith("CSP violation"):
            visit.csp_violations.append(message.text)

    context.route("**/*", route)
    # Every visit checks the page's Content-Security-Policy: what it refuses is an error the browser logs, and,
    # where scripts run, an event.
    context.add_init_script(
        "addEventListener('securitypolicyviolation', (e) => console.error("
        "`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))"
    )
    context.on("request", lambda request: visit.requests.append(request.url))
    context.on("requestfailed", lambda request: visit.failed.append(f"failed {request.url}"))
    context.on("response", record_failure)
    visit.page.on("console", record_console)
    visit.page.on("pageerror", lambda error: visit.console_errors.append(str(error)))
    console = []  # the last lines the page logged, for a crash's report
    visit.page.on("console", lambda message: console.append(f"{message.type}: {message.text}"[:300]))
    visit.page.on("crash", lambda _: visit.crashes.append(" | ".join(console[-8:])))
    return visit


def pytest_configure(config):
    config.addinivalue_line("markers", "service_worker: let the page register its service worker (web/sw.js)")
    config.addinivalue_line("markers", "viewport(width, height): the visit's window size (a phone's: test_phone.py)")


@pytest.fixture
def visit(browser, site_url, request):
    """A fresh context (no cache, no storage); fails the test on any request off 127.0.0.1.

    The page's service worker is blocked unless the test is marked `service_worker` (test_offline.py): what it
    answers never reaches page.route (Playwright's own advice is to block it where routes are used), and its
    precaching would show in `requests`. Marked `viewport(width, height)`, the window is that size (else
    Playwright's 1280 x 720)."""
    allowed = request.node.get_closest_marker("service_worker") is not None
    size = request.node.get_closest_marker("viewport")
    options = {"viewport": {"width": size.args[0], "height": size.args[1]}} if size else {}
    visit = _start_visit(browser, site_url, service_workers="allow" if allowed else "block", **options)
    yield visit
    _close(visit)


def _close(visit: Visit) -> None:
    visit.page.context.close()
    if visit.crashes:
        pytest.fail(f"the page's renderer crashed (not an assertion); its last console lines: {visit.crashes}")
    if visit.off_host:
        pytest.fail(f"requests left 127.0.0.1: {visit.off_host}")
    if visit.csp_violations:
        pytest.fail(f"the page's Content-Security-Policy refused: {visit.csp_violations}")


@pytest.fixture
def webgpu_visit(webgpu_browser, site_url):
    """A fresh context in a Chromium with a (software) WebGPU adapter."""
    visit = _start_visit(webgpu_browser, site_url, service_workers="block")
    yield visit
    _close(visit)


@pytest.fixture
def visit_without_js(browser, site_url):
    visit = _start_visit(browser, site_url, java_script_enabled=False)
    yield visit
    _close(visit)
