"""Pseudonyms for a set of emails shared outside the team (``lab.corrections``): every
address, name and bank detail replaced, the same one the same way across the whole set,
so a thread still reads as one conversation and a label still names its party.

* addresses: ``person-3@org-2.example`` (the domain's pseudonym shared by its
  addresses, and replacing the domain wherever else it is written, a URL say);
* people's names: each word of a name learnt from a header's display name, a greeting
  ("Dear ...", "Prezado ...") or a sign-off ("Regards,\\nEmre Kaya") becomes ``Name7``,
  as a whole word, in any case; organisation words ("Mills", "Freight", "Ltda") stay;
* companies (a claim's claiming party): the whole name becomes ``Company 2``;
* bank details, masked with a fictitious value of the same shape so the rules still
  read an account where one was: an IBAN becomes one of its country and length with a
  valid checksum and zeros for its account (``GB..0000...0001``), a BIC after
  "SWIFT"/"BIC" ``XXXX<country>XX``, agência/conta, account, CPF, CNPJ and phone
  numbers keep their separators with their digits zeroed but the last ones, which count
  the values apart.

Amounts, dates, contract and lot references are left as written: they decide the label.
Pure: no Django.
"""

from __future__ import annotations

import re

_ADDRESS = re.compile(r"[\w.+'-]+@([\w-]+(?:\.[\w-]+)+)", re.UNICODE)
_WORD = r"[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’-]+"
_NAME = rf"{_WORD}(?:[ \t]+(?:(?:de|da|do|dos|das|van|von|del|di)[ \t]+)?{_WORD}){{0,3}}"
_GREETING = re.compile(
    rf"\b(?:Dear|Hello|Hi|Attn:?|Attention:?|Prezad[oa]s?|Caro|Cara|Olá|Ola|Estimad[oa]|"
    rf"Hola|Sr\.|Sra\.|Mr\.?|Mrs\.?|Ms\.?)[ \t]+(?:(?:Mr|Mrs|Ms|Dr|Sr|Sra)\.?[ \t]+)?"
    rf"({_NAME})")
_SIGN_OFF = re.compile(
    rf"(?im)^[ \t]*(?:best[ \t]+regards|kind[ \t]+regards|regards|sincerely|thanks|thank[ \t]+"
    rf"you|cheers|atenciosamente|att\.?|abra[çc]os|cordialmente|obrigad[oa]|saludos|"
    rf"un[ \t]+saludo)[ \t]*[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*(?-i:({_NAME}))[ \t]*$")
# Words of an organisation's name or a role, not of a person's.
_NOT_NAMES = frozenset("""
ltd ltda inc llc co sa s.a gmbh plc corp company companhia group grupo mills mill textile
textiles spinning spinners fiação fiacao tecelagem têxtil textil cotton algodão algodao
freight billing quality qualidade claims claim team equipe department dept departamento
finance financeiro logistics logística logistica trading desk sales vendas support suporte
accounts account contas operations operações operacoes customer cliente service services
serviço serviços manager gerente director diretor diretora head legal jurídico juridico
purchasing compras shipping import export the of and de da do dos das e y for para sirs
team dear hello regards senhores senhoras prezados
""".split())
_IBAN = re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b")
_BIC = re.compile(r"\b((?i:SWIFT|BIC)(?:/(?i:BIC|SWIFT))?(?:\s+(?i:code))?[\s:.#-]{0,6})"
                  r"[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b")
_ACCOUNT = re.compile(
    r"(?i)\b(ag[êe]ncia|ag\.|conta(?:\s+corrente)?|c/c|account(?:\s+(?:no\.?|number|n[ºo°]))?|"
    r"acct\.?|a/c|cuenta(?:\s+corriente)?|konto(?:nummer)?|routing\s+number|sort\s+code|"
    r"cbu|clabe)(\s*(?:n[ºo°]\.?\s*)?[:#]?\s*)(\d[\d .\-/]{2,38}\d)")
_CPF_CNPJ = re.compile(r"\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|\b\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}\b")
_PHONE = re.compile(r"\+\d[\d ().-]{7,20}\d")
_UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                   r"[0-9a-fA-F]{12}\b")


def _iban_check(country: str, bban: str) -> str:
    digits = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    return f"{98 - int(digits) % 97:02d}"


