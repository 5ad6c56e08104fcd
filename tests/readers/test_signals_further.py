"""Claims in Indonesian (and Malay), Japanese, Korean, Thai and Arabic, each paired with
the same words in mail that makes no claim: a settled or closed claim, a payment
received for one, a seminar or newsletter, a report that found nothing, an offer that
asks for contamination-free cotton, and a contract's arbitration clause beside a threat.
A reader that returns nothing fails every catch; one that returns everything fails
every pair's second half.
"""

from __future__ import annotations

import pytest

from triage.readers import signals

# (a claim being made, talk about claims in the same words)
MADE_OR_TALK = [
    # Indonesian and Malay.
    ("Dengan ini kami mengajukan klaim sebesar USD 86.400 atas kontaminasi polipropilena "
     "yang kami temukan pada 14 bal dari kontrak SC-2291.",
     "Klaim kami atas kontaminasi polipropilena pada kontrak SC-2291 telah diselesaikan "
     "dan dibayar penuh bulan lalu."),
    ("Hasil timbang ulang di gudang kami menunjukkan kekurangan berat 1,8 %. Kami menuntut "
     "ganti rugi sesuai kontrak.",
     "Hasil timbang ulang di gudang kami: tidak ditemukan kekurangan berat, semua lot "
     "sesuai kontrak."),
    ("Kami menemukan serat asing dan plastik pada 9 bal; kami menolak kapas tersebut.",
     "Mohon penawaran 500 ton kapas yang bebas kontaminasi plastik dan serat asing "
     "untuk pengiriman Maret."),
    ("Kami membuat tuntutan pampasan kerana kapas yang tercemar di dalam 6 bal.",
     "Seminar: cara mencegah kapas tercemar dan mengurangi tuntutan pampasan, "
     "pendaftaran dibuka."),
    # Japanese.
    ("当社の検査で12俵に異物混入が確認されました。つきましては損害賠償を請求いたします。",
     "当社の検査の結果、異物は検出されませんでした。全ロット契約どおりです。"),
    ("重量不足が2.1%ありましたので、クレームを申し立てます。",
     "前回の重量不足のクレームは解決済みです。お支払いを受領いたしました。"),
    ("ポリプロピレンの混入が発見されました。弊社のクレームとして処理をお願いします。",
     "異物混入防止セミナーのご案内：ポリプロピレン混入の予防とクレーム削減について。"),
    # Korean.
    ("당사 검사 결과 15개 베일에서 이물질이 발견되었으며, 배상을 청구합니다.",
     "검사 결과 이물질은 발견되지 않았습니다. 모든 로트가 계약 조건에 부합합니다."),
    ("중량 부족이 확인되어 클레임을 제기합니다.",
     "지난 시즌 중량 부족 클레임은 종결되었으며, 대금 입금을 확인했습니다."),
    ("오염된 면화가 검출되었습니다. 당사의 클레임 금액은 아래와 같습니다.",
     "오염 예방 세미나 안내: 이물질 방지와 클레임 감소를 위한 교육에 등록하세요."),
    # Thai.
    ("เราตรวจพบการปนเปื้อนพลาสติกใน 12 เบล และขอเรียกร้องค่าเสียหายตามสัญญา",
     "ผลการตรวจสอบไม่พบการปนเปื้อนในทุกเบล"),
    ("น้ำหนักขาด 1.5% ทางเราจึงขอเคลมตามสัญญา",
     "เคลมเรื่องน้ำหนักขาดของปีที่แล้วได้รับการแก้ไขแล้ว"),
    ("พบว่ามีสิ่งแปลกปลอมในฝ้าย เราจึงขอเรียกร้องค่าชดเชย",
     "ขอใบเสนอราคาฝ้ายที่ปราศจากสิ่งแปลกปลอม 300 ตัน"),
    # Arabic.
    ("وجدنا تلوثا بالبولي بروبيلين في 12 بالة، ونطالب بتعويض وفقا للعقد.",
     "لم يتم العثور على أي تلوث في الشحنة، وجميع البالات مطابقة للعقد."),
    ("تبين لنا وجود نقص في الوزن بنسبة 2%، ونتقدم بمطالبة رسمية.",
     "تمت تسوية المطالبة الخاصة بنقص الوزن في العام الماضي."),
    ("اكتشفنا مواد غريبة في القطن ونرفض استلام الشحنة.",
     "ندوة حول الوقاية من التلوث وتقليل المطالبات، التسجيل مفتوح الآن."),
]


