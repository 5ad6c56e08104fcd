"""Which language a mail is in: one the rules read, or one they do not (issue 25 finding
3: a claim in a language the readers do not know never goes to an automatic forward)."""

from __future__ import annotations

import pytest

from tests.factories import decide_text
from triage.readers.language import language_of, unread_language
from triage.routes import Code

# The same claim in languages the rules do not read, each paired with the same kind of
# mail in one they do (Indonesian, Malay, Japanese, Korean, Thai and Arabic among them).
UNREAD = [
    ("ru", "Уважаемые господа, в 14 кипах партии 22 обнаружены полипропиленовые нити. "
           "Мы требуем компенсацию в размере USD 180 000. Просим ответить до завтра."),
    ("pl", "Szanowni Państwo, w 14 belach partii 22 znaleźliśmy włókna polipropylenowe. "
           "Żądamy odszkodowania w wysokości USD 180 000. Prosimy o odpowiedź do jutra."),
    ("el", "Αξιότιμοι κύριοι, σε 14 μπάλες της παρτίδας 22 βρήκαμε νήματα πολυπροπυλενίου. "
           "Ζητούμε αποζημίωση ύψους USD 180.000. Παρακαλούμε απαντήστε έως αύριο."),
    ("fa", "با سلام، در ۱۴ عدل از محموله ۲۲ نخ پلی‌پروپیلن پیدا کردیم. ما خواستار پرداخت "
           "غرامت به مبلغ USD 180,000 هستیم. لطفاً تا فردا پاسخ دهید."),
]
READ = [
    "Dear Sirs, in 14 bales of lot 22 we found polypropylene strings. We claim USD 180,000 "
    "as compensation. Please reply by tomorrow.",
    "Prezados, encontramos fios de polipropileno em 14 fardos do lote 22. Reclamamos "
    "USD 180.000 de indenização. Favor responder até amanhã.",
    "Estimados, encontramos hilos de polipropileno en 14 fardos del lote 22. Reclamamos "
    "USD 180.000 de indemnización. Favor responder hasta mañana.",
    "Sehr geehrte Damen und Herren, in 14 Ballen der Partie 22 fanden wir Polypropylenfäden. "
    "Wir fordern Schadenersatz in Höhe von USD 180.000. Bitte antworten Sie bis morgen.",
    "Madame, Monsieur, nous avons trouvé des fils de polypropylène dans 14 balles du lot 22. "
    "Nous réclamons USD 180 000 de dommages. Merci de répondre avant demain.",
    "Gentili Signori, abbiamo trovato fili di polipropilene in 14 balle del lotto 22. "
    "Chiediamo un risarcimento di USD 180.000. Vi preghiamo di rispondere entro domani.",
    "Sayın İlgili, 22 numaralı partinin 14 balyasında polipropilen ipler tespit ettik. "
    "USD 180.000 tazminat talep ediyoruz. Lütfen yarına kadar cevap veriniz.",
    "Kính gửi Quý công ty, chúng tôi phát hiện sợi polypropylene trong 14 kiện của lô 22. "
    "Chúng tôi yêu cầu bồi thường 180.000 USD. Vui lòng trả lời trước ngày mai.",
    "贵司：我方在第22批货物的14包中发现丙纶丝。我方就此向贵方索赔USD 180,000。请于明天前答复。",
    "ご担当者様、ロット22の14ベールにポリプロピレン糸が見つかりました。"
    "弊社は180,000米ドルの損害賠償を請求します。明日までにご回答ください。",
    "Dengan hormat, kami menemukan serat polipropilena pada 14 bal lot 22. Kami "
    "mengajukan klaim ganti rugi sebesar USD 180.000. Mohon tanggapan paling lambat besok.",
    "담당자님께, 로트 22의 14개 베일에서 폴리프로필렌 실이 발견되었습니다. "
    "USD 180,000의 손해배상을 청구합니다. 내일까지 회신 바랍니다.",
    "Dengan hormat, kami mendapati gentian polipropilena dalam 14 bal lot 22. Kami membuat "
    "tuntutan pampasan sebanyak USD 180,000. Sila balas selewat-lewatnya esok.",
    "เรียนท่าน เราตรวจพบเส้นด้ายโพลีโพรพิลีนใน 14 เบลของล็อต 22 เราขอเรียกร้องค่าเสียหาย "
    "USD 180,000 กรุณาตอบกลับภายในวันพรุ่งนี้",
    "السادة المحترمون، وجدنا خيوط البولي بروبيلين في 14 بالة من الدفعة 22. نطالب بتعويض قدره "
    "USD 180,000. يرجى الرد في موعد أقصاه الغد.",
]


