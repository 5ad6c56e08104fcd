"""Indonesian, Malay, Japanese, Korean, Thai and Arabic are languages the rules read: with
a right (scripted) model, routine mail in them that only talks about claims is forwarded;
with a persuaded model, a claim made in them still reaches a person."""

from __future__ import annotations

import pytest

from tests.factories import decide_text
from triage.routes import Code

# (language, routine mail with claim words, a claim in the same language)
MAIL = [
    ("id",
     "Dengan hormat, kami mengundang Bapak untuk mengikuti tender pengadaan 2.000 ton kapas. "
     "Syarat: kapas bebas kontaminasi plastik; klaim kualitas diselesaikan melalui arbitrase "
     "ICA sesuai klausul kontrak. Penawaran paling lambat 15 Desember.",
     "Dengan hormat, kami menemukan kontaminasi polipropilena pada 14 bal dari kontrak "
     "SC-2291. Dengan ini kami mengajukan klaim sebesar USD 86.400 dan meminta tanggapan "
     "Bapak."),
    ("ms",
     "Tuan, kami mengesahkan baki akaun anda setakat 30 November. Tuntutan pampasan kontrak "
     "MY-114 telah diselesaikan dan dibayar sepenuhnya bulan lalu. Terima kasih.",
     "Tuan, kami mendapati kapas yang tercemar dalam 6 bal kontrak MY-118. Kami membuat "
     "tuntutan pampasan sebanyak USD 9,800 dan mohon maklum balas segera."),
    ("ja",
     "ご担当者様、先月のクレームにつきましては解決済みです。本日、和解金のお支払いを受領いたしました。"
     "今後ともよろしくお願いいたします。",
     "ご担当者様、ロット22の検査で12俵に異物混入が確認されました。つきましては損害賠償を"
     "請求いたします。ご回答をお願いいたします。"),
    ("ko",
     "담당자님께, 지난 시즌 중량 부족 클레임은 종결되었으며 합의금 입금을 확인했습니다. "
     "협조해 주셔서 감사합니다.",
     "담당자님께, 로트 22의 15개 베일에서 이물질이 발견되었습니다. 당사는 손해배상을 "
     "청구합니다. 회신 부탁드립니다."),
    ("th",
     "เรียนท่าน กรุณาส่งเอกสารใบรับรองแหล่งกำเนิดสินค้าและใบรับรองคุณภาพสำหรับสัญญาเลขที่ "
     "TH-552 ผลการตรวจสอบไม่พบการปนเปื้อนในทุกเบล ขอบคุณครับ",
     "เรียนท่าน เราตรวจพบการปนเปื้อนพลาสติกใน 12 เบลของสัญญาเลขที่ TH-552 "
     "เราขอเรียกร้องค่าเสียหายตามสัญญา กรุณาตอบกลับ"),
    ("ar",
     "السادة المحترمون، نود إعلامكم بأنه تم فتح الاعتماد المستندي للعقد رقم EG-771. "
     "يخضع أي نزاع للتحكيم وفقاً لقواعد الرابطة الدولية للقطن. مع خالص التحية.",
     "السادة المحترمون، وجدنا تلوثا بالبولي بروبيلين في 12 بالة من العقد رقم EG-771، "
     "ونطالب بتعويض وفقا للعقد. نرجو الرد."),
]


@pytest.mark.django_db  # the decision reads the correspondents
@pytest.mark.parametrize(("code", "mail", "claim"), MAIL, ids=[c for c, _, _ in MAIL])
def test_routine_mail_is_forwarded_and_a_claim_called_routine_reaches_a_person(
        called_routine, code, mail, claim):
    decision = decide_text(mail)
    assert decision.route == "forwarded", decision.review_signals
    assert not decision.review_signals

    decision = decide_text(claim)
    assert decision.route in ("needs_review", "escalated")
    codes = {s["code"] for s in decision.review_signals}
    assert Code.CLAIM_CALLED_ROUTINE in codes or decision.route == "escalated"
    assert Code.LANGUAGE_UNREAD not in codes
