"""The claim vocabulary of Indonesian (and Malay), Japanese, Korean, Thai and Arabic, by
the kind of word the other modules read (``vocabulary``, ``acts``, ``cues``,
``threats``, ``negation``), kept here so each of those stays one module.

Japanese, Korean, Thai and Arabic alternatives are matched anywhere, as Chinese is
(``matching._whole``): Japanese and Thai write no spaces, Korean glues its particles to
the word ("클레임을"), Arabic its article and prepositions ("بالتلوث", "والتعويض"). So
every word here is long enough to stand alone, and a word inside a longer one that
means something else is kept out by a look-behind ("มหาศาล" is not "ศาล", a court).
Indonesian and Malay are spaced and read whole-word, like the Latin languages.
"""

from __future__ import annotations

import unicodedata

# --- Goods and claim types --------------------------------------------------------------

GOODS = (r"kapas|bal|bale|barang|pengiriman|muatan|kiriman|lot|綿花|貨物|商品|면화|화물|"
         r"베일|ฝ้าย|สินค้า|เบล|القطن|البضاعة|البضائع|الشحنة|البالات")

# The Indonesian noun phrase puts what contaminates after the word: read as one, so a
# negation of the phrase covers both ("tidak ditemukan kontaminasi plastik"). Listed
# before the other languages' words (an alternation takes its first branch that fits).
CONTAMINATION_PHRASES = [
    r"kontaminasi\s+(?:oleh\s+)?(?:plastik|polipropilena|serat\s+asing|benda\s+asing|goni)",
]
CONTAMINATION = [
    r"kontaminasi", r"terkontaminasi", r"tercemar", r"pencemaran", r"benda\s+asing",
    r"serat\s+asing", r"bahan\s+asing", r"polipropilena", r"plastik", r"goni",
    "異物混入", "異物", "汚染", "異繊維", "ポリプロピレン", "プラスチック片", "ポリエチレン",
    "プラスチックシート", "の混入",
    "이물질", "오염", "폴리프로필렌", "플라스틱 조각", "혼입",
    "ปนเปื้อน", "สิ่งแปลกปลอม", "เส้นใยแปลกปลอม", "เศษพลาสติก", "โพลีโพรพิลีน",
    "التلوث", "تلوث", "ملوثة", "ملوث", "مواد غريبة", "ألياف غريبة", "أجسام غريبة",
    "البولي بروبيلين", "بولي بروبيلين", "قطع بلاستيك",
]
QUALITY = [
    r"lengket", r"(?:kualitas|mutu)\s+(?:di\s+bawah|tidak\s+sesuai|rendah)",
    r"klaim\s+(?:kualitas|mutu)", "品質不良", "品質クレーム", "格落ち", "粘着", "品質差損",
    # a measurement under the contract's: "契約条件（28.6mm以上）を下回っております"
    "を下回って", "を下回る", "미달하", "기준 미달",
    "품질 불량", "품질불량", "등급 미달", "끈적", "คุณภาพต่ำกว่า", "คุณภาพไม่ตรง",
    "ไม่ได้มาตรฐาน", "ฝ้ายเหนียว", "رداءة الجودة", "جودة أقل", "مخالفة للمواصفات",
    "لزوجة", "دبق",
]
WEIGHT = [
    r"(?:kekurangan|susut|selisih|kurang)\s+(?:berat|bobot|timbangan)", r"berat\s+kurang",
    "重量不足", "目減り", "重量差異", "不足重量", "중량 부족", "중량부족", "중량 미달",
    # a weighed shortfall against the packing list: "38,600kg이 부족", "부족분"
    "kg이 부족", "kg 부족", "부족분",
    "중량 차이", "น้ำหนักขาด", "น้ำหนักไม่ครบ", "น้ำหนักหาย", "น้ำหนักต่ำกว่า",
    "نقص في الوزن", "نقص الوزن", "نقص وزن", "عجز في الوزن", "فرق في الوزن", "فرق الوزن",
]
MOISTURE = [
    r"bal\s+basah", r"berjamur", r"rusak\s+(?:karena|akibat)\s+air", "カビ", "水濡れ",
    "湿損", "곰팡이", "침수", "젖은 베일", "ขึ้นรา", "เชื้อรา", "เปียกน้ำ", "عفن",
    "بالات مبللة", "تلف بالمياه",
]
LATE = [
    r"(?:keterlambatan|terlambatnya)\s+(?:pengiriman|penyerahan)",
    r"pengiriman\s+(?:terlambat|tertunda)", "納期遅延", "出荷遅延", "船積遅延",
    "선적 지연", "납기 지연", "인도 지연", "ส่งมอบล่าช้า", "จัดส่งล่าช้า",
    "تأخير الشحن", "تأخر الشحن", "تأخر التسليم", "تأخير التسليم",
]

