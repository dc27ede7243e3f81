export * from './partita-iva';
export * from './codice-fiscale';
