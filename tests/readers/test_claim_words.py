"""Claim words in languages the rules do not otherwise read: a claim in one is found (it
goes to a person when the model calls it routine); routine mail in the same language
names none (its route stays the model's)."""

from __future__ import annotations

import pytest

from tests.factories import decide_text
from triage.readers.claim_words import claim_word
from triage.readers.language import unread_claim_language, unread_language
from triage.routes import Code

# (language, a claim, routine mail) in the same language.
PAIRS = [
    ("ru", "В 14 кипах партии 22 обнаружены посторонние волокна. Выставляем претензию.",
     "Просим сообщить график отгрузок на март и цену на хлопок сорта Middling."),
    ("uk", "У 14 кипах партії 22 виявлено забруднення. Вимагаємо відшкодування збитків.",
     "Просимо надіслати графік відвантажень на березень і ціну на бавовну."),
    ("bg", "В 14 бали от партида 22 открихме замърсяване. Искаме обезщетение.",
     "Моля, изпратете ни графика на пратките за март и цената на памука."),
    ("pl", "W 14 belach partii 22 stwierdziliśmy zanieczyszczenia. Składamy reklamację.",
     "Prosimy o przesłanie harmonogramu wysyłek na marzec oraz ceny bawełny."),
    ("cs", "Ve 14 balících partie 22 jsme zjistili znečištění. Uplatňujeme nárok na náhradu.",
     "Prosíme o zaslání harmonogramu expedic na březen a ceny bavlny."),
    ("sk", "V 14 balíkoch partie 22 sme zistili znečistenie. Uplatňujeme nárok na náhradu.",
     "Prosíme o zaslanie harmonogramu expedícií na marec a ceny bavlny."),
    ("el", "Σε 14 μπάλες της παρτίδας 22 βρήκαμε μόλυνση. Ζητούμε αποζημίωση.",
     "Παρακαλούμε στείλτε μας το πρόγραμμα φορτώσεων για τον Μάρτιο και την τιμή."),
    ("hi", "लॉट 22 की 14 गांठों में प्लास्टिक मिला है। हम मुआवज़ा मांगते हैं।",
     "कृपया मार्च के लिए शिपमेंट का कार्यक्रम और कपास का भाव भेजें।"),
    ("mr", "लॉट 22 च्या 14 गाठींमध्ये प्लास्टिक आढळले. आम्ही नुकसान भरपाई मागतो.",
     "कृपया मार्चसाठी शिपमेंटचे वेळापत्रक आणि कापसाचा भाव पाठवा."),
    ("bn", "লট ২২-এর ১৪টি গাঁটে প্লাস্টিক পাওয়া গেছে। আমরা ক্ষতিপূরণ দাবি করছি।",
     "অনুগ্রহ করে মার্চের শিপমেন্টের সময়সূচি এবং তুলার দাম পাঠান।"),
    ("ur", "لاٹ 22 کی 14 گانٹھوں میں پلاسٹک ملا ہے۔ ہم ہرجانے کا مطالبہ کرتے ہیں۔",
     "براہ کرم مارچ کے لیے شپمنٹ کا شیڈول اور روئی کا بھاؤ بھیجیں۔"),
    ("fa", "در ۱۴ عدل از محموله ۲۲ آلودگی پیدا کردیم. خواستار غرامت هستیم.",
     "لطفاً برنامه حمل برای ماه مارس و قیمت پنبه را برای ما بفرستید."),
    ("nl", "In 14 balen van partij 22 vonden wij vervuiling. Wij eisen schadevergoeding.",
     "Graag ontvangen wij het verschepingsschema voor maart en uw prijs voor katoen."),
    ("ro", "În 14 baloți din lotul 22 am găsit contaminare. Solicităm despăgubiri.",
     "Vă rugăm să ne trimiteți programul de expediere pentru martie și prețul bumbacului."),
    ("hu", "A 22. tétel 14 bálájában szennyeződést találtunk. Kártérítést követelünk.",
     "Kérjük, küldjék meg a márciusi szállítási ütemtervet és a gyapot árát."),
    ("he", "ב-14 חבילות של מנה 22 מצאנו זיהום. אנו דורשים פיצוי.",
     "נא לשלוח לנו את לוח המשלוחים לחודש מרץ ואת מחיר הכותנה."),
    ("sw", "Katika marobota 14 ya kundi 22 tumepata uchafu. Tunadai fidia.",
     "Tafadhali tutumie ratiba ya usafirishaji ya Machi na bei ya pamba."),
    # Nordic, Finnish, Baltic, Turkic, Tagalog and South Indian/Sinhala lists: a greeting or
    # an inquiry in them keeps the model's forward (every mail in them went to a person).
    ("sv", "I 14 balar av parti 22 hittade vi plastföroreningar. Vi kräver ersättning för skadan.",
     "Vänligen skicka oss utskeppningsschemat för mars och ert pris på bomull."),
    ("da", "I 14 baller af parti 22 fandt vi forurening. Vi kræver erstatning for tabet.",
     "Venligst send os afskibningsplanen for marts og jeres pris på bomuld."),
    ("no", "I 14 baller av parti 22 fant vi forurensning. Vi krever erstatning for skaden.",
     "Vennligst send oss utskipingsplanen for mars og deres pris på bomull."),
    ("fi", "Erän 22 neljästätoista paalista löytyi muovia. Vaadimme korvausta vahingosta.",
     "Lähettäkää meille maaliskuun laivausaikataulu ja puuvillan hintanne."),
    ("lt", "14 partijos 22 ryšulių radome užteršimą. Reikalaujame nuostolių kompensacijos.",
     "Prašome atsiųsti kovo mėnesio siuntų grafiką ir medvilnės kainą."),
    ("lv", "14 partijas 22 ķīpās atradām piesārņojumu. Pieprasām zaudējumu kompensāciju.",
     "Lūdzu, atsūtiet mums marta nosūtīšanas grafiku un kokvilnas cenu."),
    ("et", "Partii 22 neljateistkümnest pallist leidsime saastet. Nõuame kahju hüvitamist.",
     "Palun saatke meile märtsi laadimisgraafik ja puuvilla hind."),
    ("uz", "22-partiyaning 14 toyida plastik ifloslanish topildi. Biz zarar uchun da'vo qilamiz.",
     "Iltimos, mart oyi uchun jo'natish jadvalini va paxta narxini yuboring."),
    ("az", "22 saylı partiyanın 14 tayında çirklənmə aşkar etdik. Təzminat tələb edirik.",
     "Zəhmət olmasa, mart ayı üçün göndərmə qrafikini və pambığın qiymətini göndərin."),
    ("kk", "22-партияның 14 тайынан ластану табылды. Біз залалды өтеуді талап етеміз.",
     "Наурыз айына арналған жөнелту кестесін және мақта бағасын жіберуіңізді сұраймыз."),
    ("tl", "Sa 14 na bale ng lote 22 ay may nakitang plastik. Humihingi kami ng kabayaran.",
     "Pakipadala po ang iskedyul ng pagpapadala para sa Marso at ang presyo ng bulak."),
    ("ta", "லாட் 22 இன் 14 பேல்களில் பிளாஸ்டிக் கண்டுபிடிக்கப்பட்டது. நாங்கள் இழப்பீடு கோருகிறோம்.",
     "மார்ச் மாதத்திற்கான அனுப்புதல் அட்டவணையையும் பருத்தி விலையையும் அனுப்பவும்."),
    ("te", "లాట్ 22 లోని 14 బేళ్లలో ప్లాస్టిక్ కనుగొనబడింది. మేము పరిహారం కోరుతున్నాము.",
     "దయచేసి మార్చి నెల రవాణా షెడ్యూల్ మరియు పత్తి ధర పంపండి."),
    ("gu", "લોટ 22 ની 14 ગાંસડીઓમાં પ્લાસ્ટિક મળ્યું છે. અમે વળતરની માંગ કરીએ છીએ.",
     "કૃપા કરીને માર્ચ માટેનું શિપમેન્ટ શેડ્યૂલ અને કપાસનો ભાવ મોકલો."),
    ("pa", "ਲਾਟ 22 ਦੀਆਂ 14 ਗੰਢਾਂ ਵਿੱਚ ਪਲਾਸਟਿਕ ਮਿਲਿਆ ਹੈ। ਅਸੀਂ ਮੁਆਵਜ਼ੇ ਦੀ ਮੰਗ ਕਰਦੇ ਹਾਂ।",
     "ਕਿਰਪਾ ਕਰਕੇ ਮਾਰਚ ਲਈ ਸ਼ਿਪਮੈਂਟ ਦੀ ਸਮਾਂ-ਸੂਚੀ ਅਤੇ ਕਪਾਹ ਦਾ ਭਾਅ ਭੇਜੋ।"),
    ("si", "ලොට් 22 හි ගාංසි 14 ක ප්ලාස්ටික් හමු විය. අපි වන්දි ඉල්ලා සිටිමු.",
     "කරුණාකර මාර්තු මාසයේ නැව්ගත කිරීමේ කාලසටහන සහ කපු මිල එවන්න."),
]


