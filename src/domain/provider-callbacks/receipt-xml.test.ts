import { describe, expect, it } from 'vitest';
import { judgeReceiptXml } from './receipt-xml';

const bytes = (text: string) => new TextEncoder().encode(text);
const receipt = (root: string, file = 'IT01234567890_00001.xml') =>
  `<?xml version="1.0" encoding="UTF-8"?><ns3:${root} xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><IdentificativoSdI>111</IdentificativoSdI><NomeFile>${file}</NomeFile><DataOraRicezione>2026-12-02T10:00:00</DataOraRicezione><MessageId>9</MessageId></ns3:${root}>`;
const answer = (text: string, status = 200) => ({ kind: 'answer' as const, status, bytes: bytes(text) });

describe('the SDI receipt the provider returns', () => {
  it('is kept byte for byte when it is the receipt of the notification’s type', () => {
    const xml = receipt('NotificaScarto');
    expect(judgeReceiptXml(answer(xml), { type: 'NS', fileName: 'IT01234567890_00001_NS_001.xml' })).toEqual({ kind: 'stored', bytes: bytes(xml) });
    expect(judgeReceiptXml(answer(receipt('RicevutaConsegna')), { type: 'rc' }).kind).toBe('stored');
  });

  it('is refused, with the reason in Italian, when it is another receipt, another file, not XML, an error or no answer', () => {
    expect(judgeReceiptXml(answer(receipt('RicevutaConsegna')), { type: 'NS' })).toEqual({ kind: 'missing', reason: 'il provider ha inviato RicevutaConsegna invece di NotificaScarto' });
    expect(judgeReceiptXml(answer(receipt('NotificaScarto', 'IT01234567890_00002.xml')), { type: 'NS', fileName: 'IT01234567890_00001_NS_001.xml' })).toEqual({
      kind: 'missing', reason: 'la ricevuta riguarda il file IT01234567890_00002.xml, non IT01234567890_00001_NS_001.xml',
    });
    expect(judgeReceiptXml(answer('<html><body>Service unavailable'), { type: 'NS' })).toEqual({ kind: 'missing', reason: 'il provider ha inviato un file che non è XML leggibile' });
    expect(judgeReceiptXml({ kind: 'answer', status: 200, bytes: new Uint8Array([0xff, 0xfe, 0x3c]) }, { type: 'NS' }).kind).toBe('missing');
    expect(judgeReceiptXml(answer('{"error":230}', 404), { type: 'NS' })).toEqual({ kind: 'missing', reason: "il provider ha risposto con l'errore 404" });
    expect(judgeReceiptXml({ kind: 'no-answer', reason: 'timeout' }, { type: 'NS' })).toEqual({ kind: 'missing', reason: 'il provider non ha risposto in tempo' });
    expect(judgeReceiptXml({ kind: 'no-answer', reason: 'network' }, { type: 'NS' })).toEqual({ kind: 'missing', reason: 'il provider non è raggiungibile' });
  });
});
