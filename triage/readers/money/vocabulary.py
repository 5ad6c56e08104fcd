"""The words around an amount that say what it is, in every language we read: the cue
words by kind (claim, cost, contract, invoice, price, freight, paid; some weak), a price
per unit, the words that state a figure as the claim itself, and the words that say a
figure is not an open claim (settled, paid, withdrawn, not claimed, conditional)."""

from __future__ import annotations

import re

from triage.readers.money import further

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
              # A sum demanded of us: "a balance of USD 180,000 is now due from you", "you
              # owe us", "Sie schulden uns", "vous nous devez", "borcunuz".
              r"|due from you(?:r (?:company|firm|side))?|owed by you|payable by you"
              r"|you owe|sie schulden uns|schulden sie uns|von ihnen geschuldet\w*"
              r"|vous nous devez|d[ûu]e?s? par vous|ci dovete|dovut[oaie] da voi"
              r"|a vostro carico|bize bor[çc]lusunuz|borcunuz|taraf[ıi]n[ıi]zdan [öo]denmesi"
              r" gereken|qu[ýy] c[ôo]ng ty c[òo]n n[ợo]|n[ợo] ch[úu]ng t[ôo]i"
              r"|claim(?:s|ed|ing|able)?|counterclaim|compensat\w*|indemni\w*|damages"
              r"|loss(?:es)?|reimburs\w*|refund\w*|allowance|discount|deduct\w*|rebate|recharg\w*"
              r"|withh[oe]ld\w*|penalt(?:y|ies)|debit note|credit note"
              r"|(?:price|quality|weight) (?:difference|reduction|claim|allowance)"
              r"|shortfall|short weight|shortage|exposure|at stake"
              r"|reserv(?:e|es|ed|ing)|liab\w*|ow(?:e|es|ed|ing)"
              r"|reclam\w*|pleitos?|indeniza\w*|ressarc\w*|preju[ií]zo\w*|perdas?|compensa\w*"
              r"|(?:nota|notifica[çc][ãa]o|vlr\.?|valor)(?: de| do)? d[ée]bito|descont\w*"
              r"|abatimento|bonifica\w*|dedu[çc][ãa]o|diferen[çc]a de (?:pre[çc]o|qualidade|peso)"
              r"|falta de peso|quebra de peso|multa|danos|exposi[çc][ãa]o|nota de cr[ée]dito"
              r"|reservamos|reservad[oa]s?|cobr(?:ando|amos|aremos) d[aeo]s?|debitar(?:emos)?"
              r"|indemniz\w*|resarc\w*|perjuicio\w*|p[ée]rdidas?|compensaci[óo]n|da[ñn]os"
              r"|rebaja|deducci[óo]n|diferencia de (?:precio|calidad|peso)"
              r"|faltante|merma|penalidad|exposici[óo]n|preisdifferenz\w*|mehrkosten"
              # German, French, Italian, Turkish, Vietnamese: claims, damages, losses,
              # price reductions, debit notes.
              r"|schadenersatz\w*|schadensersatz\w*|entsch[äa]digung\w*|forderung\w*"
              r"|reklamation\w*|beanstandung\w*|m[äa]ngelr[üu]ge|anspr[üu]ch\w*|anspruch\w*"
              r"|schadens?(?:summe|betrag|h[öo]he)|schaden|verlust\w*|minderung\w*"
              r"|preisminderung|belastungsanzeige|lastschrift|abzug|gutschrift"
              r"|geltend(?: machen| gemacht)?|r[ée]clam\w*|indemnit[ée]s?|indemnisation"
              r"|d[ée]dommagement|dommages(?:-int[ée]r[êe]ts)?|pr[ée]judice|pertes?|r[ée]faction"
              r"|avoir|note de d[ée]bit|r[ée]duction de prix"
              r"|reclamo|reclami|risarciment\w* de(?:l|i) dann[oi]|risarciment\w*|indennizz\w*"
              r"|dann[oi]|perdit[ae]|contestazione|nota di debito|riduzione (?:di|del) prezzo"
              r"|abbuono|tazminat\w*|hasar\w*|zarar\w*|kay[ıi]p\w*|reklamasyon\w*|[şs]ikayet\w*"
              r"|fiyat (?:fark[ıi]|indirimi)|bor[çc] dekontu"
              r"|b[ồo]i th[ưu][ờo]ng|b[ồo]i ho[àa]n|khi[ếe]u n[ạa]i|thi[ệe]t h[ạa]i|t[ổo]n th[ấa]t"
              r"|đòi|gi[ảa]m gi[áa]"),
    ("claim_weak", r"we (?:demand|request|require|ask|seek|expect)|solicitamos|exigimos"
                   r"|pedimos|requeremos|requerimos"
                   r"|wir (?:fordern|verlangen|beantragen|bitten um)|nous (?:exigeons|demandons"
                   r"|sollicitons)|chiediamo|richiediamo|esigiamo|pretendiamo|talep\w*"
                   r"|y[êe]u c[ầa]u|đề nghị"),
    # Costs are claimed in a claim ("survey costs: USD 2,500"), not in an invoice.
    ("cost", r"(?:invoiced|charged|billed) to (?:us|our company)|cobrad[oa]s? de n[óo]s"
             r"|paid to (?:our|the) (?:\w+ )?(?:customers?|clients?|buyers?)"
             r"|faturad[oa]s? contra n[óo]s|facturad[oa]s? a nosotros"
             r"|nos (?:cobraron|facturaron)|costs?|fees?|expenses|charges|custos?|despesas"
             r"|honor[áa]rios|gastos|costos?|cargos|kosten|geb[üu]hren|spesen|auslagen|frais"
             r"|co[ûu]ts?|costi|spese|masraf\w*|maliyet\w*|[üu]cret\w*|chi ph[íi]"),
    ("contract", r"contract(?:ed)? (?:value|amount|price|total|worth|sum)"
                 r"|value of (?:the|this|our) contract|total contract"
                 r"|(?:cargo|shipment|goods) value|value of the (?:cargo|shipment|goods)"
                 r"|insured value|sum insured|l/c (?:amount|value)|letter of credit"
                 r"|valor (?:total )?do contrato|valor contrat\w+|valor da carga"
                 r"|valor do embarque|valor segurado|carta de cr[ée]dito"
                 r"|(?:valor|monto|importe) (?:total )?del contrato"
                 r"|valor de la (?:carga|mercanc[ií]a)|suma asegurada"
                 r"|vertragswert|kontraktwert|auftragswert|warenwert|akkreditiv\w*"
                 r"|(?:valeur|montant) (?:total )?du contrat|valeur de la marchandise"
                 r"|lettre de cr[ée]dit|(?:valore|importo) (?:totale )?del contratto"
                 r"|valore della merce|lettera di credito"
                 r"|s[öo]zle[şs]me (?:bedeli|tutar[ıi]|de[ğg]eri)|mal bedeli|akreditif\w*"
                 r"|gi[áa] tr[ịi] h[ợo]p đồng|tr[ịi] gi[áa] h[ợo]p đồng|th[ưu] t[íi]n d[ụu]ng"),
    ("invoice", r"invoice (?:total|amount|value)|total (?:invoice|invoiced)|invoiced"
                r"|amount invoiced|total da (?:fatura|nota)|valor da (?:fatura|nota)"
                r"|faturad[oa]s?|total de la factura|(?:importe|monto|valor) de la"
                r" factura|facturad[oa]s?"
                r"|rechnungs(?:betrag|summe)|in rechnung gestellt|montant de la facture"
                r"|factur[ée]e?s?|importo della fattura|fatturat[oaie]"
                r"|fatura (?:tutar[ıi]|bedeli)|faturaland[ıi]\w*|gi[áa] tr[ịi] h[óo]a đơn"),
    ("price", r"prices?|priced|pre[çc]os?|precios?|quot(?:e|ed|ation)|cota[çc][ãa]o"
              r"|cotizaci[óo]n|offer(?:ed|s)?|oferta|proposta|bid"
              r"|preis\w*|angebot\w*|prix|offre|cotation|devis|prezz[oi]|offerta|quotazione"
              r"|fiyat\w*|teklif\w*|gi[áa](?! tr[ịi])|b[áa]o gi[áa]|ch[àa]o gi[áa]"),
    ("freight", r"freight rate|ocean freight|sea freight|frete mar[ií]timo"
                r"|taxa de frete|frete rodovi[áa]rio|tarifa de flete"
                r"|flete mar[ií]timo|seefracht|frachtrate|fret maritime|nolo marittimo"
                r"|deniz navlunu|c[ưu][ớo]c (?:v[ậa]n chuy[ểe]n|t[àa]u)"),
    ("paid", r"(?:already|been|was|were|we|have|has|had) paid|paid (?:in advance|on|by)"
             r"|prepaid|pre-?payment|advance payment|down payment|amount paid"
             r"|(?<!be\s)(?<!not\s)(?<!un)paid"
             r"|j[áa] pag[oa]s?|foi pag[oa]|foram pag[oa]s|pagamos|valor pago"
             r"|adiantamento|pagamento antecipado|ya pagad[oa]s?|fue pagad[oa]"
             r"|hemos pagado|(?:monto|importe) pagado|anticipo|pago anticipado"
             r"|(?<!el\s)(?<!del\s)(?<!un\s)(?<!su\s)(?<!al\s)(?<!no\s)(?<!não\s)pagos?"
             r"|(?<!nicht\s)(?:bezahlt|gezahlt|[üu]berwiesen)|anzahlung|vorauszahlung"
             r"|(?<!pas\s)pay[ée]e?s?|acompte|(?<!non\s)pagat[oaie]|acconto"
             r"|[öo]dendi|[öo]denmi[şs]\w*|pe[şs]inat|avans"
             r"|đã thanh to[áa]n|đã tr[ảa]|t[ạa]m [ứu]ng|đặt c[ọo]c"),
    ("invoice_weak", r"invoices?|faturas?|facturas?|nota fiscal|boleto|statement of account"
                     r"|amount due|balance due|commission|comiss[ãa]o|comisi[óo]n"
                     r"|rechnung\w*|(?:offener|f[äa]lliger) (?:betrag|saldo)|restbetrag"
                     r"|kontoauszug|provision|factures?|(?:solde|montant|reste) d[ûu]"
                     r"|relev[ée] de compte|fattur[ae]|(?:saldo|importo) dovuto"
                     r"|estratto conto|provvigione|fatura\w*|bakiye\w*|vadesi gelen"
                     r"|komisyon\w*|h[óo]a đơn|s[ốo] d[ưu]|c[ôo]ng n[ợo]"),
    ("freight_weak", r"freight|frete|flete|fracht\w*|fret|nol[oi]|navlun\w*"),
]
# Chinese writes no spaces, so its cues are matched anywhere, by a pattern of their own
# (same kinds, same priority: a claim phrase before the shorter word it contains).
_CJK_CUES = [
    ("claim", "贵方欠|贵司欠|欠我方|欠我司|欠款|贵方应支付|贵方应付|索赔|赔偿|补偿|损失|差价|价差|"
              "扣款|罚款|折让|降价|减价|借记单|索偿|理赔"),
    ("claim_weak", "要求|请求"),
    ("cost", "费用|成本|检验费|公证费"),
    ("contract", "合同金额|合同总额|合同价值|合同总价|货值|信用证"),
    ("invoice", "发票金额|发票总额"),
    ("price", "单价|价格|报价"),
    ("freight", "海运费"),
    ("paid", "已付|已支付|已经支付|预付款|定金"),
    ("invoice_weak", "发票|余额|应付金额|对账单|佣金"),
    ("freight_weak", "运费"),
]
# Indonesian and Malay with the Latin languages; Japanese, Korean, Thai, Arabic here.
_CUES = [(k, p + further.LATIN_CUES.get(k, "")) for k, p in _CUES]
_CJK_CUES = [(k, p + further.SCRIPT_CUES.get(k, "")) for k, p in _CJK_CUES]
# A space in a cue stands for one to three whitespace characters.
_CUE_RE = re.compile(
    r"(?<![^\W\d_])(?:"
    + "|".join(f"(?P<{k}>{p})" for k, p in _CUES).replace(" ", r"\s{1,3}")
    + r")(?![^\W\d_])",
    re.IGNORECASE,
)
_CJK_CUE_RE = re.compile("|".join(f"(?P<{k}>{p})" for k, p in _CJK_CUES))
_HAS_CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uac00-\ud7af\u0e00-\u0e7f\u0600-\u06ff]")
_WEAK = {"invoice_weak": "invoice", "freight_weak": "freight", "claim_weak": "claim"}
_PER_UNIT_RE = re.compile(
    # "per bale" may wrap to the next line ("a" may not: "USD 80,000\nA container survey");
    # "each" on the same line ("USD 12,870.00\n\nEach lot is settled..." is no unit price).
    r"[ \t]{0,2}(?:(?:(?:\n[ \t]{0,3})?(?:/|per\s{1,3}|por\s{1,3})|a\s{1,3})\s?(?:lbs?|pounds?"
    r"|libras?|tons?|tonnes?|toneladas?|mts?|t|kgs?|kilos?|quilos?|arrobas?|bales?|fardos?|balla"
    r"|balle|units?|unidad|unidade|containers?|contêiner|contenedor|feu|teu|cntrs?|days?|dias?"
    r"|d[íi]as?)|each|pmt|per\s{1,3}claim(?=[ \t]*(?:[.,;:)\n]|$)))(?![^\W\d_])",
    re.IGNORECASE,
)
# The words that state an amount as the claim itself ("our claim is", "we claim",
# "compensation of", "damages", "Schadenersatz", "indemnisation", "tazminat", "索赔", and a
# sum demanded of us: "due from you", "you owe us"): the rules escalate on a figure by
# itself only when one of these is the nearest cue before it in its sentence (or right
# after it). Loss, refund, discount, reserve, balance, owed... say an amount is about a
# claim, not that it is the one claimed: a person reads those.
_STATEMENT_RE = re.compile(
    r"claim|counterclaim|compensat|compensa[çc][ãa]o|compensaci[óo]n|indemni|damages|reclam"
    r"|indeniza|ressarc|resarc"
    r"|da[ñn]os|danos|perjuicio|preju[ií]zo|schadenersatz|schadensersatz|entsch[äa]digung"
    r"|forderung|anspr[üu]ch|anspruch|r[ée]clam|dommages|d[ée]dommagement|risarciment"
    r"|indennizz|danni|tazminat|b[ồo]i\s+th[ưu][ờo]ng|khi[ếe]u\s+n[ạa]i|we\s+demand|exigimos"
    r"|due\s+from\s+you|owed\s+by\s+you|payable\s+by\s+you|you\s+owe|schulden\s+sie"
    r"|sie\s+schulden|geschuldet|vous\s+nous\s+devez|par\s+vous|ci\s+dovete|da\s+voi"
    r"|vostro\s+carico|bor[çc]lusunuz|borcunuz|taraf[ıi]n[ıi]zdan|c[òo]n\s+n[ợo]"
    r"|n[ợo]\s+ch[úu]ng|索赔|赔偿|理赔|索偿|欠" + further.STATEMENT,
    re.IGNORECASE,
)
# Done, or done for us, in a figure's sentence: granted, approved, transferred, refunded
# ("die Entschädigung ... auf Ihr Konto überwiesen", "o ressarcimento ... foi deferido",
# "the insurer has remitted"; "paid" is ``_NOT_OPEN_RE``'s, read over the same sentence).
# Such a figure may still be open for all the rules can tell, so a person weighs it
# (``Claimed.open``); it is never the claim stated by itself (``Claimed.stated``), which
# alone escalates without a model.
_DONE_RE = re.compile(
    r"(?<![^\W\d_])(?:granted|approved|remitted|refunded|reimbursed|transferred|wired"
    r"|disbursed|deferid[oa]s?|concedid[oa]s?|aprovad[oa]s?|liberad[oa]s?"
    r"|transferid[oa]s?|reembolsad[oa]s?|ressarcid[oa]s?|restitu[íi]d[oa]s?|otorgad[oa]s?"
    r"|ausgezahlt|erstattet|bewilligt|genehmigt|anerkannt|vir[ée]e?s?|rembours[ée]e?s?"
    r"|accord[ée]e?s?|vers[ée]e?s?|rimborsat[oaie]|bonificat[oaie]|erogat[oaie]"
    r"|approvat[oaie]|iade\s+edil\w*|onaylan\w*|havale\s+edil\w*"
    r"|đã\s+(?:được\s+)?(?:chuyển|hoàn|duyệt)|proof\s+of\s+(?:payment|transfer|remittance)"
    r"|comprovante\s+de\s+(?:transfer[êe]ncia|pagamento)|comprobante\s+de\s+(?:pago|transferencia)"
    r"|(?:transfer|remittance)\s+(?:receipt|confirmation))(?![^\W\d_])"
    r"|已退款|已转账|已批准|已汇出|已赔付",
    re.IGNORECASE,
)
# A condition ("if not resolved, we will claim USD 200,000"): threatened, for a person.
_CONDITION_RE = re.compile(
    r"(?<![^\W\d_])(?:if|unless|caso|si(?!\s+(?:prega|richied|chied|invita|comunic|inform|"
    r"allega|trasmett))|wenn|sofern|falls(?=\s+(?:sie|die|der|das|es|wir|ihr|ein|eine|"
    r"kein\w*)\b)|qualora|nel\s+caso|purch[ée]|e[ğg]er|halinde|takdirde|durumunda|n[ếe]u"
    r"|tr[ưu][ờo]ng\s+h[ợo]p)(?![^\W\d_])|如果|假如|倘若|若(?!干)|一旦|如未|如不"
    + further.CONDITION,
    re.IGNORECASE,
)
# In the same sentence, a figure that is not an open claim: settled, withdrawn or paid,
# not claimed at all ("no reclamamos", "kein Anspruch"), a condition, a bound ("claims
# over USD 50,000"), a total over many claims or awards. In every language we read;
# Chinese with no word boundaries ("已结清", "不再索赔", "如果").
_NOT_OPEN_RE = re.compile(
    r"(?<![^\W\d_])(?:settled|withdrawn|withdrew|closed|resolved|received|credited"
    r"|paid(?!\s+to\s+(?:our|the)\s+(?:\w+\s+)?(?:customers?|clients?|buyers?))"
    r"|liquidad\w*|quitad\w*|encerrad\w*|retirad\w*|pag[oa]s?|pagad[oa]s?|cerrad[oa]s?"
    r"|resuelt[oa]s?|recebid[oa]s?|recibid[oa]s?|abonad[oa]s?|creditad[oa]s?|if|unless|caso"
    r"|si(?!\s+(?:prega|richied|chied|invita|comunic|inform|allega|trasmett))|over|above"
    r"|exceeding|more\s+than|up\s+to|acima\s+de|mais\s+de|superior(?:es)?"
    r"|m[áa]s\s+de|hasta|até|year-to-date|ytd|season|safra|temporada|average|m[ée]dia"
    r"|promedio|portfolio|carteira|cartera"
    # claimed by the reader (a supplier acknowledging our claim: "o valor reclamado por
    # vocês é de R$ 410.000,00", "your claim of USD 64,000")
    r"|(?:claimed|demanded|requested|notified|lodged|submitted|filed|reclamad[oa]|solicitad[oa]"
    r"|pleitead[oa]|exigid[oa]|gefordert|r[ée]clam[ée]e?|richiest[oa])\s+(?:\w+\s+)?(?:by\s+you|por\s+voc[êe]s?"
    r"|por\s+usted(?:es)?|von\s+ihnen|par\s+vous|da\s+voi)"
    r"|your\s+(?:\w+\s+){0,2}?claim|sua\s+reclama[çc][ãa]o|vossa\s+reclama[çc][ãa]o|su\s+reclam(?:o|aci[óo]n)"
    r"|ihre\s+(?:reklamation|forderung)|votre\s+r[ée]clamation|il\s+vostro\s+reclamo"
    # an insurer's record of past claims: "your loss record (two claims totalling ...)"
    r"|loss\s+(?:record|history|ratio)|claims?\s+(?:history|record|ratio|experience)"
    r"|sinistralidade|siniestralidad|schadenverlauf|schadenquote"
    # no claim made: "we do not claim", "no reclamamos", "kein Anspruch", "aucune
    # réclamation", "nessun risarcimento", "talep etmiyoruz", "không yêu cầu"
    r"|(?:do|does|will|shall)\s+not\s+claim|don['’]t\s+claim|no\s+(?:further\s+)?claims?"
    r"|waiv\w*|n[ãa]o\s+reclamamos|nenhuma\s+reclama[çc][ãa]o|no\s+reclamamos"
    r"|ning[úu]n\s+reclamo|renunciamos|kein\w{0,4}\s+(?:anspr[üu]ch\w*|anspruch\w*"
    r"|forderung\w*|schadens?ersatz\w*|reklamation\w*|entsch[äa]digung\w*)"
    r"|nicht\s+(?:geltend|beansprucht|gefordert)|verzicht\w*"
    r"|ne\s+r[ée]clamons\s+(?:pas|plus|rien)|aucune?\s+(?:r[ée]clamation|indemnit[ée]"
    r"|indemnisation|demande)|renon[çc]\w*|non\s+(?:chiediamo|richiediamo|reclamiamo"
    r"|pretendiamo)|nessun[oa]?\s+(?:reclamo|risarcimento|indennizzo|richiesta)"
    r"|rinunci\w*|talep\s+etmiyoruz|talebimiz\s+(?:yok\w*|bulunmamaktad[ıi]r)"
    r"|vazge[çc]\w*|feragat\w*|kh[ôo]ng\s+(?:y[êe]u\s+c[ầa]u|khi[ếe]u\s+n[ạa]i|đòi)"
    # settled, paid, withdrawn, received: German, French, Italian, Turkish, Vietnamese
    r"|beglichen|bezahlt|gezahlt|[üu]berwiesen|erledigt|zur[üu]ckgezogen|abgeschlossen"
    r"|gutgeschrieben|geregelt|r[ée]gl[ée]e?s?|pay[ée]e?s?|retir[ée]e?s?|cl[ôo]tur[ée]e?s?"
    r"|r[ée]solue?s?|re[çc]ue?s?|cr[ée]dit[ée]e?s?|sold[ée]e?s?|saldat[oaie]|pagat[oaie]"
    r"|ritirat[oaie]|chius[oaie]|risolt[oaie]|ricevut[oaie]|accreditat[oaie]"
    r"|liquidat[oaie]|[öo]dendi|[öo]denmi[şs]\w*|kapat[ıi]ld[ıi]\w*|kapat[ıi]lm[ıi][şs]\w*"
    r"|geri\s+[çc]ekil\w*|[çc][öo]z[üu]ld[üu]\w*|[çc][öo]z[üu]lm[üu][şs]\w*"
    r"|tahsil\s+edil\w*|al[ıi]nd[ıi]|uzla[şs][ıi]ld[ıi]\w*"
    r"|(?:đã\s+(?:được\s+)?|được\s+)(?:thanh\s+to[áa]n|tr[ảa]|gi[ảa]i\s+quy[ếe]t|r[úu]t|nh[ậa]n|đóng|t[ấa]t\s+to[áa]n)"
    # conditions and bounds
    r"|wenn|sofern|falls(?=\s+(?:sie|die|der|das|es|wir|ihr|ein|eine|kein\w*)\b)"
    r"|mehr\s+als|bis\s+zu|au-del[àa]\s+de|plus\s+de|jusqu['’][àa]|sup[ée]rieur\w*\s+[àa]"
    r"|qualora|nel\s+caso|purch[ée]|oltre(?!\s+(?:a|al|alla|ai|alle|agli)\b)|pi[ùu]\s+di|fino\s+a|superiore\s+a|e[ğg]er"
    r"|halinde|takdirde|durumunda|[üu]zerinde|a[şs]an|n[ếe]u|tr[ưu][ờo]ng\s+h[ợo]p"
    r"|v[ượu][ợo]t\s+qu[áa]|t[ốo]i\s+đa|nhi[ềe]u\s+h[ơo]n|durchschnitt\w*|moyenne"
    r"|saison|campagne|stagione|ortalama|sezon\w*|trung\s+b[ìi]nh|m[ùu]a\s+v[ụu])(?![^\W\d_])"
    r"|已结清|已支付|已付|已撤回|已撤销|已解决|已关闭|已收到|已赔付|已结案|已了结|已和解|已退"
    r"|不再索赔|不索赔|无索赔|没有索赔|放弃索赔|不要求赔偿|无需赔偿|不予索赔"
    r"|如果|假如|倘若|若(?!干)|一旦|如未|如不|最多|不超过|平均|本季|全年" + further.NOT_OPEN,
    re.IGNORECASE,
)
# A claim closed by the sender's own act, bound to what it closes so a cancelled contract
# beside a claim made does not close the claim: a claim or debit note withdrawn or
# cancelled ("we hereby withdraw our claim", "retiramos nuestro reclamo y anulamos la Nota
# de Débito", "ziehen wir unsere Reklamation zurück", "撤回索赔"), and a payment received
# ("we confirm receipt of USD 72,000.00", "la recepción de su transferencia", "o pagamento
# de USD 72.000,00 foi feito"). Read like ``_NOT_OPEN_RE``, in the figure's sentence.
_CLAIM_NOUN = (r"(?:claims?|debit\s+notes?|demands?|reclama[çc][ãa]o|reclama[çc][õo]es"
               r"|reclamos?|reclamaci[óo]n\w*|pleitos?|notas?\s+de\s+d[ée]bito|r[ée]clamations?"
               r"|notes?\s+de\s+d[ée]bit|reclami?|richiest[ae]|note?\s+di\s+debito"
               r"|yêu\s+cầu|khiếu\s+nại)")