# --- Claim words: claims, damages, complaints; a rejection; liability -------------------

# Not a department named after claims ("tim klaim", "クレーム担当", "클레임팀", "ฝ่ายเคลม",
# "قسم المطالبات"), as English "claims department" is not.
CLAIM_WORDS = [
    r"(?<!bagian\s)(?<!tim\s)(?<!departemen\s)(?<!divisi\s)(?<!unit\s)klaim",
    r"ganti\s+rugi", r"kompensasi", r"keluhan", r"komplain", r"pengaduan",
    r"sengketa", r"tuntutan", r"pampasan", r"aduan",
    rf"kami\s+(?:dengan\s+ini\s+)?(?:menolak|mengembalikan)\s+(?:\S+\s+){{0,2}}?(?:{GOODS})",
    rf"kami\s+tidak\s+(?:dapat|bisa|akan)\s+menerima\s+(?:\S+\s+){{0,2}}?(?:{GOODS})",
    r"(?:meminta|menuntut)\s+pertanggungjawaban",
    "クレーム(?!(?:担当|部|窓口|課|チーム))", "損害賠償", "賠償", "補償", "苦情", "受領を拒否",
    "損害額", "損害金",
    "受け取りを拒否",
    "引き取りを拒否", "責任を追及",
    "클레임(?! ?(?:팀|부서|담당))", "손해배상", "배상", "보상", "이의를 제기", "이의 제기",
    "인수를 거부",
    "수령을 거부", "인수 거부",
    "(?<!ฝ่าย)เคลม", "ค่าเสียหาย", "ค่าชดเชย", "ชดเชย", "ร้องเรียน", "ปฏิเสธการรับ",
    "ไม่รับสินค้า",
    "مطالبة", "(?<!قسم ال)مطالبات", "مطالبتنا", "تعويض", "شكوى", "نرفض استلام", "رفض استلام",
    "لن نقبل", "نحملكم المسؤولية", "نحمّلكم المسؤولية",
]

# --- What a sentence does -------------------------------------------------------------

