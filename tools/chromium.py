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

# Storage in another site's iframe as a visitor's browser has it: partitioned by the top-level site (Chrome, Firefox
# and Safari ship so). Playwright's own switches disable ThirdPartyStoragePartitioning (microsoft/playwright#32230),
# and without it such a frame gets no storage at all, even in a persistent context. Chromium takes the last
# --disable-features it is given (checked: the frame stores, apart from the first party): this is Playwright 1.65's
# list without that one (pinned in pyproject.toml). test_embed_host.py checks that the frame may store, so a change
# of either shows there.
PARTITIONED_STORAGE_ARGS = [
    *CHROMIUM_ARGS,
    "--disable-features="
    + ",".join(
        [
            "AvoidUnnecessaryBeforeUnloadCheckSync",
            "DestroyProfileOnBrowserClose",
            "HttpsUpgrades",
            "HttpsFirstBalancedModeAutoEnable",
            "LensOverlay",
            "MediaRouter",
            "PaintHolding",
            "AvoidCorsURLLoaderRestartOnRedirect",
            "TcpPortRandomizationWin",
            "OptimizationHints",
            "NetworkTimeServiceQuerying",
            "AimEnabled",
            "PreconnectToSearch",
        ]
    ),
]
