"""Debian's Chromium, driven by Playwright, for the tests that open pages in a real browser.

:func:`launched` yields one headless browser, or skips the test with the reason (no Playwright,
no Chromium on the PATH, a Chromium that will not start): ``.ci/run`` installs Chromium, so CI
runs them.  The tests take it as the session's ``browser`` fixture (``tests/conftest.py``): one
launch a worker, shared by every module that opens pages.
"""

from __future__ import annotations

import shutil

import pytest

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None


def launched():
    """One headless Chromium, closed after the ``yield`` (skipped, with the reason, where there is none)."""
    if sync_playwright is None:
        pytest.skip("the browser tests need Playwright: pip install playwright")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("the browser tests need Chromium (apt-get install chromium); none on PATH")
    with sync_playwright() as driver:
        try:
            browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        except Exception as exc:  # a browser that will not start: say why
            pytest.skip(f"Chromium at {chromium} would not start: {str(exc).splitlines()[0]}")
        yield browser
        browser.close()