@pytest.mark.parametrize("language,claim,routine", PAIRS, ids=[p[0] for p in PAIRS])
def test_a_claim_names_a_claim_word_and_routine_mail_none(language, claim, routine):
    word = claim_word(language, claim)
    assert word and word in claim  # the word as the sender wrote it, accents and case kept
    assert claim_word(language, routine) is None


def test_accents_and_case_do_not_hide_a_word_and_a_court_is_not_a_ship():
    assert claim_word("el", "ΖΗΤΟΥΜΕ ΑΠΟΖΗΜΙΩΣΗ") == "ΑΠΟΖΗΜΙΩΣΗ"
    assert claim_word("el", "ζητούμε αποζημίωση") == "αποζημίωση"
    assert claim_word("pl", "Sąd arbitrażowy") == "Sąd"
    assert claim_word("ru", "Судно прибыло в порт Сантос.") is None
    assert claim_word("ru", "Мы обратимся в суд.") == "суд"
    # Latin look-alikes inside a Cyrillic word do not hide it; the word is quoted as sent.
    assert claim_word("ru", "Выставляем пpeтeнзию.") == "пpeтeнзию"


def test_a_language_with_no_list_may_hold_anything():
    assert claim_word("ka", "ნებისმიერი ტექსტი") == ""


@pytest.mark.parametrize("language,claim,routine", PAIRS, ids=[p[0] for p in PAIRS])
def test_the_language_is_flagged_only_with_a_claim_word(language, claim, routine):
    # Long enough for the language reader to name the language (60 letters).
    assert unread_claim_language("", " ".join([claim] * 3))[0] == language
    assert unread_language("", " ".join([routine] * 3)) == language
    assert unread_claim_language("", " ".join([routine] * 3)) is None


