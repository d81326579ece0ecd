// Mentions in a text become links only where the answer names the person, longest names first.
import { PATHS, ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { roleHasPath } from '../../lib/route-table';
import { splitMentions } from './mention-text';

const ann = { id: 1, firstName: 'Ann', lastName: 'Lee', profileImage: null };
const annLeeson = { id: 2, firstName: 'Ann', lastName: 'Leeson', profileImage: null };

describe('splitMentions', () => {
  it('cuts the text at each mention of a named person', () => {
    expect(splitMentions('Hi @Ann Lee, see @Ann Lee!', [ann])).toEqual([
      'Hi ',
      { person: ann, text: '@Ann Lee' },
      ', see ',
      { person: ann, text: '@Ann Lee' },
      '!',
    ]);
  });

  it('takes the longer name first and never half a name', () => {
    expect(splitMentions('@Ann Leeson and @Ann Lee', [ann, annLeeson])).toEqual([
      { person: annLeeson, text: '@Ann Leeson' },
      ' and ',
      { person: ann, text: '@Ann Lee' },
    ]);
    expect(splitMentions('@Ann Leeson', [ann])).toEqual(['@Ann Leeson']);
  });

  it('leaves a text without named people, or with names not in it, as it is', () => {
    expect(splitMentions('@Ann Lee', [])).toEqual(['@Ann Lee']);
    expect(splitMentions('Ann Lee, no at sign', [ann])).toEqual(['Ann Lee, no at sign']);
    expect(splitMentions('@(x) [y]', [{ ...ann, firstName: '(x)', lastName: '' }])).toEqual([
      { person: { ...ann, firstName: '(x)', lastName: '' }, text: '@(x)' },
      ' [y]',
    ]);
  });
});

describe('people routes', () => {
  it('gives /people and a person page to the three roles, the setting to administrators only', () => {
    for (const role of [ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR]) {
      expect(roleHasPath(role, PATHS.people)).toBe(true);
      expect(roleHasPath(role, '/people/12')).toBe(true);
    }
    expect(roleHasPath(4, PATHS.people)).toBe(false);
    expect(roleHasPath(ROLE.ADMIN, PATHS.profileFields)).toBe(true);
    expect(roleHasPath(ROLE.STAFF, PATHS.profileFields)).toBe(false);
    expect(roleHasPath(ROLE.EDITOR, PATHS.profileFields)).toBe(false);
  });
});