# Someone found the problem in the goods ("ไม่พบ", "لم نجد" are negations, not findings).
FINDING = [
    r"kami\s+(?:telah\s+)?(?:menemukan|temukan|mendapati|mendeteksi|menjumpai)",
    r"(?:pada|dalam|di)\s+\d+\s+(?:bal|bale|kontainer)",
    r"\d+\s+bal\s+(?:yang\s+)?(?:terkontaminasi|tercemar|basah|rusak|ditolak)",
    r"(?:bal|kapas|barang)\s+(?:yang\s+)?(?:terkontaminasi|tercemar|ditolak)\s+"
    r"(?:tersebut|ini|itu)",
    "検出されました", "発見されました", "認められました", "見つかりました", "判明しました",
    "混入していました", "混入しておりました", "確認されました", "確認いたしました",
    "発見しました", "検出しました",
    "발견되었", "발견했", "발견하였", "발견됐", "검출되었", "검출됐", "확인되었",
    "확인했", "확인하였",
    "เราพบ", "ตรวจพบ(?!ว่าไม่)", "พบว่า",
    "وجدنا", "اكتشفنا", "لاحظنا", "(?<!لم )تم العثور", "تبين لنا", "تبيّن لنا",
    "في [0-9]+ بالة",
    # The defect found in the goods a debit note names, said without who found it:
    # "contamination ... found in the above lot" (not "any contamination found in the bales").
    r"found\s+in\s+(?:the\s+)?(?:above|said|subject|captioned|above-?mentioned)\s+(?:lots?|"
    r"bales|cotton|shipment|consignment|containers?)\b",
    # ...in Portuguese and Spanish, a defect's participle naming the lot: "contaminação por
    # polipropileno encontrada no lote MT27-0611" (not "a divergência ... verificada no
    # embarque 3 ... dentro da tolerância", nor "encontrada nos fardos" of a pitch).
    r"(?:contamina[çc][ãa]o|contaminaci[óo]n|polipropileno|juta|yute|umidade|humedad|pl[áa]stico)"
    r"\s+(?:\S+\s+){0,6}?(?:encontrad|detectad|constatad|identificad|hallad)[oa]s?\s+(?:no|na|"
    r"en\s+el)\s+(?:lote|embarque|cont[êe]iner|contenedor)\s+(?=\S*\d)(?!\S+\s+de\s+(?:um|uma|"
    r"outro|outra|otro|otra|un|una)\s)",
]
# A count of bales found with the problem: "12俵", "12개 베일", "12 เบล", "12 بالة".
FINDING_COUNTS = r"|[0-9]+\s?(?:俵|ベール|梱|개\s?베일|베일|เบล|بالة)"
CLAIM_ASSERTION = [
    r"kami\s+(?:dengan\s+ini\s+|secara\s+resmi\s+)?(?:mengajukan|menuntut|mengklaim|"
    r"menagih|membuat\s+tuntutan)", r"klaim\s+kami", r"tuntutan\s+kami",
    r"klaim\s+sebesar", r"kerugian\s+kami",
    r"(?:kami\s+)?(?:sampaikan|menyampaikan|ajukan)\s+(?:\S+\s+){0,2}?klaim",
    r"kami\s+(?:meminta|menuntut)\s+(?:\S+\s+)?(?:ganti\s+rugi|"
    r"kompensasi|potongan\s+harga|pengembalian\s+dana|nota\s+kredit)",
    "請求します", "請求いたします", "請求致します", "を請求", "をご請求", "ご請求申し上げ",
    "クレームを申し立て",
    "クレームを提起", "申し立てます", "弊社のクレーム", "賠償を求め", "補償を求め",
    "値引きを要求",
    "클레임을 제기", "청구합니다", "청구하", "배상을 청구", "배상을 요구", "보상을 요구",
    "당사의 클레임", "제기합니다",
    "ขอเรียกร้อง", "(?<!ไม่มีการ)(?<!ไม่)เรียกร้องค่าเสียหาย", "ขอเคลม", "ยื่นเคลม", "ยื่นข้อเรียกร้อง",
    "เรียกร้องให้", "ขอชดเชย",
    "نطالب", "نتقدم بمطالبة", "نقدم مطالبة", "مطالبتنا",
    # Vietnamese: costs to be reimbursed to us ("Đề nghị Quý công ty xem xét và bồi hoàn
    # khoản chi phí trên cho chúng tôi"); Portuguese (Portugal): "Vimos por este meio
    # apresentar reclamação".
    r"(?:đề\s+nghị|yêu\s+cầu)\s+(?:\S+\s+){0,6}?b[ồo]i\s+ho[àa]n",
    r"(?:vimos|venho|vimos\s+por\s+este\s+meio)\s+(?:\S+\s+){0,4}?apresentar\s+(?:a\s+|uma\s+|"
    r"nossa\s+)?reclama[çc][ãa]o",
    # Urdu: "we demand it of you", "our claim".
    "آپ سے مطالبہ", "مطالبہ کرتے ہیں", "ہمارا دعویٰ",
    # A credit note asked of the reader: "Please issue a credit note within 30 days".
    r"(?:please|kindly|pls)\s+(?:\w+\s+){0,2}?(?:issue|send|raise|provide|arrange)\s+"
    r"(?:us\s+)?(?:a|an|your|the)\s+(?:\w+\s+)?credit\s+note",
    # Costs passed on to the reader: "Mehrkosten ..., die wir an Sie weitergeben müssen",
    # "costs which we must pass on to you".
    r"an\s+sie\s+weiter(?:geben|belasten|berechnen|reichen)", r"wir\s+(?:\w+\s+)?belasten\s+sie",
    r"pass(?:ed|ing)?\s+(?:\w+\s+){0,3}?on\s+to\s+you",
    r"repass(?:ar|aremos|amos)\s+(?:\S+\s+){0,3}?(?:a|para)\s+(?:voc[êe]s|v\.\s*sas?\.?)",
    r"trasladar(?:emos)?\s+(?:\S+\s+){0,3}?a\s+ustedes",
]
FINDING_ANY = [
    r"ditemukan", r"terdeteksi", r"menunjukkan", r"dikonfirmasi", "(?<!未)検出", "発見",
    "발견", "검출", "พบ", "أظهرت", "أظهر",
]
# A claim already dealt with, or a past season.
SETTLED = [
    r"(?:telah|sudah)\s+(?:\w+\s+)?(?:diselesaikan|selesai|ditutup|dibayar|dilunasi|"
    r"ditarik|dicabut|diterima)", r"tahun\s+lalu", r"musim\s+lalu",
    "解決済", "解決しました", "解決いたしました", "決着", "支払済", "支払い済", "終結",
    "取り下げ", "昨年", "前シーズン", "和解", "クローズ",
    "해결되었", "해결됨", "해결 완료", "종결", "지급되었", "지급 완료", "입금되었",
    "철회", "작년", "지난 시즌", "합의",
    "ได้รับการแก้ไขแล้ว", "ปิดเคลม", "ปิดเรื่อง", "ชำระแล้ว", "ยุติแล้ว", "เสร็จสิ้นแล้ว",
    "ปีที่แล้ว", "ฤดูกาลที่แล้ว",
    "تمت تسوية", "تمت تسويتها", "تم تسوية", "تمت التسوية", "تم حل", "تم إغلاق", "مغلقة",
    "تم سداد", "تم دفع", "تم سحب", "العام الماضي", "الموسم الماضي",
]
WITHDRAWAL = [
    r"kami\s+(?:dengan\s+ini\s+)?(?:menarik\s+(?:kembali\s+)?|mencabut\s+)klaim",
    "クレームを取り下げ", "請求を取り下げ", "クレームを正式に取り下げ", "を正式に取り下げ",
    "取り下げさせていただき", "클레임을 철회", "청구를 철회", "ขอถอนเคลม",
    "نسحب مطالبتنا", "سحب المطالبة",
]
SETTLEMENT = [
    r"(?:kami\s+)?(?:telah\s+)?(?:menerima|konfirmasi\s+penerimaan)\s+pembayaran",
    r"penyelesaian\s+(?:penuh|akhir)", r"pelunasan", "入金を確認", "お支払いを受領",
    "着金を確認", "受領いたしました", "입금을 확인", "입금 확인", "수령을 확인",
    "대금을 수령", "ได้รับเงินโอน", "ได้รับการชำระเงิน", "ยืนยันการรับเงิน",
    "تأكيد استلام", "نؤكد استلام", "استلمنا مبلغ", "استلمنا الدفعة", "تسوية نهائية",
]

