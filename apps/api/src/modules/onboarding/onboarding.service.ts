import {
  flattenDotKeys,
  type ApplyInfoFromPoiRequest,
  type AttributeCategory,
  type AttributeValues,
  type Country,
  type Customer,
  type UpdateCountryRequest,
  type UpdateMobileNumberRequest,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError, FieldErrorBag } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AfterCommit } from '../../lib/after-commit.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { StepUp } from '../step-up/step-up.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { Executor } from '../../db/types.ts';
import { attributeCatalog, type AttributeDefinition } from '../reference/attribute-catalog.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import {
  addressColumns,
  attributeValueError,
  identityColumns,
  normaliseAttributeValue,
  requiredMessage,
  type RuleContext,
} from './attribute-rules.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { checkMobileNumber, normaliseName, toDayMonthYear } from './validators.ts';

export const CHOOSE_COUNTRY_FIRST = 'Choose your country first.';
export const NOT_ALLOWED = 'This field is not allowed.';

/** extracted_data keys of a proof-of-identity document → identity attribute keys. */
const POI_FIELDS: readonly [attribute: string, ...sources: string[]][] = [
  ['first_name', 'first_name', 'given_names'],
  ['middle_name', 'middle_name'],
  ['last_name', 'last_name', 'surname'],
  ['second_last_name', 'second_last_name'],
  ['date_of_birth', 'date_of_birth'],
  ['nationality', 'nationality'],
  ['national_id_number', 'national_id_number', 'document_number'],
];

/** Where a change came from (the caller's realtime socket is left out of the events). */
export type EventOrigin = Pick<ClientInfo, 'socketId' | 'locale'>;

export interface OnboardingServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  reference: ReferenceService;
  /** The approved proof of identity that apply-info-from-poi reads. */
  documents: Pick<DocumentsService, 'approvedProofOfIdentity'>;
  /** The customer's row, attributes and address (the customers module owns them), changed in our transactions. */
  customers: Pick<
    CustomersService,
    | 'customer'
    | 'setCountry'
    | 'updateIdentity'
    | 'setPoiNameCheck'
    | 'touch'
    | 'attributeValues'
    | 'deleteAttributesExcept'
    | 'upsertAttributeValues'
    | 'saveAddress'
  >;
  /** The account's mobile number (auth owns the accounts table). */
  accounts: Pick<AuthService, 'setMobileNumber'>;
  /** Every change: one transaction, then the cache invalidation and the events it asks for. */
  uow: UnitOfWork;
  /** Changing an existing mobile number needs a recent step-up (docs/product/auth-and-sessions.md#step-up). */
  stepUp: Pick<StepUp, 'ensure'>;
}

/**
 * Onboarding steps (docs/product/onboarding.md#workflow): update-country, update?category,
 * update-mobile-number, apply-info-from-poi.
 */
export class OnboardingService {
  constructor(private readonly deps: OnboardingServiceDeps) {}

  private reload(auth: AuthContext): Promise<Customer> {
    return this.deps.customers.customer(auth.customerId, auth.session);
  }

  /**
   * After the commit: the customer's cached sessions go (on every instance), then their tabs and
   * devices are told. ProfileUpdated (which shows a notice) skips the tab that asked: it has the
   * answer. TasksChanged goes everywhere: a save from Settings leaves that tab's to-do list stale
   * otherwise.
   */
  private changed(after: AfterCommit, customerId: string, origin: EventOrigin): void {
    after
      .customerChanged(customerId)
      .notify(customerId, 'ProfileUpdated', {}, origin.socketId ? { socketId: origin.socketId } : {})
      .notify(customerId, 'TasksChanged', {});
  }

  private async ruleContext(countryIso2: string): Promise<RuleContext> {
    const known = new Set((await this.deps.reference.countries()).map((c) => c.iso2_alpha));
    return { countryIso2, now: this.deps.now(), isKnownIso2: (iso2) => known.has(iso2) };
  }

