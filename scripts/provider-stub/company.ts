// Company API: GET /IT-aml/{vatCode_or_taxCode}.
import { COMPANIES, NO_CONTENT_VAT, isValidPartitaIva, type CompanyFixture, type Person } from './company-fixtures.ts';
import { fail, ok, type StubRequest, type StubResponse } from './http.ts';

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

export function lookupCompany(now: Date, req: StubRequest): StubResponse {
  const id = (req.params.vat ?? '').trim().toUpperCase();
  if (id === '') return fail(400, 214, 'cf or piva required');
  if (!isValidPartitaIva(id) && !TAX_CODE.test(id)) return fail(406, 215, 'cf/piva not valid');
  if (id === NO_CONTENT_VAT) return { status: 204, kind: 'empty' };
  const company = COMPANIES.find((item) => item.vatCode === id);
  return company ? ok(toAnswer(company, now)) : fail(404, 404, 'Company not found');
}