# --- through the chains: the model's routine stands where no claim word is -------------

@pytest.mark.django_db  # the decision reads the correspondents
def test_routine_mail_in_an_unread_language_keeps_the_model_s_forward(called_routine):
    routine = dict((p[0], p[2]) for p in PAIRS)["pl"]
    decision = decide_text(routine + " Pozdrawiamy serdecznie, Anna Nowak, dział zakupów.")
    assert decision.route == "forwarded"
    assert not any(s["code"] == Code.LANGUAGE_UNREAD for s in decision.review_signals)
    # The same sender's claim, in the same words otherwise, goes to a person.
    claim = dict((p[0], p[1]) for p in PAIRS)["pl"]
    decision = decide_text(claim + " Pozdrawiamy serdecznie, Anna Nowak, dział zakupów.")
    assert decision.route == "needs_review"
    [signal] = [s for s in decision.review_signals if s["code"] == Code.LANGUAGE_UNREAD]
    assert signal == {"code": Code.LANGUAGE_UNREAD, "language": "pl", "claim_words": True,
                      "quote": "zanieczyszczenia"}


def test_letters_a_neighbouring_keyboard_types_read_as_the_stems_letters():
    # Hindi with nukta letters, Persian typed with Arabic yeh and kaf.
    assert claim_word("hi", "62,000 डॉलर का ज़ुर्माना और मुक़दमा") == "ज़ुर्माना"
    assert claim_word("fa", "بار شماره ۲۲ معيوب است و كمبود وزن دارد") == "معيوب"
    assert claim_word("ur", "ہم مقدمه دائر کریں گے") == "مقدمه"
    # The quote is a word: the danda ends it.
    assert claim_word("hi", "हमारा दावा।कृपया जवाब दें") == "दावा"


@pytest.mark.parametrize("language,claim", [
    # No claim word the lists know, but a figure a claim states: a person reads it.
    ("pl", "Waga netto partii 22 jest o 3 450 kg mniejsza. Prosimy o przelew 6 200 USD."),
    ("el", "Το βάρος της παρτίδας 22 είναι 3.450 κιλά. Παρακαλούμε 6.200 USD έως την Παρασκευή."),
    # A shortfall written with its sign is no tolerance.
    ("pl", "Protokół ważenia 16/11/2026: różnica wagi netto -3 450 kg (-1,39 %). Prosimy o "
           "przelew 6 200 USD."),
])
def test_mail_naming_no_claim_word_but_stating_a_sum_goes_to_a_person(language, claim):
    found = unread_claim_language("", " ".join([claim] * 3))
    assert found is not None and found[0] == language and "6" in found[1]


