"""The words around an amount in Indonesian (and Malay), Japanese, Korean, Thai and
Arabic, by the kinds of ``vocabulary``: Indonesian is matched whole-word with the Latin
languages' cues; the other four, like Chinese, anywhere (``_CJK_CUES``), so each word
is long enough to stand alone. Kept here so ``vocabulary`` stays one module."""

from __future__ import annotations

import re
from decimal import Decimal

from triage.readers.money.figures import parse_number
from triage.readers.text import CLAIM_ELSEWHERE

# Indonesian and Malay, joined to ``vocabulary._CUES`` by kind.
LATIN_CUES = {
    "claim": (r"|klaim|ganti rugi|kompensasi|tuntutan|pampasan|kerugian|potongan harga"
              r"|nota debit|denda|perbezaan harga|perbedaan harga|selisih harga|bayaran balik"),
    "claim_weak": r"|kami (?:meminta|menuntut|mohon)",
    "cost": r"|biaya|ongkos|kos",
    "contract": r"|nilai kontrak|nilai barang|nilai kargo|surat kredit|nilai l/c",
    # An insurance premium is billed, never claimed ("Premium @ 0.085%: USD 12,410.00
    # (debit note to follow)").
    "invoice": (r"|nilai faktur|jumlah faktur|nilai invois|insurance premium|premium @"
                r"|premium (?:due|payable|rate)|pr[êe]mio do seguro|pr[êe]mio @|prima de seguro"
                r"|versicherungspr[äa]mie|prime d'assurance"),
    "price": r"|harga|penawaran|sebut harga",
    "paid": r"|(?:telah|sudah) (?:di)?bayar\w*|dibayarkan|uang muka|pembayaran di muka",
    "invoice_weak": r"|faktur|invois|tagihan|saldo|sisa tagihan|komisi",
    "freight_weak": r"|ongkos kirim|tambang",
}
# Japanese, Korean, Thai and Arabic, joined to ``vocabulary._CJK_CUES`` by kind.
SCRIPT_CUES = {
    "claim": ("|損害賠償|賠償|補償|クレーム|請求額|値引き|減額|損失|違約金|손해배상|배상|보상|"
              "클레임|청구액|청구하|청구드|손실|감액|공제|ค่าเสียหาย|ค่าชดเชย|เคลม|ส่วนลด|ค่าปรับ|"
              "ご請求|差損|"
              "تعويض|مطالبة|خسائر|خسارة|خصم|غرامة|"
              # Urdu: a claim, a demand, a loss, damages.
              "دعویٰ|مطالبہ|نقصان|ہرجانہ|معاوضہ"),
    "claim_weak": "|要求|請求|요구|요청|เรียกร้อง|نطالب|نطلب",
    "cost": "|費用|検査費|비용|검사비|ค่าใช้จ่าย|ค่าตรวจ|تكاليف|رسوم|مصاريف",
    "contract": ("|契約金額|契約額|信用状|계약 금액|계약금액|신용장|มูลค่าสัญญา|เลตเตอร์ออฟเครดิต|"
                 "قيمة العقد|الاعتماد المستندي|خطاب الاعتماد"),
    "invoice": "|請求書金額|インボイス金額|송장 금액|인보이스 금액|ยอดใบแจ้งหนี้|قيمة الفاتورة",
    "price": "|単価|価格|見積|단가|가격|견적|ราคา|ใบเสนอราคา|السعر|سعر|عرض",
    "paid": ("|支払済|支払い済|入金済|前払|지급 완료|지급했|선급|ชำระแล้ว|จ่ายแล้ว|มัดจำ|"
             "تم دفع|تم سداد|دفعة مقدمة"),
    "invoice_weak": "|請求書|インボイス|残高|송장|인보이스|잔액|ใบแจ้งหนี้|ยอดคงเหลือ|فاتورة|الرصيد",
    "freight_weak": "|運賃|운임|ค่าระวาง|الشحن",
}
# The words that state an amount as the claim itself (``vocabulary._STATEMENT_RE``).
STATEMENT = (r"|\bklaim|ganti\s+rugi|kompensasi|tuntutan|pampasan|損害賠償|賠償|クレーム|"
             r"손해배상|배상|클레임|ค่าเสียหาย|ค่าชดเชย|เคลม|تعويض|مطالب|نقصان|ہرجانہ|معاوضہ")
