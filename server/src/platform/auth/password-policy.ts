// What a new password must not be, beyond the shared pattern (ASVS 5.0 6.2.4, 6.2.11; issue 13): one of the
// 10,000 most common passwords, dressed up or not (`Passw0rd!` is `password`), the user's own name or
// e-mail, or (issue 30, L1) the site's name or a word of the company's e-mail domains (`Hearth2026!` is the
// first thing a guesser tries). Checked on the server wherever a password is set; the list never goes to the
// browser (its size).
// Demo accounts are seeded with hashes directly and never pass through here.
import { MSG } from '@hearth/contract';
import { fieldError } from '../errors';

/** How many of the list's most common passwords are refused (the list is ordered by frequency). */
export const COMMON_PASSWORD_COUNT = 10_000;
/** Name and e-mail parts shorter than this are ignored: "Li" or "Ann" inside a password is not a giveaway. */
export const MIN_PERSONAL_PART = 4;

export type PasswordOwner = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

/** What the site is called and the company's e-mail domains: the config's BRAND_NAME and COMPANY_EMAIL_DOMAINS. */
export type HouseNames = { brandName: string; companyEmailDomains: readonly string[] };

/**
 * The house words every caller's check refuses, set from the config when the auth routes are registered
 * (`usePasswordHouseNames`). A process serves one config, so this is the same for every app it builds.
 */
let houseWords: string[] = [];

let common: Promise<Set<string>> | undefined;

/** The most common passwords, lower-cased; loaded on first use (about 30 ms) rather than at start. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = dictionary['passwords-common'] as unknown as string[];
    return new Set(list.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  });
  return common;
}

const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Undoes common letter-for-symbol swaps; `1` stands for either `i` or `l`, so both readings come back. */
function unLeet(text: string): string[] {
  const base = [...text].map((ch) => LEET[ch] ?? ch).join('');
  return base.includes('1') ? [base.replaceAll('1', 'i'), base.replaceAll('1', 'l')] : [base];
}

const stripTrailing = (text: string) => text.replace(/[^\p{L}]+$/u, '');
const stripLeading = (text: string) => text.replace(/^[^\p{L}]+/u, '');

/** The readings of a password that are looked up: as typed, without its digits and symbols around it, un-leeted. */
export function passwordReadings(password: string): Set<string> {
  const lower = password.toLowerCase();
  const readings = new Set<string>([lower]);
  for (const trimmed of [stripTrailing(lower), stripLeading(stripTrailing(lower))]) {
    readings.add(trimmed);
    for (const plain of unLeet(trimmed)) readings.add(plain);
  }
  for (const plain of unLeet(lower)) {
    readings.add(plain);
    readings.add(stripTrailing(plain));
    readings.add(stripLeading(stripTrailing(plain)));
  }
  readings.delete('');
  return readings;
}

/** The owner's name and e-mail local part, whole and split at punctuation, lower-cased, long enough to matter. */
function personalParts(owner: PasswordOwner): string[] {
  const local = owner.email?.split('@')[0] ?? '';
  const wholes = [owner.firstName ?? '', owner.lastName ?? '', local].map((s) => s.trim().toLowerCase());
  const parts = new Set<string>();
  for (const whole of wholes) {
    parts.add(whole);
    for (const piece of whole.split(/[^\p{L}\p{N}]+/u)) parts.add(piece);
  }
  return [...parts].filter((p) => [...p].length >= MIN_PERSONAL_PART);
}

/**
 * The brand, whole and by its words, and each domain's labels but its last (`example` of example.com; `com`
 * says nothing about the company), lower-cased and long enough to matter.
 */
export function houseWordsOf(house: HouseNames): string[] {
  const brand = house.brandName.trim().toLowerCase();
  const words = new Set([brand.replace(/[^\p{L}\p{N}]+/gu, ''), ...brand.split(/[^\p{L}\p{N}]+/u)]);
  for (const domain of house.companyEmailDomains) {
    for (const label of domain.toLowerCase().split('.').slice(0, -1)) {
      words.add(label);
      for (const piece of label.split('-')) words.add(piece);
    }
  }
  return [...words].filter((w) => [...w].length >= MIN_PERSONAL_PART);
}

/** Sets the house words from the config (the auth routes do, at start). */
export function usePasswordHouseNames(house: HouseNames): void {
  houseWords = houseWordsOf(house);
}

/** The message refusing `password` for this owner, or undefined when it may be used. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const readings = passwordReadings(password);
  const list = await commonPasswords();
  for (const reading of readings) if (list.has(reading)) return MSG.passwordTooCommon;
  const lower = password.toLowerCase();
  const haystacks = [lower, ...unLeet(lower)];
  const parts = personalParts(owner);
  if (parts.some((part) => haystacks.some((h) => h.includes(part)))) return MSG.passwordHasPersonalInfo;
  if (houseWords.some((word) => haystacks.some((h) => h.includes(word)))) return MSG.passwordHasCompanyName;
  return undefined;
}

/** Throws a 400 naming the form's password field when `password` may not be used. */
export async function assertPasswordAllowed(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw fieldError(field, problem);
}
