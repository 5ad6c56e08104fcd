"""What an amount is, from the words around it: cue words (claim, cost, contract,
invoice, price, freight, paid; some weak), a price per unit, and the label that says
which item an amount is for. ``_Context`` reads the windows around all the amounts of a
text in one pass."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from triage.readers.money.amount import Money
from triage.readers.money.words import _WORD_RE

# Words around an amount that say what it is. At one position the first alternative
# wins, so claim phrases that contain another kind's word ("price difference") come
# first. Weak cues say less: a bare "invoice" or "freight" loses to a claim word in
# the same sentence ("our claim against invoice 123 is USD 4,000" is a claim), and a
# bare request verb ("we request", "solicitamos") loses to any other cue there ("we
# request payment of invoice 9, USD 8,000" is an invoice).
_CUES = [
    # "at the contract price this is USD 12,400": a loss valued at the price, claimed.
    ("claim", r"at (?:the )?(?:contract(?:ed)? )?(?:price|rate)"
              r"|ao pre[çc]o (?:do contrato|contratual)|al precio (?:del contrato|contractual)"
              r"|claim(?:s|ed|ing|able)?|counterclaim|compensat\w*|indemni\w*|damages"
              r"|loss(?:es)?|reimburs\w*|refund\w*|allowance|discount|deduct\w*|rebate"
              r"|withh[oe]ld\w*|penalt(?:y|ies)|debit note|credit note"
              r"|(?:price|quality|weight) (?:difference|reduction|claim|allowance)"
              r"|shortfall|short weight|shortage|exposure|at stake"
              r"|reserv(?:e|es|ed|ing)|liab\w*|ow(?:e|es|ed|ing)"
              r"|reclam\w*|pleitos?|indeniza\w*|ressarc\w*|preju[ií]zo\w*|perdas?|compensa\w*"
              r"|nota de d[ée]bito|nota de cr[ée]dito|descont\w*|abatimento"
              r"|bonifica\w*|dedu[çc][ãa]o|diferen[çc]a de (?:pre[çc]o|qualidade|peso)"
              r"|falta de peso|quebra de peso|multa|danos|exposi[çc][ãa]o"
              r"|reservamos|reservad[oa]s?"
              r"|indemniz\w*|resarc\w*|perjuicio\w*|p[ée]rdidas?|compensaci[óo]n|da[ñn]os"
              r"|rebaja|deducci[óo]n|diferencia de (?:precio|calidad|peso)"
              r"|faltante|merma|penalidad|exposici[óo]n"
              # German, French, Italian, Turkish, Vietnamese: claims, damages, losses.
              r"|schadenersatz\w*|entsch[äa]digung\w*|forderung\w*|reklamation\w*"
              r"|schaden|verlust\w*|minderung\w*|r[ée]clamation\w*|indemnit[ée]s?"
              r"|indemnisation|d[ée]dommagement|dommages(?:-int[ée]r[êe]ts)?|pertes?"
              r"|r[ée]clamons|reclamo|reclami|risarciment\w*|indennizz\w*|danni|perdit[ae]"
              r"|tazminat\w*|talep\w*|hasar\w*|zarar\w*|kay[ıi]p\w*"
              r"|b[ồo]i th[ưu][ờo]ng|khi[ếe]u n[ạa]i|thi[ệe]t h[ạa]i"),
    ("claim_weak", r"we (?:demand|request|require|ask|seek|expect)|solicitamos|exigimos"
                   r"|pedimos|requeremos|requerimos"),
    # Costs are claimed in a claim ("survey costs: USD 2,500"), not in an invoice.
    ("cost", r"(?:invoiced|charged|billed) to (?:us|our company)|cobrad[oa]s? de n[óo]s"
             r"|faturad[oa]s? contra n[óo]s|facturad[oa]s? a nosotros"
             r"|nos (?:cobraron|facturaron)|costs?|fees?|expenses|charges|custos?|despesas"
             r"|honor[áa]rios|gastos|costos?"
             r"|cargos"),
    ("contract", r"contract(?:ed)? (?:value|amount|price|total|worth|sum)"
                 r"|value of (?:the|this|our) contract|total contract"
                 r"|(?:cargo|shipment|goods) value|value of the (?:cargo|shipment|goods)"
                 r"|insured value|sum insured|l/c (?:amount|value)|letter of credit"
                 r"|valor (?:total )?do contrato|valor contrat\w+|valor da carga"
                 r"|valor do embarque|valor segurado|carta de cr[ée]dito"
                 r"|(?:valor|monto|importe) (?:total )?del contrato"
                 r"|valor de la (?:carga|mercanc[ií]a)|suma asegurada"),
    ("invoice", r"invoice (?:total|amount|value)|total (?:invoice|invoiced)|invoiced"
                r"|amount invoiced|total da (?:fatura|nota)|valor da (?:fatura|nota)"
                r"|faturad[oa]s?|total de la factura|(?:importe|monto|valor) de la"
                r" factura|facturad[oa]s?"),
    ("price", r"prices?|priced|pre[çc]os?|precios?|quot(?:e|ed|ation)|cota[çc][ãa]o"
              r"|cotizaci[óo]n|offer(?:ed|s)?|oferta|proposta|bid"),
    ("freight", r"freight rate|ocean freight|sea freight|frete mar[ií]timo"
                r"|taxa de frete|frete rodovi[áa]rio|tarifa de flete"
                r"|flete mar[ií]timo"),
    ("paid", r"(?:already|been|was|were|we|have|has|had) paid|paid (?:in advance|on|by)"
             r"|prepaid|pre-?payment|advance payment|down payment|amount paid"
             r"|(?<!be\s)(?<!not\s)(?<!un)paid"
             r"|j[áa] pag[oa]s?|foi pag[oa]|foram pag[oa]s|pagamos|valor pago"
             r"|adiantamento|pagamento antecipado|ya pagad[oa]s?|fue pagad[oa]"
             r"|hemos pagado|(?:monto|importe) pagado|anticipo|pago anticipado"
             r"|(?<!el\s)(?<!del\s)(?<!un\s)(?<!su\s)(?<!al\s)(?<!no\s)(?<!não\s)pagos?"),
    ("invoice_weak", r"invoices?|faturas?|facturas?|nota fiscal|boleto|statement of account"
                     r"|amount due|balance due|commission|comiss[ãa]o|comisi[óo]n"),
    ("freight_weak", r"freight|frete|flete"),
]
# A space in a cue stands for one to three whitespace characters.
_CUE_RE = re.compile(
    r"(?<![^\W\d_])(?:"
    + "|".join(f"(?P<{k}>{p})" for k, p in _CUES).replace(" ", r"\s{1,3}")
    + r")(?![^\W\d_])",
    re.IGNORECASE,
)
_WEAK = {"invoice_weak": "invoice", "freight_weak": "freight", "claim_weak": "claim"}
_PER_UNIT_RE = re.compile(
    # On the same line: "USD 12,870.00\n\nEach lot is settled..." is not a unit price.
    r"[ \t]{0,2}(?:(?:/|per\s{1,3}|por\s{1,3}|a\s{1,3})\s?"
    r"(?:lbs?|pounds?|libras?|tons?|tonnes?|toneladas?"
    r"|mts?|t|kgs?|kilos?|quilos?|arrobas?|bales?|fardos?|units?|unidad|unidade|containers?"
    r"|contêiner|contenedor)|each|pmt)(?![^\W\d_])",
    re.IGNORECASE,
)
# The words that state an amount as the claim itself ("our claim is", "we claim",
# "compensation of", "damages", "Schadenersatz", "indemnisation", "tazminat", "索赔"): the
# rules escalate on a figure by itself only when one of these is the nearest cue before
# it in its sentence. Loss, refund, discount, reserve, balance, owed... say an amount is
# about a claim, not that it is the one claimed: a person reads those.
_STATEMENT_RE = re.compile(
    r"claim|counterclaim|compensat|compensa[çc][ãa]o|compensaci[óo]n|indemni|damages|reclam"
    r"|indeniza|ressarc|resarc"
    r"|da[ñn]os|danos|perjuicio|preju[ií]zo|schadenersatz|entsch[äa]digung|forderung"
    r"|r[ée]clamation|dommages|risarciment|indennizz|tazminat|talep|we\s+demand|exigimos"
    r"|索赔|赔偿|bồi\s+thường",
    re.IGNORECASE,
)
# In the same sentence, a figure that is not an open claim: settled, withdrawn or paid,
# a condition, a bound ("claims over USD 50,000"), a total over many claims.
_NOT_OPEN_RE = re.compile(
    r"(?<![^\W\d_])(?:settled|withdrawn|withdrew|closed|resolved|paid|received|credited"
    r"|liquidad\w*|quitad\w*|encerrad\w*|retirad\w*|pag[oa]s?|pagad[oa]s?|cerrad[oa]s?"
    r"|resuelt[oa]s?|recebid[oa]s?|recibid[oa]s?|abonad[oa]s?|creditad[oa]s?|if|unless|caso"
    r"|si|over|above|exceeding|more\s+than|up\s+to|acima\s+de|mais\s+de|superior(?:es)?"
    r"|m[áa]s\s+de|hasta|até|year-to-date|ytd|season|safra|temporada|average|m[ée]dia"
    r"|promedio)(?![^\W\d_])",
    re.IGNORECASE,
)
_LABEL_WINDOW = 80
_BREAK_RE = re.compile(r"\n|[;!?]|\.(?=\s)")
_PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")
_SENTENCE_WINDOW, _PARAGRAPH_WINDOW, _AFTER_WINDOW = 300, 600, 40


@dataclass(frozen=True)
class _Cue:
    start: int
    end: int
    kind: str  # claim, cost, contract, invoice, price, freight, paid
    weak: bool


def _nearest_kind(before: list[_Cue]) -> str:
    """The kind of the nearest cue before an amount; a weak cue loses to a claim word
    among them, and a bare request verb to any other cue."""
    nearest = before[-1]
    if nearest.weak and nearest.kind == "claim":
        others = [c for c in before if c.kind != "claim"]
        return others[-1].kind if others else "claim"
    if nearest.weak and any(c.kind == "claim" and not c.weak for c in before):
        return "claim"
    return nearest.kind


class _Context:
    """Cue words, sentence and paragraph breaks in the windows around the amounts,
    each found in one pass (windows merged, so each character is read once however
    many amounts there are), then looked up by bisection."""

    def __init__(self, text: str, amounts: list[Money]) -> None:
        self.text = text
        windows: list[list[int]] = []
        for a in amounts:
            lo, hi = max(0, a.start - _PARAGRAPH_WINDOW), a.end + _AFTER_WINDOW
            if windows and lo <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], hi)
            else:
                windows.append([lo, hi])
        self.cues: list[_Cue] = []
        self.break_starts: list[int] = []
        self.break_ends: list[int] = []
        self.paragraph_ends: list[int] = []
        for lo, hi in windows:
            hi = min(hi, len(text))
            pos = lo
            for w in _WORD_RE.finditer(text, lo, hi):
                if w.start() < pos:
                    continue
                m = _CUE_RE.match(text, w.start(), hi)
                if m:
                    kind = m.lastgroup or "claim"
                    self.cues.append(_Cue(m.start(), m.end(), _WEAK.get(kind, kind),
                                          kind in _WEAK))
                    pos = m.end()
            for m in _BREAK_RE.finditer(text, lo, hi):
                self.break_starts.append(m.start())
                self.break_ends.append(m.end())
            self.paragraph_ends += [m.end() for m in _PARAGRAPH_RE.finditer(text, lo, hi)]
        self.cue_starts = [c.start for c in self.cues]

    def sentence_start(self, pos: int, window: int) -> int:
        lo = max(0, pos - window)
        i = bisect_right(self.break_ends, pos) - 1
        return max(lo, self.break_ends[i]) if i >= 0 else lo

    def sentence_end(self, pos: int) -> int:
        hi = min(len(self.text), pos + _AFTER_WINDOW)
        j = bisect_left(self.break_starts, pos)
        return min(hi, self.break_starts[j]) if j < len(self.break_starts) else hi

    def paragraph_start(self, pos: int) -> int:
        lo = max(0, pos - _PARAGRAPH_WINDOW)
        i = bisect_right(self.paragraph_ends, pos) - 1
        return max(lo, self.paragraph_ends[i]) if i >= 0 else lo

    def cues_between(self, lo: int, hi: int) -> list[_Cue]:
        found = self.cues[bisect_left(self.cue_starts, lo):bisect_left(self.cue_starts, hi)]
        return [c for c in found if c.end <= hi]

    def kind(self, a: Money) -> str:
        """What an amount is, from the words around it: the nearest cue before it in
        its sentence (a weak cue loses to a claim word there), else a cue right after
        it, else the nearest cue earlier in its paragraph; ``neutral`` when none."""
        unit = _PER_UNIT_RE.match(self.text, a.end)
        if unit and unit.group(0).strip():
            return "price"
        before = self.cues_between(self.sentence_start(a.start, _SENTENCE_WINDOW), a.start)
        if before:
            return _nearest_kind(before)
        after = self.cues_between(a.end, self.sentence_end(a.end))
        if after:
            return after[0].kind
        # A hard-wrapped line ("... frete de devolução somam\nR$ 1,2 milhão") puts the
        # sentence's cues on the line before: the same rule reads them there.
        earlier = self.cues_between(self.paragraph_start(a.start), a.start)
        return _nearest_kind(earlier) if earlier else "neutral"

    def stated_as_claim(self, a: Money) -> bool:
        """Whether the sentence states this figure as the claim itself: the nearest cue
        before it is a claim statement (``_STATEMENT_RE``) and nothing in the sentence
        says it is settled, paid, conditional, a bound or a season's total."""
        lo, hi = self.sentence_start(a.start, _SENTENCE_WINDOW), self.sentence_end(a.end)
        before = self.cues_between(lo, a.start)
        # The cue right after it counts too: "US$ 60 mil de compensação".
        cue = before[-1] if before else next(iter(self.cues_between(a.end, min(hi, a.end + 20))),
                                             None)
        if cue is None or cue.kind != "claim" or cue.weak:
            return False
        if not _STATEMENT_RE.search(self.text, cue.start, cue.end):
            return False
        return not _NOT_OPEN_RE.search(self.text, lo, hi)

    def open(self, a: Money) -> bool:
        """Nothing in the figure's sentence says it is settled, paid, conditional, a
        bound or a season's total."""
        lo, hi = self.sentence_start(a.start, _SENTENCE_WINDOW), self.sentence_end(a.end)
        return not _NOT_OPEN_RE.search(self.text, lo, hi)

    def label(self, a: Money, prev_end: int, next_start: int) -> str:
        """The words that say which item an amount is for: its sentence (or line) from
        the previous amount up to it, then `` | `` and the words after it up to the
        next amount or the end of the sentence (``lot 4: | ``, ``we claim | for lot
        5``)."""
        lo = max(prev_end, self.sentence_start(a.start, _LABEL_WINDOW))
        line = self.text.rfind("\n", max(0, a.start - _LABEL_WINDOW), a.start)
        if line != -1:
            lo = max(lo, line + 1)
        hi = min(next_start, self.sentence_end(a.end))
        before = " ".join(self.text[lo:a.start].lower().lstrip(" >").split())
        after = " ".join(self.text[a.end:hi].lower().split())
        return f"{before} | {after}"
