/** ISO 639-1 two-letter codes: a second file extension that is one of these names a subtitle language. */
const ISO_639_1 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv ' +
    'dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ' +
    'ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh ' +
    'mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru ' +
    'rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug ' +
    'uk ur uz ve vi vo wa wo xh yi yo za zh zu'
  ).split(' '),
);

/** ISO 639-2 codes (as in mkv/mp4 stream tags) of the languages most often met, mapped to ISO 639-1. */
const FROM_639_2: Record<string, string> = {
  ara: 'ar',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cze: 'cs',
  chi: 'zh',
  zho: 'zh',
  dan: 'da',
  deu: 'de',
  ger: 'de',
  ell: 'el',
  gre: 'el',
  eng: 'en',
  spa: 'es',
  est: 'et',
  fas: 'fa',
  per: 'fa',
  fin: 'fi',
  fra: 'fr',
  fre: 'fr',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ind: 'id',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  lit: 'lt',
  lav: 'lv',
  msa: 'ms',
  may: 'ms',
  nld: 'nl',
  dut: 'nl',
  nor: 'no',
  nob: 'nb',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rum: 'ro',
  rus: 'ru',
  slk: 'sk',
  slo: 'sk',
  slv: 'sl',
  srp: 'sr',
  swe: 'sv',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  vie: 'vi',
};

/**
 * Whether a file-name part is a subtitle language: an ISO 639-1 code, optionally with a region or script
 * as yt-dlp writes them (`en`, `en-US`, `zh-Hans`, `pt-BR`).
 */
export function isLanguageCode(part: string): boolean {
  const [base, ...rest] = part.split('-');
  return ISO_639_1.has(base!.toLowerCase()) && rest.every((r) => /^[A-Za-z0-9]{2,8}$/.test(r));
}

/** A stream's language tag as a short code: eng → en; unknown three-letter codes stay; none → und. */
export function shortLanguage(tag: string | undefined): string {
  const value = (tag ?? '').trim().toLowerCase();
  if (!value || value === 'und') return 'und';
  return FROM_639_2[value] ?? value;
}
