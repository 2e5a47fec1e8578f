"""Offline after the first visit (web/sw.js): a reload with no network starts the lab and every preset answers as the
core does; a model loaded online answers offline too (transformers.js keeps it, not sw.js); a new deploy shows on
the next reload, never mixed with the old one, and the old version's cache is deleted."""

import re
import shutil
import time

import pytest
from lab_page import SLOW, press, shown
from playwright.sync_api import expect
from tools.build.offline import write_offline_manifest
from tools.build.settings import BuildSettings
from tools.site import served

from conftest import PYTHON_START_TIMEOUT_MS
from raglab import TECHNIQUES, Lab, run
from raglab.search.vector_table import VectorTable
from raglab.show import score_label

# The page's service worker is allowed here; elsewhere the tests may block it (see the `visit` fixture).
pytestmark = pytest.mark.service_worker

OFFLINE_READY = "Ready to work offline."
NETWORKX_WHEEL = "wheels/networkx-3.7-py3-none-any.whl"
NEW_TITLE = re.compile("^RAG Lab, new:")


@pytest.fixture(scope="module")
def lab():
    return Lab()


def version_of(site) -> str:
    """The version build.py wrote into the site's sw.js (its cache is "raglab-<version>")."""
    return re.search(r'const MANIFEST = \{ version: "(\w+)"', (site / "sw.js").read_text()).group(1)


def lab_caches(page) -> list[str]:
    """The names of the caches sw.js made (transformers.js keeps its own, "transformers-cache")."""
    return page.evaluate("async () => (await caches.keys()).filter((name) => name.startsWith('raglab-'))")


def wait_for_caches(page, names: list[str]) -> None:
    """Until the lab's caches are `names` (the new version installs after the page has started)."""
    deadline = time.monotonic() + SLOW / 1000
    while lab_caches(page) != names:
        assert time.monotonic() < deadline, lab_caches(page)
        page.wait_for_timeout(250)


def kept_for_offline(page) -> None:
    expect(page.locator("#offline")).to_have_text(OFFLINE_READY, timeout=SLOW)


def reload_offline(page) -> None:
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)


def test_a_reload_with_no_network_starts_the_lab_and_every_preset_answers(visit, lab, dist):
    """Intent: after one visit, every keyword preset and every meaning preset (shipped vectors) works offline, each
    showing exactly the core's passages, and nothing fails or complains."""
    page = visit.open()
    kept_for_offline(page)
    assert lab_caches(page) == [f"raglab-{version_of(dist)}"]
    reload_offline(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    vectors = VectorTable.from_json((dist / "data" / "vectors.json").read_text())
    for key, technique in TECHNIQUES.items():
        for question in lab.corpus.presets.get(key, ()):
            press(page, key, question)
            if technique.meaning:  # the passages, in order (their labels open to the fusion, as test_meaning reads)
                expected = [p.id for p in run(lab, key, question, embed=vectors).passages]
                assert [i for i, _ in shown(page, key)] == expected, (key, question)
            else:
                expected = [(p.id, score_label(p)) for p in run(lab, key, question).passages]
                assert shown(page, key) == expected, (key, question)
    expect(page.locator("#offline")).to_have_text(OFFLINE_READY)
    assert visit.failed == [f"failed {visit.site_url}"]  # only sw.js's try of the network for the page itself
    assert visit.console_errors == []


def test_a_model_loaded_online_answers_offline(visit):
    """Intent: the embedding model and onnxruntime, which sw.js leaves to transformers.js's own cache, are there
    offline once a typed question has loaded them."""
    page = visit.open()
    kept_for_offline(page)
    page.fill("#q-hybrid", "Is there a swimming pool?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Is there a swimming pool?”", timeout=SLOW)
    reload_offline(page)  # the address still holds the question: it is asked again, offline
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Is there a swimming pool?”", timeout=SLOW)
    page.fill("#q-hybrid", "Where can I swim?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Where can I swim?”", timeout=SLOW)
    assert shown(page, "hybrid")[0][0] == "school-2"  # "Every child learns to swim in the sea pool"
    assert visit.console_errors == []


class TestANewDeploy:
    """These tests deploy into a copy of the built site, served on its own port: the shared one stays as built."""

    @pytest.fixture
    def site(self, dist, tmp_path):
        return shutil.copytree(dist, tmp_path / "site")

    @pytest.fixture
    def site_url(self, site):  # the `visit` fixture visits this copy
        with served(site) as url:
            yield url

    def test_shows_on_the_next_reload_unmixed_and_the_old_cache_goes(self, visit, site):
        """Intent: one reload after a deploy shows the new page with the new files (not the old ones kept for
        offline); the new version copies unchanged files from the old cache, deletes it, and works offline."""
        page = visit.open()
        kept_for_offline(page)
        old = version_of(site)
        assert lab_caches(page) == [f"raglab-{old}"]

        # The deploy: a new title in the page and a new style, then the manifest as build.py writes it.
        index = site / "index.html"
        index.write_text(index.read_text().replace("<title>RAG Lab:", "<title>RAG Lab, new:", 1))
        with (site / "lab.css").open("a") as css:
            css.write("\n#status { letter-spacing: 3px; }\n")
        write_offline_manifest(site, BuildSettings())
        new = version_of(site)
        assert new != old
        # An unchanged file the server can no longer send: the new version can only keep it by copying it.
        (site / NETWORKX_WHEEL).unlink()

        page.reload()
        expect(page).to_have_title(NEW_TITLE)
        expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
        assert page.locator("#status").evaluate("s => getComputedStyle(s).letterSpacing") == "3px"
        wait_for_caches(page, [f"raglab-{new}"])

        reload_offline(page)
        expect(page).to_have_title(NEW_TITLE)
        assert page.locator("#status").evaluate("s => getComputedStyle(s).letterSpacing") == "3px"
        press(page, "graph", "Who is the lighthouse guide?")  # networkx, from the copied wheel
        page.locator("#result-graph details.did summary").click()  # the graph is one step away
        expect(page.locator("#result-graph svg.graph-svg")).to_be_visible()
        assert visit.console_errors == []
