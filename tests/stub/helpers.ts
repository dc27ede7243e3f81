// Shared helpers of the provider-stub tests: one stub per test file, reset before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DEFAULT_TOKEN, startProviderStub, type ProviderStub, type ProviderStubOptions } from '../../scripts/provider-stub/server.ts';

export const AUTH = { Authorization: `Bearer ${DEFAULT_TOKEN}` };
export const FIXED_NOW = new Date('2026-06-15T10:30:00Z');

export type Envelope = { data: unknown; success: boolean; message: string; error: number | string | null };

/** Starts a stub for the file and resets it before each test; `stub()` gives the running instance. */
export function setupStub(options: ProviderStubOptions = {}): () => ProviderStub {
  let running: ProviderStub | undefined;
  beforeAll(async () => {
    running = await startProviderStub({ port: 0, now: () => FIXED_NOW, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    running?.state.reset();
  });
  return () => {
    if (!running) throw new Error('stub not started');
    return running;
  };
}

export async function call(base: string, path: string, init: RequestInit & { auth?: boolean } = {}): Promise<Response> {
  const { auth = true, headers, ...rest } = init;
  return fetch(`${base}${path}`, { ...rest, headers: { ...(auth ? AUTH : {}), ...(headers as Record<string, string> | undefined) } });
}

export async function envelope(response: Response): Promise<Envelope> {
  return (await response.json()) as Envelope;
}

export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(base, path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export function postXml(base: string, xml: string, path = '/invoices', headers: Record<string, string> = {}): Promise<Response> {
  return call(base, path, { method: 'POST', headers: { 'Content-Type': 'application/xml', ...headers }, body: xml });
}

/** Stub control API (no auth). */
export async function control(base: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}/__stub${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

export type InvoiceXmlOptions = {
  codiceDestinatario?: string;
  formato?: 'FPR12' | 'FPA12';
  supplierVat?: string;
  buyerVat?: string;
  numero?: string;
};

/** A small but complete FatturaPA 1.2 invoice. */
export function invoiceXml(options: InvoiceXmlOptions = {}): string {
  const { codiceDestinatario = '0000000', formato = 'FPR12', supplierVat = '04821730159', buyerVat = '02684190370', numero = '12' } = options;
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="${formato}" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${supplierVat}</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00012</ProgressivoInvio>
      <FormatoTrasmissione>${formato}</FormatoTrasmissione>
      <CodiceDestinatario>${codiceDestinatario}</CodiceDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${supplierVat}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>FERRAMENTA COLOMBO S.R.L.</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA PADOVA</Indirizzo><NumeroCivico>112</NumeroCivico><CAP>20127</CAP><Comune>MILANO</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${buyerVat}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>PROFUMERIA FERRARI S.R.L.</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>VIA DELL'INDIPENDENZA 24</Indirizzo><CAP>40121</CAP><Comune>BOLOGNA</Comune><Provincia>BO</Provincia><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento><TipoDocumento>TD01</TipoDocumento><Divisa>EUR</Divisa><Data>2026-06-10</Data><Numero>${numero}</Numero></DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee><NumeroLinea>1</NumeroLinea><Descrizione>Trapano a percussione</Descrizione><PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>100.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA></DettaglioLinee>
      <DatiRiepilogo><AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>100.00</ImponibileImporto><Imposta>22.00</Imposta></DatiRiepilogo>
    </DatiBeniServizi>
  </FatturaElettronicaBody>
</p:FatturaElettronica>`;
}
