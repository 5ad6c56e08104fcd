"""The staff flow in real headless Chromium (Debian's /usr/bin/chromium) against a
live server. Screenshots of every step go to artifacts/screenshots/ (or to
TRIAGE_SCREENSHOT_DIR: tests/screenshots/ holds the ones docs/staff-guide.md shows)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.factories import ARTIFACTS, HVI, make_escalation, make_needs_review, make_ticket
from triage.services import queue
from triage.services.triage import email_triage

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("TRIAGE_SCREENSHOT_DIR") or ARTIFACTS / "screenshots")


@pytest.fixture(scope="module", autouse=True)
def _browser_installed():
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
    if missing:
        pytest.fail(f"browser tests need Debian's chromium and chromium-driver "
                    f"(apt-get install chromium chromium-driver): missing {missing}")
    SHOTS.mkdir(parents=True, exist_ok=True)


@pytest.fixture
def browsers(tmp_path):
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium Manager download anything
    opened = []

    def open_browser(language: str = "en"):
        options = webdriver.ChromeOptions()
        # The browser's language is what LocaleMiddleware reads (Accept-Language).
        options.add_argument(f"--lang={language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--disable-quic",
                    f"--user-data-dir={tmp_path / f'profile{len(opened)}'}",
                    "--window-size=1400,1100"):
            options.add_argument(arg)
        # The console log is where Chromium reports Content-Security-Policy violations.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.implicitly_wait(5)
        opened.append(driver)
        return driver

    yield open_browser
    for driver in opened:
        driver.quit()


def csp_violations(driver) -> list[str]:
    """What the page's Content-Security-Policy refused since the last call (each refused
    inline script or style, each blocked source)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"]]


def log_in(driver, live_server, username: str) -> None:
    driver.get(f"{live_server.url}/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(f"pw-{username}")
    driver.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    WebDriverWait(driver, 10).until(ec.presence_of_element_located((By.ID, "triage-dashboard")))


def shot(driver, name: str) -> None:
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def message_text(driver) -> str:
    return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "ul.messagelist li"))


def press(driver, button_id: str) -> None:
    """Click a form's button and wait for the page it leads to, with its messages: the
    page it leaves may have messages of its own, which would end a plain wait early."""
    leaving = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.ID, button_id).click()
    wait = WebDriverWait(driver, 10)
    wait.until(ec.staleness_of(leaving))
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "ul.messagelist")))


