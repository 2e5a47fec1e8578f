"""The page's Content-Security-Policy, as strict as Pyodide and PyScript allow."""

from __future__ import annotations

import base64
import hashlib
import re

from tools.build.pins import PYODIDE_PACKAGE_BASE_URL
from tools.build.settings import BuildSettings

# Where a production build's pages fetch from besides their own origin: the language model's host (whose files
# redirect to its CDNs) and the Pyodide CDN (numpy). A self-hosted, --offline build fetches from nowhere else.
MODEL_ORIGINS = ("https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co")


def inline_styles(html: str) -> list[str]:
    """The text of every <style> element of a page (the no-JavaScript rules in web/index.html), which a policy
    allows by hash."""
    return re.findall(r"<style>(.*?)</style>", html, flags=re.S)


def content_security_policy(settings: BuildSettings, styles: list[str] = ()) -> str:
    """As strict as Pyodide and PyScript allow (runtime-facts.md): scripts from the site only, plus the two evals
    they need (WebAssembly, and PyScript's own ``new Function``); workers from the site or blob:; fetches from the
    site, and in production from the model's host and the Pyodide CDN; no plugins, no <base>, no form posts away.

    >>> from pathlib import Path
    >>> print(content_security_policy(BuildSettings(offline=True, self_hosted_model=Path("m"))).replace("; ", ";\\n"))
    default-src 'self';
    script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval';
    worker-src 'self' blob:;
    connect-src 'self';
    style-src 'self';
    img-src 'self' data: blob:;
    object-src 'none';
    base-uri 'none';
    form-action 'self'
    >>> "https://cdn.jsdelivr.net" in content_security_policy(BuildSettings())
    True
    """
    connect = ["'self'"]
    if not settings.self_hosted_model:
        connect += MODEL_ORIGINS
    if not settings.offline:
        connect.append(PYODIDE_PACKAGE_BASE_URL.split("/pyodide/")[0])
    style = ["'self'"] + [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in styles]
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
            "worker-src 'self' blob:",
            f"connect-src {' '.join(connect)}",
            f"style-src {' '.join(style)}",
            "img-src 'self' data: blob:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
        ]
    )
