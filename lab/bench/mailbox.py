"""Synthetic mail for the changelist benchmark: bodies of a few KB in Portuguese or
English (a claim, a quality report, a freight or payment matter, with a quoted reply
and a signature), senders with display names, contracts and lots. SIMULATED: written
from sentence templates below, never real mail; what matters to search is that the
words, their spread and the length look like a desk's inbox.

The bodies are built from a pool of sentences rendered once (``Pool``) and joined per
email with the email's own names and numbers, so a million bodies take seconds of
Python, not the minutes a template per sentence per email would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate, product

COMPANIES = [
    ("Fiação Nordeste", "fiacaonordeste.com.br"), ("Tecelagem São João", "tecsaojoao.com.br"),
    ("Algodoeira Mato Grosso", "algomt.com.br"), ("Rota Sul Transportes", "rotasul.com.br"),
    ("Cotonifício Paulista", "cotopaulista.com.br"), ("Hanoi Spinning Mills", "hanoispin.vn"),
    ("Dhaka Yarn Ltd", "dhakayarn.com.bd"), ("Izmir Textiles", "izmirtex.com.tr"),
    ("Guangzhou Cotton Trading", "gzcotton.cn"), ("Karachi Fibres", "karachifibres.pk"),
    ("Santos Armazéns Gerais", "santosarmazens.com.br"), ("Liverpool Cotton Services",
                                                          "lcs.co.uk"),
    ("Bremen Baumwolle", "bremenbw.de"), ("Coimbatore Mills", "cbemills.in"),
    ("Tecidos Ceará", "tecidosce.com.br"), ("Surat Weaving Co", "suratweave.in"),
]
PEOPLE = [
    "Ana Souza", "João Pereira", "Márcia Conceição", "Luís Gonçalves", "Li Wei", "Nguyen Van An",
    "Fatima Rahman", "Mehmet Yılmaz", "Chen Jing", "Rafael Araújo", "Beatriz Lima",
    "Sarah Whitfield", "Tom Baker", "Priya Natarajan", "Ahmed Khan", "Otávio Brandão",
    "Helena Müller", "Carlos Hernández", "Juliana Peçanha", "Wang Fang",
]
PLACES = ["Santos", "Paranaguá", "Rondonópolis", "Luís Eduardo Magalhães", "Cuiabá",
          "Ho Chi Minh City", "Chittagong", "Izmir", "Qingdao", "Karachi", "Bremen",
          "Liverpool", "Salvador", "Fortaleza"]

PT = [
    "Recebemos o lote {lot} do contrato {contract} e a inspeção encontrou contaminação "
    "por polipropileno em {n} fardos.",
    "A classificação HVI do laboratório de {place} mostra micronaire {mic} e "
    "comprimento de fibra {len} mm, abaixo do contratado.",
    "Solicitamos um desconto de {pct}% sobre o valor da fatura por causa da diferença de "
    "qualidade.",
    "O peso líquido na chegada foi de {kg} kg, {short} kg a menos que o romaneio.",
    "Segue em anexo o laudo da balança rodoviária e as fotos dos fardos danificados.",
    "Informamos que mudamos de banco: a partir de agora os pagamentos devem ser feitos na "
    "nova conta.",
    "O frete rodoviário de {place} até o porto ficou em R$ {money} por tonelada.",
    "Pedimos a gentileza de confirmar o embarque no navio previsto para {date}.",
    "A reclamação foi registrada e aguardamos a resposta da mesa de operações.",
    "Os fardos estavam úmidos e com manchas de óleo, o que impede o uso na fiação.",
    "Conforme conversamos por telefone, a amostra de arbitragem seguirá para {place}.",
    "Caso não haja resposta até {date}, levaremos a disputa à arbitragem da ICA.",
    "A nota fiscal {invoice} refere-se ao transporte de {n} fardos do armazém de {place}.",
    "Agradecemos a parceria e ficamos à disposição para qualquer esclarecimento.",
    "O prazo de pagamento vence em {date}; favor não considerar a cobrança anterior.",
    "Houve atraso na liberação do contêiner por causa da inspeção fitossanitária.",
    "A cotação do dia para o algodão tipo 41-4 ficou em {cents} centavos de dólar por libra.",
    "Precisamos de uma posição sobre a reclamação de peso antes da próxima safra.",
    "Os certificados de origem e o conhecimento de embarque estão disponíveis no portal.",
    "Solicitamos a reclassificação das amostras pelo laboratório credenciado.",
    "O motorista relatou que a lona do caminhão rasgou durante a viagem.",
    "Reiteramos o pedido de reembolso das despesas de armazenagem em {place}.",
    "Segundo o contrato, a tolerância de peso é de {pct}% e foi ultrapassada.",
    "Favor encaminhar ao departamento financeiro a planilha de conferência em anexo.",
    "Não houve contaminação nos lotes anteriores, somente neste embarque.",
    "A fiação parou duas máquinas por causa da fibra curta e dos neps.",
]
EN = [
    "We received lot {lot} under contract {contract} and found polypropylene contamination "
    "in {n} bales.",
    "The HVI results from the {place} laboratory show micronaire {mic} and staple length "
    "{len} mm, below the contract quality.",
    "We request a discount of {pct}% on the invoice value for the quality difference.",
    "The landed net weight was {kg} kg, {short} kg short of the packing list.",
    "Please find attached the weighbridge report and photographs of the damaged bales.",
    "Please note that our bank details have changed; future payments should go to the new "
    "account.",
    "Inland freight from {place} to the port came to USD {money} per tonne.",
    "Kindly confirm shipment on the vessel scheduled for {date}.",
    "The claim has been logged and we await the trading desk's reply.",
    "The bales were wet and stained with oil, which makes them unusable for spinning.",
    "As discussed by phone, the arbitration sample will be sent to {place}.",
    "If we have no answer by {date}, we will take the dispute to ICA arbitration.",
    "Invoice {invoice} covers the haulage of {n} bales from the {place} warehouse.",
    "Thank you for your cooperation; we remain available for any clarification.",
    "Payment is due on {date}; please disregard the previous reminder.",
    "The container release was delayed by the phytosanitary inspection.",
    "Today's quote for strict middling cotton was {cents} cents per pound.",
    "We need a position on the weight claim before the next crop.",
    "Certificates of origin and the bill of lading are available on the portal.",
    "We ask for the samples to be reclassified by an accredited laboratory.",
    "The driver reported that the truck's tarpaulin tore during the trip.",
    "We reiterate our request for reimbursement of storage costs in {place}.",
    "Under the contract the weight tolerance is {pct}% and it was exceeded.",
    "Please forward the attached reconciliation sheet to the finance department.",
    "There was no contamination in earlier lots, only in this shipment.",
    "The mill stopped two machines because of short fibre and neps.",
]
# Vessel names, 1,728 of them: a word each email has and few others share (a million
# emails: about 580 each), as a rare word of a real inbox would be.
_SYLLABLES = ["ka", "ro", "mi", "ta", "ne", "su", "lo", "vi", "da", "pe", "zu", "ri"]
VESSELS = ["".join(p).capitalize() for p in product(_SYLLABLES, repeat=3)]
VESSEL_LINE = {"pt": "Embarque previsto no navio {vessel}.",
               "en": "Shipment is booked on the vessel {vessel}."}
# Templates (by their place in PT and EN alike) that are rare: the bank change (5), an
# arbitration threat (11), a quote (16), a torn tarpaulin (20), the no-contamination
# line (24).
RARITY = {5: 0.005, 11: 0.05, 16: 0.1, 20: 0.03, 24: 0.05}
QUOTE = {"pt": "Em {date}, {person} escreveu:", "en": "On {date}, {person} wrote:"}
SIGN = {"pt": "Atenciosamente,", "en": "Best regards,"}
DISCLAIMER = {
    "pt": "Esta mensagem pode conter informação confidencial. Se você a recebeu por engano, "
          "avise o remetente e apague-a.",
    "en": "This message may contain confidential information. If you received it in error, "
          "please notify the sender and delete it.",
}


@dataclass(frozen=True)
class Mail:
    from_header: str
    from_address: str
    subject: str
    body: str
    contract: str
    lot: str


class Pool:
    """Sentences rendered once with random figures, per language."""

    def __init__(self, rng: random.Random, per_template: int = 40) -> None:
        self.rng = rng
        self.sentences = {lang: [t.format(**self._slots()) for t in templates
                                 for _ in range(per_template)]
                          for lang, templates in (("pt", PT), ("en", EN))}
        # How often each sentence comes up: the routine ones often, a bank change or
        # an arbitration threat rarely, as in a desk's inbox (a word in every body
        # would make every search a broad one).
        self.weights = {lang: list(accumulate(RARITY.get(n, 1.0) for n in range(len(templates))
                                              for _ in range(per_template)))
                        for lang, templates in (("pt", PT), ("en", EN))}

    def _slots(self) -> dict:
        r = self.rng
        return {"lot": f"{r.randint(1, 999)}/{r.choice('ABCD')}",
                "contract": f"CT-2026-{r.randint(1, 9999):04d}", "n": r.randint(2, 400),
                "place": r.choice(PLACES), "mic": f"{r.uniform(3.0, 5.5):.1f}",
                "len": f"{r.uniform(26, 31):.1f}", "pct": r.randint(1, 12),
                "kg": f"{r.randint(18_000, 26_000):,}", "short": r.randint(40, 900),
                "money": f"{r.randint(80, 400)},{r.randint(0, 99):02d}",
                "date": f"{r.randint(1, 28):02d}/{r.randint(1, 12):02d}/2026",
                "invoice": f"{r.randint(10_000, 99_999)}", "cents": r.randint(60, 95)}

    def mail(self, i: int) -> Mail:
        """Email ``i``: its sender, subject and a body of 2-5 KB."""
        r = self.rng
        lang = "pt" if r.random() < 0.6 else "en"
        company, domain = COMPANIES[i % len(COMPANIES)]
        person = PEOPLE[(i // len(COMPANIES)) % len(PEOPLE)]
        local = person.split()[0].lower().encode("ascii", "ignore").decode() or "qa"
        address = f"{local}{i % 500}@{domain}"
        contract, lot = f"CT-2026-{i % 9000:04d}", f"{i % 700}/{'ABCD'[i % 4]}"
        sentences = self.sentences[lang]
        # The email's own first line names its contract and lot: a claim, a quality
        # report, a weight or a freight matter.
        lead = r.choice((PT if lang == "pt" else EN)[:4])
        first = f"{lead.format(**{**self._slots(), 'lot': lot, 'contract': contract})} " \
                f"({contract}, {lot}) {VESSEL_LINE[lang].format(vessel=r.choice(VESSELS))}"
        weights = self.weights[lang]
        own = r.choices(sentences, cum_weights=weights, k=r.randint(10, 20))
        quoted = r.choices(sentences, cum_weights=weights, k=r.randint(10, 22))
        body = "\n\n".join([
            f"{'Prezados' if lang == 'pt' else 'Dear all'},", first, " ".join(own[:4]),
            " ".join(own[4:]), f"{SIGN[lang]}\n{person}\n{company}",
            QUOTE[lang].format(date=f"{r.randint(1, 28):02d}/{r.randint(1, 12):02d}/2026",
                               person=r.choice(PEOPLE)),
            "\n".join("> " + s for s in quoted), DISCLAIMER[lang]])
        subject = r.choice(
            [f"Reclamação de qualidade - contrato {contract}", f"Lote {lot}: diferença de peso",
             f"Frete {company}", f"Nota fiscal {r.randint(10_000, 99_999)}",
             f"Cotação algodão {r.randint(1, 28):02d}/{r.randint(1, 12):02d}"]
            if lang == "pt" else
            [f"Quality claim - contract {contract}", f"Lot {lot}: weight difference",
             f"Freight invoice {company}", f"Shipment notice {contract}",
             f"Cotton quote {r.randint(1, 28):02d}/{r.randint(1, 12):02d}"])
        return Mail(f"{person} ({company}) <{address}>", address, subject, body, contract, lot)