@pytest.mark.parametrize(("made", "talk"), MADE_OR_TALK)
def test_a_claim_made_is_read_and_the_same_words_about_a_claim_are_not(made, talk):
    assert signals.claim_is_made(made)
    assert signals.has_claim_signal(made)
    assert not signals.claim_is_made(talk)


# (a threat over this dispute, the same legal words in a clause, a seminar or a negation)
THREAT_OR_CLAUSE = [
    ("Jika tidak diselesaikan dalam 7 hari, kami akan membawa masalah ini ke arbitrase ICA.",
     "Setiap sengketa yang timbul dari kontrak ini akan diselesaikan melalui arbitrase ICA."),
    ("Kami terpaksa membatalkan kontrak ini bila kapas tidak diganti.",
     "Pembatalan kontrak diatur dalam klausul 12 syarat dan ketentuan kami."),
    ("期限までにご回答がない場合は、仲裁を申し立てます。",
     "本契約に関する一切の紛争は、ICAの規則に従い仲裁により解決される。"),
    ("회신이 없을 경우 법적 조치를 취하겠습니다.",
     "본 계약에서 발생하는 모든 분쟁은 ICA 중재 조항에 따라 해결됩니다."),
    ("หากไม่ได้รับการชดเชย เราจะดำเนินคดีตามกฎหมาย",
     "ข้อพิพาทใดๆ ให้ระงับโดยอนุญาโตตุลาการตามกฎของ ICA"),
    ("في حال عدم الرد سنلجأ إلى التحكيم لدى الرابطة الدولية للقطن.",
     "أي نزاع ينشأ عن هذا العقد يخضع للتحكيم وفقاً لقواعد الرابطة الدولية للقطن."),
]


@pytest.mark.parametrize(("threat", "clause"), THREAT_OR_CLAUSE)
def test_a_threat_is_read_and_a_clause_is_not(threat, clause):
    assert signals.threat_signal(threat)
    assert not signals.threat_signal(clause)
    assert not signals.claim_is_made(clause)


# (a contamination finding, the same word negated)
FOUND_OR_NOT = [
    ("Ditemukan kontaminasi plastik pada 3 bal.", "Tidak ditemukan kontaminasi plastik."),
    ("Kontaminasi ditemukan di lot 7.", "Kontaminasi tidak ditemukan di lot 7."),
    ("異物混入が確認されました。", "異物混入なし。"),
    ("이물질이 검출되었습니다.", "이물질 없음."),
    ("ตรวจพบการปนเปื้อน", "ไม่พบการปนเปื้อน"),
    ("تم العثور على تلوث في العينات.", "العينات خالية من التلوث."),
]


# A shortfall weighed against the packing list and charged (Korean), a measurement under
# the contract's with its loss charged (Japanese); each beside the same words finding none.
WEIGHED_OR_NOT = [
    ("입고 계량 결과 패킹 리스트 대비 38,600kg이 부족하여, 부족분에 대한 금액 "
     "₩95,000,000을 청구하오니 확인 부탁드립니다.",
     "입고 계량 결과 패킹 리스트와 차이가 없었으며 부족분은 없습니다. 다음 선적 일정을 "
     "알려주십시오."),
    ("HVI測定の結果、平均繊維長が27.7mmと、契約条件（28.6mm以上）を下回っております。"
     "つきましては、品質差損として金6,800,000円をご請求申し上げます。",
     "HVI測定の結果、平均繊維長は契約条件を下回っておりませんでした。次回の船積み予定を"
     "お知らせください。"),
]


@pytest.mark.parametrize(("claim", "none"), WEIGHED_OR_NOT)
def test_a_measured_shortfall_charged_is_a_claim_made_and_none_found_is_not(claim, none):
    assert signals.claim_is_made(claim)
    assert not signals.claim_is_made(none) and not signals.claim_types(none)


def test_indonesian_juta_a_million_is_not_portuguese_juta_jute():
    assert "contamination" in signals.claim_types("Encontramos fios de juta em 12 fardos.")
    for million in ("Nilai klaim kami: Rp 650.000.000 (enam ratus lima puluh juta rupiah).",
                    "Nilai klaim kami Rp 1,5 juta untuk lot LS-90541.",
                    "Kekurangan berat 3.920 kg, nilai klaim 650 juta rupiah."):
        assert "contamination" not in signals.claim_types(million), million
    assert "weight_shortfall" in signals.claim_types(
        "Kekurangan berat 3.920 kg, nilai klaim 650 juta rupiah.")


