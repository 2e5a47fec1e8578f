"""Debian's Chromium, as the tests and benchmarks launch it (never `playwright install`).

From runtime-facts: without the last five flags Chromium hangs on this machine's closed network.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