_PAYMENT_WORDS = (r"payments?|transfers?|remittances?|wires?|credit\s+notes?|funds"
                  r"|pagamentos?|pagos?|transfer[êe]ncias?|transferencias?|abonos?"
                  r"|dep[óo]sitos?|notas?\s+de\s+cr[ée]dito|virements?|paiements?|avoirs?"
                  r"|bonific[oi]|zahlung\w*|[üu]berweisung\w*|gutschrift\w*")
# A payment, or an amount itself: "receipt of USD 72,000.00".
_PAYMENT_NOUN = rf"(?:{_PAYMENT_WORDS}|(?:[a-z]{{2,3}}\$?|[$€£¥₺])\s?[0-9])"
_CLOSED_BY_ACT_RE = re.compile(
    r"(?<![^\W\d_])(?:"
    r"(?:withdraw(?:s|ing)?|withdrawal\s+of|cancel(?:s|l?ed|l?ing)?|cancellation\s+of"
    r"|annul\w*|revok\w*|retract\w*|retiramos|retira|retiro|cancelamos|anulamos|desistimos"
    r"|retirons|annulons|ritiriamo|annulliamo|rút\s+lại|hủy(?:\s+bỏ)?)"
    r"(?:\s+\S+){0,3}?\s+" + _CLAIM_NOUN +
    r"|(?:ziehen|nehmen)\s+(?:\S+\s+){0,3}?(?:reklamation|forderung|beanstandung"
    r"|belastungsanzeige|m[äa]ngelr[üu]ge)\w*\s+(?:\S+\s+){0,8}?zur[üu]ck"
    r"|(?:tale[pb]\w*|reklamasyon\w*|dekont\w*)(?:\s+\S+){0,3}?\s+(?:geri\s+al\w*|iptal\s+ed\w*)"
    r"|(?:receipt|recebimento|recep[çc][ãa]o|recepci[óo]n|r[ée]ception|ricezione|ricevimento"
    r"|eingang)\s+(?:(?:today|herewith|with\s+thanks)\s+)?"
    r"(?:(?:of|de|do|da|del|du|des|di|della|dell['’]|der|von)\s+)?"
    r"(?:(?:the|your|su|seu|sua|la|el|o|a|votre|vostro|vostra|il|ihrer|der)\s+)?"
    + _PAYMENT_NOUN +
    r"|(?:pagamento|transfer[êe]ncia|pago|transferencia|credit\s+note|payment)(?:\s+\S+){0,12}?\s+"
    r"(?:foi|fue|has\s+been|was)\s+(?:feit[oa]|efetuad[oa]|realizad[oa]|efectuad[oa]|received|credited)"
    r"|[öo]deme\w*\s+(?:\S+\s+){0,3}?(?:ald[ıi]k|tahsil\s+ett\w*)"
    r"|đã\s+nhận\s+(?:được\s+)?(?:khoản\s+)?(?:thanh\s+to[áa]n|tiền|chuyển\s+khoản))"
    r"(?![^\W\d_])|撤回.{0,6}索赔|撤销.{0,6}索赔|取消.{0,6}借记单|收到.{0,8}(?:款项|付款|汇款|转账)"
    + further.CLOSED,
    re.IGNORECASE,
)
# A claim revised: "we revise our claim from USD 58,900 to USD 47,300", "reduzieren unsere
# Forderung von EUR 52.800,00 auf EUR 39.600,00", "talebimizi USD 58.900'den USD
# 47.300'e düşürüyoruz", "将索赔从58,900美元下调至47,300美元". The verb anywhere in the
# sentence (German and Turkish put it last); the old figure after "from", the new one after
# "to", nothing else between them.
_REVISE_RE = re.compile(
    r"(?<![^\W\d_])(?:revis\w*|reduc\w*|amend\w*|correct\w*|lower\w*|adjust\w*|increas\w*"
    r"|rais\w*|updat\w*|restat\w*|modif\w*|reduz\w*|corrig\w*|ajust\w*|alter\w*|atualiz\w*"
    r"|diminu\w*|rebaj\w*|reduj\w*|actualiz\w*|aument\w*|reduzier\w*|korrigier\w*"
    r"|angepasst|anpass\w*|gesenkt|senken|herabgesetzt|herabsetz\w*|revidier\w*"
    r"|aktualisier\w*|erh[öo]h\w*|ge[äa]ndert|[äa]nder\w*|r[ée]vis\w*|r[ée]dui\w*|ramen\w*"
    r"|abaiss\w*|augment\w*|rivist\w*|rived\w*|ridu\w*|ridott\w*|corregg\w*|corrett\w*"
    r"|aggiorn\w*|abbass\w*|d[üu][şs][üu]r\w*|indir\w*|revize\w*|g[üu]ncelle\w*"
    r"|d[üu]zelt\w*|art[ıi]r\w*|gi[ảa]m|điều\s+chỉnh|sửa|cập\s+nhật|tăng)(?![^\W\d_])"
    r"|下调|降至|调整|修改|减少|更正|改为|降低|上调|提高",
    re.IGNORECASE,
)
_REVISED_FROM_RE = re.compile(
    r"(?<![^\W\d_])(?:from|de|desde|von|du|da|dal|di|từ)\s*$|(?:从|由)\s*$", re.IGNORECASE)