# --- Sentence cues --------------------------------------------------------------------

TOPIC = [
    r"sertifikat", r"seminar", r"pelatihan", r"webinar", r"buletin", r"artikel",
    r"pendaftaran", r"mencegah", r"pencegahan", r"menghindari", r"mengurangi",
    r"statistik", r"penawaran", r"spesifikasi", r"sebut\s+harga", r"pengiriman\s+mendatang",
    "証明書", "セミナー", "研修", "ウェビナー", "ニュースレター", "記事", "申し込み", "防止",
    "予防", "回避", "削減", "統計", "見積", "仕様", "今後の", "オファー",
    "인증서", "세미나", "교육", "웨비나", "뉴스레터", "기사", "등록", "방지", "예방",
    "통계", "견적", "사양", "오퍼", "향후",
    "ใบรับรอง", "สัมมนา", "อบรม", "จดหมายข่าว", "บทความ", "ลงทะเบียน", "ป้องกัน",
    "หลีกเลี่ยง", "สถิติ", "ใบเสนอราคา", "เสนอราคา", "ข้อกำหนด",
    "شهادة", "شهادات", "ندوة", "تدريب", "نشرة", "مقال", "التسجيل", "الوقاية", "تجنب",
    "تقليل", "الحد من", "إحصاءات", "عرض سعر", "عروض", "مواصفات", "الشحنات المستقبلية",
]
CLAUSE = (r"\b(?:setiap\s+sengketa|segala\s+sengketa|sengketa\s+yang\s+timbul|"
          r"akan\s+diselesaikan\s+melalui|tunduk\s+pada|klausul|syarat\s+dan\s+ketentuan|"
          r"sebarang\s+pertikaian)\b"
          r"|一切の紛争|すべての紛争|紛争は|仲裁条項|契約条項|約款|모든 분쟁|분쟁은|중재 조항|"
          r"약관|계약 조항|ข้อพิพาทใดๆ|ข้อพิพาททั้งหมด|ข้อกำหนดและเงื่อนไข|ข้อสัญญา|"
          r"أي نزاع|جميع النزاعات|أي خلاف|يخضع|تخضع|وفقا لقواعد|وفقاً لقواعد|بند|الشروط والأحكام")