  /**
   * Recompute the customers/addresses columns that follow from the attribute values
   * (docs/product/onboarding.md#derived-fields).
   */
  private async syncColumns(
    trx: Executor,
    customerId: string,
    values: Record<string, string | null>,
    at: Date,
  ): Promise<void> {
    const identity = identityColumns(values);
    const nationality = identity.nationality_iso2
      ? await this.deps.reference.countryByIso2(identity.nationality_iso2)
      : undefined;
    await this.deps.customers.updateIdentity(
      trx,
      customerId,
      {
        name: identity.name,
        second_name: identity.second_name,
        third_name: identity.third_name,
        unique_identity_number: identity.unique_identity_number,
        nationality_id: nationality?.id ?? null,
      },
      at,
    );
    await this.deps.customers.saveAddress(trx, customerId, newId(), addressColumns(values), at);
  }

  /**
   * Choose the country of residence. Values of attributes that the new country also defines (same
   * key) are kept; the others are dropped, and the derived columns are recomputed.
   */
  async updateCountry(auth: AuthContext, input: UpdateCountryRequest, origin: EventOrigin = {}): Promise<Customer> {
    const country = await this.deps.reference.countryById(input.country_id);
    if (!country) throw AppError.validation({ country_id: ['The selected country is invalid.'] });
    const keep = attributeCatalog.forCountry(country.iso2_alpha).map((d) => d.attribute);
    const at = this.deps.now();
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.customers.setCountry(trx, auth.customerId, country.id, at);
      await this.deps.customers.deleteAttributesExcept(trx, auth.customerId, keep);
      const values = await this.deps.customers.attributeValues(trx, auth.customerId);
      await this.syncColumns(trx, auth.customerId, values, at);
      this.changed(after, auth.customerId, origin);
    });
    return this.reload(auth);
  }

  private requireCountry(auth: AuthContext): string {
    const iso2 = auth.profile.country?.iso2_alpha.trim();
    if (!iso2) throw AppError.validation({ country_id: [CHOOSE_COUNTRY_FIRST] });
    return iso2;
  }

  /**
   * Save the values of one category. Keys arrive nested (docs/product/onboarding.md#dot-keys) and are
   * flattened back to dotted keys. Keys the country does not define in this category are refused;
   * required attributes must be present and non-empty; an optional attribute sent empty is cleared,
   * one not sent is left as is.
   */
  async updateAttributes(
    auth: AuthContext,
    category: AttributeCategory,
    body: AttributeValues,
    origin: EventOrigin = {},
  ): Promise<Customer> {
    const iso2 = this.requireCountry(auth);
    const defs = attributeCatalog.forCountry(iso2).filter((d) => d.category === category);
    const flat = flattenDotKeys(body);
    const bag = new FieldErrorBag();
    const known = new Set(defs.map((d) => d.attribute));
    for (const key of Object.keys(flat)) if (!known.has(key)) bag.add(key, NOT_ALLOWED);

    const ctx = await this.ruleContext(iso2);
    const updates: Record<string, string | null> = {};
    for (const def of defs) {
      const raw = flat[def.attribute];
      const value = raw === undefined ? '' : normaliseAttributeValue(def.attribute, raw);
      if (value === '') {
        if (def.is_required) bag.add(def.attribute, requiredMessage(def));
        else if (raw !== undefined) updates[def.attribute] = null;
        continue;
      }
      const error = attributeValueError(def, value, ctx);
      if (error) bag.add(def.attribute, error);
      else updates[def.attribute] = value;
    }
    bag.throwIfAny();

    await this.save(auth.customerId, updates, origin);
    return this.reload(auth);
  }

  private async save(
    customerId: string,
    updates: Record<string, string | null>,
    origin: EventOrigin,
    poiNameCheck?: (values: Record<string, string | null>) => boolean | null,
  ): Promise<void> {
    const at = this.deps.now();
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.customers.upsertAttributeValues(trx, customerId, updates, at);
      const values = await this.deps.customers.attributeValues(trx, customerId);
      await this.syncColumns(trx, customerId, values, at);
      if (poiNameCheck) await this.deps.customers.setPoiNameCheck(trx, customerId, poiNameCheck(values), at);
      this.changed(after, customerId, origin);
    });
  }

  async updateMobileNumber(
    auth: AuthContext,
    input: UpdateMobileNumberRequest,
    origin: EventOrigin = {},
  ): Promise<Customer> {
    const country = await this.deps.reference.countryById(input.mobile_number_country_id);
    if (!country)
      throw AppError.validation({ mobile_number_country_id: ['The selected mobile number country is invalid.'] });
    const phone = checkMobileNumber(input.mobile_number, country.iso2_alpha);
    if (!phone.ok)
      throw AppError.validation({ mobile_number: [`Enter a valid mobile number for ${country.common_name}.`] });
    const current = auth.profile.mobile_number;
    if (current !== null && current !== phone.e164) await this.deps.stepUp.ensure(auth, { locale: origin.locale });
    const at = this.deps.now();
    await this.deps.uow.run(async (trx, after) => {
      await this.deps.accounts.setMobileNumber(trx, auth.customerId, phone.e164, country.id, at);
      await this.deps.customers.touch(trx, auth.customerId, at);
      this.changed(after, auth.customerId, origin);
    });
    return this.reload(auth);
  }

  /**
   * Fill the empty identity attributes from an approved proof-of-identity document's extracted data
   * (values that do not pass the attribute's rules are skipped), and record whether the document's
   * name matches the name the customer entered (case- and diacritic-insensitive).
   */
  async applyInfoFromPoi(
    auth: AuthContext,
    input: ApplyInfoFromPoiRequest,
    origin: EventOrigin = {},
  ): Promise<Customer> {
    const doc = await this.deps.documents.approvedProofOfIdentity(auth.customerId, input.document_id);
    const iso2 = this.requireCountry(auth);
    const extracted = doc.extracted_data ?? {};
    const pick = (keys: string[]): string | null => {
      for (const k of keys) {
        const v = Object.hasOwn(extracted, k) ? extracted[k] : undefined;
        if (typeof v === 'string' && v.trim() !== '') return v.trim();
      }
      return null;
    };

    const defs = new Map<string, AttributeDefinition>(
      attributeCatalog
        .forCountry(iso2)
        .filter((d) => d.category === 'identity')
        .map((d) => [d.attribute, d]),
    );
    const current = auth.profile.attribute_values ?? {};
    const ctx = await this.ruleContext(iso2);
    const updates: Record<string, string | null> = {};
    for (const [attribute, ...sources] of POI_FIELDS) {
      const def = defs.get(attribute);
      if (!def || (current[attribute] ?? '').trim() !== '') continue;
      let value = pick(sources);
      if (value !== null && attribute === 'date_of_birth') value = toDayMonthYear(value);
      if (value !== null && attribute === 'nationality' && value.length === 3)
        value = (await this.isoFromAlpha3(value)) ?? value;
      if (value === null) continue;
      value = normaliseAttributeValue(attribute, value);
      if (attributeValueError(def, value, ctx) === null) updates[attribute] = value;
    }

    const docFirst = pick(['first_name', 'given_names']);
    const docLast = pick(['last_name', 'surname']);
    const nameCheck = (values: Record<string, string | null>): boolean | null => {
      if (!docFirst && !docLast) return null;
      const surnames = [values.last_name, values.second_last_name].filter(Boolean).join(' ');
      const docFull = normaliseName(`${docFirst ?? ''} ${docLast ?? ''}`);
      return (
        docFull === normaliseName(`${values.first_name ?? ''} ${values.last_name ?? ''}`) ||
        docFull === normaliseName(`${values.first_name ?? ''} ${surnames}`) ||
        docFull === normaliseName(`${values.first_name ?? ''} ${values.middle_name ?? ''} ${surnames}`)
      );
    };
    await this.save(auth.customerId, updates, origin, nameCheck);
    return this.reload(auth);
  }

  private async isoFromAlpha3(alpha3: string): Promise<string | undefined> {
    const upper = alpha3.toUpperCase();
    return (await this.deps.reference.countries()).find((c: Country) => c.iso3_alpha === upper)?.iso2_alpha;
  }
}
