"""Response deadlines in Indonesian (and Malay), Japanese, Korean, Thai and Arabic, each
paired with the same date or duration in a sentence that sets us no deadline: the
sender's own promise, or a date that is only a contract's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from triage.readers.dates import find_deadlines

RECEIVED = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # a Tuesday

# (a deadline set for us, the date it falls on, the same words setting none)
DEADLINES = [
    ("Mohon tanggapan paling lambat 4 Desember 2026.", "2026-12-04",
     "Kontrak tanggal 4 Desember 2026 terlampir."),
    ("Mohon pembayaran dalam 2 hari kerja.", "2026-12-03",
     "Kami akan mengirim dokumen dalam 2 hari kerja."),
    ("Sila balas selewat-lewatnya esok.", "2026-12-02",
     "Kami akan menghantar dokumen esok."),
    ("12月4日までにご回答ください。", "2026-12-04", "12月4日までに発送いたします。"),
    ("3営業日以内にご回答をお願いいたします。", "2026-12-04", "3営業日以内に発送いたします。"),
    ("12월 4일까지 회신 바랍니다.", "2026-12-04", "12월 4일까지 발송하겠습니다."),
    ("48시간 이내에 답변해 주시기 바랍니다.", "2026-12-03", "48시간 이내에 선적하겠습니다."),
    ("กรุณาตอบกลับภายในวันที่ 4 ธันวาคม 2569", "2026-12-04", "เราจะจัดส่งภายในวันที่ 4 ธันวาคม 2569"),
    ("กรุณาชำระภายใน 3 วันทำการ", "2026-12-04", "เราจะจัดส่งภายใน 3 วันทำการ"),
    ("يرجى الرد في موعد أقصاه 4 ديسمبر 2026.", "2026-12-04", "تم توقيع العقد في 4 ديسمبر 2026."),
    ("يرجى الرد خلال 48 ساعة.", "2026-12-03", "سنقوم بالشحن خلال 48 ساعة."),
    ("يرجى الرد خلال يومين.", "2026-12-03", "سنقوم بالشحن خلال يومين."),
    # A weekday before the date, in Arabic-Indic digits; in Indonesian.
    ("نرجو التكرم بالرد الكتابي في موعد أقصاه يوم الجمعة ٤ ديسمبر ٢٠٢٦.", "2026-12-04",
     "تم توقيع العقد يوم الجمعة ٤ ديسمبر ٢٠٢٦."),
    ("Mohon konfirmasi paling lambat hari Jumat, 4 Desember 2026.", "2026-12-04",
     "Kami akan mengirim dokumen paling lambat hari Jumat, 4 Desember 2026."),
    # Malay: a time of day between the cue and the date; "we need" asks it of us.
    ("Kami memerlukan maklum balas sebelum jam 5.00 petang, 4 Disember 2026.", "2026-12-04",
     "Kami akan menghantar dokumen sebelum jam 5.00 petang, 4 Disember 2026."),
]


@pytest.mark.parametrize(("text", "when", "none"), DEADLINES)
def test_a_deadline_set_for_us_is_read_and_the_senders_own_is_not(text, when, none):
    assert [d.when.isoformat() for d in find_deadlines(text, RECEIVED)] == [when]
    assert find_deadlines(none, RECEIVED) == []


def test_a_date_without_a_year_that_has_passed_is_next_years():
    (deadline,) = find_deadlines("11月30日までにご回答ください。", RECEIVED)
    assert deadline.when.isoformat() == "2027-11-30"