GENERIC_CLAUSE = (r"\b(?:setiap\s+sengketa|segala\s+sengketa|klausul)\b|一切の紛争|すべての紛争|"
                  r"仲裁条項|모든 분쟁|중재 조항|ข้อพิพาทใดๆ|أي نزاع|جميع النزاعات|بند")
THREAT = (r"\b(?:kami\s+akan(?!\s+tidak)|terpaksa|jika\s+tidak|apabila\s+tidak|"
          r"kami\s+berhak|kami\s+mencadangkan\s+hak)\b"
          r"|(?:申し立て|提起|開始|付託|移行|訴え|取ら|講じ|踏み切|解除|依頼)(?:ます|る|ざるを得)"
          r"|さもなければ|やむを得ず|権利を留保"
          r"|할 것입니다|하겠습니다|예정입니다|수밖에 없|그렇지 않으면|권리를 보유|착수"
          r"|จะดำเนิน|จะยื่น|จะยกเลิก|จะบอกเลิก|จำเป็นต้อง|มิฉะนั้น|ไม่เช่นนั้น|ขอสงวนสิทธิ์"
          r"|سنقوم|سنلجأ|سنتخذ|سنضطر|سوف|وإلا|نحتفظ بحق|سنحيل|سنرفع|سنلغي")
# A threat written after its legal word: "法的措置を取ります", "법적 조치를 취하겠습니다".
THREAT_AFTER = (r"|[^.。!?\n]{0,24}?(?:겠습니다|할\s?것입니다|예정입니다|"
                r"(?:取り|講じ|提起し|申し立て|開始し|移行し|解除し)ます)")
SELF_THREAT = r"|仲裁を申し立て|중재를 신청|ยื่นคำร้องต่ออนุญาโตตุลาการ|طلب تحكيم"
CONDITIONAL = (r"\b(?:jika|apabila|bila|seandainya|sekiranya|jikalau)\b"
               r"|もし|万が一|万一|場合は|場合には|만약|만일|경우에는|หาก|ถ้า|กรณีที่|إذا|اذا|في حال")
NEWSLETTER = (r"\b(?:berhenti\s+berlangganan|laporan\s+pasar|balasan\s+otomatis|"
              r"di\s+luar\s+kantor)\b"
              r"|配信停止|配信解除|メールマガジン|自動返信|市場レポート|수신 거부|구독 취소|"
              r"뉴스레터|자동 응답|시장 보고서|ยกเลิกการรับข่าวสาร|ยกเลิกการสมัคร|จดหมายข่าว|"
              r"ตอบกลับอัตโนมัติ|รายงานตลาด|إلغاء الاشتراك|النشرة الإخبارية|رد تلقائي|"
              r"خارج المكتب|تقرير السوق")