@pytest.mark.parametrize("code,text", UNREAD, ids=[c for c, _ in UNREAD])
def test_a_language_the_rules_do_not_read_is_named(code, text):
    assert unread_language("Lot 22", text) == code


@pytest.mark.parametrize("text", READ, ids=lambda t: t[:12])
def test_a_language_the_rules_read_is_not_flagged_and_the_reply_language_stays(text):
    assert unread_language("Lot 22", text) is None
    # The reply language (English, Portuguese, Spanish) is read as before.
    assert language_of("Dear Sirs, please find attached the invoice for the freight.") == "en"


def test_too_little_text_or_a_mixed_mail_mostly_ours_is_not_flagged():
    assert unread_language("Лот 22", "Спасибо!") is None
    assert unread_language("", "") is None
    # A reply in English above a short quoted line in Russian: the mail is English.
    assert unread_language("RE: lot 22", READ[0] + "\n\n> Спасибо, получили.") is None


def test_the_reading_is_bounded_by_the_first_characters():
    # The reader looks at the first few thousand characters only: an English mail
    # with a long foreign attachment further down is still English.
    text = READ[0] * 40 + UNREAD[0][1] * 500
    assert unread_language("Lot 22", text) is None


# --- through the chains: a model that calls it routine cannot send it to a forward ------

@pytest.mark.django_db  # the decision reads the correspondents
@pytest.mark.parametrize("code,text", UNREAD, ids=[c for c, _ in UNREAD])
def test_a_claim_in_an_unread_language_goes_to_a_person_when_the_model_calls_it_routine(
        called_routine, code, text):
    decision = decide_text(text)
    assert decision.route == "needs_review"
    [signal] = [s for s in decision.review_signals if s["code"] == Code.LANGUAGE_UNREAD]
    assert signal["language"] == code and signal["claim_words"] is True
    assert signal["quote"] in text  # the claim word, as the sender wrote it


@pytest.mark.django_db  # the decision reads the correspondents
def test_routine_mail_in_our_languages_is_still_forwarded(called_routine):
    decision = decide_text("Dear Sirs, please find attached the freight invoice for "
                           "contract CT-2026-0142, payable to the usual account within 30 "
                           "days.")
    assert decision.route == "forwarded"
    assert not any(s["code"] == Code.LANGUAGE_UNREAD for s in decision.review_signals)


@pytest.mark.django_db  # the decision reads the correspondents
def test_a_model_that_reads_the_claim_keeps_its_route(gemini):
    from lab.scripted_gemini import Reply

    gemini.script.chains["classification"] = Reply(obj={
        "is_claim": True, "department": "other", "confidence": 0.9, "reason": "a claim"})
    gemini.script.chains["escalation"] = Reply(obj={
        "requires_escalation": True, "triggers": ["high_exposure"], "reasoning": "large"})
    gemini.script.chains["extraction"] = Reply(obj={
        "exposure_amount": 180000, "exposure_currency": "USD", "claim_types": ["contamination"],
        "checklist": [], "quotes": [{"field": "exposure_amount", "quote": "USD 180 000"}]})
    decision = decide_text(UNREAD[0][1])
    assert decision.route == "escalated"
    assert not any(s["code"] == Code.LANGUAGE_UNREAD for s in decision.review_signals)