@pytest.mark.parametrize("routine", [
    # A remittance: a sum alone, the shape of every invoice, statement and offer.
    "Σας ενημερώνουμε ότι σήμερα εκτελέσαμε έμβασμα ποσού 418.265,40 € για την εξόφληση "
    "του τιμολογίου σας JAI-27-00377 (σύμβαση JAS-26-0541, 210 μπάλες).",
    # A contract specification: a sum and a tolerance, no finding.
    "Направляем Вам подписанную Спецификацию No 3 к контракту JAS-27-0061. Количество: "
    "1 500 т (±3 % по выбору продавца). Ориентировочная сумма: 2 453 750,00 долл. США.",
])
def test_a_sum_alone_or_beside_a_tolerance_keeps_the_model_s_forward(routine):
    assert unread_claim_language("", " ".join([routine] * 3)) is None


def test_claim_words_read_in_linear_time():
    """Every stem's repeats are bounded: a word repeated without end costs its length."""
    from tests.growth import assert_linear

    for language, unit in (("pl", "zwrot"), ("el", "ξεν"), ("cs", "ciz"), ("ru", "пен")):
        assert_linear(lambda n, u=unit: u * (n // len(u)), lambda t, lang=language:
                      claim_word(lang, t), 4_000, label=language)


def test_a_credit_note_in_russian_and_no_stem_lowered_by_folding():
    import re

    from triage.readers import claim_words

    assert claim_word("ru", "Выставляем вам кредит-ноту на 12 000 долларов.") == "кредит"
    # Folding lowers letters: an upper-case escape (\W, \S) would turn into its opposite.
    assert not [s for stems in claim_words._STEMS.values() for s in stems
                if re.search(r"\\[A-Z]", s)]


def test_a_general_average_declaration_keeps_the_forward_and_a_damage_claim_does_not():
    declaration = ("Οι πλοιοκτήτες κήρυξαν Γενική Αβαρία. Σύμφωνα με τους Κανόνες York-Antwerp, "
                   "τα φορτία θα παραδοθούν μόνο έναντι Average Bond. Τα εμπορευματοκιβώτιά σας "
                   "δεν έχουν υποστεί ζημιά. ")
    assert unread_claim_language("", declaration * 3) is None
    claim = ("Τα εμπορευματοκιβώτιά σας έφτασαν με ζημιά: 14 μπάλες βρεγμένες. Ζητούμε "
             "αποζημίωση για τη ζημιά. ")
    found = unread_claim_language("", claim * 3)
    assert found is not None and found[0] == "el"


@pytest.mark.parametrize("routine", [
    # A market report's prices per unit and a share: no claim's sum and finding.
    "भाव: शंकर-६ का भाव ₹ ५६,८०० प्रति खंडी (३५६ किलो) रहा। आवक लगभग १,८५,००० गांठें "
    "(१७० किलो) रही, पिछले सप्ताह से ४ प्रतिशत अधिक।",
])
def test_a_report_s_prices_per_unit_keep_the_forward(routine):
    assert unread_claim_language("", " ".join([routine] * 3)) is None


def test_a_sum_beside_a_shortfall_still_goes_to_a_person_when_far_from_a_price():
    claim = ("Protokół ważenia: różnica wagi netto 3 450 kg. Prosimy o przelew 6 200 USD. "
             "Cena kontraktowa 1,80 USD/kg.")
    found = unread_claim_language("", " ".join([claim] * 3))
    assert found is not None and found[1] == "6 200 USD"


@pytest.mark.parametrize("language,claim", [
    # "за" and "na" are "for" and "to", not "per": the sum is claimed beside its weight.
    ("ru", "Просим оплатить USD 6 200 за недостающие 3 450 кг по партии 22."),
    ("pl", "Brakuje 3 450 kg w partii 22. Prosimy o przelew USD 6 200 na nasze konto."),
])
def test_a_sum_for_a_shortfall_is_no_price_per_unit(language, claim):
    found = unread_claim_language("", " ".join([claim] * 3))
    assert found is not None and found[0] == language


@pytest.mark.parametrize("language,claim", [
    ("sv", "Vi kräver ett prisnedslag på grund av de felaktiga balarna."),
    ("da", "Bomulden er forurenet. Vi kræver et afslag i prisen."),
    ("fi", "Vaadimme hinnanalennusta, koska paaleissa on homevaurioita."),
    ("tl", "Pakiusap, ibalik ninyo ang bayad para sa mga sirang bale."),
    ("uz", "Biz narxni kamaytirishni talab qilamiz, paxta sifatsiz."),
])
def test_a_claim_s_core_words_in_the_newer_lists(language, claim):
    assert claim_word(language, claim)