GENRE_SUBJECT = r"|pencegahan|pelatihan|seminar|セミナー|研修|세미나|교육|สัมมนา|อบรม|ندوة|تدريب"

# --- Threats ---------------------------------------------------------------------------

ARBITRATION = [
    r"arbitrase", r"pengadilan", r"gugatan", r"menggugat", r"jalur\s+hukum",
    r"(?:langkah|tindakan|proses|upaya)\s+hukum", r"tuntutan\s+hukum", r"pengacara",
    r"kuasa\s+hukum", r"timbang\s+tara", r"mahkamah", r"peguam", "仲裁", "訴訟", "法的措置",
    "法的手段", "弁護士", "裁判", "提訴", "중재", "소송", "법적 조치", "법적조치", "법적 대응",
    "법원", "변호사", "제소", "อนุญาโตตุลาการ", "ดำเนินคดี", "ฟ้องร้อง", "ทางกฎหมาย",
    "(?<!มหา)ศาล(?!า)", "ทนายความ", "التحكيم", "تحكيم", "المحكمة", "محكمة", "دعوى",
    "الإجراءات القانونية", "إجراءات قانونية", "إجراء قانوني", "محامي", "القضاء",
]
CANCELLATION = [
    r"(?:membatalkan|memutuskan|mengakhiri)\s+(?:\w+\s+)?kontrak",
    r"(?:pembatalan|pemutusan)\s+kontrak",
    r"membatalkan\s+(?:sisa\s+)?(?:\w+\s+)?(?:pengiriman|pesanan)",
    "契約を解除", "契約解除", "契約をキャンセル",
    "契約の破棄", "계약을 해지", "계약 해지", "계약을 취소", "계약 취소", "계약 파기",
    "계약을 파기", "ยกเลิกสัญญา", "บอกเลิกสัญญา", "إلغاء العقد", "فسخ العقد", "إنهاء العقد",
]

# --- Bank changes ----------------------------------------------------------------------

# "Our account has changed", not "no change to our account" (Japanese and Korean say so
# after the words; the other three are read by the negation before them).
BANK_CHANGE = [
    r"rekening\s+(?:bank\s+)?baru", r"(?:perubahan|pergantian|penggantian)\s+(?:nomor\s+)?"
    r"rekening", r"rekening\s+(?:\S+\s+){0,3}?(?:telah|sudah)\s+(?:berubah|diubah|diganti)",
    r"akaun\s+(?:bank\s+)?baharu", r"(?:perubahan|pertukaran)\s+akaun",
    "新しい口座", "新口座",
    "(?:口座|振込先)(?:が|を|の)?変更(?!(?:は|が)(?:ありません|ございません))",
    "계좌(?:를|가)? 변경(?!(?:은|이|사항은|사항이) 없)", "새 계좌", "새로운 계좌", "변경된 계좌",
    "บัญชีใหม่", "เปลี่ยนบัญชี", "เปลี่ยนแปลงบัญชี", "เปลี่ยนเลขที่บัญชี",
    "حساب جديد", "الحساب الجديد", "حسابنا الجديد", "تغيير الحساب", "تغيير في الحساب",
    "تغيير بيانات الحساب", "تغيير رقم الحساب",
]

# --- Negation --------------------------------------------------------------------------

# Spaced negators read by the reversed-phrase grammar (``negation._PRE_NEGATION``).
DET_NEGATORS = [
    "tanpa", "bebas", "bebas dari", "tidak ada", "tiada", "tidak ditemukan",
    "tidak terdapat", "tidak terdeteksi", "tidak dijumpai", "belum ditemukan",
    "tidak ditemukan adanya", "bukan", "لا يوجد", "لا توجد", "لم يتم العثور على",
    "لم يتم اكتشاف", "لم يتم رصد", "لم نجد", "لم نلاحظ", "خال من", "خالية من", "خالٍ من",
    "خالي من", "بدون", "دون", "عدم وجود", "لم تظهر", "لم يظهر",
]
FILLERS = ["adanya", "apapun", "apa pun", "tanda", "indikasi", "jejak", "أي", "آثار"]
VERB_NEGATORS = ["tidak", "belum"]
LIST_ITEMS = ["plastik", "serat", "asing", "benda", "polipropilena", "goni", "kontaminasi",
              "jamur"]
