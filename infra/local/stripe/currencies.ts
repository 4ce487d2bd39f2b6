/** The currencies Stripe charges in, and the ones without a minor unit. */

export const CURRENCIES = new Set(
  (
    'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf ' +
    'clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils ' +
    'inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk ' +
    'mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp ' +
    'sle sos srd std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw'
  ).split(' '),
);
export const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));

export function formatMinimum(currency: string): string {
  return ZERO_DECIMAL.has(currency) ? `${currency.toUpperCase()} 50` : `${currency.toUpperCase()} 0.50`;
}