# An insurer's record of claims paid out ("Histórico de sinistros 2026: 2 avisos ...,
# total indenizado R$ 1,2 milhão"), in the languages of ``vocabulary`` too: not open.
LOSS_RECORD = (r"|\b(?:hist[óo]rico\s+de\s+sinistros|historial\s+de\s+siniestros|"
               r"total\s+(?:indenizado|indemnizado|indemnified|paid\s+out))\b"
               # A year's claims counted ("2026年度, 会员企业共报告...索赔186起, 涉及金额约").
               r"|年度|共报告|累计|[0-9]+起"
               # A credit or payment received ("Confirmamos o recebimento, em 07/05, do
               # crédito de R$ 158.000,00"), a claim dismissed ("claim of USD 480,000 dismissed",
               # "驳回") or a case closed ("结案").
               r"|\b(?:recebimento|recepci[óo]n|(?<!you\s)dismissed|julgad[oa]\s+improcedente|"
               r"desestimad[oa]|abgewiesen|d[ée]bout[ée]e?|[ai]n\s+vostro\s+favore|"
               r"lost\s+(?:its|their|his|her)\s+"
               r"(?:\S+\s+){0,3}?claims?)\b|驳回|结案|撤诉"
               # An accounting provision for claims ("Provisão para reclamações de clientes").
               r"|\b(?:provis[ãa]o|provis[õo]es|provisi[óo]n|provisiones|provisions?\s+for)\b"
               # A course's example: "Case study: a USD 1.2 million stickiness claim".
               r"|\b(?:case\s+stud(?:y|ies)|estudo\s+de\s+caso|estudio\s+de\s+caso|"
               r"fallstudie)\b"
               # What one claim can come to, as a pitch tells it: "una sola reclamación por
               # contaminación puede superar los 500.000 USD", "a single claim can exceed".
               r"|\b(?:(?:a\s+single|one|just\s+one)\s+(?:\w+\s+){0,3}?claim\s+(?:\S+\s+){0,4}?"
               r"(?:can|could|may|might)\s+(?:easily\s+)?(?:exceed|reach|top)|una\s+sola\s+"
               r"(?:\w+\s+){0,2}?reclamaci[óo]n\s+(?:\S+\s+){0,4}?pued\w+\s+(?:f[áa]cilmente\s+)?"
               r"(?:superar|exceder|alcanzar|sobrepasar)|uma\s+(?:[úu]nica|s[óo])\s+(?:\w+\s+){0,2}?"
               r"reclama[çc][ãa]o\s+(?:\S+\s+){0,4}?pode\s+(?:facilmente\s+)?(?:superar|"
               r"ultrapassar|passar\s+de|chegar\s+a))\b")
# Not an open claim in a figure's sentence: settled, paid, received, withdrawn, not
# claimed, a condition (``vocabulary._NOT_OPEN_RE``), and that record.
NOT_OPEN = (r"|\b(?:(?:telah|sudah)\s+(?:\w+\s+)?(?:diselesaikan|dibayar|dilunasi|diterima|"
            r"ditutup|ditarik)|jika|apabila|seandainya|rata-rata|tidak\s+(?:mengajukan|menuntut))\b"
            r"|解決済|支払済|支払い済|受領|入金を確認|取り下げ|もし|場合は|平均|"
            r"해결되었|종결|지급되었|입금|수령|철회|만약|경우|평균|"
            r"ได้รับการแก้ไขแล้ว|(?<!ไม่)(?:ชำระแล้ว|ได้รับเงิน|ได้รับใบลดหนี้|ได้รับการชำระ|ชำระครบ)|"
            r"ปิดเคลม|"
            r"ถอน|หาก|ถ้า|เฉลี่ย|"
            r"تمت تسوية|تم سداد|تم دفع|استلمنا|استلام|تم سحب|إذا|في حال|متوسط")
