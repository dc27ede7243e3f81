// Company API: GET /IT-aml/{vatCode_or_taxCode}.
import { COMPANIES, NO_CONTENT_VAT, SLOW_PENDING_POLLS, SLOW_VAT, isValidPartitaIva, type CompanyFixture, type Person } from './company-fixtures.ts';
import { fail, ok, type StubRequest, type StubResponse } from './http.ts';
import type { StubState } from './state.ts';

const TAX_CODE = /^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/;

function ageOn(birthDate: string, now: Date): number {
  const born = new Date(`${birthDate.slice(0, 10)}T00:00:00Z`);
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday = now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

function isPerson(manager: CompanyFixture['managers'][number]): manager is Person {
  return 'surname' in manager;
}

function toAnswer(company: CompanyFixture, now: Date): Record<string, unknown> {
  const address = company.address;
  const data: Record<string, unknown> = {
    companyDetails: {
      vatCode: company.vatCode,
      taxCode: company.vatCode,
      companyName: company.companyName,
      cciaa: address?.province ?? null,
      reaCode: company.reaCode,
      lastUpdateDate: '2026-01-15T00:00:00',
      officeType: 'SEDE LEGALE',
      openapiNumber: `IT${company.vatCode}`,
    },
    managers: company.managers.map((manager, index) => {
      const roles = [{ role: { description: manager.role } }];
      if (!isPerson(manager)) return { companyName: manager.companyName, taxCode: manager.taxCode, roles, isLegalRepresentative: index === 0 };
      const { role: _role, ...person } = manager;
      return { ...person, age: ageOn(manager.birthDate, now), roles, isLegalRepresentative: true };
    }),
    shareholders: [],
  };
  if (address) {
    data.address = {
      streetName: address.streetName,
      zipCode: address.zipCode,
      town: address.town,
      province: { code: address.province, description: address.provinceName },
      region: { description: address.region },
      country: { code: 'IT', description: 'ITALIA' },
    };
  }
  return data;
}

function pending(id: string): StubResponse {
  return { status: 200, kind: 'json', body: { data: { state: 'PENDING', id }, success: true, message: '', error: null }, headers: { 'Retry-After': '1' } };
}

export function lookupCompany(state: StubState, req: StubRequest): StubResponse {
  const id = (req.params.vat ?? '').trim().toUpperCase();
  if (id === '') return fail(400, 214, 'cf or piva required');
  if (!isValidPartitaIva(id) && !TAX_CODE.test(id)) return fail(406, 215, 'cf/piva not valid');
  if (id === NO_CONTENT_VAT) return { status: 204, kind: 'empty' };
  if (id === SLOW_VAT) {
    // The provider's answer after its 30 s timeout: poll /IT-check_id/{id}.
    const checkId = `chk-${state.companyChecks.size + 1}-${id}`;
    state.companyChecks.set(checkId, { vat: id, pendingPolls: SLOW_PENDING_POLLS });
    const body = { data: { state: 'PENDING', id: checkId }, success: true, message: '', error: null };
    return { status: 302, kind: 'json', body, headers: { Location: `/IT-check_id/${checkId}`, 'Retry-After': '1' } };
  }
  const company = COMPANIES.find((item) => item.vatCode === id);
  return company ? ok(toAnswer(company, state.now())) : fail(404, 404, 'Company not found');
}

/** GET /IT-check_id/{id}: PENDING until the slow lookup is ready, then the lookup's data. */
export function checkCompanyLookup(state: StubState, req: StubRequest): StubResponse {
  const id = req.params.id ?? '';
  const check = state.companyChecks.get(id);
  if (!check) return fail(404, 404, 'Request not found');
  if (check.pendingPolls > 0) {
    check.pendingPolls -= 1;
    return pending(id);
  }
  const company = COMPANIES.find((item) => item.vatCode === check.vat);
  return company ? ok(toAnswer(company, state.now())) : fail(404, 404, 'Company not found');
}
