// Where a location may be: the SPEC §9 state list (US states, DC and Puerto Rico) and the US time zones a location
// may pick, each with a label people recognise.

import { US_STATES } from '../constants';

export type StateCode = (typeof US_STATES)[number][0];

/** `[code, name]` pairs, in alphabetical order of name (SPEC §9). */
export const STATES = US_STATES;

export const STATE_CODES = US_STATES.map(([code]) => code) as [StateCode, ...StateCode[]];

export function stateName(code: string): string {
  return US_STATES.find(([value]) => value === code)?.[1] ?? code;
}

/** IANA ids of the time zones of the states, DC and Puerto Rico, with a friendly label. */
export const US_TIME_ZONES = [
  ['America/New_York', 'Eastern Time (New York)'],
  ['America/Detroit', 'Eastern Time (Detroit)'],
  ['America/Indiana/Indianapolis', 'Eastern Time (Indianapolis)'],
  ['America/Kentucky/Louisville', 'Eastern Time (Louisville)'],
  ['America/Chicago', 'Central Time (Chicago)'],
  ['America/Indiana/Knox', 'Central Time (Knox, Indiana)'],
  ['America/Menominee', 'Central Time (Menominee)'],
  ['America/North_Dakota/Center', 'Central Time (North Dakota)'],
  ['America/Denver', 'Mountain Time (Denver)'],
  ['America/Boise', 'Mountain Time (Boise)'],
  ['America/Phoenix', 'Mountain Time, no daylight saving (Phoenix)'],
  ['America/Los_Angeles', 'Pacific Time (Los Angeles)'],
  ['America/Anchorage', 'Alaska Time (Anchorage)'],
  ['America/Juneau', 'Alaska Time (Juneau)'],
  ['America/Nome', 'Alaska Time (Nome)'],
  ['America/Adak', 'Hawaii-Aleutian Time (Adak)'],
  ['Pacific/Honolulu', 'Hawaii Time (Honolulu)'],
  ['America/Puerto_Rico', 'Atlantic Time (Puerto Rico)'],
] as const;

export type TimeZoneId = (typeof US_TIME_ZONES)[number][0];

export const TIME_ZONE_IDS = US_TIME_ZONES.map(([id]) => id) as [TimeZoneId, ...TimeZoneId[]];

export function timeZoneLabel(id: string): string {
  return US_TIME_ZONES.find(([value]) => value === id)?.[1] ?? id;
}