_REVISED_TO_RE = re.compile(
    r"\s*(?:['’]?(?:d|t)[ae]n)?\s*[,)]?\s*(?:(?:down\s+|up\s+)?to|a|para|hasta|auf|à|au|ad|in"
    r"|xuống(?:\s+còn)?|lên|còn|至|降至|下调至|上调至|调整为|改为|减至|降低至|为|到"
    r"|['’]?y?[ae]|→|->|=>)?\s*",
    re.IGNORECASE,
)
# An open balance: what is left of a claim after a payment or a credit, named before its
# figure ("the balance amount of USD 44,000.00", "queda un saldo pendiente de", "der
# Restbetrag von", "un solde de", "kalan bakiye", "số dư còn lại", "余额"), or said open
# right after it ("USD 44,000 is still outstanding", "EUR 47.300 bleiben offen").
_BALANCE_RE = re.compile(
    r"(?<![^\W\d_])(?:balance|remaining|remainder|outstanding|open\s+amount|rest"
    r"|saldo|restante|remanescente|pendente|pendiente|em\s+aberto|resto"
    r"|restbetrag|restforderung|verbleibend\w*|offen\w*|solde|reste|restant\w*|reliquat"
    r"|residu[oa]|rimanente|resta|restano|da\s+saldare|bakiye\w*|kalan|còn\s+lại|số\s+dư)"
    r"(?![^\W\d_])|余额|剩余|尚欠|未付",
    re.IGNORECASE,
)
_STILL_OPEN_RE = re.compile(
    r"\W{0,3}(?:\w+\s+){0,3}?(?:outstanding|open|unpaid|pending|pendente|pendientes?"
    r"|em\s+aberto|en\s+abierto|offen|ausstehend|impay[ée]e?s?|en\s+suspens|aperto"
    r"|insoluto|[öo]denmemi[şs]|açık|chưa\s+thanh\s+to[áa]n)(?![^\W\d_])|\W{0,3}(?:未付|尚欠)",
    re.IGNORECASE,
)
# What a payment or a credit is called beside its figure ("partial payment USD 30,000",
# "credit note for USD 20,000", "abono parcial").
_PAYMENT_TERMS = (_PAYMENT_WORDS + r"|paid|received|receipt|swift|credited|accepted|on\s+account"
                  r"|partial\w*|parcial\w*|recebid[oa]s?|recibid[oa]s?|pag[oa]s?|pagad[oa]s?|acompte"
                  r"|anzahlung|teilzahlung|gezahlt|bezahlt|acconto|pagat[oaie]|[öo]deme\w*"
                  r"|thanh\s+to[áa]n|tạm\s+ứng")
_PAYMENT_RE = re.compile(
    r"(?<![^\W\d_])(?:" + _PAYMENT_TERMS + r")(?![^\W\d_])|已付|付款|贷记", re.IGNORECASE)
# The same right after the figure, in its next words ("USD 132.700 ödeme alındı").
_PAYMENT_AFTER_RE = re.compile(
    r"\W{0,3}(?:\w+\s+){0,3}?(?:" + _PAYMENT_TERMS + r")(?![^\W\d_])|\W{0,3}(?:已付|付款)",
    re.IGNORECASE)