class Pseudonyms:
    """One set's pseudonyms: learn the names, then rewrite every text of the set."""

    def __init__(self) -> None:
        self.addresses: dict[str, str] = {}
        self.domains: dict[str, str] = {}
        self.name_words: dict[str, str] = {}  # casefolded word -> pseudonym
        self.companies: dict[str, str] = {}  # casefolded name -> pseudonym
        self.masked: dict[str, str] = {}  # a bank detail as written -> its mask
        self._pattern: re.Pattern | None = None

    # -- learning --------------------------------------------------------------------

    def learn_company(self, name: str | None) -> None:
        name = " ".join((name or "").split())
        if len(name) >= 3 and "@" not in name and name.casefold() not in self.companies:
            self.companies[name.casefold()] = f"Company {len(self.companies) + 1}"
            self._pattern = None

    def learn_person(self, name: str | None) -> None:
        """Each word of a person's name (a display name may hold a company too: "Li Wei
        - Jiangsu Textile Mills"; the company's own words are learnt apart)."""
        for part in re.split(r"\s+[-|/–]\s+|[,;()\"<>]", name or ""):
            part = part.strip()
            if not part or "@" in part or part.casefold() in self.companies:
                continue
            for word in re.findall(r"[^\W\d_][\w'’-]*", part):
                key = word.casefold()
                if key not in _NOT_NAMES and key not in self.name_words and len(key) >= 2:
                    self.name_words[key] = f"Name{len(self.name_words) + 1}"
                    self._pattern = None

    def learn_text(self, text: str) -> None:
        """The people a text greets or signs as."""
        for m in _GREETING.finditer(text):
            self.learn_person(m.group(1))
        for m in _SIGN_OFF.finditer(text):
            self.learn_person(m.group(1))

    # -- rewriting -------------------------------------------------------------------

    def address(self, address: str) -> str:
        key = address.strip().casefold()
        if not key:
            return ""
        if key not in self.addresses:
            domain = self.domain(key.rpartition("@")[2])
            self.addresses[key] = f"person-{len(self.addresses) + 1}@{domain}"
        return self.addresses[key]

    def domain(self, domain: str) -> str:
        key = domain.casefold()
        if key not in self.domains:
            self.domains[key] = f"org-{len(self.domains) + 1}.example"
        return self.domains[key]

    def text(self, text: str) -> str:
        text = self._mask_banking(text)
        text = _ADDRESS.sub(lambda m: self.address(m.group(0)), text)
        for real in sorted(self.domains, key=len, reverse=True):
            # The domain, and any host name under it (www., mail.).
            text = re.sub(rf"(?i)(?<![\w-]){re.escape(real)}(?![\w-])", self.domains[real], text)
        pattern = self._names_pattern()
        if pattern is not None:
            text = pattern.sub(self._name_of, text)
        return text

    def header(self, value: str) -> str:
        """An address header's value (display name and address)."""
        return self.text(value)

    def _names_pattern(self) -> re.Pattern | None:
        if self._pattern is None:
            words = sorted(self.companies, key=len, reverse=True) + \
                sorted(self.name_words, key=len, reverse=True)
            if not words:
                return None
            alternatives = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
            self._pattern = re.compile(rf"(?<![\w@.-])(?:{alternatives})(?![\w-])",
                                       re.IGNORECASE)
        return self._pattern

    def _name_of(self, m: re.Match) -> str:
        key = " ".join(m.group(0).split()).casefold()
        return self.companies.get(key) or self.name_words.get(key) or m.group(0)

    def _mask_banking(self, text: str) -> str:
        text = _IBAN.sub(self._iban, text)
        text = _BIC.sub(lambda m: f"{m.group(1)}XXXX{m.group(2)}XX", text)
        text = _ACCOUNT.sub(lambda m: m.group(1) + m.group(2) + self._digits(m.group(3)), text)
        for pattern in (_CPF_CNPJ, _PHONE, _UUID):
            text = pattern.sub(lambda m: self._digits(m.group(0)), text)
        return text

    def _iban(self, m: re.Match) -> str:
        written = m.group(0)
        if written not in self.masked:
            country, bban = m.group(1), m.group(3).replace(" ", "")
            n = str(len(self.masked) + 1)
            fake = "0" * (len(bban) - len(n)) + n
            compact = f"{country}{_iban_check(country, fake)}{fake}"
            self.masked[written] = " ".join(compact[i:i + 4] for i in range(0, len(compact), 4)) \
                if " " in written else compact
        return self.masked[written]

    def _digits(self, written: str) -> str:
        """The value's digits zeroed but a count at its end, its separators kept."""
        if written not in self.masked:
            n = str(len(self.masked) + 1)
            digits = sum(ch.isdigit() for ch in written)
            fake = iter(("0" * max(digits - len(n), 0) + n)[-digits:])
            self.masked[written] = "".join(next(fake) if ch.isdigit() else ch for ch in written)
        return self.masked[written]