@pytest.mark.parametrize(("found", "negated"), FOUND_OR_NOT)
def test_a_finding_is_a_claim_type_and_its_negation_is_not(found, negated):
    assert "contamination" in signals.claim_types(found)
    assert "contamination" not in signals.claim_types(negated)


@pytest.mark.parametrize(("team", "claim"), [
    ("Kepada tim klaim PT Serra, terlampir jadwal rapat bulanan.",
     "Kepada PT Serra, klaim kami atas lot 7 terlampir."),
    ("クレーム担当各位、来月の会議日程をお送りします。", "ロット7についてクレームを申し立てます。"),
    ("클레임팀 귀중, 다음 달 회의 일정을 보내드립니다.", "로트 7에 대해 클레임을 제기합니다."),
    ("เรียนฝ่ายเคลม ขอส่งตารางประชุมเดือนหน้า", "เราขอเคลมสำหรับล็อต 7"),
    ("إلى قسم المطالبات، مرفق جدول الاجتماعات.", "نتقدم بمطالبة عن الدفعة 7."),
])
def test_a_team_named_after_claims_is_not_a_claim(team, claim):
    assert not signals.has_claim_signal(team)
    assert signals.claim_is_made(claim)


def test_thai_court_is_not_a_word_inside_enormous():
    # "มหาศาล" (enormous) holds "ศาล" (a court).
    assert not signals.threat_signal("เราจะดำเนินการส่งมอบฝ้ายจำนวนมหาศาลในเดือนหน้า")


# (a request to pay to new bank details, the same words saying nothing changed)
BANK_OR_NOT = [
    ("Mohon transfer pembayaran ke rekening baru kami di Bank Mandiri.",
     "Tidak ada perubahan rekening; mohon transfer seperti biasa."),
    ("Sila buat bayaran ke akaun bank baharu kami mulai hari ini.",
     "Sila buat bayaran ke akaun bank kami seperti biasa."),
    ("弊社の振込先が変更になりましたので、新しい口座にお振込みください。",
     "弊社の振込先の変更はございません。従来どおりお振込みください。"),
    ("당사의 계좌가 변경되었으니 새 계좌로 송금해 주시기 바랍니다.",
     "당사의 계좌 변경은 없습니다. 기존 계좌로 송금해 주십시오."),
    ("กรุณาโอนเงินเข้าบัญชีใหม่ของเราตามรายละเอียดด้านล่าง",
     "ไม่มีการเปลี่ยนบัญชี กรุณาโอนเงินเข้าบัญชีเดิม"),
    ("يرجى تحويل المبلغ إلى حسابنا الجديد المذكور أدناه.",
     "لا يوجد تغيير في الحساب، يرجى التحويل كالمعتاد."),
]


@pytest.mark.parametrize(("change", "same"), BANK_OR_NOT)
def test_new_bank_details_are_read_and_no_change_is_not(change, same):
    assert signals.bank_change_signal(change)
    assert not signals.bank_change_signal(same)


@pytest.mark.parametrize("contaminated,graded", [
    # Vietnamese and Chinese: foreign matter is contamination; "tạp chất" / "杂质" as a
    # grade's leaf is not.
    ("Chúng tôi phát hiện tạp chất lạ (sợi PP) trong 14 kiện của lô 22.",
     "Cấp màu 41-4 chiếm 58% số kiện. Tạp chất (Leaf): cấp 5 trung bình."),
    ("Bông lô 22 lẫn tạp chất nhựa và dây bao, thiệt hại khoảng USD 30,000.",
     "Tạp chất: cấp 4, đạt yêu cầu hợp đồng."),
    ("在第22批货物的14包中发现异性杂质（丙纶丝）。", "颜色级31-3，杂质含量（叶屑）为5级。"),
    ("我们在第22批货物中发现外来杂质，包括麻绳和头发。", "杂质率为2.1%，符合合同。"),
])
def test_foreign_matter_is_contamination_and_trash_in_a_grade_is_not(contaminated, graded):
    from triage.readers.signals import claim_types
    from triage.routes import ClaimType

    assert ClaimType.CONTAMINATION in claim_types(contaminated)
    assert ClaimType.CONTAMINATION not in claim_types(graded)