LIST_SEP_WORDS = ["atau", "dan", "maupun", "ataupun", "oleh"]
FIND_VERBS = ["ditemukan", "terdeteksi", "terdapat", "ada", "menemukan", "mendeteksi",
              "dijumpai", "melihat"]
# Right after a word: Indonesian, Japanese, Korean, Thai and Arabic negated findings
# ("kontaminasi tidak ditemukan", "異物は検出されませんでした", "이물질은 발견되지
# 않았습니다", "이물질 없음", ": ไม่พบ", ": لا يوجد").
POST_NEGATION = (
    r"\s{1,3}(?:sama\s+sekali\s+)?(?:tidak|belum)\s{1,3}(?:ditemukan|terdeteksi|terdapat|"
    r"dijumpai|ada)\b"
    # A label, its list in brackets, then the finding: "Kontaminasi benda asing (plastik,
    # polipropilena, goni, tali): TIDAK DITEMUKAN" (each listed word is negated too).
    r"|(?:\s{1,3}\w+){0,2}(?:\s{0,2}\([^()\n]{0,80}\)|[^()\n]{0,60}\))?[ \t]{0,3}[:：]\s{0,3}"
    r"(?:tidak\s+(?:ada|ditemukan|terdeteksi|terdapat|dijumpai)\b|nihil|tiada|negatif|なし|無し|無|ゼロ|없음|없|"
    r"ไม่พบ|ไม่มี|لا يوجد|لا توجد|لا شيء)"
    r"|[はがもの]?[^。\n]{0,8}?(?:されませんでした|されません|されず|されなかった|"
    r"られませんでした|られません|られず|りませんでした|りません|ありません|なし|無し|"
    r"のない|はない|がない|なかった)"
    r"|[은는이가도]?\s{0,2}(?:\S{0,6}\s{1,2})?\S{0,4}지\s?않|[은는이가도]?\s{0,2}없"
    r"|\s?(?:ไม่พบ|ไม่มี)"
)
POST_NEGATION_CUE = (r"|\b(?:tidak|belum|nihil|tiada|negatif)\b|ませ|され|られ|なし|無|ない|"
                     r"なかった|않|없|ไม่|لا ")
# Thai writes a negator right before the word: "ไม่พบการปนเปื้อน", "ปราศจากสิ่งแปลกปลอม".
TH_FILLERS = ["การ", "สิ่ง", "ใดๆ", "ว่ามี", "ร่องรอย", "ร่องรอยของ"]
TH_VERBS = ["ตรวจพบ", "พบ", "มี", "ปรากฏ", "เจอ"]
TH_NEGATORS = ["ไม่", "ปราศจาก", "ไร้", "ไม่มี"]


# The reader's lawyers reporting an award won: its figures are what the other side owes
# the reader, its "enforcement" is against them ("the award ... is in your favour on every
# point", "awarded you USD 212,400.00", "the award in your arbitration against Marmara").
AWARD_FOR_READER = (
    r"\b(?:award|ruling|judgment|judgement|decision)\b[^.\n]{0,80}?\bin\s+your\s+favou?r\b"
    r"|\bawarded\s+(?:to\s+)?you\b|\baward\s+in\s+your\s+arbitration\s+against\b"
    r"|\b(?:senten[çc]a|laudo|decis[ãa]o)\b[^.\n]{0,80}?\ba\s+(?:seu|vosso)\s+favor\b"
    r"|\b(?:laudo|sentencia|decisi[óo]n)\b[^.\n]{0,80}?\ba\s+(?:su|vuestro)\s+favor\b")

# The text is read NFKC-folded (``text.fold_for_rules``), which splits Thai's SARA AM
# ("ำ"): the words are folded the same way.
for _name, _value in list(globals().items()):
    if _name.isupper() and isinstance(_value, str):
        globals()[_name] = unicodedata.normalize("NFKC", _value)
    elif _name.isupper() and isinstance(_value, list):
        globals()[_name] = [unicodedata.normalize("NFKC", v) for v in _value]
