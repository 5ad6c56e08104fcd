"""Money in Indonesian (and Malay), Japanese, Korean, Thai and Arabic: their currencies
and number formats, and a figure stated as the claim told from the same figure settled,
paid or only an invoice, a contract value or a price."""

from __future__ import annotations

from decimal import Decimal

import pytest

from triage.readers import money


def read(text: str) -> list[tuple[Decimal, str | None]]:
    return [(m.amount, m.currency) for m in money.find_amounts(text)]


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("Rp 1.250.000.000", "1250000000", "IDR"),
    ("Rp1.250.000", "1250000", "IDR"),
    ("1.250.000.000 rupiah", "1250000000", "IDR"),
    ("Rp 2,5 miliar", "2500000000", "IDR"),
    ("RM 250,000.00", "250000.00", "MYR"),
    ("1,250万円", "12500000", "JPY"),
    ("3億円", "300000000", "JPY"),
    ("1億2,500万円", "125000000", "JPY"),
    ("JPY 12,500,000", "12500000", "JPY"),
    ("85,000米ドル", "85000", "USD"),
    ("1억 2천만 원", "120000000", "KRW"),
    ("3억 5천만원", "350000000", "KRW"),
    ("₩120,000,000", "120000000", "KRW"),
    ("3,500만 원", "35000000", "KRW"),
    ("5,000,000 บาท", "5000000", "THB"),
    ("฿1,500,000", "1500000", "THB"),
    ("250,000 ريال سعودي", "250000", "SAR"),
    ("١٢٥٬٠٠٠ درهم", "125000", "AED"),
    ("2.500.000 جنيه مصري", "2500000", "EGP"),
    ("AED 185,000", "185000", "AED"),
    ("2.1 ล้านบาท", "2100000", "THB"),
    ("2,5 مليون ريال", "2500000", "SAR"),
    ("240 ألف ريال سعودي", "240000", "SAR"),
])
def test_it_reads_the_amount_in_these_languages(text, amount, currency):
    assert read(text) == [(Decimal(amount), currency)]


@pytest.mark.parametrize("text", [
    "Rapat 3 Desember, ruang 12.",  # no currency
    "ロット22の14ベール",  # bales, not money
    "로트 22의 14개 베일",
    "ล็อต 22 จำนวน 14 เบล",
    "الدفعة 22 من 14 بالة",
])
def test_a_count_in_these_languages_is_not_money(text):
    assert read(text) == []


# (a figure stated as the claim, the same figure settled, paid or received)
STATED_OR_NOT = [
    ("Dengan ini kami mengajukan klaim ganti rugi sebesar Rp 1.250.000.000 atas kontaminasi.",
     "Klaim sebesar Rp 1.250.000.000 telah diselesaikan dan dibayar."),
    ("Kami membuat tuntutan pampasan sebanyak RM 250,000.00 bagi 6 bal.",
     "Tuntutan pampasan RM 250,000.00 telah dibayar sepenuhnya."),
    ("損害賠償として1,250万円を請求いたします。", "損害賠償1,250万円は支払済みです。"),
    ("손해배상금 1억 2천만 원을 청구합니다.", "지난 클레임 1억 2천만 원은 지급되었습니다."),
    ("เราขอเรียกร้องค่าเสียหาย 5,000,000 บาท", "ค่าเสียหาย 5,000,000 บาท ชำระแล้ว"),
    ("نطالب بتعويض قدره 250,000 ريال سعودي.", "تمت تسوية التعويض البالغ 250,000 ريال."),
]


@pytest.mark.parametrize(("stated", "not_open"), STATED_OR_NOT)
def test_a_figure_stated_as_the_claim_is_told_from_a_closed_one(stated, not_open):
    (claimed,) = money.claimed_totals(stated)
    assert claimed.stated and claimed.open, stated
    assert not any(c.stated or c.open for c in money.claimed_totals(not_open)), not_open


@pytest.mark.parametrize("text", [
    "Nilai kontrak Rp 1.250.000.000 untuk 500 ton.",
    "Faktur 123: sisa tagihan Rp 1.250.000.000.",
    "契約金額は3億円です。",
    "계약 금액 1억 2천만 원",
    "ราคา 5,000,000 บาท",
    "قيمة العقد 250,000 ريال.",
    "قيمة الاعتماد المستندي 2.500.000 جنيه مصري.",
])
def test_an_invoice_a_contract_value_or_a_price_is_not_claimed(text):
    assert money.claimed_totals(text) == []
