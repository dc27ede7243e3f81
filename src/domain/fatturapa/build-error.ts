/** Why an invoice could not be built: an Italian message for the shop owner and the input field concerned. */
export class InvoiceBuildError extends Error {
  readonly field: string;

  constructor(message: string, field: string) {
    super(message);
    this.name = 'InvoiceBuildError';
    this.field = field;
  }
}