def test_staff_flow(browsers, live_server, staff):
    ticket = make_ticket()
    escalation = make_escalation()
    ticket_url = f"{live_server.url}/triage/ticket/{ticket.pk}/change/"

    # A second claims session opens the ticket at version 1 and leaves it open.
    other = browsers()
    log_in(other, live_server, "claims2")
    other.get(ticket_url)
    assert "Approve version 1" in other.page_source

    # Meanwhile the email is re-triaged: the ticket becomes version 2.
    queue.email_retriage(ticket.email_id, staff["triager"])
    email_triage(ticket.email_id, task_id="browser-retriage")
    ticket.refresh_from_db()
    assert ticket.version == 2

    press(other, "approve-button")
    assert "you saw version 1, the current version is 2" in message_text(other)
    shot(other, "03-stale-version-refused")
    ticket.refresh_from_db()
    assert ticket.state == "draft"

    # A claims staff member logs in, opens the ticket from the list, approves it.
    claims = browsers()
    log_in(claims, live_server, "claims1")
    shot(claims, "01-dashboard")
    claims.get(f"{live_server.url}/triage/ticket/")
    claims.find_element(By.PARTIAL_LINK_TEXT, "Weight shortfall claim").click()
    WebDriverWait(claims, 10).until(ec.presence_of_element_located((By.ID, "approve-button")))
    assert "Approve version 2" in claims.page_source
    shot(claims, "02-ticket-draft")
    press(claims, "approve-button")
    ticket.refresh_from_db()
    assert ticket.state == "approved" and ticket.arbitration_number
    assert f"arbitration ticket {ticket.arbitration_number}" in message_text(claims)
    assert "Approved" in claims.find_element(By.CSS_SELECTOR, ".field-shown_state").text
    shot(claims, "04-ticket-approved")

    # A trading desk member acknowledges the escalation.
    desk = browsers()
    log_in(desk, live_server, "desk1")
    desk.get(f"{live_server.url}/triage/escalation/")
    shot(desk, "05-escalations")
    assert fits(desk)
    desk.get(f"{live_server.url}/triage/escalation/{escalation.pk}/change/")
    desk.find_element(By.ID, "ack-note").send_keys("Calling the mill's QA manager today.")
    press(desk, "acknowledge-button")
    assert "Escalation acknowledged." in message_text(desk)
    escalation.refresh_from_db()
    assert escalation.state == "acknowledged" and escalation.acknowledged_by == staff["desk"]
    shot(desk, "06-escalation-acknowledged")

    # The email's page shows why, and the timeline shows who did what.
    desk.get(f"{live_server.url}/triage/inboundemail/{escalation.email_id}/change/")
    assert "backstop triggers" in desk.page_source
    shot(desk, "07-email-detail")
    # Every page ran under the policy and nothing on them was refused...
    assert "script-src 'self'" in desk.execute_script(
        "return fetch(location.href).then(r => r.headers.get('Content-Security-Policy'))")
    for driver in (other, claims, desk):
        assert csp_violations(driver) == []
    # ...while what a sender might smuggle into a page would be.
    desk.execute_script("document.body.insertAdjacentHTML('beforeend', "
                        "'<img src=\"https://evil.example/x.png\">')")
    WebDriverWait(desk, 10).until(lambda d: csp_violations(d))
    for name in ("01-dashboard", "02-ticket-draft", "03-stale-version-refused",
                 "04-ticket-approved", "05-escalations", "06-escalation-acknowledged",
                 "07-email-detail"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000


def test_staff_flow_in_brazilian_portuguese(browsers, live_server, staff):
    """The main flows once more with a pt-BR browser, in one browser session (two users
    one after the other) to keep the suite fast; then the switcher turns it English."""
    ticket = make_ticket()
    escalation = make_escalation()
    ticket_url = f"{live_server.url}/triage/ticket/{ticket.pk}/change/"
    browser = browsers("pt-BR")
    log_in(browser, live_server, "claims2")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pt-br"
    assert "Painel de triagem" in browser.page_source
    shot(browser, "pt-01-dashboard")

    browser.get(ticket_url)
    assert "Aprovar a versão 1" in browser.page_source
    queue.email_retriage(ticket.email_id, staff["triager"])
    email_triage(ticket.email_id, task_id="browser-retriage-pt")
    press(browser, "approve-button")
    assert "você viu a versão 1, a versão atual é a 2" in message_text(browser)
    shot(browser, "pt-02-stale-version-refused")

    # A correction typed the Brazilian way, then the approval of what is on screen.
    browser.find_element(By.CSS_SELECTOR, "#correct-details summary").click()
    amount = browser.find_element(By.ID, "id_exposure_amount")
    amount.clear()
    amount.send_keys("24.850,50")
    press(browser, "correct-button")
    assert "agora na versão 3" in message_text(browser)
    ticket.refresh_from_db()
    assert ticket.data["claim"]["exposure_amount"] == 24850.5
    shot(browser, "pt-03-ticket-corrected")

    browser.delete_all_cookies()  # the next person on the same machine
    log_in(browser, live_server, "claims1")
    browser.get(ticket_url)
    press(browser, "approve-button")
    ticket.refresh_from_db()
    assert ticket.state == "approved"
    assert f"ticket de arbitragem {ticket.arbitration_number}" in message_text(browser)
    assert "Aprovado" in browser.find_element(By.CSS_SELECTOR, ".field-shown_state").text

    browser.delete_all_cookies()
    log_in(browser, live_server, "desk1")
    browser.get(f"{live_server.url}/triage/escalation/")
    assert "US$" in browser.page_source and "180.000,00" in browser.page_source
    shot(browser, "pt-04-escalations")
    browser.get(f"{live_server.url}/triage/escalation/{escalation.pk}/change/")
    browser.find_element(By.ID, "ack-note").send_keys("Ligando para a qualidade da fiação.")
    press(browser, "acknowledge-button")
    assert "Recebimento da escalação confirmado." in message_text(browser)
    browser.get(f"{live_server.url}/triage/inboundemail/{escalation.email_id}/change/")
    assert "gatilhos do backstop" in browser.page_source and "Exposição alta" in browser.page_source
    shot(browser, "pt-05-email-detail")

    # The switcher overrides the browser: a plain form, no script needed.
    Select(browser.find_element(By.ID, "language-select")).select_by_value("en")
    leaving = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, "language-submit").click()
    WebDriverWait(browser, 10).until(ec.staleness_of(leaving))
    WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
    assert "backstop triggers" in browser.page_source
    assert csp_violations(browser) == []
    for name in ("pt-01-dashboard", "pt-02-stale-version-refused", "pt-03-ticket-corrected",
                 "pt-04-escalations", "pt-05-email-detail"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000


def fits(driver) -> bool:
    """No horizontal scroll: neither the page nor the changelist's table is wider than
    its box."""
    return driver.execute_script(
        "const page = document.documentElement, box = document.querySelector('.results');"
        "return page.scrollWidth <= page.clientWidth"
        " && (!box || box.scrollWidth <= box.clientWidth)")


def test_console_flows(browsers, live_server, staff, settings):
    """Take an escalation and add a note; reply to a claimant with a Portuguese template
    and find it in the thread; forward a needs-review invoice and find the warning and
    the link in the sent mail; the changelist fits at 1440 px and on a 390 px phone."""
    from django.core import mail

    settings.TRIAGE_CONSOLE_URL = live_server.url
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"  # the forward's words checked below
    escalation = make_escalation()
    claim = make_ticket(HVI).email
    make_ticket()
    invoice = make_needs_review()

    desk = browsers()
    desk.set_window_size(1440, 900)
    log_in(desk, live_server, "desk1")
    desk.get(f"{live_server.url}/triage/escalation/{escalation.pk}/change/")
    desk.find_element(By.ID, "take-button").click()
    WebDriverWait(desk, 10).until(ec.presence_of_element_located((By.ID, "release-button")))
    assert "You have taken this item." in message_text(desk)
    desk.find_element(By.ID, "note_body").send_keys("Mill QA manager called back: samples sent.")
    desk.find_element(By.ID, "note-button").click()
    WebDriverWait(desk, 10).until(ec.text_to_be_present_in_element(
        (By.ID, "notes"), "samples sent"))
    shot(desk, "08-escalation-taken-with-note")
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk"]

    claims = browsers()
    claims.set_window_size(1440, 900)
    log_in(claims, live_server, "claims1")
    claims.get(f"{live_server.url}/triage/inboundemail/{claim.pk}/change/")
    claims.find_element(By.ID, "template-ack-pt").click()
    WebDriverWait(claims, 10).until(ec.text_to_be_present_in_element_value(
        (By.ID, "reply_body"), "Confirmamos o recebimento"))
    claims.find_element(By.ID, "reply-button").click()
    WebDriverWait(claims, 10).until(ec.presence_of_element_located((By.ID, "replies-sent")))
    assert "Reply sent to" in message_text(claims)
    assert "Confirmamos o recebimento" in claims.find_element(By.ID, "replies-sent").text
    shot(claims, "09-reply-in-thread")
    [reply] = [m for m in mail.outbox if m.to == [claim.from_address]]
    assert reply.extra_headers["In-Reply-To"] == f"<{claim.message_id}>"

    triager = browsers()
    triager.set_window_size(1440, 900)
    log_in(triager, live_server, "triager1")
    triager.get(f"{live_server.url}/triage/inboundemail/{invoice.pk}/change/")
    # One button per route, each saying what it does; none is chosen beforehand.
    buttons = triager.find_elements(By.CSS_SELECTOR, "#decide-manually button[name=route]")
    assert [b.get_attribute("value") for b in buttons] == ["escalated", "ticket", "forwarded"]
    assert triager.find_element(By.ID, "decide-forwarded").text == "Forward to a department"
    triager.find_element(By.ID, "id_reason").send_keys("genuine; finance to call the carrier")
    Select(triager.find_element(By.ID, "id_department")).select_by_value("finance")
    triager.find_element(By.ID, "decide-forwarded").click()
    WebDriverWait(triager, 10).until(ec.text_to_be_present_in_element(
        (By.CSS_SELECTOR, "ul.messagelist"), "forwarded to Finance by hand"))
    finance = [settings.TRIAGE_DEPARTMENT_EMAILS["finance"]]
    [forward] = [m for m in mail.outbox if m.to == finance]
    assert forward.body.splitlines()[1] == "WARNING: read before acting on this email"
    assert "Their reason: genuine; finance to call the carrier" in forward.body
    assert f"{live_server.url}/triage/inboundemail/{invoice.pk}/change/" in forward.body

    triager.get(f"{live_server.url}/triage/inboundemail/")
    shot(triager, "10-changelist-1440")
    assert fits(triager), triager.execute_script(
        "const b = document.querySelector('.results'); return [b.scrollWidth, b.clientWidth,"
        " document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    triager.get(f"{live_server.url}/")
    shot(triager, "11-dashboard-triage-admin")
    triager.set_window_size(390, 844)
    triager.get(f"{live_server.url}/triage/inboundemail/")
    shot(triager, "12-changelist-phone")
    assert fits(triager), triager.execute_script(
        "const b = document.querySelector('.results'); return [b.scrollWidth, b.clientWidth,"
        " document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    shown = [th.text for th in triager.find_elements(By.CSS_SELECTOR, "#result_list thead th")
             if th.is_displayed()]
    assert any("SUBJECT" in t.upper() for t in shown) and any("ROUTE" in t.upper() for t in shown)
    assert any("DEADLINE" in t.upper() for t in shown)
    for driver in (desk, claims, triager):
        assert csp_violations(driver) == []


def test_the_quality_page_at_1440_and_390_in_both_languages(browsers, live_server, staff):
    """The decision quality page under the strict CSP: no violation, the weekly chart
    drawn with its colours from the stylesheet, and at 390 px nothing wider than the
    screen (the tables scroll in their own boxes); in English and in Portuguese."""
    from tests.quality_month import month

    month(staff)
    for language, title in (("en", "Decision quality"), ("pt-BR", "Qualidade das decisões")):
        driver = browsers(language)
        log_in(driver, live_server, "triager1")
        for width, height in ((1440, 900), (390, 844)):
            driver.set_window_size(width, height)
            driver.get(f"{live_server.url}/quality/")
            assert driver.find_element(By.TAG_NAME, "h1").text == title
            bars = driver.find_elements(By.CSS_SELECTOR, "#quality-chart rect.triage-bar-confirmed")
            assert len(bars) >= 4 and max(b.size["height"] for b in bars) > 10
            assert driver.execute_script(
                "return getComputedStyle(document.querySelector("
                "'rect.triage-bar-overturned')).fill") == "rgb(186, 33, 33)"
            assert driver.execute_script(
                "const page = document.documentElement;"
                "return page.scrollWidth <= page.clientWidth"), (language, width)
            shot(driver, f"quality-{language}-{width}")
            driver.execute_script("document.getElementById('quality-chart').scrollIntoView()")
            shot(driver, f"quality-chart-{language}-{width}")
        assert csp_violations(driver) == []


# --- Live counts, shortcuts, and every page at 1440 and 390 px in both languages -------

SIZES = ((1440, 900), (390, 844))
NEW_EMAIL = {"en": "1 new email since you looked: show it",
             "pt-BR": "1 novo e-mail desde que você olhou: mostrar"}
SHORTCUTS = {"en": "Keyboard shortcuts", "pt-BR": "Atalhos de teclado"}


def post_to_webhook(live_server, secret: str, subject: str) -> int:
    """A signed email posted to the running server's webhook, as a provider would."""
    import json
    import time
    import urllib.request

    from triage.signing import sign

    body = json.dumps({"from": "Li Wei <li.wei@mill.example.cn>", "subject": subject,
                       "text": "Please confirm receipt of the shipping documents.",
                       "to": ["claims@cottontrade.example.com"]}).encode()
    ts = int(time.time())
    request = urllib.request.Request(
        f"{live_server.url}/webhooks/inbound/", data=body, method="POST",
        headers={"Content-Type": "application/json", "X-Triage-Timestamp": str(ts),
                 "X-Triage-Signature": sign(secret, ts, body)})
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (our server)
        assert response.status == 202
        return json.load(response)["id"]


def status_total(driver) -> int:
    return sum(int(c.text) for c in driver.find_elements(
        By.CSS_SELECTOR, "#status-counts [data-live^=status-]"))


def press_key(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def help_open(driver) -> bool:
    return driver.execute_script("return document.getElementById('triage-shortcuts').open")


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_a_new_email_reaches_the_open_dashboard_and_the_help_lists_the_shortcuts(
        browsers, live_server, staff, webhook_secret, language):
    """A signed email posted to the webhook shows in the open dashboard's counts within
    10 s, without a reload, with a notice that links to the page again; "?" opens the
    shortcuts' help in the reader's language, Esc closes it; at 1440 and 390 px."""
    make_escalation()
    driver = browsers(language)
    log_in(driver, live_server, "triager1")
    for width, height in SIZES:
        driver.set_window_size(width, height)
        driver.get(f"{live_server.url}/")
        before = status_total(driver)
        driver.execute_script("window.triageNotReloaded = true")
        post_to_webhook(live_server, webhook_secret, f"Shipping documents {language} {width}")
        # The acceptance: within 10 s, in the open page.
        WebDriverWait(driver, 10).until(lambda d, n=before + 1: status_total(d) == n)
        link = WebDriverWait(driver, 10).until(
            ec.visibility_of_element_located((By.ID, "triage-live-link")))
        assert link.text == NEW_EMAIL[language]
        assert driver.execute_script("return window.triageNotReloaded") is True
        shot(driver, f"live-dashboard-{language}-{width}")
        assert page_fits(driver) == [], (language, width)

        # "?" opens the help (a dialog, in the page's language); Esc closes it.
        press_key(driver, "?")
        WebDriverWait(driver, 10).until(help_open)
        dialog = driver.find_element(By.ID, "triage-shortcuts")
        assert dialog.get_attribute("aria-labelledby") == "triage-shortcuts-title"
        assert dialog.find_element(By.TAG_NAME, "h2").text == SHORTCUTS[language]
        assert len(dialog.find_elements(By.TAG_NAME, "kbd")) >= 8
        assert page_fits(driver) == [], (language, width)
        shot(driver, f"shortcuts-help-{language}-{width}")
        press_key(driver, "\ue00c")  # Esc
        WebDriverWait(driver, 10).until(lambda d: not help_open(d))

        # The notice reloads the page: the new email is counted, the notice gone.
        leaving = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.ID, "triage-live-link").click()
        WebDriverWait(driver, 10).until(ec.staleness_of(leaving))
        assert status_total(driver) == before + 1
        assert not driver.find_elements(By.ID, "triage-live-link")
    assert csp_violations(driver) == []


def test_the_shortcuts_take_move_and_focus_but_never_while_typing(browsers, live_server,
                                                                  staff):
    """On the escalation list j chooses the next row and Enter opens it; t takes it,
    n puts the cursor in the note box where ? and t are only letters; j opens the next
    escalation of the list, and a new escalation shows on the open list."""
    first, second = make_escalation(), make_escalation()
    driver = browsers()
    driver.set_window_size(1440, 900)
    log_in(driver, live_server, "desk1")
    driver.get(f"{live_server.url}/triage/escalation/")
    rows = [a.get_attribute("href") for a in driver.find_elements(
        By.CSS_SELECTOR, "#result_list tbody tr th a, #result_list tbody tr td a[href*=change]")]
    press_key(driver, "j")
    chosen = WebDriverWait(driver, 10).until(ec.presence_of_element_located(
        (By.CSS_SELECTOR, "#result_list tr.triage-current")))
    leaving = driver.find_element(By.TAG_NAME, "html")
    press_key(driver, "\ue007")  # Enter opens the chosen row
    WebDriverWait(driver, 10).until(ec.staleness_of(leaving))
    assert driver.current_url.split("?")[0] == rows[0].split("?")[0], chosen

    press_key(driver, "t")
    WebDriverWait(driver, 10).until(ec.presence_of_element_located((By.ID, "release-button")))
    assert driver.find_element(By.ID, "assignee").text in ("You have this item.",)
    press_key(driver, "n")
    WebDriverWait(driver, 10).until(
        lambda d: d.switch_to.active_element.get_attribute("id") == "note_body")
    press_key(driver, "t?j")
    assert driver.find_element(By.ID, "note_body").get_attribute("value") == "t?j"
    assert not help_open(driver)
    assert driver.current_url.split("?")[0] == rows[0].split("?")[0]

    driver.find_element(By.TAG_NAME, "h1").click()  # out of the box
    leaving = driver.find_element(By.TAG_NAME, "html")
    press_key(driver, "j")
    WebDriverWait(driver, 10).until(ec.staleness_of(leaving))
    assert driver.current_url.split("?")[0] == rows[1].split("?")[0]
    assert {first.pk, second.pk} == {int(u.split("/")[-3]) for u in rows[:2]}

    # The list hears of a new escalation without a reload.
    driver.get(f"{live_server.url}/triage/escalation/")
    make_escalation()
    link = WebDriverWait(driver, 10).until(
        ec.visibility_of_element_located((By.ID, "triage-live-link")))
    assert link.text == "1 new escalation since you looked: show it"
    assert csp_violations(driver) == []


# Every element a person can see lies within the screen, unless it is inside a box of
# its own that scrolls or clips (a wide table in its scroll box on the quality page).
OVERFLOW_JS = """
const width = document.documentElement.clientWidth, out = [];
const page = document.documentElement;
if (page.scrollWidth > page.clientWidth) out.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
for (const el of document.querySelectorAll('#container *, dialog[open] *')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || (r.right <= width + 1 && r.left >= -1)) continue;
  let box = el.parentElement, inside = false;
  while (box && box !== document.body) {
    if (getComputedStyle(box).overflowX !== 'visible') { inside = true; break; }
    box = box.parentElement;
  }
  if (!inside) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}`
                        + ` ${Math.round(r.left)}..${Math.round(r.right)}`);
}
return out.slice(0, 8);
"""


def page_fits(driver) -> list[str]:
    return driver.execute_script(OVERFLOW_JS)


def list_fits(driver) -> list[str]:
    """A list's box scrolls no more than the page: its rows fit the screen."""
    return driver.execute_script(
        "const box = document.querySelector('.results');"
        "return box && box.scrollWidth > box.clientWidth"
        " ? [`list ${box.scrollWidth} > ${box.clientWidth}`] : []")


def test_every_page_of_the_working_day_fits_1440_and_390_in_both_languages(
        browsers, live_server, working_day):
    """The pages the demo's users visit, at 1440x900 and 390x844, in English and
    Portuguese: at 1440 neither the page nor its list scrolls sideways; at 390 nothing
    is wider than the screen (a list's rows fit too)."""
    from django.urls import reverse

    from triage.models import Escalation, InboundEmail, Ticket

    escalation = Escalation.objects.order_by("pk").last()
    ticket = Ticket.objects.order_by("pk").first()
    review = InboundEmail.objects.filter(status="needs_review").first()
    pages = {
        "desk1": [("dashboard", reverse("admin:index")),
                  ("escalations", reverse("admin:triage_escalation_changelist")),
                  ("escalation", reverse("admin:triage_escalation_change",
                                         args=[escalation.pk]))],
        "claims1": [("tickets", reverse("admin:triage_ticket_changelist")),
                    ("ticket", reverse("admin:triage_ticket_change", args=[ticket.pk])),
                    ("replies", reverse("admin:triage_reply_changelist"))],
        "triager1": [("emails", reverse("admin:triage_inboundemail_changelist")),
                     ("email", reverse("admin:triage_inboundemail_change",
                                       args=[review.pk])),
                     ("notes", reverse("admin:triage_note_changelist")),
                     ("quality", reverse("admin:quality")),
                     ("audit", reverse("admin:triage_emailevent_changelist"))],
    }
    (SHOTS / "fit").mkdir(exist_ok=True)
    problems = {}
    for language in ("en", "pt-BR"):
        driver = browsers(language)
        for user, visits in pages.items():
            driver.delete_all_cookies()
            log_in(driver, live_server, user)
            for width, height in SIZES:
                driver.set_window_size(width, height)
                for name, url in visits:
                    driver.get(f"{live_server.url}{url}")
                    found = page_fits(driver) + list_fits(driver)
                    if found:
                        problems[f"{name} {language} {width}"] = found
                    shot(driver, f"fit/{name}-{language}-{width}")
        assert csp_violations(driver) == []
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