# A condition in a figure's sentence (``vocabulary._CONDITION_RE``).
CONDITION = r"|\b(?:jika|apabila|seandainya)\b|もし|場合は|만약|경우|หาก|ถ้า|إذا|في حال"

# Money is read on the text as written: Thai's SARA AM ("ำ") either composed or as NFKC
# splits it.
def _either_am(pattern: str) -> str:
    return pattern.replace("\u0e33", "(?:\u0e33|\u0e4d\u0e32)")


LATIN_CUES = {k: _either_am(v) for k, v in LATIN_CUES.items()}
SCRIPT_CUES = {k: _either_am(v) for k, v in SCRIPT_CUES.items()}
STATEMENT, NOT_OPEN, CONDITION = (_either_am(v) for v in (STATEMENT, NOT_OPEN, CONDITION))
NOT_OPEN = LOSS_RECORD + "|" + CLAIM_ELSEWHERE + NOT_OPEN


# --- A figure that is the base of the claim, not the claim ------------------------------

# A share written "8 %", "%8" (Turkish) or "3,5 por cento".
SHARE = re.compile(r"%[ \u00a0]?(?P<a>\d{1,2}(?:[.,]\d{1,2})?)(?!\d)"
                   r"|(?<![\d.,])(?P<b>\d{1,2}(?:[.,]\d{1,2})?)[ \u00a0]?(?:%|per ?cent|por ?cento"
                   r"|por ciento|pour ?cent|prozent)", re.IGNORECASE)
_SHARE_REACH = 400


def share_of(text: str, start: int, end: int, base: Decimal, part: Decimal) -> bool:
    """Whether ``part`` is a share written near the figure ``base`` (at ``text[start:end]``)
    of it: "3.5 % of the invoice value EUR 412.680,00" against a claim of EUR 14,443.80.
    The figure is then what the claim was worked out from, not a second claim."""
    if base <= 0 or part <= 0:
        return False
    for m in SHARE.finditer(text, max(0, start - _SHARE_REACH), end + _SHARE_REACH):
        share = parse_number(m.group("a") or m.group("b"))
        if share is not None and abs(base * share / 100 - part) <= part * Decimal("0.005"):
            return True
    return False


# A claim dismissed by the tribunal or the court, read to its sentence's end ("The
# Claimants' claim for USD 214,600.00 for alleged quality deficiency is dismissed in its
# entirety"): closed, however far the word stands from the figure. The claim and its sum
# are named before the verb, and the verb is not negated ("our claim, which has not been
# dismissed", "que não foi julgada improcedente"); a defence dismissed closes nothing.
CLOSED = (r"|\b(?:claims?\s+(?:of|for|amounting\s+to|in\s+the\s+amount\s+of)|reclama[çc][ãa]o\s+"
          r"(?:de|no\s+valor\s+de)|reclamos?\s+(?:de|por)|reclamaci[óo]n\s+(?:de|por)|"
          r"forderung\s+(?:von|über))\s+(?:usd|us\$|\$|eur|€|r\$|brl|gbp|£)\s?\d"
          # ...up to its verb, in the same clause ("..., as your defence has been dismissed"
          # is another's).
          r"(?:(?!\b(?:as|since|because|while|but|and|your|their|que|porque|pois|weil)\b)"
          r"[^.;!?\n]|[.,]\d){0,80}?"
          r"(?:\b(?:is|are|was|were|has\s+been|have\s+been|had\s+been)\s+(?:hereby\s+)?dismissed"
          r"|(?<!n[ãa]o\s)\b(?:foi|foram)\s+julgad[oa]s?\s+improcedentes?"
          r"|(?<!no\s)\b(?:fue|fueron)\s+desestimad[oa]s?|\bwurde\s+abgewiesen)\b")
