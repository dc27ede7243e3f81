// Fictional Italian companies answered by GET /IT-aml/{vat}. Every Partita IVA and codice fiscale below
// has a valid check character; the people and firms are invented. The seed may reuse these numbers.

export type Person = { name: string; surname: string; taxCode: string; birthDate: string; birthTown: string; gender: 'M' | 'F'; role: string };
export type CompanyManager = { companyName: string; taxCode: string; role: string };

export type CompanyFixture = {
  vatCode: string;
  companyName: string;
  reaCode: string;
  /** null = the answer has no `address` (an incomplete answer). */
  address: { streetName: string; zipCode: string; town: string; province: string; provinceName: string; region: string } | null;
  /** In answer order; a company manager may come first, as in Openapi's own example. */
  managers: (Person | CompanyManager)[];
};

const ROLE_AU = 'AMMINISTRATORE UNICO';
const ROLE_PCA = 'PRESIDENTE CONSIGLIO AMMINISTRAZIONE';
const ROLE_SOC = 'SOCIO AMMINISTRATORE';

export const COMPANIES: CompanyFixture[] = [
  {
    vatCode: '04821730159',
    companyName: 'FERRAMENTA COLOMBO S.R.L.',
    reaCode: '1778342',
    address: { streetName: 'VIA PADOVA 112', zipCode: '20127', town: 'MILANO', province: 'MI', provinceName: 'MILANO', region: 'LOMBARDIA' },
    managers: [{ name: 'LUCA', surname: 'COLOMBO', taxCode: 'CLMLCU90P30F205R', birthDate: '1990-09-30T00:00:00', birthTown: 'MILANO', gender: 'M', role: ROLE_AU }],
  },
  {
    vatCode: '09173640583',
    companyName: 'ALIMENTARI BIANCHI S.N.C. DI BIANCHI MARCO & C.',
    reaCode: '1150932',
    address: { streetName: 'VIA TUSCOLANA 245', zipCode: '00181', town: 'ROMA', province: 'RM', provinceName: 'ROMA', region: 'LAZIO' },
    managers: [
      { name: 'MARCO', surname: 'BIANCHI', taxCode: 'BNCMRC65S03H501V', birthDate: '1965-11-03T00:00:00', birthTown: 'ROMA', gender: 'M', role: ROLE_SOC },
      { name: 'SARA', surname: 'GRECO', taxCode: 'GRCSRA92E54H501Z', birthDate: '1992-05-14T00:00:00', birthTown: 'ROMA', gender: 'F', role: ROLE_SOC },
    ],
  },
  {
    vatCode: '11204580010',
    companyName: 'TABACCHERIA MARINO S.R.L.',
    reaCode: '1190455',
    address: { streetName: 'CORSO VITTORIO EMANUELE II 58', zipCode: '10121', town: 'TORINO', province: 'TO', provinceName: 'TORINO', region: 'PIEMONTE' },
    managers: [{ name: 'PAOLO', surname: 'MARINO', taxCode: 'MRNPLA80A07L219T', birthDate: '1980-01-07T00:00:00', birthTown: 'TORINO', gender: 'M', role: ROLE_AU }],
  },
  {
    vatCode: '07352910637',
    companyName: 'ESPOSITO ELETTRONICA S.R.L.',
    reaCode: '0876120',
    address: { streetName: 'VIA TOLEDO 156', zipCode: '80134', town: 'NAPOLI', province: 'NA', provinceName: 'NAPOLI', region: 'CAMPANIA' },
    managers: [{ name: 'SALVATORE', surname: 'ESPOSITO', taxCode: 'SPSSVT71L22F839H', birthDate: '1971-07-22T00:00:00', birthTown: 'NAPOLI', gender: 'M', role: ROLE_AU }],
  },
  {
    vatCode: '02684190370',
    companyName: 'PROFUMERIA FERRARI S.R.L.',
    reaCode: '0455871',
    address: { streetName: "VIA DELL'INDIPENDENZA 24", zipCode: '40121', town: 'BOLOGNA', province: 'BO', provinceName: 'BOLOGNA', region: 'EMILIA-ROMAGNA' },
    managers: [{ name: 'CHIARA', surname: 'FERRARI', taxCode: 'FRRCHR83B49A944Z', birthDate: '1983-02-09T00:00:00', birthTown: 'BOLOGNA', gender: 'F', role: ROLE_AU }],
  },
  {
    // managers[0] is a company, managers[1] the person who legally represents the firm.
    vatCode: '05930260483',
    companyName: 'CARTOLERIA RICCI S.R.L.',
    reaCode: '0598214',
    address: { streetName: 'VIA DEI SERVI 31', zipCode: '50122', town: 'FIRENZE', province: 'FI', provinceName: 'FIRENZE', region: 'TOSCANA' },
    managers: [
      { companyName: 'RICCI HOLDING S.R.L.', taxCode: '01526880156', role: ROLE_PCA },
      { name: 'FRANCESCA', surname: 'RICCI', taxCode: 'RCCFNC75T55D612Q', birthDate: '1975-12-15T00:00:00', birthTown: 'FIRENZE', gender: 'F', role: ROLE_AU },
    ],
  },
  {
    vatCode: '08117720725',
    companyName: 'PANIFICIO ROMANO S.R.L.',
    reaCode: '0601337',
    address: { streetName: 'VIA SPARANO DA BARI 88', zipCode: '70121', town: 'BARI', province: 'BA', provinceName: 'BARI', region: 'PUGLIA' },
    managers: [{ name: 'ANTONIO', surname: 'ROMANO', taxCode: 'RMNNTN59H01A662P', birthDate: '1959-06-01T00:00:00', birthTown: 'BARI', gender: 'M', role: ROLE_AU }],
  },
  {
    // Incomplete answer: no address at all.
    vatCode: '03771450289',
    companyName: 'GALLO ABBIGLIAMENTO S.R.L.',
    reaCode: '0339902',
    address: null,
    managers: [{ name: 'ELENA', surname: 'GALLO', taxCode: 'GLLLNE87C65G224H', birthDate: '1987-03-25T00:00:00', birthTown: 'PADOVA', gender: 'F', role: ROLE_AU }],
  },
  {
    // A holding with no managers listed.
    vatCode: '01526880156',
    companyName: 'RICCI HOLDING S.R.L.',
    reaCode: '1502876',
    address: { streetName: 'VIA MANZONI 12', zipCode: '20121', town: 'MILANO', province: 'MI', provinceName: 'MILANO', region: 'LOMBARDIA' },
    managers: [],
  },
  {
    // Answered through the slow path (SLOW_VAT below).
    vatCode: '02841750967',
    companyName: 'OTTICA LONGO S.R.L.',
    reaCode: '0392215',
    address: { streetName: 'CORSO PORTA NUOVA 19', zipCode: '37122', town: 'VERONA', province: 'VR', provinceName: 'VERONA', region: 'VENETO' },
    managers: [{ name: 'GIULIA', surname: 'LONGO', taxCode: 'LNGGLI86D52L781Y', birthDate: '1986-04-12T00:00:00', birthTown: 'VERONA', gender: 'F', role: ROLE_AU }],
  },
];

/**
 * A company the registry answers slowly: the lookup gets the provider's timeout answer, 302 to
 * /IT-check_id/{id} with {data:{state:'PENDING', id}}, and the check answers PENDING SLOW_PENDING_POLLS times
 * (the redirect that fetch follows counts as the first) before it answers the data.
 */
export const SLOW_VAT = '02841750967';
export const SLOW_PENDING_POLLS = 2;

/** A valid Partita IVA for which the provider finds nothing: answered 204 No Content. */
export const NO_CONTENT_VAT = '06499030234';

/** The Partita IVA check digit rule (Luhn-like over the first ten digits). */
export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}
